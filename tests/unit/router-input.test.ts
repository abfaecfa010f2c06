/**
 * The router parses every request's input with its route's schemas (functions/routes.ts `params`,
 * `query`, `body`) and hands the handler what they output: who may ask is settled first (401/403),
 * then the path, the query and the body, in that order (400 with `fields`, or the route's 404 for a
 * path id that names nothing); a handler never sees input its schemas refused.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Context } from 'aws-lambda';
import { json, router, type Event } from '../../functions/lib/http.js';
import { LESSON_MISSING } from '../../shared/contracts/pages.js';
import { SLUG_TEXT } from '../../shared/contracts/common.js';
import { ADMIN_GROUP } from '../../shared/product.js';

type Who = 'admin' | 'learner' | 'anonymous';
function event(
  routeKey: string,
  { params = {}, query, body, who = 'admin' }: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown; who?: Who },
) {
  const groups = who === 'admin' ? `[${ADMIN_GROUP}]` : '[]';
  return {
    routeKey,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    pathParameters: params,
    queryStringParameters: query,
    requestContext: {
      http: { method: routeKey.split(' ')[0] },
      ...(who === 'anonymous' ? {} : { authorizer: { jwt: { claims: { sub: 'u1', token_use: 'access', 'cognito:groups': groups }, scopes: [] } } }),
    },
  } as unknown as Event;
}
const call = async (handler: ReturnType<typeof router>, e: Event) => {
  const r = await handler(e, {} as Context);
  return { status: r.statusCode, body: r.body ? (JSON.parse(r.body) as { message?: string; fields?: Record<string, string> }) : undefined };
};
const options = { currentGroups: (sub: string) => Promise.resolve(sub === 'u1' ? [ADMIN_GROUP] : []), audit: vi.fn(() => Promise.resolve()) };
const done = () => Promise.resolve(json(204, undefined));

describe('the router parses what a route takes', () => {
  const lock = 'POST /api/levels/{language}/{id}/lock';

  it("hands the handler the schemas' output: trimmed, unknown keys dropped; the audit log gets the same", async () => {
    const seen = vi.fn(done);
    const audit = vi.fn(() => Promise.resolve());
    const handler = router({ [lock]: seen }, { ...options, audit });
    const r = await call(handler, event(lock, { params: { language: ' en ', id: 'a1' }, body: { is_locked: true, extra: 'x' } }));
    expect(r.status).toBe(204);
    expect(seen).toHaveBeenCalledWith(expect.objectContaining({ params: { language: 'en', id: 'a1' }, body: { is_locked: true } }));
    expect(audit).toHaveBeenCalledWith(expect.objectContaining({ params: { language: 'en', id: 'a1' }, body: { is_locked: true } }));
  });

  it('checks the path before the body: a malformed course id is a 400 naming the parameter', async () => {
    const seen = vi.fn(done);
    const handler = router({ [lock]: seen }, options);
    const bad = await call(handler, event(lock, { params: { language: 'en', id: 'NOT AN ID' }, body: { is_locked: 'yes' } }));
    expect(bad).toEqual({ status: 400, body: { message: SLUG_TEXT, fields: { id: SLUG_TEXT } } });
    const body = await call(handler, event(lock, { params: { language: 'en', id: 'a1' }, body: { is_locked: 'yes' } }));
    expect(body).toEqual({ status: 400, body: { message: 'is_locked must be true or false', fields: { is_locked: 'is_locked must be true or false' } } });
    expect(seen).not.toHaveBeenCalled();
  });

  it('answers 401 and 403 before it reads the input', async () => {
    const handler = router({ [lock]: vi.fn(done) }, options);
    const bad = { params: { language: 'en', id: 'NOT AN ID' }, body: { is_locked: 'yes' } };
    expect((await call(handler, event(lock, { ...bad, who: 'anonymous' }))).status).toBe(401);
    expect((await call(handler, event(lock, { ...bad, who: 'learner' }))).status).toBe(403);
  });

  it("refuses a caller without the route's group before it reads the body: 403, never 400, 413 or 415", async () => {
    const importKey = 'POST /api/admin/import';
    const seen = vi.fn(done);
    const handler = router({ [importKey]: seen }, options);
    const sent = (body: string, type = 'application/json') =>
      ({ ...event(importKey, { who: 'learner' }), headers: { 'content-type': type }, body }) as unknown as Event;
    const oversized = sent(`[${'"x",'.repeat(1024 * 1024)}"x"]`);
    for (const e of [oversized, sent('{not json'), sent('a=b', 'application/x-www-form-urlencoded')]) {
      expect(await call(handler, e)).toEqual({ status: 403, body: { message: expect.any(String) } });
    }
    // The same bodies from an admin are read, and refused for what they are.
    const asAdmin = (e: Event) => call(handler, { ...e, requestContext: event(importKey, {}).requestContext });
    expect((await asAdmin(oversized)).status).toBe(413);
    expect((await asAdmin(sent('{not json'))).status).toBe(400);
    expect(seen).not.toHaveBeenCalled();
  });

  it("answers a path id that names nothing with the route's 404 text, per parameter where it has several", async () => {
    const lesson = 'GET /api/pages/lesson/{language}/{level}/{lesson}';
    const page = router({ [lesson]: vi.fn(done) });
    expect(await call(page, event(lesson, { params: { language: 'en', level: 'A1!', lesson: 'x' }, who: 'anonymous' }))).toEqual({
      status: 404,
      body: { message: LESSON_MISSING },
    });
    const favorite = 'PUT /api/me/favorites/{language}/{level}/{lesson}/{phrase}';
    const me = router({ [favorite]: vi.fn(done) });
    const at = (params: Record<string, string>) => call(me, event(favorite, { params, who: 'learner' }));
    expect((await at({ language: 'en', level: 'a1', lesson: 'x', phrase: 'not-a-ulid' })).body?.message).toBe('Phrase not found');
    expect((await at({ language: 'EN', level: 'a1', lesson: 'x', phrase: 'not-a-ulid' })).body?.message).toBe('Lesson not found');
    expect((await at({ language: 'en', level: 'a1', lesson: 'x', phrase: '01ARZ3NDEKTSV4RRFFQ69G5FAV' })).status).toBe(204);
  });

  it("checks the query before the body, and tells a body's problems the route's own way", async () => {
    const importKey = 'POST /api/admin/import';
    const seen = vi.fn(done);
    const handler = router({ [importKey]: seen }, options);
    const query = await call(handler, event(importKey, { query: { dry_run: 'maybe' }, body: [] }));
    expect(query).toEqual({ status: 400, body: { message: 'dry_run must be true or false', fields: { dry_run: 'dry_run must be true or false' } } });
    // backupProblems: every problem with its place in the file ('file' for the whole of it).
    const body = await call(handler, event(importKey, { query: { dry_run: 'true' }, body: [] }));
    expect(body.status).toBe(400);
    expect(Object.keys(body.body?.fields ?? {})).toEqual(['file']);
    expect(seen).not.toHaveBeenCalled();
  });

  it('parses the query of a read (defaults filled in)', async () => {
    const list = 'GET /api/blog';
    const seen = vi.fn(done);
    const handler = router({ [list]: seen });
    expect((await call(handler, event(list, { query: { limit: 'many' }, who: 'anonymous' }))).status).toBe(400);
    expect(await call(handler, event(list, { query: { limit: '3', other: 'x' }, who: 'anonymous' }))).toEqual({ status: 204, body: undefined });
    expect(seen).toHaveBeenCalledWith(expect.objectContaining({ query: { limit: 3 } }));
  });
});
