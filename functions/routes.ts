/**
 * The one route table. The CDK stack turns each entry into an HTTP API route (with the JWT
 * authorizer when `access` is not public) and the local gateway dispatches on it; no route is
 * declared anywhere else. Each `fn` names a handler module in functions/handlers/ and becomes one
 * Lambda function bundled on its own.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** public: no token; admin: a valid token (checked by the authorizer) AND the admins group (checked by the handler). */
export type Access = 'public' | 'admin';

export const handlerModules = ['languages'] as const;
export type HandlerName = (typeof handlerModules)[number];

export interface RouteDef {
  method: Method;
  /** API Gateway v2 path syntax: `/api/languages/{id}`. */
  path: string;
  fn: HandlerName;
  access: Access;
}

export const routes: readonly RouteDef[] = [
  { method: 'GET', path: '/api/languages', fn: 'languages', access: 'public' },
  { method: 'GET', path: '/api/languages/{id}', fn: 'languages', access: 'public' },
  { method: 'POST', path: '/api/languages', fn: 'languages', access: 'admin' },
  { method: 'PUT', path: '/api/languages/{id}', fn: 'languages', access: 'admin' },
  { method: 'DELETE', path: '/api/languages/{id}', fn: 'languages', access: 'admin' },
];

/** `GET /api/languages/{id}`: the routeKey API Gateway puts on each event. */
export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`;

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
