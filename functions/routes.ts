/**
 * The one route table. The CDK stack turns each entry into an HTTP API route (with the JWT
 * authorizer when `access` is not public) and the local gateway dispatches on it; no route is
 * declared anywhere else. Each `fn` names a handler module in functions/handlers/ and becomes one
 * Lambda function bundled on its own. Each entry also names the contract schemas (shared/
 * contracts) of what it takes (the router parses the path, query and body with them before the
 * handler runs) and answers, so GET /api/openapi.json (functions/lib/openapi.ts) is generated from
 * here, never by hand, and the twin checks every answer against them.
 */
import * as z from 'zod';
import { historyPageSchema, historyQuerySchema, historyRestoreSchema } from '../shared/contracts/history.js';
import { analyticsBatchSchema, analyticsDaySchema } from '../shared/contracts/analytics.js';
import { auditPageSchema, auditQuerySchema } from '../shared/contracts/audit.js';
import { TRASH_GONE_TEXT, trashEntrySchema, trashIdSchema, trashListSchema } from '../shared/contracts/trash.js';
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
  releaseIdSchema,
  releaseRunSchema,
  releaseSchema,
  releaseUpdateSchema,
  VERSION_GONE_TEXT,
} from '../shared/contracts/publishing.js';
import { backupDocumentSchema, backupProblems, importQuerySchema, importResultSchema, MAX_BACKUP_BYTES } from '../shared/contracts/backup.js';
import {
  adminBlogQuerySchema,
  blogIdParam,
  blogListQuerySchema,
  blogPostCreateSchema,
  blogPostPageSchema,
  blogPostSchema,
  blogPostUpdateSchema,
  blogSlugParam,
  POST_NOT_FOUND,
} from '../shared/contracts/blog.js';
import { courseFilterSchema, idParam, lockSchema, moveSchema, phraseIdParam, ulidParam } from '../shared/contracts/common.js';
import { coverageSchema } from '../shared/contracts/coverage.js';
import { LANGUAGE_MISSING, languageCreateSchema, languageSchema, languageUpdateSchema } from '../shared/contracts/languages.js';
import {
  lessonCreateSchema,
  lessonReorderSchema,
  lessonSchema,
  lessonUpdateSchema,
  nextOrderQuerySchema,
  nextOrderSchema,
} from '../shared/contracts/lessons.js';
import { levelCreateSchema, levelReorderSchema, levelSchema, levelUpdateSchema, levelWithCountSchema } from '../shared/contracts/levels.js';
import {
  favoriteSchema,
  languageProgressSchema,
  lessonProgressSchema,
  myLessonSchema,
  profileSchema,
  profileUpdateSchema,
  progressUpdateSchema,
} from '../shared/contracts/me.js';
import { presignedUploadSchema, speechSchema, ttsSchema, uploadRequestSchema } from '../shared/contracts/media.js';
import { reviewBatchSchema, reviewCardsSchema, reviewLogSchema, reviewQuerySchema, reviewResultSchema } from '../shared/contracts/reviews.js';
import {
  catalogueSchema,
  languagePageSchema,
  LESSON_MISSING,
  lessonPageSchema,
  LEVEL_MISSING,
  levelPageSchema,
  lockedItemSchema,
  lockedQuerySchema,
} from '../shared/contracts/pages.js';
import { pageSchema } from '../shared/contracts/paging.js';
import {
  phraseCountsSchema,
  phraseDraftSchema,
  phraseGroupUpdateSchema,
  phraseListQuerySchema,
  phraseSchema,
  phrasesCreateSchema,
} from '../shared/contracts/phrases.js';
import { settingsAnswerSchema, settingsUpdateSchema, siteSettingsSchema } from '../shared/contracts/settings.js';
import { supportSchema, supportSentSchema } from '../shared/contracts/support.js';
import {
  adminUserSchema,
  editorGrantSchema,
  grantAdminSchema,
  grantedAdminSchema,
  invitedSchema,
  inviteSchema,
  removedAccessSchema,
  selfAdminSchema,
  subParam,
  USER_NOT_FOUND,
  userListQuerySchema,
} from '../shared/contracts/users.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/**
 * public: no token; user: a valid token (checked by the authorizer); admin: a valid token AND the
 * admins group now; editor: an admin, or an editor of every language the request names (course
 * content and blog posts; shared/roles.ts). Both are checked by the router.
 */
export type Access = 'public' | 'user' | 'editor' | 'admin';
/** Client errors a handler answers beyond those the OpenAPI document derives (see functions/lib/openapi.ts). */
export type ErrorStatus = 400 | 403 | 404 | 409 | 502;

export const handlerModules = [
  'languages',
  'pages',
  'levels',
  'lessons',
  'phrases',
  'media',
  'settings',
  'blog',
  'support',
  'analytics',
  'users',
  'me',
  'reviews',
  'openapi',
  'audit',
  'backup',
  'trash',
  'publishing',
] as const;
export type HandlerName = (typeof handlerModules)[number];

/**
 * What public content a write changes: the kinds of functions/services/site-changes.ts (its
 * SiteChange has a variant for each), the one service that invalidates their cached pages.
 */
export type SiteChangeKind = 'language' | 'level' | 'lesson' | 'phrases' | 'post' | 'settings' | 'items' | 'import';
/** A write route's `changes`: the kinds its handler hands to that service, or 'nothing' public (a draft, a user's own data). */
export type Changes = readonly SiteChangeKind[] | 'nothing';

export interface RouteDef {
  method: Method;
  /** API Gateway v2 path syntax: `/api/languages/{id}`. */
  path: string;
  fn: HandlerName;
  access: Access;
  /** One line for the API document. */
  summary: string;
  // The router (functions/lib/http.ts) parses the request with the schemas below, in this order:
  // path, query, body; the handler gets what they output (`req.params`, `req.query`, `req.body`,
  // typed from here: RouteKey, BodyOf...) and never parses its input itself. A failure is a 400 with `fields`.
  /** The JSON body's schema (a request without a body is parsed as `undefined`). */
  body?: z.ZodType;
  /** How a body that fails `body` is told in the 400's `fields`; by default the first message per field. */
  problems?: (error: z.ZodError) => Record<string, string>;
  /** The query string's schema. */
  query?: z.ZodType;
  /** The path parameters' schema: an object of the path's `{name}`s (every route with one has it). */
  params?: z.ZodType<Record<string, string>>;
  /**
   * A path parameter that fails `params` names nothing: a 404 with this text (per parameter: the
   * first failing one in path order) instead of the 400. A parameter without a text stays a 400.
   */
  paramsNotFound?: string | Readonly<Record<string, string>>;
  /**
   * What a success answers (the resource's contract): in the OpenAPI document, and checked on every
   * answer where config.checkAnswers is on (the twin and the tests). None: no body (204).
   */
  response?: z.ZodType;
  /** The success status when it is not the method's usual one (200; 204 for DELETE). */
  status?: 200 | 201 | 204;
  /** The handler's own client errors (e.g. 409 for a stale `version`) beyond the derived ones. */
  errors?: readonly ErrorStatus[];
  /** The largest body the route takes when it is not MAX_BODY_BYTES (functions/lib/http.ts): larger gets 413. */
  maxBodyBytes?: number;
  /** What public content a write changes (every write route names it; a read, nothing). */
  changes?: Changes;
}

type RouteOptions = Omit<RouteDef, 'method' | 'path' | 'fn' | 'access'>;
/** A write must say what public content it changes, or 'nothing' (tests/unit/site-changes.test.ts checks it too). */
type Declared<M extends Method> = M extends 'GET' ? { changes?: never } : { changes: Changes };
/** One entry; it keeps its literal method and path and its schemas' own types, so each handler's input is typed (RouteKey, BodyOf...). */
const r = <M extends Method, P extends string, O extends RouteOptions>(method: M, path: P, fn: HandlerName, access: Access, opts: O & Declared<M>) => ({
  method,
  path,
  fn,
  access,
  ...opts,
});

// Path parameters. A malformed course id is a 400 on a course item's own routes (a language's read,
// the back office's writes); elsewhere (public pages, the learner's own data, server-made ids, posts,
// users) a path id that cannot exist names nothing: a 404 with the route's text (`paramsNotFound`).
const languagePath = z.object({ language: idParam });
const languageIdPath = z.object({ id: idParam });
const levelPath = z.object({ language: idParam, id: idParam });
const lessonPath = z.object({ language: idParam, level: idParam, id: idParam });
const phrasePath = z.object({ language: idParam, level: idParam, lesson: idParam, id: phraseIdParam });
const levelPagePath = z.object({ language: idParam, level: idParam });
const lessonRefPath = z.object({ language: idParam, level: idParam, lesson: idParam });
const favoritePath = z.object({ language: idParam, level: idParam, lesson: idParam, phrase: phraseIdParam });
const postPath = z.object({ id: blogIdParam });
const slugPath = z.object({ slug: blogSlugParam });
const userPath = z.object({ sub: subParam });
const trashPath = z.object({ id: trashIdSchema });
const releasePath = z.object({ id: releaseIdSchema });
const historyPath = z.object({ id: ulidParam });
const LESSON_NOT_FOUND = 'Lesson not found';
const favoriteNotFound = { language: LESSON_NOT_FOUND, level: LESSON_NOT_FOUND, lesson: LESSON_NOT_FOUND, phrase: 'Phrase not found' };

const table = [
  // Languages
  r('GET', '/api/languages', 'languages', 'public', { response: z.array(languageSchema), summary: 'List the public languages (drafts are not public)' }),
  r('GET', '/api/languages/{id}', 'languages', 'public', { response: languageSchema, summary: 'Read a language', params: languageIdPath }),
  r('GET', '/api/admin/languages', 'languages', 'editor', { response: z.array(languageSchema), summary: 'List the languages, drafts included' }),
  r('POST', '/api/languages', 'languages', 'admin', {
    changes: ['language'],
    response: languageSchema,
    summary: 'Create a language',
    body: languageCreateSchema,
    status: 201,
    errors: [409],
  }),
  r('PUT', '/api/languages/{id}', 'languages', 'editor', {
    changes: ['language'],
    response: languageSchema,
    summary: 'Update a language (optimistic: `version`)',
    params: languageIdPath,
    body: languageUpdateSchema,
    errors: [409],
  }),
  r('DELETE', '/api/languages/{id}', 'languages', 'admin', {
    changes: ['language'],
    summary: 'Delete a language with its levels, lessons and phrases',
    params: languageIdPath,
  }),
  // What is missing in a language's course (the back office's Coverage screen), from one read of its partition
  r('GET', '/api/coverage/{language}', 'languages', 'editor', {
    response: coverageSchema,
    summary: 'What is missing in a language: empty levels and lessons, phrases without audio or translation, locked items',
    params: languagePath,
    paramsNotFound: LANGUAGE_MISSING,
  }),

  // Public course pages: each page of the site is ONE request.
  r('GET', '/api/pages/language/{language}', 'pages', 'public', {
    response: languagePageSchema,
    summary: "A language's page: the language and its levels",
    params: languagePath,
    paramsNotFound: LANGUAGE_MISSING,
  }),
  r('GET', '/api/pages/level/{language}/{level}', 'pages', 'public', {
    response: levelPageSchema,
    summary: "A level's page: language, level and its lessons (none if locked)",
    params: levelPagePath,
    paramsNotFound: LEVEL_MISSING,
  }),
  r('GET', '/api/pages/lesson/{language}/{level}/{lesson}', 'pages', 'public', {
    response: lessonPageSchema,
    summary: "A lesson's page: its phrase groups and the lessons around it",
    params: lessonRefPath,
    paramsNotFound: LESSON_MISSING,
  }),
  r('GET', '/api/pages/locked', 'pages', 'public', {
    response: lockedItemSchema,
    summary: 'The locked-content card of a level or lesson',
    query: lockedQuerySchema,
    errors: [404],
  }),
  // A language's whole published course for offline use (the companion app), with ETag/304.
  r('GET', '/api/catalogue/{language}', 'pages', 'public', {
    response: catalogueSchema,
    summary: "A language's whole unlocked course, for offline use",
    params: languagePath,
    paramsNotFound: LANGUAGE_MISSING,
  }),

  // Levels (admin lists include counts; ?language_id= filters)
  r('GET', '/api/levels', 'levels', 'editor', {
    response: z.array(levelWithCountSchema),
    summary: 'List levels (optionally of one language)',
    query: courseFilterSchema,
  }),
  r('POST', '/api/levels', 'levels', 'editor', {
    changes: ['level'],
    response: levelSchema,
    summary: 'Create a level',
    body: levelCreateSchema,
    status: 201,
    errors: [404, 409],
  }),
  r('POST', '/api/levels/reorder', 'levels', 'editor', {
    changes: ['level'],
    response: z.array(levelSchema),
    summary: "Reorder all of a language's levels (409 if the list is stale)",
    body: levelReorderSchema,
    errors: [409],
  }),
  r('PUT', '/api/levels/{language}/{id}', 'levels', 'editor', {
    changes: ['level'],
    response: levelSchema,
    summary: 'Update a level (optimistic: `version`)',
    params: levelPath,
    body: levelUpdateSchema,
    errors: [409],
  }),
  r('DELETE', '/api/levels/{language}/{id}', 'levels', 'editor', {
    changes: ['level'],
    summary: 'Delete a level with its lessons and phrases',
    params: levelPath,
  }),
  r('POST', '/api/levels/{language}/{id}/move', 'levels', 'editor', {
    changes: ['level'],
    response: z.array(levelSchema),
    summary: 'Move a level up or down',
    params: levelPath,
    body: moveSchema,
    errors: [409],
  }),
  r('POST', '/api/levels/{language}/{id}/lock', 'levels', 'editor', {
    changes: ['level'],
    response: levelSchema,
    summary: 'Lock or unlock a level',
    params: levelPath,
    body: lockSchema,
    errors: [409],
  }),

  // Lessons (?language_id=&level_id= filters)
  r('GET', '/api/lessons', 'lessons', 'editor', {
    response: z.array(lessonSchema),
    summary: 'List lessons (optionally of one language or level)',
    query: courseFilterSchema,
  }),
  r('GET', '/api/lessons/next-order', 'lessons', 'editor', {
    response: nextOrderSchema,
    summary: 'The order a new lesson of a level gets',
    query: nextOrderQuerySchema,
  }),
  r('POST', '/api/lessons', 'lessons', 'editor', {
    changes: ['lesson'],
    response: lessonSchema,
    summary: 'Create a lesson',
    body: lessonCreateSchema,
    status: 201,
    errors: [404, 409],
  }),
  r('POST', '/api/lessons/reorder', 'lessons', 'editor', {
    changes: ['lesson'],
    response: z.array(lessonSchema),
    summary: "Reorder all of a level's lessons",
    body: lessonReorderSchema,
    errors: [409],
  }),
  r('PUT', '/api/lessons/{language}/{level}/{id}', 'lessons', 'editor', {
    changes: ['lesson'],
    response: lessonSchema,
    summary: 'Update a lesson (optimistic: `version`)',
    params: lessonPath,
    body: lessonUpdateSchema,
    errors: [409],
  }),
  r('DELETE', '/api/lessons/{language}/{level}/{id}', 'lessons', 'editor', {
    changes: ['lesson'],
    summary: 'Delete a lesson with its phrases',
    params: lessonPath,
  }),
  r('POST', '/api/lessons/{language}/{level}/{id}/move', 'lessons', 'editor', {
    changes: ['lesson'],
    response: z.array(lessonSchema),
    summary: 'Move a lesson up or down',
    params: lessonPath,
    body: moveSchema,
    errors: [409],
  }),
  r('POST', '/api/lessons/{language}/{level}/{id}/lock', 'lessons', 'editor', {
    changes: ['lesson'],
    response: lessonSchema,
    summary: 'Lock or unlock a lesson',
    params: lessonPath,
    body: lockSchema,
    errors: [409],
  }),

  // Phrases (?language_id=&level_id=&lesson_id= filters; groups are edited as a whole)
  r('GET', '/api/phrases', 'phrases', 'editor', {
    response: pageSchema(phraseSchema),
    summary: 'A page of phrases: filters, search `q`, `limit`, `cursor` (answers {items, cursor})',
    query: phraseListQuerySchema,
  }),
  r('GET', '/api/phrases/counts', 'phrases', 'editor', {
    response: phraseCountsSchema,
    summary: 'How many phrases each lesson has, and in all (optionally of one language)',
    query: courseFilterSchema,
  }),
  r('POST', '/api/phrases', 'phrases', 'editor', {
    changes: ['phrases'],
    response: z.array(phraseSchema),
    summary: 'Add a group of phrases sharing one audio file to a lesson',
    body: phrasesCreateSchema,
    status: 201,
    errors: [404, 409],
  }),
  r('PUT', '/api/phrases/group', 'phrases', 'editor', {
    changes: ['phrases'],
    response: z.array(phraseSchema),
    summary: 'Replace a phrase group as a whole (409 if it changed meanwhile)',
    body: phraseGroupUpdateSchema,
    errors: [404, 409],
  }),
  r('DELETE', '/api/phrases/{language}/{level}/{lesson}/{id}', 'phrases', 'editor', { changes: ['phrases'], summary: 'Delete one phrase', params: phrasePath }),
  r('GET', '/api/phrases/draft/{language}/{level}/{lesson}', 'phrases', 'editor', {
    response: phraseDraftSchema,
    summary: "A public lesson's phrases as its draft has them (`phrases: null` when the draft leaves them alone)",
    params: lessonRefPath,
    errors: [404],
  }),
  r('POST', '/api/phrases/draft', 'phrases', 'editor', {
    changes: 'nothing',
    response: z.array(phraseSchema),
    summary: "Add a group of phrases to a public lesson's draft; the public lesson stays as it is until Publish",
    body: phrasesCreateSchema,
    status: 201,
    errors: [404, 409],
  }),
  r('PUT', '/api/phrases/draft', 'phrases', 'editor', {
    changes: 'nothing',
    response: z.array(phraseSchema),
    summary: "Replace a phrase group as a whole in a public lesson's draft (409 if the draft changed meanwhile)",
    body: phraseGroupUpdateSchema,
    errors: [404, 409],
  }),

  // Media: presigned POST uploads and text-to-speech
  r('POST', '/api/media/uploads', 'media', 'editor', {
    changes: 'nothing',
    response: presignedUploadSchema,
    summary: 'A presigned POST for uploading one media file',
    body: uploadRequestSchema,
    status: 201,
  }),
  r('POST', '/api/media/tts', 'media', 'editor', {
    changes: 'nothing',
    response: speechSchema,
    summary: 'Generate and store MP3 audio from text',
    body: ttsSchema,
    status: 201,
    errors: [502],
  }),

  // Site settings (the public read is also what the embed banner fetches, with CORS)
  r('GET', '/api/settings', 'settings', 'public', { response: settingsAnswerSchema, summary: 'Read the site settings' }),
  r('PUT', '/api/settings', 'settings', 'admin', {
    changes: ['settings'],
    response: siteSettingsSchema,
    summary: 'Update some site settings',
    body: settingsUpdateSchema,
    errors: [409],
  }),

  // Blog
  r('GET', '/api/blog', 'blog', 'public', { response: z.array(blogPostSchema), summary: 'List the published posts, newest first', query: blogListQuerySchema }),
  r('GET', '/api/blog/{slug}', 'blog', 'public', {
    response: blogPostPageSchema,
    summary: 'Read a published post with its sample phrases',
    params: slugPath,
    paramsNotFound: POST_NOT_FOUND,
  }),
  r('GET', '/api/admin/blog', 'blog', 'editor', {
    response: pageSchema(blogPostSchema),
    summary: 'A page of posts, drafts included: title search `q`, `status`, `sort`, `limit`, `cursor` (answers {items, cursor, total})',
    query: adminBlogQuerySchema,
  }),
  r('POST', '/api/admin/blog', 'blog', 'editor', {
    changes: ['post'],
    response: blogPostSchema,
    summary: 'Create a post',
    body: blogPostCreateSchema,
    status: 201,
    errors: [409],
  }),
  r('PUT', '/api/admin/blog/{id}', 'blog', 'editor', {
    changes: ['post'],
    response: blogPostSchema,
    summary: 'Update a post (optimistic: `version`)',
    params: postPath,
    paramsNotFound: POST_NOT_FOUND,
    body: blogPostUpdateSchema,
    errors: [409],
  }),
  r('DELETE', '/api/admin/blog/{id}', 'blog', 'editor', { changes: ['post'], summary: 'Delete a post', params: postPath, paramsNotFound: POST_NOT_FOUND }),

  // Support messages and first-party analytics
  r('POST', '/api/support', 'support', 'public', {
    changes: 'nothing',
    response: supportSentSchema,
    summary: 'Send a message to support',
    body: supportSchema,
    status: 201,
    errors: [502],
  }),
  r('POST', '/api/analytics', 'analytics', 'public', {
    changes: 'nothing',
    summary: 'Record a batch of analytics events (daily counts only)',
    body: analyticsBatchSchema,
    status: 204,
  }),
  r('GET', '/api/admin/analytics', 'analytics', 'admin', { response: z.array(analyticsDaySchema), summary: 'Daily analytics counts of the last 30 days' }),

  // Users and admin rights
  r('GET', '/api/admin/users', 'users', 'admin', {
    response: pageSchema(adminUserSchema),
    summary: 'A page of users with their admin flag: e-mail prefix `q`, `role`, `limit`, `cursor` (answers {items, cursor, total})',
    query: userListQuerySchema,
  }),
  r('POST', '/api/admin/users/{sub}/admin', 'users', 'admin', {
    changes: 'nothing',
    summary: 'Grant a user admin rights',
    status: 204,
    params: userPath,
    paramsNotFound: USER_NOT_FOUND,
  }),
  r('DELETE', '/api/admin/users/{sub}/admin', 'users', 'admin', {
    changes: 'nothing',
    summary: "Remove a user's admin rights (not your own)",
    errors: [400],
    params: userPath,
    paramsNotFound: USER_NOT_FOUND,
  }),
  r('PUT', '/api/admin/users/{sub}/editor', 'users', 'admin', {
    changes: 'nothing',
    response: editorGrantSchema,
    summary: 'Make a user an editor of these languages (or change them); `publish_posts` lets them publish blog posts',
    params: userPath,
    paramsNotFound: USER_NOT_FOUND,
    body: editorGrantSchema,
    errors: [409],
  }),
  r('DELETE', '/api/admin/users/{sub}/editor', 'users', 'admin', {
    changes: 'nothing',
    summary: "Remove a user's editor rights and sign them out everywhere",
    params: userPath,
    paramsNotFound: USER_NOT_FOUND,
  }),
  r('POST', '/api/admin/admins', 'users', 'admin', {
    changes: 'nothing',
    response: grantedAdminSchema,
    summary: 'Grant admin rights by e-mail',
    body: grantAdminSchema,
    errors: [404],
  }),
  // Inviting the team (docs/back-office.md "Inviting the team"): Cognito mails a temporary password
  r('POST', '/api/admin/invitations', 'users', 'admin', {
    changes: 'nothing',
    response: invitedSchema,
    summary: 'Invite someone by e-mail as an administrator or an editor of these languages (201; 200 when a pending invitee is invited again)',
    body: inviteSchema,
    status: 201,
    errors: [409],
  }),
  r('POST', '/api/admin/users/{sub}/invitation', 'users', 'admin', {
    changes: 'nothing',
    summary: 'Send the invitation again, with a new temporary password, to someone who has not signed in yet',
    status: 204,
    params: userPath,
    paramsNotFound: USER_NOT_FOUND,
    errors: [409],
  }),
  r('DELETE', '/api/admin/users/{sub}/access', 'users', 'admin', {
    changes: 'nothing',
    response: removedAccessSchema,
    summary: "Remove a user's admin and editor rights and sign them out (not your own); a pending invitation is withdrawn (the account deleted)",
    status: 200,
    params: userPath,
    paramsNotFound: USER_NOT_FOUND,
    errors: [400],
  }),
  r('POST', '/api/me/make-admin', 'users', 'user', {
    changes: 'nothing',
    response: selfAdminSchema,
    summary: 'Make yourself admin while the site has no administrator',
    errors: [403],
  }),

  // The Trash (docs/back-office.md "Trash"): what was deleted in the last 30 days, and putting it back;
  // an editor's: their languages' entries and the posts (the handler narrows and checks each restore)
  r('GET', '/api/admin/trash', 'trash', 'editor', {
    response: trashListSchema,
    summary: "What was deleted in the last 30 days, newest first (an editor's: their languages and the posts)",
  }),
  r('POST', '/api/admin/trash/{id}/restore', 'trash', 'editor', {
    changes: ['items'],
    response: trashEntrySchema,
    summary: 'Put a deleted language, level, lesson or post back exactly as it was (409 when its ID is taken again; 403 naming the right an editor lacks)',
    errors: [404, 409],
    params: trashPath,
    paramsNotFound: TRASH_GONE_TEXT,
  }),

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
    errors: [409],
    maxBodyBytes: MAX_BACKUP_BYTES,
  }),

  // A signed-in user's own profile, progress and favourites (any user, on their own `sub` only)
  r('GET', '/api/me/profile', 'me', 'user', { response: profileSchema, summary: 'Your profile' }),
  r('PUT', '/api/me/profile', 'me', 'user', { changes: 'nothing', response: profileSchema, summary: 'Change your username', body: profileUpdateSchema }),
  r('GET', '/api/me/progress', 'me', 'user', { response: z.array(languageProgressSchema), summary: 'Your progress in every language' }),
  r('GET', '/api/me/progress/{language}', 'me', 'user', {
    response: z.array(lessonProgressSchema),
    summary: 'Your progress in one language',
    params: languagePath,
    paramsNotFound: 'Language not found',
  }),
  r('PUT', '/api/me/progress/{language}/{level}/{lesson}', 'me', 'user', {
    changes: 'nothing',
    response: lessonProgressSchema,
    summary: 'Mark a lesson completed or not',
    params: lessonRefPath,
    paramsNotFound: LESSON_NOT_FOUND,
    body: progressUpdateSchema,
  }),
  r('GET', '/api/me/lessons/{language}/{level}/{lesson}', 'me', 'user', {
    response: myLessonSchema,
    summary: 'Your progress and favourites in one lesson',
    params: lessonRefPath,
    paramsNotFound: LESSON_NOT_FOUND,
  }),
  r('GET', '/api/me/favorites', 'me', 'user', { response: z.array(favoriteSchema), summary: 'Your favourite phrases' }),
  r('PUT', '/api/me/favorites/{language}/{level}/{lesson}/{phrase}', 'me', 'user', {
    changes: 'nothing',
    response: favoriteSchema,
    summary: 'Add a phrase to your favourites',
    params: favoritePath,
    paramsNotFound: favoriteNotFound,
  }),
  r('DELETE', '/api/me/favorites/{language}/{level}/{lesson}/{phrase}', 'me', 'user', {
    changes: 'nothing',
    summary: 'Remove a phrase from your favourites',
    params: favoritePath,
    paramsNotFound: favoriteNotFound,
  }),

  // A signed-in user's spaced-review cards (docs/learners.md "Practice"): the device store's sync, and the companion app's
  r('GET', '/api/me/reviews', 'reviews', 'user', {
    response: reviewCardsSchema,
    summary: 'Your review cards, soonest due first (`due_before`: only those due by then)',
    query: reviewQuerySchema,
  }),
  r('POST', '/api/me/reviews', 'reviews', 'user', {
    changes: 'nothing',
    response: reviewResultSchema,
    summary: 'Record reviews (each with the card it was made on); the later review of a card wins, logs are appended',
    body: reviewBatchSchema,
  }),
  r('GET', '/api/me/reviews/log', 'reviews', 'user', { response: reviewLogSchema, summary: 'Your review log, newest first' }),

  // This table as an OpenAPI 3.1 document, with the shared zod schemas of each request
  r('GET', '/api/openapi.json', 'openapi', 'public', { summary: 'This API as an OpenAPI 3.1 document', response: z.record(z.string(), z.unknown()) }),
] as const;

export const routes: readonly RouteDef[] = table;

/** `GET /api/languages/{id}`: a route's key, each with its own entry's type. */
type RouteByKey = { [R in (typeof table)[number] as `${R['method']} ${R['path']}`]: R };
/** Every routeKey of the table, as a type: a handler module's router serves some of them. */
export type RouteKey = keyof RouteByKey;
/** What a route's schema outputs for one part of the request; a part without a schema is given as it came. */
type InputOf<R, Part extends 'body' | 'query' | 'params', Raw> = R extends Record<Part, infer S extends z.ZodType> ? z.output<S> : Raw;
/** The body a route's handler gets: its `body` schema's output (unknown when it declares none). */
export type BodyOf<K extends RouteKey> = InputOf<RouteByKey[K], 'body', unknown>;
/** The query a route's handler gets: its `query` schema's output, else the raw query string parameters. */
export type QueryOf<K extends RouteKey> = InputOf<RouteByKey[K], 'query', Record<string, string>>;
/** The path parameters a route's handler gets: its `params` schema's output, else the raw ones. */
export type ParamsOf<K extends RouteKey> = InputOf<RouteByKey[K], 'params', Record<string, string>>;

/** The names of a path's `{x}` parameters, in path order: `/api/levels/{language}/{id}` → language, id. */
export const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

/** `GET /api/languages/{id}`: the routeKey API Gateway puts on each event. */
export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`;

/**
 * Writes the audit log records (docs/audit.md): every admin write, and 'Make Myself Admin', which
 * grants admin rights. The router refuses a handler module that serves one without a recorder.
 */
export const isAudited = (r: Pick<RouteDef, 'method' | 'path' | 'access'>) =>
  ((r.access === 'admin' || r.access === 'editor') && r.method !== 'GET') || routeKey(r) === 'POST /api/me/make-admin';

/**
 * A percent-encoded path or segment, decoded; undefined where the encoding is malformed (a lone `%`,
 * `%ZZ`, a cut or invalid UTF-8 sequence such as `%E0%A4%A`), on which decodeURIComponent throws.
 */
export function decodePath(encoded: string): string | undefined {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

/** What a request whose path does not decode is answered, with 400 (the API as JSON `message`, pages as text). */
export const MALFORMED_PATH = 'Bad request: the path has malformed percent-encoding.';

/**
 * Matches a concrete (still percent-encoded) path against the table; used by the local gateway and
 * the render function. A parameter that does not decode matches nothing (it never throws): callers
 * answer such a path 400 (MALFORMED_PATH) before asking.
 */
export function matchRoute(method: string, path: string): { route: RouteDef; params: Record<string, string> } | undefined {
  const parts = path.split('/');
  for (const route of routes) {
    if (route.method !== method) continue;
    const pattern = route.path.split('/');
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = pattern.every((seg, i) => {
      const m = /^\{(\w+)\}$/.exec(seg);
      if (m) {
        const value = parts[i] ? decodePath(parts[i]) : undefined;
        if (value === undefined) return false;
        params[m[1]] = value;
        return true;
      }
      return seg === parts[i];
    });
    if (ok) return { route, params };
  }
  return undefined;
}
