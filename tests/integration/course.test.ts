/** Levels, lessons and phrases through the gateway against the twin, with real admin and learner tokens. */
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.js';
import { adminToken, api, invalidFields, userToken, pointAtTwin } from './helpers.js';

let admin: string;
let learner: string;
const flag = 'https://example.com/flag.svg';
const audio = (n: number | string) => `/media/content/audio/test_${n}.mp3`;

/** The data layer pointed at the twin's DynamoDB: to build states the API cannot (missing order, interrupted deletes). */
async function db() {
  pointAtTwin();
  return { ...(await import('../../functions/data/course.js')), ...(await import('../../functions/data/table.js')) };
}

const language = async (id: string) => {
  const r = await api('POST', '/api/languages', { token: admin, body: { id, name: id[0].toUpperCase() + id.slice(1), flag_url: flag } });
  expect(r.status).toBe(201);
};
const level = async (language_id: string, id: string, title = `Level ${id}`) => {
  const r = await api('POST', '/api/levels', { token: admin, body: { id, language_id, title, cefr_label: 'A1', icon_url: '' } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
};
const lesson = async (language_id: string, level_id: string, id: string, extra: Record<string, unknown> = {}) => {
  const r = await api('POST', '/api/lessons', {
    token: admin,
    body: { id, language_id, level_id, title: `Lesson ${id}`, translated_title: `Lección ${id}`, ...extra },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
};
const ids = (list: { id: string }[]) => list.map((x) => x.id);

beforeAll(async () => {
  admin = await adminToken();
  learner = await userToken();
});

describe('access to the course admin routes', () => {
  const mine = routes.filter((r) => ['levels', 'lessons', 'phrases', 'media'].includes(r.fn));

  it('covers every route of the four modules', () => {
    // 25, and the seven of a language's voices and pronunciations (media).
    expect(mine.length).toBe(32);
    expect(mine.every((r) => r.access === 'editor')).toBe(true);
  });

  it('answers 401 without a token and 403 to a signed-in non-admin, on every route', async () => {
    for (const r of mine) {
      const path = r.path.replace(/\{\w+\}/g, 'x');
      const body = r.method === 'GET' || r.method === 'DELETE' ? undefined : {};
      expect((await api(r.method, path, { body })).status, `${r.method} ${r.path}`).toBe(401);
      const forbidden = await api(r.method, path, { body, token: learner });
      expect(forbidden.status, `${r.method} ${r.path}`).toBe(403);
      expect(forbidden.body.message).toBe('Access denied. You need administrator privileges to access this area.');
    }
  });
});

describe('levels API', () => {
  beforeAll(async () => {
    await language('german');
    await language('dutch');
  });

  it("validates with the spec's texts", async () => {
    const invalid = (body: object) => invalidFields('POST', '/api/levels', { token: admin, body });
    expect(await invalid({})).toMatchObject({
      id: 'Level ID is required',
      language_id: 'Language is required',
      title: 'Title must be at least 2 characters',
      cefr_label: 'CEFR label is required',
    });
    expect(await invalid({ id: 'Bad Id', language_id: 'german', title: 'x', cefr_label: ' ', icon_url: 'not a url' })).toEqual({
      id: 'ID must contain only lowercase letters, numbers, and hyphens',
      title: 'Title must be at least 2 characters',
      cefr_label: 'CEFR label is required',
      icon_url: 'Please enter a valid URL for the icon image',
    });
    expect(await invalid({ id: '', language_id: '', title: 'Ok', cefr_label: 'A1' })).toMatchObject({
      id: 'Level ID is required',
      language_id: 'Language is required',
    });
  });

  it('creates levels at the end of their language, unlocked; 404 for an unknown language, 409 for a taken id', async () => {
    const a = await level('german', 'a1', 'Beginner');
    expect(a).toMatchObject({ id: 'a1', language_id: 'german', order_index: 0, is_locked: false, version: 1, icon_url: '' });
    expect((await level('german', 'a2', 'Elementary')).order_index).toBe(1);
    const withIcon = await api('POST', '/api/levels', {
      token: admin,
      body: { id: 'b1', language_id: 'german', title: 'Intermediate', cefr_label: 'B1', icon_url: '/media/content/icons/level/1_b1.png' },
    });
    expect(withIcon.body).toMatchObject({ order_index: 2, icon_url: '/media/content/icons/level/1_b1.png' });
    // Order is per language.
    expect((await level('dutch', 'a1', 'Beginner')).order_index).toBe(0);

    const unknown = await api('POST', '/api/levels', { token: admin, body: { id: 'x1', language_id: 'klingon', title: 'Nope', cefr_label: 'A1' } });
    expect(unknown.status).toBe(404);
    const dup = await api('POST', '/api/levels', { token: admin, body: { id: 'a1', language_id: 'german', title: 'Again', cefr_label: 'A1' } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A level with the ID "a1" already exists');
  });

  it('lists one language or all, sorted (missing order = 999, ties by title), with lesson counts', async () => {
    const d = await db();
    await d.createLevel({ id: 'zz', language_id: 'german', title: 'Alpha unordered', cefr_label: 'C2', order_index: null });
    await d.createLevel({ id: 'yy', language_id: 'german', title: 'Beta', cefr_label: 'C1', order_index: 2 });
    await lesson('german', 'a2', 'greetings');
    await lesson('german', 'a2', 'food');

    const r = await api('GET', '/api/levels?language_id=german', { token: admin });
    expect(r.status).toBe(200);
    // b1 "Intermediate" and yy "Beta" share order 2: ties by title.
    expect(ids(r.body)).toEqual(['a1', 'a2', 'yy', 'b1', 'zz']);
    expect(r.body.find((l: { id: string }) => l.id === 'a2').lesson_count).toBe(2);
    expect(r.body.find((l: { id: string }) => l.id === 'a1').lesson_count).toBe(0);

    const all = await api('GET', '/api/levels', { token: admin });
    expect(all.body.filter((l: { language_id: string }) => l.language_id === 'dutch').map((l: { id: string }) => l.id)).toEqual(['a1']);
    // Other suites share the twin: count this suite's languages only.
    const mine = (body: { language_id: string; id: string }[]) =>
      body.filter((l) => ['german', 'dutch'].includes(l.language_id)).map((l) => `${l.language_id}/${l.id}`);
    expect(mine(all.body)).toHaveLength(6);
    expect(mine((await api('GET', '/api/levels?language_id=undefined', { token: admin })).body)).toEqual(mine(all.body));
    expect((await api('GET', '/api/levels?language_id=nowhere', { token: admin })).body).toEqual([]);
  });

  it('updates with optimistic locking and refuses to move a level to another language', async () => {
    const body = { title: 'Beginner I', cefr_label: 'A1', icon_url: '', version: 1 };
    const ok = await api('PUT', '/api/levels/german/a1', { token: admin, body });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ title: 'Beginner I', version: 2, order_index: 0 });
    // A second admin still holding version 1.
    const stale = await api('PUT', '/api/levels/german/a1', { token: admin, body: { ...body, title: 'Overwrite' } });
    expect(stale.status).toBe(409);
    expect((await api('GET', '/api/levels?language_id=german', { token: admin })).body[0].title).toBe('Beginner I');

    const moved = await api('PUT', '/api/levels/german/a1', { token: admin, body: { ...body, version: 2, language_id: 'dutch' } });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toMatch(/cannot be moved to another language/);
    expect((await api('PUT', '/api/levels/german/none', { token: admin, body })).status).toBe(404);
    expect((await invalidFields('PUT', '/api/levels/german/a1', { token: admin, body: { ...body, title: 'x' } })).title).toBe(
      'Title must be at least 2 characters',
    );
  });

  it('moves up and down by swapping with the neighbour, 0 standing in for a missing order', async () => {
    const order = async () => ids((await api('GET', '/api/levels?language_id=german', { token: admin })).body);
    expect(await order()).toEqual(['a1', 'a2', 'yy', 'b1', 'zz']);

    const first = await api('POST', '/api/levels/german/a1/move', { token: admin, body: { direction: 'up' } });
    expect(first.status).toBe(400);
    expect(first.body.message).toBe('This level is already first and cannot move up');
    const last = await api('POST', '/api/levels/german/zz/move', { token: admin, body: { direction: 'down' } });
    expect(last.status).toBe(400);
    expect(last.body.message).toBe('This level is already last and cannot move down');

    const down = await api('POST', '/api/levels/german/a1/move', { token: admin, body: { direction: 'down' } });
    expect(down.status).toBe(200);
    expect(down.body.map((l: { id: string; order_index: number }) => [l.id, l.order_index])).toEqual([
      ['a1', 1],
      ['a2', 0],
    ]);
    expect(await order()).toEqual(['a2', 'a1', 'yy', 'b1', 'zz']);

    // zz has no order: moving b1 (order 2) down gives b1 0 and zz 2.
    const swap = await api('POST', '/api/levels/german/b1/move', { token: admin, body: { direction: 'down' } });
    expect(swap.body.map((l: { id: string; order_index: number }) => [l.id, l.order_index])).toEqual([
      ['b1', 0],
      ['zz', 2],
    ]);

    expect((await api('POST', '/api/levels/german/a1/move', { token: admin, body: { direction: 'sideways' } })).status).toBe(400);
    expect((await api('POST', '/api/levels/german/nope/move', { token: admin, body: { direction: 'up' } })).status).toBe(404);
  });

  it('keeps orders distinct when two admins move neighbouring levels at the same time', async () => {
    await language('polish');
    for (const id of ['p1', 'p2', 'p3']) await level('polish', id);
    for (let round = 0; round < 5; round++) {
      // Both moves involve p2: without version conditions one swap would overwrite the other's.
      const results = await Promise.all([
        api('POST', '/api/levels/polish/p1/move', { token: admin, body: { direction: round % 2 ? 'up' : 'down' } }),
        api('POST', '/api/levels/polish/p3/move', { token: admin, body: { direction: round % 2 ? 'down' : 'up' } }),
      ]);
      for (const r of results) expect([200, 400, 409]).toContain(r.status);
      const orders = (await api('GET', '/api/levels?language_id=polish', { token: admin })).body.map((l: { order_index: number }) => l.order_index);
      expect(orders.sort()).toEqual([0, 1, 2]);
    }
  });

  it("reorders all of a language's levels in one all-or-nothing write, with the versions the admin saw", async () => {
    await language('swedish');
    for (const id of ['s1', 's2', 's3']) await level('swedish', id);
    const read = async () =>
      (await api('GET', '/api/levels?language_id=swedish', { token: admin })).body as { id: string; version: number; order_index: number }[];
    const seen = await read();
    const byId = (id: string) => ({ id, version: seen.find((l) => l.id === id)!.version });

    const r = await api('POST', '/api/levels/reorder', { token: admin, body: { language_id: 'swedish', levels: ['s3', 's1', 's2'].map(byId) } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.map((l: { id: string; order_index: number }) => [l.id, l.order_index])).toEqual([
      ['s3', 0],
      ['s1', 1],
      ['s2', 2],
    ]);
    const after = await read();
    expect(ids(after)).toEqual(['s3', 's1', 's2']);
    expect(after.every((l) => l.version === seen.find((x) => x.id === l.id)!.version + 1)).toBe(true);

    // Stale lists: the versions read before the reorder, a missing level, an extra one. 409, nothing written.
    const stale = [
      ['s1', 's2', 's3'].map(byId),
      after.slice(0, 2).map(({ id, version }) => ({ id, version })),
      [...after.map(({ id, version }) => ({ id, version })), { id: 's9', version: 1 }],
    ];
    for (const levels of stale) {
      const bad = await api('POST', '/api/levels/reorder', { token: admin, body: { language_id: 'swedish', levels } });
      expect(bad.status, JSON.stringify(levels)).toBe(409);
      expect(bad.body.message).toBe('The levels of this language changed meanwhile. Reload and try again.');
    }
    expect(await read()).toEqual(after);

    // Bad input is a 400 with a message, never a 5xx.
    const twice = await api('POST', '/api/levels/reorder', {
      token: admin,
      body: { language_id: 'swedish', levels: [after[0], after[0], after[1]].map(({ id, version }) => ({ id, version })) },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('Each level may appear only once in the list.');
    expect((await invalidFields('POST', '/api/levels/reorder', { token: admin, body: { language_id: 'swedish', levels: [] } })).levels).toBe(
      'Nothing to reorder',
    );
    expect((await api('POST', '/api/levels/reorder', { token: admin, body: { language_id: 'swedish', levels: [{ id: 'S 1', version: 0 }] } })).status).toBe(
      400,
    );
    expect(await read()).toEqual(after);

    // Two admins drop at the same time from the same list: at most one wins, the order is the winner's.
    const list = (order: string[]) => order.map((id) => ({ id, version: after.find((l) => l.id === id)!.version }));
    const orders = [
      ['s1', 's2', 's3'],
      ['s2', 's3', 's1'],
    ];
    const results = await Promise.all(
      orders.map((o) => api('POST', '/api/levels/reorder', { token: admin, body: { language_id: 'swedish', levels: list(o) } })),
    );
    expect(results.every((x) => x.status === 200 || x.status === 409)).toBe(true);
    const winners = orders.filter((_, i) => results[i].status === 200);
    expect(winners.length).toBeLessThanOrEqual(1);
    expect(ids(await read())).toEqual(winners[0] ?? ['s3', 's1', 's2']);
  });

  it('locks and unlocks', async () => {
    const locked = await api('POST', '/api/levels/dutch/a1/lock', { token: admin, body: { is_locked: true } });
    expect(locked.status).toBe(200);
    expect(locked.body.is_locked).toBe(true);
    const unlocked = await api('POST', '/api/levels/dutch/a1/lock', { token: admin, body: { is_locked: false } });
    expect(unlocked.body).toMatchObject({ is_locked: false, version: (locked.body.version as number) + 1 });
    expect((await api('POST', '/api/levels/dutch/a1/lock', { token: admin, body: {} })).status).toBe(400);
    expect((await api('POST', '/api/levels/dutch/none/lock', { token: admin, body: { is_locked: true } })).status).toBe(404);
  });

  it('deletes a level with its lessons and phrases, finishing an interrupted delete', async () => {
    const d = await db();
    await level('dutch', 'b2', 'Upper');
    await lesson('dutch', 'b2', 'travel');
    await lesson('dutch', 'b2', 'work');
    const p = await api('POST', '/api/phrases', {
      token: admin,
      body: { language_id: 'dutch', level_id: 'b2', lesson_id: 'travel', audio_url: audio(1), phrases: [{ original_text: 'Hoi', translated_text: 'Hi' }] },
    });
    expect(p.status).toBe(201);
    // A sibling level's content must survive.
    await lesson('dutch', 'a1', 'keep');
    const before = await d.queryPartition('LANG#dutch');

    // Interrupted: the phrases went, the process died.
    await d.deleteKeys(before.filter((i) => String(i.SK).startsWith('PHRASE#b2#')).map((i) => ({ PK: i.PK as string, SK: i.SK as string })));
    expect(ids((await api('GET', '/api/levels?language_id=dutch', { token: admin })).body)).toContain('b2');

    expect((await api('DELETE', '/api/levels/dutch/b2', { token: admin })).status).toBe(204);
    const after = (await d.queryPartition('LANG#dutch')).map((i) => i.SK);
    expect(after.filter((sk) => String(sk).includes('b2'))).toEqual([]);
    expect(after).toEqual(expect.arrayContaining(['META', 'LEVEL#a1', 'LESSON#a1#keep']));
    expect((await api('DELETE', '/api/levels/dutch/b2', { token: admin })).status).toBe(404);
  });
});

describe('lessons API', () => {
  beforeAll(async () => {
    await language('french');
    await level('french', 'a1', 'Débutant');
    await level('french', 'a2', 'Élémentaire');
  });

  it("validates with the spec's texts and needs an existing level", async () => {
    const invalid = (body: object) => invalidFields('POST', '/api/lessons', { token: admin, body });
    expect(await invalid({ id: '', language_id: '', level_id: '', title: 'a', translated_title: 'b', icon_url: 'ftp://x' })).toEqual({
      id: 'Lesson ID is required',
      language_id: 'Language is required',
      level_id: 'Level is required',
      title: 'Title must be at least 2 characters',
      translated_title: 'Translated title must be at least 2 characters',
      icon_url: 'Please enter a valid URL for the icon image',
    });
    expect((await invalid({ id: 'No_Way', language_id: 'french', level_id: 'a1', title: 'Ok', translated_title: 'Ok' })).id).toBe(
      'ID must contain only lowercase letters, numbers, and hyphens',
    );
    const missing = await api('POST', '/api/lessons', {
      token: admin,
      body: { id: 'x', language_id: 'french', level_id: 'c2', title: 'Ok', translated_title: 'Ok' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Level not found');
  });

  it('gives new lessons the next order of their level (next-order), unlocked; 409 for a taken id', async () => {
    const next = () => api('GET', '/api/lessons/next-order?language_id=french&level_id=a1', { token: admin });
    expect((await next()).body).toEqual({ order_index: 0 });
    expect((await lesson('french', 'a1', 'hello')).order_index).toBe(0);
    expect((await lesson('french', 'a1', 'numbers')).order_index).toBe(1);
    expect((await lesson('french', 'a1', 'colors', { order_index: 7 })).order_index).toBe(7);
    expect((await next()).body).toEqual({ order_index: 8 });
    const created = await lesson('french', 'a2', 'travel');
    expect(created).toMatchObject({ order_index: 0, is_locked: false, version: 1, icon_url: '' });
    expect(
      (
        await api('POST', '/api/lessons', {
          token: admin,
          body: { id: 'hello', language_id: 'french', level_id: 'a1', title: 'Again', translated_title: 'Again' },
        })
      ).status,
    ).toBe(409);
    expect((await api('GET', '/api/lessons/next-order?language_id=french', { token: admin })).status).toBe(400);
  });

  it("lists with filters, ignoring empty ones and the text 'undefined'", async () => {
    const list = (q: string) => api('GET', `/api/lessons${q}`, { token: admin }).then((r) => ids(r.body));
    expect(await list('?language_id=french&level_id=a1')).toEqual(['hello', 'numbers', 'colors']);
    expect(await list('?language_id=french&level_id=undefined')).toEqual(['hello', 'numbers', 'colors', 'travel']);
    expect(await list('?language_id=french&level_id=')).toEqual(['hello', 'numbers', 'colors', 'travel']);
    const all = await list('?language_id=undefined');
    expect(all).toEqual(expect.arrayContaining(['hello', 'travel', 'greetings', 'food']));
    expect(await list('?level_id=a2')).toEqual(expect.arrayContaining(['travel', 'greetings', 'food']));
  });

  it('moves by swapping orders; ignores moves past the ends; needs both orders', async () => {
    const order = async () => ids((await api('GET', '/api/lessons?language_id=french&level_id=a1', { token: admin })).body);
    const move = (id: string, direction: string) => api('POST', `/api/lessons/french/a1/${id}/move`, { token: admin, body: { direction } });

    const swapped = await move('numbers', 'up');
    expect(swapped.status).toBe(200);
    expect(await order()).toEqual(['numbers', 'hello', 'colors']);
    const top = await move('numbers', 'up');
    expect(top.status).toBe(200);
    expect(top.body).toEqual([]);
    expect((await move('colors', 'down')).body).toEqual([]);
    expect(await order()).toEqual(['numbers', 'hello', 'colors']);

    const d = await db();
    await d.createLesson({ id: 'unordered', language_id: 'french', level_id: 'a1', title: 'Zzz', translated_title: 'Zzz', order_index: null });
    const missing = await move('unordered', 'up');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Cannot reorder: missing order index');
    expect(await order()).toEqual(['numbers', 'hello', 'colors', 'unordered']);
  });

  it('reorders a level atomically, only with exactly its lessons', async () => {
    const wanted = ['unordered', 'colors', 'hello', 'numbers'];
    const r = await api('POST', '/api/lessons/reorder', { token: admin, body: { language_id: 'french', level_id: 'a1', lesson_ids: wanted } });
    expect(r.status).toBe(200);
    expect(r.body.map((l: { order_index: number }) => l.order_index)).toEqual([0, 1, 2, 3]);
    expect(ids((await api('GET', '/api/lessons?language_id=french&level_id=a1', { token: admin })).body)).toEqual(wanted);

    for (const lesson_ids of [
      ['colors', 'hello', 'numbers'],
      [...wanted, 'travel'],
      ['colors', 'colors', 'hello', 'numbers'],
    ]) {
      const bad = await api('POST', '/api/lessons/reorder', { token: admin, body: { language_id: 'french', level_id: 'a1', lesson_ids } });
      expect(bad.status).toBe(400);
    }
    expect(ids((await api('GET', '/api/lessons?language_id=french&level_id=a1', { token: admin })).body)).toEqual(wanted);
  });

  it('updates with optimistic locking, stays in its level, locks', async () => {
    const current = (await api('GET', '/api/lessons?language_id=french&level_id=a2', { token: admin })).body[0];
    const body = { title: 'Voyager', translated_title: 'Travel', icon_url: '', version: current.version };
    const ok = await api('PUT', '/api/lessons/french/a2/travel', { token: admin, body });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ title: 'Voyager', version: (current.version as number) + 1 });
    expect((await api('PUT', '/api/lessons/french/a2/travel', { token: admin, body: { ...body, title: 'Stale' } })).status).toBe(409);
    expect((await api('PUT', '/api/lessons/french/a2/travel', { token: admin, body: { ...body, version: ok.body.version, level_id: 'a1' } })).status).toBe(400);
    expect((await api('PUT', '/api/lessons/french/a2/nothing', { token: admin, body })).status).toBe(404);

    const locked = await api('POST', '/api/lessons/french/a2/travel/lock', { token: admin, body: { is_locked: true } });
    expect(locked.body.is_locked).toBe(true);
    expect((await api('GET', '/api/lessons?language_id=french&level_id=a2', { token: admin })).body[0].is_locked).toBe(true);
  });

  it('deletes a lesson with its phrases only', async () => {
    const d = await db();
    for (const l of ['hello', 'numbers']) {
      await api('POST', '/api/phrases', {
        token: admin,
        body: { language_id: 'french', level_id: 'a1', lesson_id: l, audio_url: audio(l), phrases: [{ original_text: 'Bonjour', translated_text: 'Hello' }] },
      });
    }
    expect((await api('DELETE', '/api/lessons/french/a1/hello', { token: admin })).status).toBe(204);
    const sks = (await d.queryPartition('LANG#french')).map((i) => String(i.SK));
    expect(sks.some((sk) => sk.includes('#hello'))).toBe(false);
    expect(sks.some((sk) => sk.startsWith('PHRASE#a1#numbers#'))).toBe(true);
    expect((await api('DELETE', '/api/lessons/french/a1/hello', { token: admin })).status).toBe(404);
  });
});

describe('phrases API', () => {
  const where = { language_id: 'spanish', level_id: 'a1', lesson_id: 'cafe' };
  // The list answers a page ({ items, cursor }); these lessons fit in the first one.
  const list = async (q = '?language_id=spanish&level_id=a1&lesson_id=cafe') => (await api('GET', `/api/phrases${q}`, { token: admin })).body.items;

  beforeAll(async () => {
    await language('spanish');
    await level('spanish', 'a1', 'Principiante');
    await lesson('spanish', 'a1', 'cafe');
    await lesson('spanish', 'a1', 'bar');
  });

  it("validates the audio form and the rows with the spec's texts", async () => {
    const bad = { language_id: '', level_id: '', lesson_id: '', audio_url: 'nope', phrases: [] };
    expect(await invalidFields('POST', '/api/phrases', { token: admin, body: bad })).toEqual({
      language_id: 'Language is required',
      level_id: 'Level is required',
      lesson_id: 'Lesson is required',
      audio_url: 'Please enter a valid URL for the audio file',
      phrases: 'At least one phrase with translation is required',
    });
    const blank = await api('POST', '/api/phrases', {
      token: admin,
      body: {
        ...where,
        audio_url: audio(1),
        phrases: [
          { original_text: '  ', translated_text: 'x' },
          { original_text: 'Hola', translated_text: ' ' },
        ],
      },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('At least one phrase with translation is required');
    const noLesson = await api('POST', '/api/phrases', {
      token: admin,
      body: { ...where, lesson_id: 'ghost', audio_url: audio(1), phrases: [{ original_text: 'a', translated_text: 'b' }] },
    });
    expect(noLesson.status).toBe(404);
    expect(await list('?language_id=spanish&level_id=a1&lesson_id=ghost')).toEqual([]);
  });

  it('creates one phrase per kept row sharing the audio, trimmed, in creation order', async () => {
    const r = await api('POST', '/api/phrases', {
      token: admin,
      body: {
        ...where,
        audio_url: 'https://cdn.example.com/a/hola.mp3',
        phrases: [
          { original_text: ' Hola ', translated_text: 'Hello' },
          { original_text: '', translated_text: 'dropped' },
          { original_text: 'Adiós', translated_text: 'Bye' },
          { original_text: 'Gracias', translated_text: 'Thanks' },
        ],
      },
    });
    expect(r.status).toBe(201);
    expect(r.body.map((p: { original_text: string }) => p.original_text)).toEqual(['Hola', 'Adiós', 'Gracias']);
    expect(r.body.every((p: { audio_url: string; version: number }) => p.audio_url === 'https://cdn.example.com/a/hola.mp3' && p.version === 1)).toBe(true);
    await api('POST', '/api/phrases', {
      token: admin,
      body: { ...where, audio_url: audio('cafe'), phrases: [{ original_text: 'Un café', translated_text: 'A coffee' }] },
    });
    await api('POST', '/api/phrases', {
      token: admin,
      body: { ...where, lesson_id: 'bar', audio_url: audio('bar'), phrases: [{ original_text: 'Una cerveza', translated_text: 'A beer' }] },
    });

    expect((await list()).map((p: { original_text: string }) => p.original_text)).toEqual(['Hola', 'Adiós', 'Gracias', 'Un café']);
    expect((await list('?language_id=spanish&level_id=a1&lesson_id=undefined')).length).toBe(5);
    expect((await list('?language_id=spanish&lesson_id=bar')).map((p: { original_text: string }) => p.original_text)).toEqual(['Una cerveza']);
    // No language filter: every language partition is queried.
    const all = await list('');
    expect(all.some((p: { language_id: string }) => p.language_id === 'spanish')).toBe(true);
    expect(all.some((p: { language_id: string }) => p.language_id === 'french')).toBe(true);
  });

  it('edits a group as a whole: pairs rows, deletes surplus, creates extras, moves the group to new audio', async () => {
    const before = (await list()).filter((p: { audio_url: string }) => p.audio_url === 'https://cdn.example.com/a/hola.mp3');
    const [hola, adios, gracias] = before;
    const r = await api('PUT', '/api/phrases/group', {
      token: admin,
      body: {
        ...where,
        audio_url: audio('new'),
        old_audio_url: 'https://cdn.example.com/a/hola.mp3',
        old_phrases: before.map((p: { id: string; version: number }) => ({ id: p.id, version: p.version })),
        phrases: [
          { id: adios.id, original_text: 'Adiós amigo', translated_text: 'Bye friend' },
          { original_text: 'Hola de nuevo', translated_text: 'Hello again' }, // no id: paired with hola, the first unclaimed
          { original_text: '', translated_text: '' }, // dropped
        ],
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    let after = await list();
    const byId = new Map(after.map((p: { id: string }) => [p.id, p]));
    expect(byId.get(hola.id)).toMatchObject({ original_text: 'Hola de nuevo', audio_url: audio('new'), version: 2 });
    expect(byId.get(adios.id)).toMatchObject({ original_text: 'Adiós amigo', translated_text: 'Bye friend', version: 2 });
    expect(byId.has(gracias.id)).toBe(false); // surplus deleted
    expect(after.map((p: { original_text: string }) => p.original_text)).toEqual(['Hola de nuevo', 'Adiós amigo', 'Un café']);
    expect(r.body.map((p: { original_text: string }) => p.original_text)).toEqual(['Hola de nuevo', 'Adiós amigo']);

    // More rows than old phrases: the extra one is created, after the others.
    const group = after.filter((p: { audio_url: string }) => p.audio_url === audio('new'));
    const grown = await api('PUT', '/api/phrases/group', {
      token: admin,
      body: {
        ...where,
        audio_url: audio('new'),
        old_audio_url: audio('new'),
        old_phrases: group.map((p: { id: string; version: number }) => ({ id: p.id, version: p.version })),
        phrases: [
          ...group.map((p: { original_text: string; translated_text: string }) => ({ original_text: p.original_text, translated_text: p.translated_text })),
          { original_text: 'Buenos días', translated_text: 'Good morning' },
        ],
      },
    });
    expect(grown.status).toBe(200);
    after = await list();
    expect(after.map((p: { original_text: string }) => p.original_text)).toEqual(['Hola de nuevo', 'Adiós amigo', 'Un café', 'Buenos días']);
    expect(after.find((p: { original_text: string }) => p.original_text === 'Buenos días').audio_url).toBe(audio('new'));
  });

  it('refuses to overwrite a group another admin changed meanwhile (409), leaving it intact', async () => {
    const group = (await list()).filter((p: { audio_url: string }) => p.audio_url === audio('new'));
    const seen = group.map((p: { id: string; version: number }) => ({ id: p.id, version: p.version }));
    const edit = (text: string) => ({
      ...where,
      audio_url: audio('new'),
      old_audio_url: audio('new'),
      old_phrases: seen,
      phrases: group.map((p: { id: string }) => ({ id: p.id, original_text: text, translated_text: text })),
    });
    const [first, second] = [
      await api('PUT', '/api/phrases/group', { token: admin, body: edit('Admin one') }),
      await api('PUT', '/api/phrases/group', { token: admin, body: edit('Admin two') }),
    ];
    expect(first.status).toBe(200);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('These phrases were changed by someone else. Reload and try again.');
    const now = (await list()).filter((p: { audio_url: string }) => p.audio_url === audio('new'));
    expect(now.every((p: { original_text: string }) => p.original_text === 'Admin one')).toBe(true);

    // Someone added a phrase to the group: a save based on the old view would delete it, so 409.
    await api('POST', '/api/phrases', {
      token: admin,
      body: { ...where, audio_url: audio('new'), phrases: [{ original_text: 'Nuevo', translated_text: 'New' }] },
    });
    const fresh = now.map((p: { id: string; version: number }) => ({ id: p.id, version: p.version }));
    const third = await api('PUT', '/api/phrases/group', { token: admin, body: { ...edit('Admin three'), old_phrases: fresh } });
    expect(third.status).toBe(409);
    expect((await list()).some((p: { original_text: string }) => p.original_text === 'Nuevo')).toBe(true);

    const foreign = await api('PUT', '/api/phrases/group', {
      token: admin,
      body: {
        ...where,
        audio_url: audio('new'),
        old_audio_url: audio('cafe'),
        old_phrases: [],
        phrases: [{ id: now[0].id, original_text: 'x', translated_text: 'y' }],
      },
    });
    expect(foreign.status).toBe(409); // the café group has one phrase, the client claimed none
  });

  it('moves a group to another lesson with its phrases, keeping their ids', async () => {
    await api('POST', '/api/phrases', {
      token: admin,
      body: {
        ...where,
        audio_url: audio('move'),
        phrases: [
          { original_text: 'Uno', translated_text: 'One' },
          { original_text: 'Dos', translated_text: 'Two' },
        ],
      },
    });
    const group = (await list()).filter((p: { audio_url: string }) => p.audio_url === audio('move'));
    const body = {
      ...where,
      lesson_id: 'bar',
      old_lesson_id: 'cafe',
      audio_url: audio('move'),
      old_audio_url: audio('move'),
      old_phrases: group.map((p: { id: string; version: number }) => ({ id: p.id, version: p.version })),
      phrases: [{ id: group[1].id, original_text: 'Dos', translated_text: 'Two' }],
    };
    const r = await api('PUT', '/api/phrases/group', { token: admin, body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual([expect.objectContaining({ id: group[1].id, lesson_id: 'bar', version: 2 })]);
    expect((await list()).some((p: { audio_url: string }) => p.audio_url === audio('move'))).toBe(false);
    const bar = await list('?language_id=spanish&level_id=a1&lesson_id=bar');
    expect(bar.map((p: { original_text: string }) => p.original_text)).toEqual(['Una cerveza', 'Dos']);
    // The same edit again is stale: the group is no longer where the client saw it.
    expect((await api('PUT', '/api/phrases/group', { token: admin, body })).status).toBe(409);
    expect((await api('PUT', '/api/phrases/group', { token: admin, body: { ...body, lesson_id: 'ghost' } })).status).toBe(404);
  });

  it('deletes one phrase', async () => {
    const [first] = await list();
    const path = `/api/phrases/spanish/a1/cafe/${first.id}`;
    expect((await api('DELETE', path, { token: admin })).status).toBe(204);
    expect((await list()).some((p: { id: string }) => p.id === first.id)).toBe(false);
    expect((await api('DELETE', path, { token: admin })).status).toBe(404);
  });
});
