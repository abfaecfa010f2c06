/**
 * Bulk actions on the Coverage screen's rows (POST /api/admin/bulk): several levels and lessons
 * locked, unlocked, published or deleted, or several phrases given generated audio, in one
 * transaction, all or nothing, with their Undo; what visitors see (through the twin's CDN) changes
 * with one invalidation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTHING_TO_CHANGE_TEXT } from '../../functions/services/bulk.js';
import { BULK_AUDIO_TEXT } from '../../shared/contracts/publishing.js';
import { addPhrases, adminToken, api, ok, signIn, twin, userToken, pointAtTwin, subOf } from './helpers.js';
import { decodeTimings } from '../../shared/word-timings.js';

const LANG = 'bulk-lang';
let admin: string;
type Item = { level_id: string; lesson_id?: string; phrase_id?: string; version?: number };
const bulk = (action: string, items: Item[]) => api('POST', '/api/admin/bulk', { token: admin, body: { language_id: LANG, action, items } });
const publicLessons = async () =>
  ((await ok(api('GET', `/api/pages/level/${LANG}/a1`))).body as { lessons: { id: string; is_locked: boolean }[] }).lessons.map((l) => [l.id, l.is_locked]);
const adminLessons = async () =>
  ((await ok(api('GET', `/api/lessons?language_id=${LANG}`, { token: admin }))).body as { id: string; is_locked: boolean; is_draft?: boolean }[])
    .map((l) => [l.id, l.is_locked, !!l.is_draft])
    .sort();

// Other suites count and export what the shared twin holds: the language goes afterwards.
afterAll(async () => {
  await api('DELETE', `/api/languages/${LANG}`, { token: admin });
});

beforeAll(async () => {
  admin = await adminToken();
  await ok(api('POST', '/api/languages', { token: admin, body: { id: LANG, name: 'Bulk', flag_url: 'https://flags.example/b.svg' } }));
  await ok(api('POST', '/api/levels', { token: admin, body: { id: 'a1', language_id: LANG, title: 'Beginner', cefr_label: 'A1', icon_url: '' } }));
  for (const [id, is_draft] of [
    ['one', false],
    ['two', false],
    ['three', true],
    ['four', true],
  ] as const)
    await ok(
      api('POST', '/api/lessons', { token: admin, body: { id, language_id: LANG, level_id: 'a1', title: `Lesson ${id}`, translated_title: id, is_draft } }),
    );
});

describe('bulk actions', () => {
  it('locks two lessons in one step, visitors see it at once, and Undo (unlock) puts them back', async () => {
    expect(await publicLessons()).toEqual([
      ['one', false],
      ['two', false],
    ]);
    const locked = await ok(
      bulk('lock', [
        { level_id: 'a1', lesson_id: 'one' },
        { level_id: 'a1', lesson_id: 'two' },
      ]),
    );
    expect(locked.body).toEqual({ action: 'lock', changed: 2 });
    expect(await publicLessons()).toEqual([
      ['one', true],
      ['two', true],
    ]);
    await ok(
      bulk('unlock', [
        { level_id: 'a1', lesson_id: 'one' },
        { level_id: 'a1', lesson_id: 'two' },
      ]),
    );
    expect(await publicLessons()).toEqual([
      ['one', false],
      ['two', false],
    ]);
  });

  it('is all or nothing: one missing item changes none of them', async () => {
    const before = await adminLessons();
    const r = await bulk('lock', [
      { level_id: 'a1', lesson_id: 'one' },
      { level_id: 'a1', lesson_id: 'gone' },
    ]);
    expect(r.status).toBe(404);
    expect(await adminLessons()).toEqual(before);
  });

  it('publishes draft lessons together; a second run has nothing to change', async () => {
    const r = await ok(
      bulk('publish', [
        { level_id: 'a1', lesson_id: 'three' },
        { level_id: 'a1', lesson_id: 'four' },
      ]),
    );
    expect(r.body).toEqual({ action: 'publish', changed: 2 });
    expect((await publicLessons()).map(([id]) => id)).toEqual(['one', 'two', 'three', 'four']);
    const again = await bulk('publish', [{ level_id: 'a1', lesson_id: 'three' }]);
    expect([again.status, again.body.message]).toEqual([400, NOTHING_TO_CHANGE_TEXT]);
  });

  it('refuses an empty or oversized selection and an unknown action with the contract texts', async () => {
    expect((await bulk('lock', [])).body.message).toBe('Select at least one item');
    expect(
      (
        await bulk(
          'lock',
          Array.from({ length: 51 }, () => ({ level_id: 'a1' })),
        )
      ).body.message,
    ).toBe('Select at most 50 items at once');
    expect((await bulk('explode', [{ level_id: 'a1' }])).body.message).toBe('action is one of lock, unlock, publish, delete, generate_audio, remove_audio');
    // A phrase action names phrases; the others levels and lessons.
    expect((await bulk('generate_audio', [{ level_id: 'a1', lesson_id: 'one' }])).status).toBe(400);
    expect((await bulk('lock', [{ level_id: 'a1', lesson_id: 'one', phrase_id: '01J00000000000000000000000' }])).status).toBe(400);
    const many = Array.from({ length: 21 }, () => ({ level_id: 'a1', lesson_id: 'one', phrase_id: '01J00000000000000000000000' }));
    expect((await bulk('generate_audio', many)).body.message).toBe(BULK_AUDIO_TEXT);
  });
});

/** The data layer pointed at the twin's DynamoDB: phrases without audio, as an import or an old seed leaves them. */
async function db() {
  pointAtTwin();
  return import('../../functions/data/course.js');
}
/** An editor of this language (as User Management makes one): Undo of someone else's delete is not theirs. */
async function editorOfLang() {
  const email = 'editor.bulk@parrotphrases.test';
  const sub = subOf(await userToken(email));
  await ok(api('PUT', `/api/admin/users/${sub}/editor`, { token: admin, body: { languages: [LANG], publish_posts: false } }));
  return signIn(email, 'Learner-Passw0rd!');
}
const trashIds = async () => ((await ok(api('GET', '/api/admin/trash', { token: admin }))).body as { id: string }[]).map((e) => e.id);

describe('bulk delete and its Undo', () => {
  beforeAll(async () => {
    await ok(api('POST', '/api/levels', { token: admin, body: { id: 'b1', language_id: LANG, title: 'To go', cefr_label: 'B1', icon_url: '' } }));
    for (const id of ['x', 'y'])
      await ok(
        api('POST', '/api/lessons', {
          token: admin,
          body: { id, language_id: LANG, level_id: 'b1', title: `Lesson ${id}`, translated_title: `Lección ${id}` },
        }),
      );
    await addPhrases(admin, { language_id: LANG, level_id: 'b1', lesson_id: 'x' }, '/media/content/audio/bulk_x.mp3', [
      ['Uno', 'One'],
      ['Dos', 'Two'],
    ]);
  });

  it('deletes a level and a lesson into the Trash at once, and Undo puts back exactly what was there', async () => {
    const before = await ok(api('GET', `/api/phrases?language_id=${LANG}&level_id=b1`, { token: admin }));
    const r = await ok(
      bulk('delete', [
        { level_id: 'b1' },
        { level_id: 'b1', lesson_id: 'x' }, // in the level: goes with it, once
        { level_id: 'a1', lesson_id: 'two' },
      ]),
    );
    expect(r.body).toMatchObject({ action: 'delete', changed: 2 });
    const trash = r.body.trash as string[];
    expect(trash).toHaveLength(2);
    expect(await trashIds()).toEqual(expect.arrayContaining(trash));
    expect((await api('GET', `/api/pages/level/${LANG}/b1`)).status).toBe(404);
    expect((await publicLessons()).map(([id]) => id)).not.toContain('two');

    // Undo is the caller's own: an editor of the language gets 404, as for an id that names nothing.
    const other = await api('POST', '/api/admin/bulk/undelete', { token: await editorOfLang(), body: { language_id: LANG, trash } });
    expect(other.status).toBe(404);
    const undo = await ok(api('POST', '/api/admin/bulk/undelete', { token: admin, body: { language_id: LANG, trash } }));
    expect(undo.body).toEqual({ action: 'restore', changed: 2 });
    expect(await ok(api('GET', `/api/phrases?language_id=${LANG}&level_id=b1`, { token: admin }))).toMatchObject({ body: before.body });
    expect((await publicLessons()).map(([id]) => id)).toContain('two');
    expect(await trashIds()).not.toEqual(expect.arrayContaining([trash[0]]));
    // Undone once: a second Undo finds nothing.
    expect((await api('POST', '/api/admin/bulk/undelete', { token: admin, body: { language_id: LANG, trash } })).status).toBe(404);
  });

  it('deletes nothing when one item is missing, and leaves no Trash entry', async () => {
    const trashBefore = await trashIds();
    const r = await bulk('delete', [{ level_id: 'b1', lesson_id: 'y' }, { level_id: 'nope' }]);
    expect(r.status).toBe(404);
    expect(await trashIds()).toEqual(trashBefore);
    expect((await ok(api('GET', `/api/lessons?language_id=${LANG}&level_id=b1`, { token: admin }))).body).toHaveLength(2);
  });

  it('refuses to put back entries of another language (the editor check is on the language named)', async () => {
    const r = await ok(bulk('delete', [{ level_id: 'b1', lesson_id: 'y' }]));
    const trash = r.body.trash as string[];
    expect((await api('POST', '/api/admin/bulk/undelete', { token: admin, body: { language_id: 'spanish', trash } })).status).toBe(404);
    await ok(api('POST', '/api/admin/bulk/undelete', { token: admin, body: { language_id: LANG, trash } }));
  });
});

describe('bulk audio and its Undo', () => {
  const lesson = { language_id: LANG, level_id: 'a1', lesson_id: 'one' };
  let silent: Item[];
  beforeAll(async () => {
    const d = await db();
    const made = [
      await d.createPhrase({ ...lesson, original_text: 'Buenos días', translated_text: 'Good morning', audio_url: '' }),
      await d.createPhrase({ ...lesson, original_text: 'Buenas noches', translated_text: 'Good night', audio_url: '' }),
    ];
    silent = made.map((p) => ({ level_id: 'a1', lesson_id: 'one', phrase_id: String(p.id) }));
  });
  const audioOf = async () => {
    const phrases = (await ok(api('GET', `/api/phrases?language_id=${LANG}&level_id=a1&lesson_id=one`, { token: admin }))).body as {
      items: { id: string; original_text: string; audio_url: string; audio_timings?: string; version: number }[];
    };
    return silent.map((s) => phrases.items.find((p) => p.id === s.phrase_id)!);
  };

  it('generates the missing audio of several phrases at once, served as MP3, and Undo removes it', async () => {
    const r = await ok(bulk('generate_audio', silent));
    expect(r.body).toMatchObject({ action: 'generate_audio', changed: 2 });
    const after = await audioOf();
    for (const p of after) {
      expect(p.audio_url).toMatch(/\/audio\/tts_.+\.mp3$/);
      const mp3 = await fetch(new URL(p.audio_url, twin().url));
      expect([mp3.status, mp3.headers.get('content-type')]).toEqual([200, 'audio/mpeg']);
    }
    // Each file says its phrase alone: the phrase keeps the file's word timings as its own.
    expect(after.map((p) => decodeTimings(p.audio_timings, p.original_text.length).map((w) => p.original_text.slice(w.start, w.end)))).toEqual([
      ['Buenos', 'días'],
      ['Buenas', 'noches'],
    ]);
    expect(r.body.items).toEqual(after.map((p) => ({ level_id: 'a1', lesson_id: 'one', phrase_id: p.id, version: p.version })));
    // Phrases that have audio now: nothing more to do.
    expect((await bulk('generate_audio', silent)).body.message).toBe(NOTHING_TO_CHANGE_TEXT);

    await ok(bulk('remove_audio', r.body.items as Item[]));
    expect((await audioOf()).map((p) => [p.audio_url, p.audio_timings])).toEqual([
      ['', undefined],
      ['', undefined],
    ]);
  });

  it('keeps the audio of a phrase changed since: Undo is refused whole', async () => {
    const r = await ok(bulk('generate_audio', silent));
    const items = r.body.items as Item[];
    const stale = items.map((i, n) => (n === 0 ? { ...i, version: (i.version ?? 0) - 1 } : i));
    const refused = await bulk('remove_audio', stale);
    expect(refused.status).toBe(409);
    expect((await audioOf()).every((p) => p.audio_url !== '')).toBe(true);
    await ok(bulk('remove_audio', items));
  });
});
