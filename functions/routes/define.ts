/**
 * What a route of the table is (RouteDef), how an entry is written (`r`), and the path parameters
 * several tables share. The tables are in this folder by resource; functions/routes.ts joins them.
 */
import * as z from 'zod';
import { trashIdSchema } from '../../shared/contracts/trash.js';
import { releaseIdSchema } from '../../shared/contracts/publishing.js';
import { blogIdParam, blogSlugParam } from '../../shared/contracts/blog.js';
import { idParam, phraseIdParam, ulidParam } from '../../shared/contracts/common.js';
import { subParam } from '../../shared/contracts/users.js';

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
  /**
   * A body field other than `language_id` that names the language the request works in (text to
   * speech's `language`): the router admits an editor only if it is one of theirs, as for the
   * languages a request names elsewhere, and checks it as parsed too (a default names one as well).
   */
  languageField?: string;
}

export type RouteOptions = Omit<RouteDef, 'method' | 'path' | 'fn' | 'access'>;
/** A write must say what public content it changes, or 'nothing' (tests/unit/site-changes.test.ts checks it too). */
type Declared<M extends Method> = M extends 'GET' ? { changes?: never } : { changes: Changes };
/** One entry; it keeps its literal method and path and its schemas' own types, so each handler's input is typed (RouteKey, BodyOf...). */
export const r = <M extends Method, P extends string, O extends RouteOptions>(method: M, path: P, fn: HandlerName, access: Access, opts: O & Declared<M>) => ({
  method,
  path,
  fn,
  access,
  ...opts,
});

// Path parameters. A malformed course id is a 400 on a course item's own routes (a language's read,
// the back office's writes); elsewhere (public pages, the learner's own data, server-made ids, posts,
// users) a path id that cannot exist names nothing: a 404 with the route's text (`paramsNotFound`).
export const languagePath = z.object({ language: idParam });
export const languageIdPath = z.object({ id: idParam });
export const levelPath = z.object({ language: idParam, id: idParam });
export const lessonPath = z.object({ language: idParam, level: idParam, id: idParam });
export const phrasePath = z.object({ language: idParam, level: idParam, lesson: idParam, id: phraseIdParam });
export const levelPagePath = z.object({ language: idParam, level: idParam });
export const lessonRefPath = z.object({ language: idParam, level: idParam, lesson: idParam });
export const favoritePath = z.object({ language: idParam, level: idParam, lesson: idParam, phrase: phraseIdParam });
export const postPath = z.object({ id: blogIdParam });
export const slugPath = z.object({ slug: blogSlugParam });
export const userPath = z.object({ sub: subParam });
export const trashPath = z.object({ id: trashIdSchema });
export const releasePath = z.object({ id: releaseIdSchema });
export const historyPath = z.object({ id: ulidParam });
export const LESSON_NOT_FOUND = 'Lesson not found';
export const favoriteNotFound = { language: LESSON_NOT_FOUND, level: LESSON_NOT_FOUND, lesson: LESSON_NOT_FOUND, phrase: 'Phrase not found' };
