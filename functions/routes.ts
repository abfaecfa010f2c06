/**
 * The one route table. The CDK stack turns each entry into an HTTP API route (with the JWT
 * authorizer when `access` is not public) and the local gateway dispatches on it; no route is
 * declared anywhere else. Each `fn` names a handler module in functions/handlers/ and becomes one
 * Lambda function bundled on its own.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/**
 * public: no token; user: a valid token (checked by the authorizer); admin: a valid token AND the
 * admins group (checked by the handler).
 */
export type Access = 'public' | 'user' | 'admin';

export const handlerModules = ['languages', 'pages', 'levels', 'lessons', 'phrases', 'media', 'settings', 'blog', 'support', 'analytics', 'users'] as const;
export type HandlerName = (typeof handlerModules)[number];

export interface RouteDef {
  method: Method;
  /** API Gateway v2 path syntax: `/api/languages/{id}`. */
  path: string;
  fn: HandlerName;
  access: Access;
}

const r = (method: Method, path: string, fn: HandlerName, access: Access = 'admin'): RouteDef => ({ method, path, fn, access });

export const routes: readonly RouteDef[] = [
  // Languages
  r('GET', '/api/languages', 'languages', 'public'),
  r('GET', '/api/languages/{id}', 'languages', 'public'),
  r('POST', '/api/languages', 'languages'),
  r('PUT', '/api/languages/{id}', 'languages'),
  r('DELETE', '/api/languages/{id}', 'languages'),

  // Public course pages: each page of the site is ONE request.
  r('GET', '/api/pages/language/{language}', 'pages', 'public'),
  r('GET', '/api/pages/level/{language}/{level}', 'pages', 'public'),
  r('GET', '/api/pages/lesson/{language}/{level}/{lesson}', 'pages', 'public'),
  r('GET', '/api/pages/locked', 'pages', 'public'),

  // Levels (admin lists include counts; ?language_id= filters)
  r('GET', '/api/levels', 'levels'),
  r('POST', '/api/levels', 'levels'),
  r('PUT', '/api/levels/{language}/{id}', 'levels'),
  r('DELETE', '/api/levels/{language}/{id}', 'levels'),
  r('POST', '/api/levels/{language}/{id}/move', 'levels'),
  r('POST', '/api/levels/{language}/{id}/lock', 'levels'),

  // Lessons (?language_id=&level_id= filters)
  r('GET', '/api/lessons', 'lessons'),
  r('GET', '/api/lessons/next-order', 'lessons'),
  r('POST', '/api/lessons', 'lessons'),
  r('POST', '/api/lessons/reorder', 'lessons'),
  r('PUT', '/api/lessons/{language}/{level}/{id}', 'lessons'),
  r('DELETE', '/api/lessons/{language}/{level}/{id}', 'lessons'),
  r('POST', '/api/lessons/{language}/{level}/{id}/move', 'lessons'),
  r('POST', '/api/lessons/{language}/{level}/{id}/lock', 'lessons'),

  // Phrases (?language_id=&level_id=&lesson_id= filters; groups are edited as a whole)
  r('GET', '/api/phrases', 'phrases'),
  r('POST', '/api/phrases', 'phrases'),
  r('PUT', '/api/phrases/group', 'phrases'),
  r('DELETE', '/api/phrases/{language}/{level}/{lesson}/{id}', 'phrases'),

  // Media: presigned POST uploads and text-to-speech
  r('POST', '/api/media/uploads', 'media'),
  r('POST', '/api/media/tts', 'media'),

  // Site settings (the public read is also what the embed banner fetches, with CORS)
  r('GET', '/api/settings', 'settings', 'public'),
  r('PUT', '/api/settings', 'settings'),

  // Blog
  r('GET', '/api/blog', 'blog', 'public'),
  r('GET', '/api/blog/{slug}', 'blog', 'public'),
  r('GET', '/api/admin/blog', 'blog'),
  r('POST', '/api/admin/blog', 'blog'),
  r('PUT', '/api/admin/blog/{id}', 'blog'),
  r('DELETE', '/api/admin/blog/{id}', 'blog'),

  // Support messages and first-party analytics
  r('POST', '/api/support', 'support', 'public'),
  r('POST', '/api/analytics', 'analytics', 'public'),
  r('GET', '/api/admin/analytics', 'analytics'),

  // Users and admin rights
  r('GET', '/api/admin/users', 'users'),
  r('POST', '/api/admin/users/{sub}/admin', 'users'),
  r('DELETE', '/api/admin/users/{sub}/admin', 'users'),
  r('POST', '/api/admin/admins', 'users'),
  r('POST', '/api/me/make-admin', 'users', 'user'),
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
