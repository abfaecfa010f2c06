/**
 * /api/admin/drafts, /publish, /previews, /releases, /history (docs/back-office.md "Drafts and
 * releases", "History"): a public item's pending draft, publishing an item now, a private preview
 * link of its page, releases that publish it later, and a past version brought back as a draft.
 * Publishing invalidates exactly the pages it changed, in one request.
 */
import { discardDraft, listDrafts, publishItem, saveDraft } from '../data/publishing.js';
import { createPreview, pathOf } from '../data/previews.js';
import { listVersions, restoreVersion } from '../data/history.js';
import { cancelRelease, createRelease, getRelease, listReleases, moveRelease } from '../data/releases.js';
import { currentGroups } from '../lib/membership.js';
import { narrow, requireLanguage, requirePublishPosts } from '../lib/access.js';
import type { Role } from '../../shared/roles.js';
import { emailOf, nameOf, recordAudit } from '../services/audit.js';
import { currentChange, withChange } from '../lib/change.js';
import { conflict, notFound } from '../lib/errors.js';
import { json, requireCaller, router } from '../lib/http.js';
import { runBulk } from '../services/bulk.js';
import { runRelease } from '../services/releases.js';
import { restoreManyFromTrash } from '../data/trash.js';
import { getApproval } from '../data/approvals.js';
import { listLanguages } from '../data/languages.js';
import { answerReview, approvalsFor, requestReview, requireReviewedForRelease, reviewGate } from '../services/approvals.js';
import { isReviewed } from '../services/review-gate.js';
import { changeSite } from '../services/site-changes.js';
import {
  bulkRef,
  auditTargetOf,
  RELEASE_BUSY_TEXT,
  RELEASE_GONE_TEXT,
  RELEASE_NOT_DUE_TEXT,
  releaseNeedsRetry,
  type BulkInput,
  type BulkResult,
  type ItemRef,
  type Published,
  type ReleaseRun,
} from '../../shared/contracts/publishing.js';

/** The audit log's entity, id and action of a write to an item (`lesson`, `fr/a1/greetings`, `lesson.publish`). */
function logged(item: ItemRef, verb: string) {
  const { entity, entity_id } = auditTargetOf(item);
  return { entity, id: entity_id, action: `${entity}.${verb}` };
}
/** The levels and lessons a bulk action touches (a phrase action: the phrases' lessons, once each). */
function bulkLessons(input: BulkInput): ItemRef[] {
  const refs = input.items.map((i) => bulkRef(input.language_id, { level_id: i.level_id, lesson_id: i.lesson_id }));
  return refs.filter((r, n) => refs.findIndex((q) => JSON.stringify(q) === JSON.stringify(r)) === n);
}
/** An item's language, for narrowing an editor's lists (a post has none). */
const languageOf = (item: ItemRef) => (item.kind === 'post' ? undefined : item.language_id);
/** Making an item public: an editor's language (checked by the router) or, for a post, the right to publish posts. */
const requirePublish = (role: Role, item: ItemRef) => (item.kind === 'post' ? requirePublishPosts(role) : requireLanguage(role, item.language_id));
/** A release's id (one that cannot be one is a 404 from the router), after checking that the caller may publish its item. */
async function ownRelease(role: Role, id: string) {
  const found = await getRelease(id);
  if (found) requirePublish(role, found.release.item);
  return id;
}

export const handler = router(
  {
    'GET /api/admin/publishing': async ({ role }) => {
      const [drafts, releases] = await Promise.all([listDrafts(), listReleases()]);
      return { drafts: narrow(role, drafts, (d) => languageOf(d.item)), releases: narrow(role, releases, (r) => languageOf(r.item)) };
    },

    'PUT /api/admin/drafts': async ({ body: input, caller, audit }) => {
      const draft = await saveDraft(input, await nameOf(requireCaller(caller)));
      audit({ ...logged(input.item, 'save_draft'), label: draft.label, after: draft.fields });
      return draft;
    },

    'POST /api/admin/drafts/discard': async ({ body: { item, fields_only }, audit }) => {
      if (!(await discardDraft(item, fields_only))) throw notFound('This item has no draft.');
      audit({ ...logged(item, 'discard_draft') });
      return json(204, undefined);
    },

    'POST /api/admin/publish': async ({ body: { item }, role, caller, audit }) => {
      requirePublish(role, item);
      // In a language with reviewers, only an approved draft (docs/back-office.md "Reviews").
      const gate = await reviewGate(languageOf(item), await nameOf(requireCaller(caller)));
      const names = await changeSite({ kind: 'items', items: [item] }, () => publishItem(item, gate));
      // What went live, by name: the item, then a level's lessons.
      audit({ ...logged(item, 'publish'), label: names[0], after: { published: names.join(', ') } });
      return { item, path: await pathOf(item), published: names.length } satisfies Published;
    },

    'POST /api/admin/previews': async ({ body: { item }, caller }) => {
      return json(201, await createPreview(item, await nameOf(requireCaller(caller))));
    },

    'GET /api/admin/history': async ({ query: item }) => listVersions(item, emailOf),

    // An id that cannot be a version's names none (the router's 404: it never reaches the table as a key).
    'POST /api/admin/history/{id}/restore': async ({ params, body: { item }, caller, audit }) => {
      const draft = await restoreVersion(item, params.id, await nameOf(requireCaller(caller)));
      audit({ ...logged(draft.item, 'restore_version'), label: draft.label, after: draft.fields });
      return draft;
    },

    'POST /api/admin/bulk': async ({ body: input, caller, audit }) => {
      const who = requireCaller(caller);
      const by = { sub: who.sub, name: await nameOf(who) };
      const change = { kind: 'items', items: bulkLessons(input), language: input.language_id, deleted: input.action === 'delete' } as const;
      // The versions it replaces (History) say which bulk action made the change.
      const gate = input.action === 'publish' ? await reviewGate(input.language_id, by.name) : undefined;
      const result = await changeSite(change, () =>
        withChange({ ...currentChange(), ...by, how: `course.bulk_${input.action}` }, () => runBulk(input, by, gate)),
      );
      audit({
        entity: 'course',
        id: input.language_id,
        action: `course.bulk_${input.action}`,
        after: { items: input.items.map((i) => [i.level_id, i.lesson_id, i.phrase_id].filter(Boolean).join('/')).join(', ') },
      });
      return result;
    },

    'POST /api/admin/bulk/undelete': async ({ body: { language_id, trash }, caller, audit }) => {
      const who = requireCaller(caller);
      // What Undo put back is known from its answer.
      const entries = await changeSite(
        {
          kind: 'items',
          language: language_id,
          items: (back) => back.map((e) => bulkRef(language_id, { level_id: e.level_id ?? '', lesson_id: e.lesson_id })),
        },
        async () => restoreManyFromTrash(trash, language_id, await nameOf(who)),
      );
      audit({ entity: 'course', id: language_id, action: 'course.bulk_restore', after: { items: entries.map((e) => e.label).join(', ') } });
      return { action: 'restore', changed: entries.length } satisfies BulkResult;
    },

    'GET /api/admin/releases': async ({ role }) => narrow(role, await listReleases(), (r) => languageOf(r.item)),

    'POST /api/admin/releases': async ({ body: input, caller, role, audit }) => {
      requirePublish(role, input.item);
      const who = requireCaller(caller);
      const reviewed = await requireReviewedForRelease(input.item);
      const release = await createRelease(input, { sub: who.sub, name: await nameOf(who) }, reviewed);
      audit({ ...logged(input.item, 'schedule'), label: release.label, after: { publish_at: release.publish_at } });
      return json(201, release);
    },

    'PUT /api/admin/releases/{id}': async ({ params, body, role, audit }) => {
      const release = await moveRelease(await ownRelease(role, params.id), body.publish_at);
      audit({ ...logged(release.item, 'schedule'), label: release.label, after: { publish_at: release.publish_at } });
      return release;
    },

    // 'Retry' of a failed or overdue release: the same run as the schedule's, now. The run writes its
    // own audit entry (published, or skipped and why) in the caller's name, so the router writes none.
    'POST /api/admin/releases/{id}/retry': async ({ params, role, caller, audit }) => {
      const found = await getRelease(params.id);
      if (!found) throw notFound(RELEASE_GONE_TEXT);
      requirePublish(role, found.release.item);
      if (!releaseNeedsRetry(found.release)) throw conflict(RELEASE_NOT_DUE_TEXT);
      const who = requireCaller(caller);
      const outcome = await runRelease(params.id, { by: { sub: who.sub, email: await nameOf(who) } });
      audit(false);
      if (!outcome) throw notFound(RELEASE_GONE_TEXT);
      if ('busy' in outcome) throw conflict(RELEASE_BUSY_TEXT);
      // A failed run is recorded on the release; its error answers as any other (503 for an outage).
      if ('failed' in outcome) throw outcome.error;
      const { id, item } = outcome.release;
      return (
        'published' in outcome ? { id, item, outcome: 'published', published: outcome.published } : { id, item, outcome: 'skipped', reason: outcome.skipped }
      ) satisfies ReleaseRun;
    },

    'DELETE /api/admin/releases/{id}': async ({ params, role, audit }) => {
      const cancelled = await cancelRelease(await ownRelease(role, params.id));
      if (!cancelled) throw notFound(RELEASE_GONE_TEXT);
      audit({ ...logged(cancelled.item, 'cancel_release'), label: cancelled.label, before: { publish_at: cancelled.publish_at } });
      return json(204, undefined);
    },

    // The review step (docs/back-office.md "Reviews"): the router has checked the item's language is the caller's.
    'GET /api/admin/approvals': async ({ role, caller }) => {
      const languages = role.role === 'editor' ? [...role.languages] : (await listLanguages()).map((l) => l.id);
      return approvalsFor(role, requireCaller(caller).sub, languages);
    },

    'GET /api/admin/approval': async ({ query: item }) => ({ reviewed: await isReviewed(item.language_id), approval: (await getApproval(item)) ?? null }),

    'POST /api/admin/approvals/request': async ({ body: { item, note }, caller, audit }) => {
      const who = requireCaller(caller);
      const approval = await requestReview(item, { sub: who.sub, name: await nameOf(who) }, note);
      audit({ ...logged(item, 'request_review'), label: approval.label, after: { note: note ?? '', mail: approval.mail } });
      return approval;
    },

    'POST /api/admin/approvals/answer': async ({ body: { item, decision, comments }, role, caller, audit }) => {
      const who = requireCaller(caller);
      const approval = await answerReview(role, item, { sub: who.sub, name: await nameOf(who) }, decision, comments);
      audit({ ...logged(item, decision), label: approval.label, after: { comments: comments.map((c) => c.text).join(' | '), mail: approval.mail } });
      return approval;
    },
  },
  { currentGroups, audit: recordAudit },
);
