/**
 * The one route table. The CDK stack turns each entry into an HTTP API route (with the JWT
 * authorizer when `access` is not public) and the local gateway dispatches on it; no route is
 * declared anywhere else. Each `fn` names a handler module in functions/handlers/ and becomes one
 * Lambda function bundled on its own. Each entry also names the shared zod schemas its handler
 * parses, so GET /api/openapi.json (functions/lib/openapi.ts) is generated from here, never by hand.
 */
import type * as z from 'zod';
import { languageSchema, languageUpdateSchema } from './shared/schemas.js';
import {
  courseFilterSchema,
  levelReorderSchema,
  levelSchema,
  levelUpdateSchema,
  lessonSchema,
  lessonUpdateSchema,
  lockedQuerySchema,
  lockSchema,
  moveSchema,
  nextOrderQuerySchema,
  phraseGroupSchema,
  phraseListQuerySchema,
  phrasesCreateSchema,
  reorderSchema,
  ttsSchema,
  uploadRequestSchema,
} from './shared/course-schemas.js';
import {
  adminBlogQuerySchema,
  analyticsBatchSchema,
  blogListQuerySchema,
  blogPostCreateSchema,
  blogPostUpdateSchema,
  grantAdminSchema,
  settingsUpdateSchema,
  supportSchema,
  userListQuerySchema,
} from './shared/site-schemas.js';
import { profileUpdateSchema, progressUpdateSchema } from './shared/learner-schemas.js';
import { auditQuerySchema } from './shared/audit-schemas.js';
import { backupDocumentSchema, importQuerySchema, MAX_BACKUP_BYTES } from './shared/backup-schemas.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/**
 * public: no token; user: a valid token (checked by the authorizer); admin: a valid token AND the
 * admins group (checked by the handler).
 */
export type Access = 'public' | 'user' | 'admin';
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
  'openapi',
  'audit',
  'backup',
] as const;
export type HandlerName = (typeof handlerModules)[number];

export interface RouteDef {
  method: Method;
  /** API Gateway v2 path syntax: `/api/languages/{id}`. */
  path: string;
  fn: HandlerName;
  access: Access;
  /** One line for the API document. */
  summary: string;
  /** The schema the handler parses the JSON body with (`parse(schema, body)`). */
  body?: z.ZodType;
  /** The schema the handler parses the query string with. */
  query?: z.ZodType;
  /** The success status when it is not the method's usual one (200; 204 for DELETE). */
  status?: 200 | 201 | 204;
  /** The handler's own client errors (e.g. 409 for a stale `version`) beyond the derived ones. */
  errors?: readonly ErrorStatus[];
  /** The largest body the route takes when it is not MAX_BODY_BYTES (functions/lib/http.ts): larger gets 413. */
  maxBodyBytes?: number;
}

type RouteOptions = Pick<RouteDef, 'summary' | 'body' | 'query' | 'status' | 'errors' | 'maxBodyBytes'>;
const r = (method: Method, path: string, fn: HandlerName, access: Access, opts: RouteOptions): RouteDef => ({ method, path, fn, access, ...opts });

// Path ids these handlers parse with parse(): a malformed one is a 400 (elsewhere it is a 404).
const BAD_ID = [400] as const;

export const routes: readonly RouteDef[] = [
  // Languages
  r('GET', '/api/languages', 'languages', 'public', { summary: 'List the languages' }),
  r('GET', '/api/languages/{id}', 'languages', 'public', { summary: 'Read a language', errors: BAD_ID }),
  r('POST', '/api/languages', 'languages', 'admin', { summary: 'Create a language', body: languageSchema, status: 201, errors: [409] }),
  r('PUT', '/api/languages/{id}', 'languages', 'admin', { summary: 'Update a language (optimistic: `version`)', body: languageUpdateSchema, errors: [409] }),
  r('DELETE', '/api/languages/{id}', 'languages', 'admin', { summary: 'Delete a language with its levels, lessons and phrases', errors: BAD_ID }),

  // Public course pages: each page of the site is ONE request.
  r('GET', '/api/pages/language/{language}', 'pages', 'public', { summary: "A language's page: the language and its levels" }),
  r('GET', '/api/pages/level/{language}/{level}', 'pages', 'public', { summary: "A level's page: language, level and its lessons (none if locked)" }),
  r('GET', '/api/pages/lesson/{language}/{level}/{lesson}', 'pages', 'public', { summary: "A lesson's page: its phrase groups and the lessons around it" }),
  r('GET', '/api/pages/locked', 'pages', 'public', { summary: 'The locked-content card of a level or lesson', query: lockedQuerySchema, errors: [404] }),
  // A language's whole published course for offline use (the companion app), with ETag/304.
  r('GET', '/api/catalogue/{language}', 'pages', 'public', { summary: "A language's whole unlocked course, for offline use" }),

  // Levels (admin lists include counts; ?language_id= filters)
  r('GET', '/api/levels', 'levels', 'admin', { summary: 'List levels (optionally of one language)', query: courseFilterSchema }),
  r('POST', '/api/levels', 'levels', 'admin', { summary: 'Create a level', body: levelSchema, status: 201, errors: [404, 409] }),
  r('POST', '/api/levels/reorder', 'levels', 'admin', {
    summary: "Reorder all of a language's levels (409 if the list is stale)",
    body: levelReorderSchema,
    errors: [409],
  }),
  r('PUT', '/api/levels/{language}/{id}', 'levels', 'admin', { summary: 'Update a level (optimistic: `version`)', body: levelUpdateSchema, errors: [409] }),
  r('DELETE', '/api/levels/{language}/{id}', 'levels', 'admin', { summary: 'Delete a level with its lessons and phrases', errors: BAD_ID }),
  r('POST', '/api/levels/{language}/{id}/move', 'levels', 'admin', { summary: 'Move a level up or down', body: moveSchema, errors: [409] }),
  r('POST', '/api/levels/{language}/{id}/lock', 'levels', 'admin', { summary: 'Lock or unlock a level', body: lockSchema, errors: [409] }),

  // Lessons (?language_id=&level_id= filters)
  r('GET', '/api/lessons', 'lessons', 'admin', { summary: 'List lessons (optionally of one language or level)', query: courseFilterSchema }),
  r('GET', '/api/lessons/next-order', 'lessons', 'admin', { summary: 'The order a new lesson of a level gets', query: nextOrderQuerySchema }),
  r('POST', '/api/lessons', 'lessons', 'admin', { summary: 'Create a lesson', body: lessonSchema, status: 201, errors: [404, 409] }),
  r('POST', '/api/lessons/reorder', 'lessons', 'admin', { summary: "Reorder all of a level's lessons", body: reorderSchema, errors: [409] }),
  r('PUT', '/api/lessons/{language}/{level}/{id}', 'lessons', 'admin', {
    summary: 'Update a lesson (optimistic: `version`)',
    body: lessonUpdateSchema,
    errors: [409],
  }),
  r('DELETE', '/api/lessons/{language}/{level}/{id}', 'lessons', 'admin', { summary: 'Delete a lesson with its phrases', errors: BAD_ID }),
  r('POST', '/api/lessons/{language}/{level}/{id}/move', 'lessons', 'admin', { summary: 'Move a lesson up or down', body: moveSchema, errors: [409] }),
  r('POST', '/api/lessons/{language}/{level}/{id}/lock', 'lessons', 'admin', { summary: 'Lock or unlock a lesson', body: lockSchema, errors: [409] }),

  // Phrases (?language_id=&level_id=&lesson_id= filters; groups are edited as a whole)
  r('GET', '/api/phrases', 'phrases', 'admin', {
    summary: 'A page of phrases: filters, search `q`, `limit`, `cursor` (answers {items, cursor})',
    query: phraseListQuerySchema,
  }),
  r('GET', '/api/phrases/counts', 'phrases', 'admin', {
    summary: 'How many phrases each lesson has, and in all (optionally of one language)',
    query: courseFilterSchema,
  }),
  r('POST', '/api/phrases', 'phrases', 'admin', {
    summary: 'Add a group of phrases sharing one audio file to a lesson',
    body: phrasesCreateSchema,
    status: 201,
    errors: [404, 409],
  }),
  r('PUT', '/api/phrases/group', 'phrases', 'admin', {
    summary: 'Replace a phrase group as a whole (409 if it changed meanwhile)',
    body: phraseGroupSchema,
    errors: [404, 409],
  }),
  r('DELETE', '/api/phrases/{language}/{level}/{lesson}/{id}', 'phrases', 'admin', { summary: 'Delete one phrase', errors: BAD_ID }),

  // Media: presigned POST uploads and text-to-speech
  r('POST', '/api/media/uploads', 'media', 'admin', { summary: 'A presigned POST for uploading one media file', body: uploadRequestSchema, status: 201 }),
  r('POST', '/api/media/tts', 'media', 'admin', { summary: 'Generate and store MP3 audio from text', body: ttsSchema, status: 201, errors: [502] }),

  // Site settings (the public read is also what the embed banner fetches, with CORS)
  r('GET', '/api/settings', 'settings', 'public', { summary: 'Read the site settings' }),
  r('PUT', '/api/settings', 'settings', 'admin', { summary: 'Update some site settings', body: settingsUpdateSchema, errors: [409] }),

  // Blog
  r('GET', '/api/blog', 'blog', 'public', { summary: 'List the published posts, newest first', query: blogListQuerySchema }),
  r('GET', '/api/blog/{slug}', 'blog', 'public', { summary: 'Read a published post with its sample phrases' }),
  r('GET', '/api/admin/blog', 'blog', 'admin', {
    summary: 'A page of posts, drafts included: title search `q`, `status`, `sort`, `limit`, `cursor` (answers {items, cursor, total})',
    query: adminBlogQuerySchema,
  }),
  r('POST', '/api/admin/blog', 'blog', 'admin', { summary: 'Create a post', body: blogPostCreateSchema, status: 201, errors: [409] }),
  r('PUT', '/api/admin/blog/{id}', 'blog', 'admin', { summary: 'Update a post (optimistic: `version`)', body: blogPostUpdateSchema, errors: [409] }),
  r('DELETE', '/api/admin/blog/{id}', 'blog', 'admin', { summary: 'Delete a post' }),

  // Support messages and first-party analytics
  r('POST', '/api/support', 'support', 'public', { summary: 'Send a message to support', body: supportSchema, status: 201, errors: [502] }),
  r('POST', '/api/analytics', 'analytics', 'public', {
    summary: 'Record a batch of analytics events (daily counts only)',
    body: analyticsBatchSchema,
    status: 204,
  }),
  r('GET', '/api/admin/analytics', 'analytics', 'admin', { summary: 'Daily analytics counts of the last 30 days' }),

  // Users and admin rights
  r('GET', '/api/admin/users', 'users', 'admin', {
    summary: 'A page of users with their admin flag: e-mail prefix `q`, `role`, `limit`, `cursor` (answers {items, cursor, total})',
    query: userListQuerySchema,
  }),
  r('POST', '/api/admin/users/{sub}/admin', 'users', 'admin', { summary: 'Grant a user admin rights', status: 204 }),
  r('DELETE', '/api/admin/users/{sub}/admin', 'users', 'admin', { summary: "Remove a user's admin rights (not your own)", errors: [400] }),
  r('POST', '/api/admin/admins', 'users', 'admin', { summary: 'Grant admin rights by e-mail', body: grantAdminSchema, errors: [404] }),
  r('POST', '/api/me/make-admin', 'users', 'user', { summary: 'Make yourself admin while the site has no administrator', errors: [403] }),

  // The audit log of admin writes (docs/audit.md), newest first
  r('GET', '/api/admin/audit', 'audit', 'admin', { summary: 'The audit log of admin writes, newest first (cursor paging, filters)', query: auditQuerySchema }),

  // The whole course, blog and settings as one file (docs/backup.md); a file is larger than other bodies
  r('GET', '/api/admin/export', 'backup', 'admin', { summary: 'The whole course, blog and settings as one versioned JSON document (a download)' }),
  r('POST', '/api/admin/import', 'backup', 'admin', {
    summary: 'Replace the course, blog and settings with an export (every problem listed first; `dry_run=true` only counts; 202: send it again to go on)',
    body: backupDocumentSchema,
    query: importQuerySchema,
    errors: [409],
    maxBodyBytes: MAX_BACKUP_BYTES,
  }),

  // A signed-in user's own profile, progress and favourites (any user, on their own `sub` only)
  r('GET', '/api/me/profile', 'me', 'user', { summary: 'Your profile' }),
  r('PUT', '/api/me/profile', 'me', 'user', { summary: 'Change your username', body: profileUpdateSchema }),
  r('GET', '/api/me/progress', 'me', 'user', { summary: 'Your progress in every language' }),
  r('GET', '/api/me/progress/{language}', 'me', 'user', { summary: 'Your progress in one language' }),
  r('PUT', '/api/me/progress/{language}/{level}/{lesson}', 'me', 'user', { summary: 'Mark a lesson completed or not', body: progressUpdateSchema }),
  r('GET', '/api/me/lessons/{language}/{level}/{lesson}', 'me', 'user', { summary: 'Your progress and favourites in one lesson' }),
  r('GET', '/api/me/favorites', 'me', 'user', { summary: 'Your favourite phrases' }),
  r('PUT', '/api/me/favorites/{language}/{level}/{lesson}/{phrase}', 'me', 'user', { summary: 'Add a phrase to your favourites' }),
  r('DELETE', '/api/me/favorites/{language}/{level}/{lesson}/{phrase}', 'me', 'user', { summary: 'Remove a phrase from your favourites' }),

  // This table as an OpenAPI 3.1 document, with the shared zod schemas of each request
  r('GET', '/api/openapi.json', 'openapi', 'public', { summary: 'This API as an OpenAPI 3.1 document' }),
];

/** `GET /api/languages/{id}`: the routeKey API Gateway puts on each event. */
export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`;

/**
 * Writes the audit log records (docs/audit.md): every admin write, and 'Make Myself Admin', which
 * grants admin rights. The router refuses a handler module that serves one without a recorder.
 */
export const isAudited = (r: Pick<RouteDef, 'method' | 'path' | 'access'>) =>
  (r.access === 'admin' && r.method !== 'GET') || routeKey(r) === 'POST /api/me/make-admin';

/** Matches a concrete path against the table; used by the local gateway only. */
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
        if (!parts[i]) return false;
        params[m[1]] = decodeURIComponent(parts[i]);
        return true;
      }
      return seg === parts[i];
    });
    if (ok) return { route, params };
  }
  return undefined;
}
