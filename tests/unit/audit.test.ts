/**
 * The audit log's pure parts (what an entry says) and the router's hook (when one is written, and
 * that a failing audit write never fails the answer). The table writes are integration-tested.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Context } from 'aws-lambda';
import { actionOf, clip, entityIdOf, summarize, type AuditedWrite } from '../../functions/lib/audit.js';
import { router, type Event, type RouteHandler } from '../../functions/lib/http.js';
import { logger } from '../../functions/lib/powertools.js';
import { conflict } from '../../functions/lib/errors.js';
import { isAudited, routeKey, routes, type RouteDef } from '../../functions/routes.js';
import { ADMIN_GROUP } from '../../shared/product.js';

const route = (key: string) => routes.find((r) => routeKey(r) === key)!;

describe('audit entries', () => {
  it('names each action by entity and verb', () => {
    const actions = routes.filter(isAudited).map((r) => actionOf(r, { is_locked: true }));
    expect(actions).toEqual(
      expect.arrayContaining([
        'language.create',
        'level.update',
        'level.delete',
        'level.move',
        'level.lock',
        'lesson.reorder',
        'phrase.update',
        'media.upload',
        'media.tts',
        'settings.update',
        'blog.create',
        'user.grant_admin',
        'user.remove_admin',
        'user.make_admin',
      ]),
    );
    expect(actionOf(route('POST /api/lessons/{language}/{level}/{id}/lock'), { is_locked: false })).toBe('lesson.unlock');
    // No two routes of one module share an action, except the two ways to grant admin rights.
    const byFn = routes.filter(isAudited).map((r) => `${r.fn} ${actionOf(r, { is_locked: true })}`);
    expect(byFn.filter((a, i) => byFn.indexOf(a) !== i)).toEqual(['users user.grant_admin']);
  });

  it('audits every admin write and Make Myself Admin, and no read', () => {
    for (const r of routes)
      expect(isAudited(r), routeKey(r)).toBe((r.access !== 'public' && r.access !== 'user' && r.method !== 'GET') || routeKey(r) === 'POST /api/me/make-admin');
    expect(routes.filter((r) => r.method === 'GET').some(isAudited)).toBe(false);
  });

  it('finds the entity id in the note, the path, the answer or the body', () => {
    const w = (r: RouteDef, more: Partial<AuditedWrite>) => entityIdOf({ route: r, params: {}, body: undefined, answer: undefined, note: {}, ...more });
    expect(w(route('POST /api/lessons/{language}/{level}/{id}/lock'), { params: { language: 'en', level: 'a1', id: 'greetings' } })).toBe('en/a1/greetings');
    expect(w(route('POST /api/levels'), { answer: { language_id: 'en', id: 'a1', title: 'A1' } })).toBe('en/a1');
    expect(w(route('POST /api/lessons/reorder'), { body: { language_id: 'en', level_id: 'a1', lesson_ids: ['x'] } })).toBe('en/a1');
    expect(w(route('PUT /api/settings'), { note: { id: 'site' } })).toBe('site');
  });

  it('summarises changed fields only, cut short, without secrets or bookkeeping', () => {
    const before = { title: 'Greetings', is_locked: false, version: 3, updated_at: 'x', content: 'a'.repeat(300), icon_url: '' };
    const after = { title: 'Greetings', is_locked: true, version: 4, updated_at: 'y', content: 'b'.repeat(300), icon_url: '/media/x.png' };
    const s = summarize(before, after);
    expect(s.before).toEqual({ is_locked: 'false', content: `${'a'.repeat(79)}…`, icon_url: '(none)' });
    expect(s.after).toEqual({ is_locked: 'true', content: `${'b'.repeat(79)}…`, icon_url: '/media/x.png' });
    expect(summarize(undefined, { name: 'English', id: 'en', password: 'p', fields: { Policy: 'x', key: 'k' } })).toEqual({
      after: { name: 'English', fields: '{"key":"k"}' },
    });
    expect(summarize({ name: 'English' }, undefined)).toEqual({ before: { name: 'English' } });
    expect(summarize({ a: 1 }, { a: 1 })).toEqual({});
    expect(clip('one\n  two')).toBe('one two');
  });
});

describe('the router records after a successful admin write only', () => {
  const key = 'POST /api/levels/{language}/{id}/lock';
  const event = (body: unknown) =>
    ({
      routeKey: key,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      pathParameters: { language: 'en', id: 'a1' },
      requestContext: {
        http: { method: 'POST' },
        authorizer: { jwt: { claims: { sub: 'u1', token_use: 'access', 'cognito:groups': `[${ADMIN_GROUP}]` }, scopes: [] } },
      },
    }) as unknown as Event;
  const build = (audit: (w: AuditedWrite) => Promise<void>, fn: RouteHandler<typeof key>) =>
    router({ [key]: fn }, { currentGroups: () => Promise.resolve(['admins']), audit });

  it('hands the recorder the route, params, body, caller, answer and note', async () => {
    const audit = vi.fn((_w: AuditedWrite) => Promise.resolve());
    const handler = build(audit, ({ audit: note }) => {
      note({ before: { is_locked: false } });
      return Promise.resolve({ id: 'a1', is_locked: true });
    });
    const r = await handler(event({ is_locked: true }), {} as Context);
    expect(r.statusCode).toBe(200);
    expect(audit).toHaveBeenCalledTimes(1);
    expect(audit.mock.calls[0][0]).toMatchObject({
      params: { language: 'en', id: 'a1' },
      body: { is_locked: true },
      caller: { sub: 'u1' },
      answer: { id: 'a1', is_locked: true },
      note: { before: { is_locked: false } },
    });
  });

  it('records nothing for a failed write or a write that changed nothing', async () => {
    const audit = vi.fn(() => Promise.resolve());
    expect((await build(audit, () => Promise.reject(conflict()))(event({ is_locked: true }), {} as Context)).statusCode).toBe(409);
    expect((await build(audit, ({ audit: note }) => Promise.resolve(note(false)))(event({ is_locked: true }), {} as Context)).statusCode).toBe(204);
    expect(audit).not.toHaveBeenCalled();
  });

  it('answers the change even when the audit write fails, and logs the failure as an error', async () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {});
    const handler = build(
      () => Promise.reject(new Error('table unavailable')),
      () => Promise.resolve({ id: 'a1' }),
    );
    const r = await handler(event({ is_locked: true }), {} as Context);
    expect(r.statusCode).toBe(200);
    expect(error).toHaveBeenCalledWith('audit write failed', expect.objectContaining({ routeKey: key, sub: 'u1' }));
    error.mockRestore();
  });

  it('refuses to build a router with admin writes but no recorder', () => {
    expect(() => router({ [key]: () => Promise.resolve({}) }, { currentGroups: () => Promise.resolve(['admins']) })).toThrow(/needs audit/);
  });
});
