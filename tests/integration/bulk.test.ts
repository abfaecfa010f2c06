/**
 * Bulk actions on the Coverage screen's rows (POST /api/admin/bulk): several levels and lessons
 * locked, unlocked or published in one transaction, all or nothing, and what visitors see (through
 * the twin's CDN) changes with one invalidation.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTHING_TO_CHANGE_TEXT } from '../../functions/data/publishing.js';
import { adminToken, api, ok } from './helpers.js';

const LANG = 'bulk-lang';
let admin: string;
const bulk = (action: string, items: { level_id: string; lesson_id?: string }[]) =>
  api('POST', '/api/admin/bulk', { token: admin, body: { language_id: LANG, action, items } });
const publicLessons = async () =>
  ((await ok(api('GET', `/api/pages/level/${LANG}/a1`))).body as { lessons: { id: string; is_locked: boolean }[] }).lessons.map((l) => [l.id, l.is_locked]);
const adminLessons = async () =>
  ((await ok(api('GET', `/api/lessons?language_id=${LANG}`, { token: admin }))).body as { id: string; is_locked: boolean; is_draft?: boolean }[])
    .map((l) => [l.id, l.is_locked, !!l.is_draft])
    .sort();

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
    expect((await bulk('delete', [{ level_id: 'a1' }])).body.message).toBe('action is lock, unlock or publish');
  });
});
