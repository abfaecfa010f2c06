/**
 * The audit log through the gateway: each admin write records one entry (who, what, which item,
 * what changed), failed writes record nothing, and GET /api/admin/audit pages and filters it.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/lib/keys.js';
import { AUDIT_KEEP_DAYS, type AuditEntry, type AuditPage } from '../../shared/contracts/audit.js';
import { adminToken, api, twin, userToken, subOf } from './helpers.js';

let admin: string;
let learner: string;
const me = () => ({ sub: subOf(admin), email: twin().admin.email.toLowerCase() });

const page = async (q: Record<string, string | number> = {}) => {
  const r = await api('GET', `/api/admin/audit?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`, { token: admin });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as AuditPage;
};
/** Every entry a filter matches, newest first, following the cursor. */
async function all(q: Record<string, string | number> = {}) {
  const out: AuditEntry[] = [];
  let cursor: string | null = null;
  do {
    const p: AuditPage = await page({ ...q, ...(cursor ? { cursor } : {}) });
    out.push(...p.items);
    cursor = p.cursor;
  } while (cursor);
  return out;
}
/** The entries of one item (by entity and id), newest first. */
const of = async (entity: string, id: string) => (await all({ entity, limit: 100 })).filter((e) => e.entity_id === id);

/** Runs a write and answers the one entry it recorded for that item. */
async function recorded(entity: string, id: string, write: () => Promise<{ status: number }>, status = 200) {
  const before = (await of(entity, id)).length;
  expect((await write()).status).toBe(status);
  const after = await of(entity, id);
  expect(after).toHaveLength(before + 1);
  return after[0];
}

const LANG = 'auditlang';
beforeAll(async () => {
  admin = await adminToken();
  learner = await userToken('audit.learner@parrotphrases.test');
  expect((await api('POST', '/api/languages', { token: admin, body: { id: LANG, name: 'Auditish', flag_url: 'https://flags.example/a.png' } })).status).toBe(
    201,
  );
  expect((await api('POST', '/api/levels', { token: admin, body: { id: 'a1', language_id: LANG, title: 'Beginner', cefr_label: 'A1' } })).status).toBe(201);
});

describe('audit log: recording', () => {
  it('records a create with the actor, action, item and its fields', async () => {
    const [entry] = await of('level', `${LANG}/a1`);
    expect(entry).toMatchObject({ actor: me(), action: 'level.create', entity: 'level', entity_id: `${LANG}/a1`, label: 'Beginner' });
    expect(entry.after).toMatchObject({ title: 'Beginner', cefr_label: 'A1' });
    expect(entry.before).toBeUndefined();
    expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000);
  });

  it('records a lock and an unlock, each once, with before and after', async () => {
    const lock = await recorded('level', `${LANG}/a1`, () => api('POST', `/api/levels/${LANG}/a1/lock`, { token: admin, body: { is_locked: true } }));
    expect(lock).toMatchObject({
      actor: me(),
      action: 'level.lock',
      entity: 'level',
      entity_id: `${LANG}/a1`,
      label: 'Beginner',
      before: { is_locked: 'false' },
      after: { is_locked: 'true' },
    });
    const unlock = await recorded('level', `${LANG}/a1`, () => api('POST', `/api/levels/${LANG}/a1/lock`, { token: admin, body: { is_locked: false } }));
    expect(unlock).toMatchObject({ action: 'level.unlock', before: { is_locked: 'true' }, after: { is_locked: 'false' } });
  });

  it('records a reorder by the titles in order, labelled by its level', async () => {
    for (const [id, title] of [
      ['first', 'First steps'],
      ['second', 'Second steps'],
    ])
      expect(
        (await api('POST', '/api/lessons', { token: admin, body: { id, language_id: LANG, level_id: 'a1', title, translated_title: title } })).status,
      ).toBe(201);
    const body = { language_id: LANG, level_id: 'a1', lesson_ids: ['second', 'first'] };
    const entry = await recorded('lesson', `${LANG}/a1`, () => api('POST', '/api/lessons/reorder', { token: admin, body }));
    expect(entry).toMatchObject({
      action: 'lesson.reorder',
      label: 'order in Beginner',
      before: { order: 'First steps / Second steps' },
      after: { order: 'Second steps / First steps' },
    });
  });

  it('records a blog update with the changed fields only, cut to 80 characters', async () => {
    const created = await api('POST', '/api/admin/blog', { token: admin, body: { title: 'Audit post', content: 'Short body', excerpt: 'Ex' } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const long = `${'Long body '.repeat(20)}end`;
    const entry = await recorded('blog', id, () => api('PUT', `/api/admin/blog/${id}`, { token: admin, body: { ...created.body, content: long } }));
    expect(entry).toMatchObject({ actor: me(), action: 'blog.update', entity: 'blog', entity_id: id, label: 'Audit post', before: { content: 'Short body' } });
    expect(Object.keys(entry.after!)).toEqual(['content']);
    expect(entry.after!.content).toHaveLength(80);
    expect(entry.after!.content.endsWith('…')).toBe(true);
  });

  it('records a settings save', async () => {
    const current = (await api('GET', '/api/settings')).body;
    const title = `About ${Date.now()}`;
    const entry = await recorded('settings', 'site', () =>
      api('PUT', '/api/settings', { token: admin, body: { about_title: title, version: current.version } }),
    );
    expect(entry).toMatchObject({ actor: me(), action: 'settings.update', entity: 'settings', entity_id: 'site', after: { about_title: title } });
    expect(Object.keys(entry.before!)).toEqual(['about_title']);
    expect(Object.keys(entry.after!)).toEqual(['about_title']);
  });

  it('records a grant and a removal of admin rights, naming the user by e-mail', async () => {
    const email = 'audit.second@parrotphrases.test';
    const sub = subOf(await userToken(email));
    const grant = await recorded('user', sub, () => api('POST', `/api/admin/users/${sub}/admin`, { token: admin }), 204);
    expect(grant).toMatchObject({ actor: me(), action: 'user.grant_admin', entity_id: sub, label: email, after: { is_admin: 'true' } });
    const removal = await recorded('user', sub, () => api('DELETE', `/api/admin/users/${sub}/admin`, { token: admin }), 204);
    expect(removal).toMatchObject({
      actor: me(),
      action: 'user.remove_admin',
      entity: 'user',
      entity_id: sub,
      label: email,
      before: { is_admin: 'true' },
      after: { is_admin: 'false' },
    });
  });

  it('records nothing for a write that fails (409 stale version, 400 bad input, 403 not an admin)', async () => {
    const id = `${LANG}/a1`;
    const before = (await of('level', id)).length;
    const put = (body: unknown, token = admin) => api('PUT', `/api/levels/${LANG}/a1`, { token, body });
    expect((await put({ title: 'Stale', cefr_label: 'A1', version: 1 })).status).toBe(409);
    expect((await put({ title: '', cefr_label: 'A1', version: 99 })).status).toBe(400);
    expect((await api('POST', `/api/levels/${LANG}/a1/lock`, { token: admin, body: { is_locked: 'yes' } })).status).toBe(400);
    expect((await api('POST', `/api/levels/${LANG}/a1/lock`, { token: learner, body: { is_locked: true } })).status).toBe(403);
    expect((await api('POST', '/api/languages', { token: admin, body: { id: LANG, name: 'Again', flag_url: 'https://flags.example/a.png' } })).status).toBe(
      409,
    );
    expect(await of('level', id)).toHaveLength(before);
    expect((await of('language', LANG)).map((e) => e.action)).toEqual(['language.create']);
  });

  it('sets the expiry (TTL attribute `ttl`) AUDIT_KEEP_DAYS ahead', async () => {
    const [entry] = await of('level', `${LANG}/a1`);
    const ddb = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        region: 'us-east-1',
        endpoint: `http://127.0.0.1:${twin().ports.dynamodb}`,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
    const item = (await ddb.send(new GetCommand({ TableName: 'parrot-phrases', Key: keys.auditEntry(entry.id) }))).Item!;
    const expected = Date.parse(entry.at) / 1000 + AUDIT_KEEP_DAYS * 86_400;
    expect(Math.abs(Number(item.ttl) - expected)).toBeLessThan(2);
  });
});

describe('audit log: reading', () => {
  it('is for admins only: 401 without a token, 403 for a non-admin', async () => {
    expect((await api('GET', '/api/admin/audit')).status).toBe(401);
    expect((await api('GET', '/api/admin/audit', { token: learner })).status).toBe(403);
  });

  it('answers 400, never 500, for a malformed cursor or a bad limit or entity', async () => {
    const bad = [
      'cursor=not%2Bbase64',
      `cursor=${Buffer.from('2020-01-01#x').toString('base64url')}`,
      `cursor=${'A'.repeat(300)}`,
      'limit=0',
      'limit=101',
      'limit=ten',
      'entity=planet',
    ];
    for (const q of bad) {
      const r = await api('GET', `/api/admin/audit?${q}`, { token: admin });
      expect(r.status, q).toBe(400);
      expect(r.body.message, q).toBeTruthy();
    }
  });

  it('pages through every entry exactly once, newest first', async () => {
    // Enough entries of its own to need several pages.
    for (let i = 0; i < 7; i++)
      expect(
        (
          await api('PUT', `/api/levels/${LANG}/a1`, {
            token: admin,
            body: {
              title: `Beginner ${i}`,
              cefr_label: 'A1',
              version: (await api('GET', `/api/levels?language_id=${LANG}`, { token: admin })).body[0].version,
            },
          })
        ).status,
      ).toBe(200);
    const everything = await all({ limit: 100 });
    const paged = await all({ limit: 3 });
    expect(paged.map((e) => e.id)).toEqual(everything.map((e) => e.id));
    expect(new Set(paged.map((e) => e.id)).size).toBe(paged.length);
    const times = paged.map((e) => `${e.at}#${e.id}`);
    expect([...times].sort().reverse()).toEqual(times);
    const first = await page({ limit: 3 });
    expect(first.items).toHaveLength(3);
    expect(first.cursor).toEqual(expect.any(String));
    // The default page size is 50; the last page has no cursor.
    expect((await page()).items.length).toBe(Math.min(50, everything.length));
  });

  it('filters by entity and by actor (e-mail, part of it, or sub), with full pages', async () => {
    const levels = await all({ entity: 'level', limit: 4 });
    expect(levels.length).toBeGreaterThanOrEqual(10);
    expect(levels.every((e) => e.entity === 'level')).toBe(true);
    const firstPage = await page({ entity: 'level', limit: 4 });
    expect(firstPage.items).toHaveLength(4);
    expect(firstPage.items.map((e) => e.id)).toEqual(levels.slice(0, 4).map((e) => e.id));

    const mine = await all({ actor: me().email, limit: 100 });
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => e.actor.sub === me().sub)).toBe(true);
    expect((await all({ actor: me().sub, limit: 100 })).length).toBe(mine.length);
    expect((await all({ actor: me().email.split('@')[0].toUpperCase(), limit: 100 })).length).toBe(mine.length);
    expect((await page({ actor: 'nobody@nowhere.example' })).items).toEqual([]);
    expect((await all({ entity: 'blog', actor: me().email })).every((e) => e.entity === 'blog')).toBe(true);
  });
});
