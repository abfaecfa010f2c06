/** Drafts, previews, releases and History; the audit log; the course export and import. */
import * as z from 'zod';
import { historyPageSchema, historyQuerySchema, historyRestoreSchema } from '../../shared/contracts/history.js';
import { auditPageSchema, auditQuerySchema } from '../../shared/contracts/audit.js';
import {
  bulkRestoreSchema,
  bulkResultSchema,
  bulkSchema,
  draftSaveSchema,
  itemBodySchema,
  draftDiscardSchema,
  pendingDraftSchema,
  previewSchema,
  publishedSchema,
  publishingSchema,
  RELEASE_GONE_TEXT,
  releaseCreateSchema,
  releaseRunSchema,
  releaseSchema,
  releaseUpdateSchema,
  VERSION_GONE_TEXT,
} from '../../shared/contracts/publishing.js';
import {
  approvalAnswerSchema,
  approvalQuerySchema,
  approvalRequestSchema,
  approvalsSchema,
  approvalWriteSchema,
  itemApprovalSchema,
} from '../../shared/contracts/approvals.js';
import { backupDocumentSchema, backupProblems, importQuerySchema, importResultSchema, MAX_BACKUP_BYTES } from '../../shared/contracts/backup.js';
import { r, releasePath, historyPath } from './define.js';

export const publishingRoutes = [
  // Drafts, preview links and scheduled releases (docs/back-office.md "Drafts and releases"); an item is named in the body
  r('GET', '/api/admin/publishing', 'publishing', 'editor', {
    response: publishingSchema,
    summary: "Every public item's pending draft, and the scheduled releases soonest first",
  }),
  r('PUT', '/api/admin/drafts', 'publishing', 'editor', {
    changes: 'nothing',
    response: pendingDraftSchema,
    summary: "Keep a public item's changes as its draft; the public page stays as it is (optimistic: `version`)",
    body: draftSaveSchema,
    errors: [404, 409],
  }),
  r('POST', '/api/admin/drafts/discard', 'publishing', 'editor', {
    changes: 'nothing',
    summary: "Drop a public item's draft (`fields_only`: a lesson's draft keeps its phrase changes)",
    body: draftDiscardSchema,
    status: 204,
    errors: [404],
  }),
  r('POST', '/api/admin/publish', 'publishing', 'editor', {
    changes: ['items'],
    response: publishedSchema,
    summary: 'Publish an item now: a draft goes live, or a public item takes its draft (a level with its draft lessons)',
    body: itemBodySchema,
    errors: [404, 409],
  }),
  r('POST', '/api/admin/previews', 'publishing', 'editor', {
    changes: 'nothing',
    response: previewSchema,
    summary: "A private link to the item's page as it will look when published (never cached or indexed)",
    body: itemBodySchema,
    status: 201,
    errors: [404],
  }),
  r('GET', '/api/admin/history', 'publishing', 'admin', {
    response: historyPageSchema,
    summary: 'Every version an item has had (its History), newest first, with what each changed in words',
    query: historyQuerySchema,
    errors: [404],
  }),
  r('POST', '/api/admin/history/{id}/restore', 'publishing', 'admin', {
    changes: 'nothing',
    response: pendingDraftSchema,
    summary: "Bring back one of an item's versions (its History) as the item's draft",
    body: historyRestoreSchema,
    errors: [404, 409],
    params: historyPath,
    paramsNotFound: VERSION_GONE_TEXT,
  }),
  r('POST', '/api/admin/bulk', 'publishing', 'editor', {
    changes: ['items'],
    response: bulkResultSchema,
    summary:
      'Lock, unlock, publish or delete several levels and lessons, or generate (remove) the audio of several phrases, of one language at once: all or nothing, answering what its Undo needs',
    body: bulkSchema,
    errors: [404, 409, 502],
  }),
  r('POST', '/api/admin/bulk/undelete', 'publishing', 'editor', {
    changes: ['items'],
    response: bulkResultSchema,
    summary: "Undo of a bulk delete: put the caller's own Trash entries of one language back at once, all or nothing",
    body: bulkRestoreSchema,
    errors: [404, 409],
  }),
  r('GET', '/api/admin/releases', 'publishing', 'editor', { response: z.array(releaseSchema), summary: 'The scheduled releases, soonest first' }),
  r('POST', '/api/admin/releases', 'publishing', 'editor', {
    changes: 'nothing',
    response: releaseSchema,
    summary: 'Publish a lesson, a level with everything in it, or a post at a time (UTC)',
    body: releaseCreateSchema,
    status: 201,
    errors: [404, 409],
  }),
  r('PUT', '/api/admin/releases/{id}', 'publishing', 'editor', {
    changes: 'nothing',
    response: releaseSchema,
    summary: 'Move a scheduled release to another time',
    params: releasePath,
    paramsNotFound: RELEASE_GONE_TEXT,
    body: releaseUpdateSchema,
    errors: [404, 409],
  }),
  r('POST', '/api/admin/releases/{id}/retry', 'publishing', 'editor', {
    changes: ['items'],
    response: releaseRunSchema,
    summary: 'Run a failed or overdue release now: its item is published, or the release ends when it has nothing to publish (the reason says why)',
    params: releasePath,
    paramsNotFound: RELEASE_GONE_TEXT,
    errors: [404, 409],
  }),
  r('DELETE', '/api/admin/releases/{id}', 'publishing', 'editor', {
    changes: 'nothing',
    summary: 'Cancel a scheduled release (the item stays a draft)',
    errors: [404],
    params: releasePath,
    paramsNotFound: RELEASE_GONE_TEXT,
  }),

  // The review step of drafts (docs/back-office.md "Reviews"); it changes nothing public, Publish does
  r('GET', '/api/admin/approvals', 'publishing', 'editor', {
    response: approvalsSchema,
    summary: "The 'Reviews' screen: requests waiting for the caller's answer, the caller's own requests, and which of their languages have reviewers",
  }),
  r('GET', '/api/admin/approval', 'publishing', 'editor', {
    response: itemApprovalSchema,
    summary: "An item's review (state, comments, steps) and whether its language has reviewers",
    query: approvalQuerySchema,
    errors: [404],
  }),
  r('POST', '/api/admin/approvals/request', 'publishing', 'editor', {
    changes: 'nothing',
    response: approvalWriteSchema,
    summary: "'Request review' of a draft: mailed to the language's reviewers (409: no reviewers, already waiting or approved)",
    body: approvalRequestSchema,
    errors: [404, 409],
  }),
  r('POST', '/api/admin/approvals/answer', 'publishing', 'editor', {
    changes: 'nothing',
    response: approvalWriteSchema,
    summary: "A reviewer's 'Approve' or 'Request changes' (with comments on fields or phrases), mailed to the editor who asked",
    body: approvalAnswerSchema,
    errors: [403, 404, 409],
  }),

  // The audit log of admin writes (docs/audit.md), newest first
  r('GET', '/api/admin/audit', 'audit', 'admin', {
    response: auditPageSchema,
    summary: 'The audit log of admin writes, newest first (cursor paging, filters)',
    query: auditQuerySchema,
  }),

  // The whole course, blog and settings as one file (docs/backup.md); a file is larger than other bodies
  r('GET', '/api/admin/export', 'backup', 'admin', {
    response: backupDocumentSchema,
    summary: 'The whole course, blog and settings as one versioned JSON document (a download)',
  }),
  r('POST', '/api/admin/import', 'backup', 'admin', {
    changes: ['import'],
    response: importResultSchema,
    summary: 'Replace the course, blog and settings with an export (every problem listed first; `dry_run=true` only counts; 202: send it again to go on)',
    body: backupDocumentSchema,
    // Every problem of the file with its place in it, before anything is read or written.
    problems: backupProblems,
    query: importQuerySchema,
    // 502: imported, but Polly refused the pronunciations' lexicons (import the same file again).
    errors: [409, 502],
    maxBodyBytes: MAX_BACKUP_BYTES,
  }),
] as const;
