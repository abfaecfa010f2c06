import { beforeAll, describe, expect, it } from 'vitest';
import type { LanguagePage, LessonPage, LevelPage, LockedItem } from '../../shared/contracts/pages.js';
import { adminToken, api, pointAtTwin } from './helpers.js';

const LANG = 'pages-lingo';
const EMPTY = 'pages-empty';
const flag = 'https://example.com/flag.svg';
const audio = (n: number) => `/media/content/audio/pages_${n}.mp3`;

/** The data layer, pointed at the twin's DynamoDB: builds a course tree with exact orders and locks. */
async function dataLayer() {
  pointAtTwin();
  return import('../../functions/data/course.js');
}

beforeAll(async () => {
  const admin = await adminToken();
  const db = await dataLayer();
  for (const [id, name] of [
    [LANG, 'Lingo'],
    [EMPTY, 'Empty'],
  ]) {
    expect((await api('POST', '/api/languages', { token: admin, body: { id, name, flag_url: flag } })).status).toBe(201);
  }
  const level = (id: string, title: string, order_index: number | null, is_locked = false) =>
    db.createLevel({ id, language_id: LANG, title, cefr_label: id.toUpperCase().slice(0, 2), order_index, is_locked });
  // Unordered levels count as 999 and sort after ordered ones; ties go by title.
  await level('zz-unordered', 'Alpha unordered', null);
  await level('b2', 'Zeta', 1);
  await level('a1', 'Beta', 0);
  await level('a2', 'Alpha', 1);
  await level('c1', 'Locked level', 2, true);

  const lesson = (level_id: string, id: string, title: string, order_index: number | null, is_locked = false) =>
    db.createLesson({ id, language_id: LANG, level_id, title, translated_title: `${title} (en)`, order_index, is_locked });
  await lesson('a1', 'second', 'Second', 1);
  await lesson('a1', 'first', 'First', 0);
  await lesson('a1', 'last', 'Last', null);
  await lesson('a1', 'secret', 'Secret', 2, true);
  await lesson('a2', 'only', 'Only', 0);
  await lesson('c1', 'hidden', 'Hidden', 0);

  const phrase = (level_id: string, lesson_id: string, original_text: string, audio_url: string) =>
    db.createPhrase({ language_id: LANG, level_id, lesson_id, original_text, translated_text: `${original_text} (en)`, audio_url });
  await phrase('a1', 'first', 'one', audio(1));
  await phrase('a1', 'first', 'silent', '');
  await phrase('a1', 'first', 'two', audio(2));
  await phrase('a1', 'first', 'three', audio(1));
  await phrase('a1', 'first', 'blank', '   ');
  await phrase('a1', 'secret', 'classified', audio(3));
  await phrase('c1', 'hidden', 'buried', audio(4));
});

describe('GET /api/pages/language/{language}', () => {
  it('lists levels in catalogue order with lesson counts, cacheable', async () => {
    const r = await api('GET', `/api/pages/language/${LANG}`);
    expect(r.status).toBe(200);
    // Through the CDN: browsers always revalidate (by ETag); the CDN itself keeps it until a write invalidates it.
    expect(r.headers.get('cache-control')).toBe('no-cache');
    expect(r.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    const page = r.body as LanguagePage;
    expect(page.language).toMatchObject({ id: LANG, name: 'Lingo' });
    expect(page.levels.map((l) => [l.id, l.lesson_count])).toEqual([
      ['a1', 4],
      ['a2', 1],
      ['b2', 0],
      ['c1', 1],
      ['zz-unordered', 0],
    ]);
    expect(page.levels.find((l) => l.id === 'c1')).toMatchObject({ is_locked: true, title: 'Locked level' });
    expect((page.levels[0] as unknown as Record<string, unknown>).PK).toBeUndefined();
  });

  it('answers an empty list for a language without levels', async () => {
    const r = await api('GET', `/api/pages/language/${EMPTY}`);
    expect(r.status).toBe(200);
    expect(r.body.levels).toEqual([]);
  });

  it("answers 404 with the page's text for an unknown or impossible language", async () => {
    for (const id of ['nowhere', 'Not%20An%20Id']) {
      const r = await api('GET', `/api/pages/language/${id}`);
      expect(r.status).toBe(404);
      expect(r.body.message).toBe("The language you're looking for doesn't exist.");
    }
  });
});

describe('GET /api/pages/level/{language}/{level}', () => {
  it('returns the level with its lessons in order, locked ones included as cards', async () => {
    const r = await api('GET', `/api/pages/level/${LANG}/a1`);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-cache');
    const page = r.body as LevelPage;
    expect(page.language.id).toBe(LANG);
    expect(page.level).toMatchObject({ id: 'a1', title: 'Beta', cefr_label: 'A1', is_locked: false });
    expect(page.lessons.map((l) => [l.id, l.is_locked])).toEqual([
      ['first', false],
      ['second', false],
      ['secret', true],
      ['last', false],
    ]);
    expect(page.lessons[0]).toMatchObject({ title: 'First', translated_title: 'First (en)' });
  });

  it('reveals no lessons of a locked level', async () => {
    const r = await api('GET', `/api/pages/level/${LANG}/c1`);
    expect(r.status).toBe(200);
    expect(r.body.level.is_locked).toBe(true);
    expect(r.body.lessons).toEqual([]);
  });

  it('answers 404 for an unknown language or level', async () => {
    for (const path of [`nowhere/a1`, `${LANG}/nowhere`, `${EMPTY}/a1`]) {
      const r = await api('GET', `/api/pages/level/${path}`);
      expect(r.status).toBe(404);
      expect(r.body.message).toBe("The language or level you're looking for doesn't exist.");
    }
  });
});

describe('GET /api/pages/lesson/{language}/{level}/{lesson}', () => {
  it('returns lesson, context and phrases grouped by audio, dropping phrases without audio', async () => {
    const r = await api('GET', `/api/pages/lesson/${LANG}/a1/first`);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-cache');
    const page = r.body as LessonPage;
    expect(page.language.name).toBe('Lingo');
    expect(page.level).toMatchObject({ id: 'a1', cefr_label: 'A1' });
    expect(page.lesson).toMatchObject({ id: 'first', translated_title: 'First (en)' });
    expect(page.groups.map((g) => [g.audio_url, g.phrases.map((p) => p.original_text)])).toEqual([
      [audio(1), ['one', 'three']],
      [audio(2), ['two']],
    ]);
    expect(page.groups[0].phrases[0]).toMatchObject({ translated_text: 'one (en)' });
  });

  it('returns an empty group list for a lesson without phrases', async () => {
    const r = await api('GET', `/api/pages/lesson/${LANG}/a1/second`);
    expect(r.status).toBe(200);
    expect(r.body.groups).toEqual([]);
  });

  it('reveals no phrases of a locked lesson or of a lesson in a locked level', async () => {
    const lesson = await api('GET', `/api/pages/lesson/${LANG}/a1/secret`);
    expect(lesson.status).toBe(200);
    expect(lesson.body.lesson.is_locked).toBe(true);
    expect(lesson.body.groups).toEqual([]);
    const level = await api('GET', `/api/pages/lesson/${LANG}/c1/hidden`);
    expect(level.status).toBe(200);
    expect(level.body.level.is_locked).toBe(true);
    expect(level.body.groups).toEqual([]);
  });

  it('answers 404 for an unknown language, level or lesson', async () => {
    for (const path of [`nowhere/a1/first`, `${LANG}/a2/first`, `${LANG}/a1/nowhere`]) {
      const r = await api('GET', `/api/pages/lesson/${path}`);
      expect(r.status).toBe(404);
      expect(r.body.message).toBe("The lesson you're looking for doesn't exist.");
    }
  });
});

describe('GET /api/pages/locked', () => {
  it('describes a locked level and a locked lesson', async () => {
    const level = await api('GET', `/api/pages/locked?type=level&id=c1&languageId=${LANG}`);
    expect(level.status).toBe(200);
    expect(level.body as LockedItem).toMatchObject({ type: 'level', title: 'Locked level', icon_url: '' });
    expect(level.body.description).toContain('Lingo');
    const lesson = await api('GET', `/api/pages/locked?type=lesson&id=secret&languageId=${LANG}&levelId=a1`);
    expect(lesson.status).toBe(200);
    expect(lesson.body as LockedItem).toMatchObject({ type: 'lesson', title: 'Secret' });
    expect(lesson.body.description).toContain('Secret (en)');
  });

  it('answers 404 for unknown items and 400 for an incomplete query', async () => {
    expect((await api('GET', `/api/pages/locked?type=level&id=nowhere&languageId=${LANG}`)).status).toBe(404);
    expect((await api('GET', `/api/pages/locked?type=lesson&id=nowhere&languageId=${LANG}&levelId=a1`)).status).toBe(404);
    expect((await api('GET', `/api/pages/locked?type=lesson&id=secret&languageId=${LANG}`)).status).toBe(400);
    expect((await api('GET', `/api/pages/locked?type=other&id=c1&languageId=${LANG}`)).status).toBe(400);
    expect((await api('GET', '/api/pages/locked')).status).toBe(400);
  });
});
