/**
 * The one route table, written by resource in functions/routes/ (course, site, publishing, learners)
 * and joined here. The CDK stack turns each entry into an HTTP API route (with the JWT
 * authorizer when `access` is not public) and the local gateway dispatches on it; no route is
 * declared anywhere else. Each `fn` names a handler module in functions/handlers/ and becomes one
 * Lambda function bundled on its own. Each entry also names the contract schemas (shared/
 * contracts) of what it takes (the router parses the path, query and body with them before the
 * handler runs) and answers, so GET /api/openapi.json (functions/lib/openapi.ts) is generated from
 * here, never by hand, and the twin checks every answer against them.
 */
import type * as z from 'zod';
import { courseRoutes } from './routes/course.js';
import type { RouteDef } from './routes/define.js';
import { learnersRoutes } from './routes/learners.js';
import { publishingRoutes } from './routes/publishing.js';
import { siteRoutes } from './routes/site.js';

export {
  handlerModules,
  type Access,
  type Changes,
  type ErrorStatus,
  type HandlerName,
  type Method,
  type RouteDef,
  type SiteChangeKind,
} from './routes/define.js';

const table = [...courseRoutes, ...siteRoutes, ...publishingRoutes, ...learnersRoutes] as const;

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
