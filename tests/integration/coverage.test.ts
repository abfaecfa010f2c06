/** GET /api/coverage/{language} through the gateway against the twin: who may ask, and what it finds. */
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, addPhrases, api, ok, userToken, pointAtTwin } from './helpers.js';

let admin: string;
let learner: string;
const LANG = 'coverage-lingo';
const MISSING = "The language you're looking for doesn't exist.";

/** The data layer pointed at the twin's DynamoDB: phrases the API refuses (no audio, no translation), as an import or an old seed leaves them. */
async function db() {
  pointAtTwin();
  return import('../../functions/data/course.js');
}

const post = (path: string, body: unknown) => ok(api('POST', path, { token: admin, body }));

beforeAll(async () => {
  admin = await adminToken();
  learner = await userToken();
});

describe('who may read a coverage', () => {
  it('answers 401 without a token, 403 to a learner and 404 for an unknown or malformed language', async () => {
    expect((await api('GET', `/api/coverage/${LANG}`)).status).toBe(401);
    const forbidden = await api('GET', `/api/coverage/${LANG}`, { token: learner });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe('Access denied. You need administrator privileges to access this area.');
    for (const id of ['klingon', 'Not%20An%20Id']) {
      const missing = await api('GET', `/api/coverage/${id}`, { token: admin });
      expect(missing.status, id).toBe(404);
      expect(missing.body.message).toBe(MISSING);
    }
  });
});

describe('what a coverage finds', () => {
  beforeAll(async () => {
    // A language with an empty level, a lesson without phrases and a lesson with phrases of every kind.
    await post('/api/languages', { id: LANG, name: 'Coverage Lingo', flag_url: 'https://example.com/flag.svg' });
    await post('/api/levels', { id: 'a1', language_id: LANG, title: 'Beginner', cefr_label: 'A1' });
    await post('/api/levels', { id: 'a2', language_id: LANG, title: 'Empty level', cefr_label: 'A2' });
    await post('/api/lessons', { id: 'greetings', language_id: LANG, level_id: 'a1', title: 'Greetings', translated_title: 'Saludos' });
    await post('/api/lessons', { id: 'food', language_id: LANG, level_id: 'a1', title: 'Food', translated_title: 'Comida' });
    const greetings = { language_id: LANG, level_id: 'a1', lesson_id: 'greetings' };
    await addPhrases(admin, greetings, '/media/content/audio/coverage_1.mp3', [['Hola', 'Hello']]);
    const d = await db();
    await d.createPhrase({ ...greetings, original_text: 'Adiós', translated_text: 'Goodbye', audio_url: '' });
    await d.createPhrase({ ...greetings, original_text: 'Gracias', translated_text: '', audio_url: '/media/content/audio/coverage_2.mp3' });
    // Locked items are listed for information.
    await post(`/api/levels/${LANG}/a2/lock`, { is_locked: true });
    await post(`/api/lessons/${LANG}/a1/food/lock`, { is_locked: true });
  });

  it('lists each kind with its count and the ids to link to', async () => {
    const r = await ok(api('GET', `/api/coverage/${LANG}`, { token: admin }));
    expect(r.body.language).toEqual({ id: LANG, name: 'Coverage Lingo' });
    expect(r.body.totals).toEqual({ levels: 2, lessons: 2, phrases: 3 });
    expect(r.body.empty_levels).toEqual({ count: 1, items: [{ language_id: LANG, level_id: 'a2', title: 'Empty level', cefr_label: 'A2' }] });
    expect(r.body.empty_lessons).toEqual({
      count: 1,
      items: [{ language_id: LANG, level_id: 'a1', lesson_id: 'food', title: 'Food', level_title: 'Beginner' }],
    });
    expect(r.body.phrases_without_audio.count).toBe(1);
    expect(r.body.phrases_without_audio.items[0]).toMatchObject({
      ...{ language_id: LANG, level_id: 'a1', lesson_id: 'greetings', level_title: 'Beginner', lesson_title: 'Greetings' },
      original_text: 'Adiós',
      translated_text: 'Goodbye',
      phrase_id: expect.stringMatching(/^[0-9A-Z]+$/),
    });
    expect(r.body.phrases_without_translation).toMatchObject({ count: 1, items: [{ original_text: 'Gracias', translated_text: '' }] });
    expect(r.body.locked_levels.items.map((v: { level_id: string }) => v.level_id)).toEqual(['a2']);
    expect(r.body.locked_lessons.items.map((l: { lesson_id: string }) => l.lesson_id)).toEqual(['food']);
    // An admin's own view: never kept by a shared cache.
    expect(r.headers.get('cache-control') ?? '').not.toMatch(/public/);
  });

  it('follows the fixes: a phrase added to the empty lesson and a lesson to the empty level clear their findings', async () => {
    await addPhrases(admin, { language_id: LANG, level_id: 'a1', lesson_id: 'food' }, '/media/content/audio/coverage_3.mp3', [['Pan', 'Bread']]);
    await post('/api/lessons', { id: 'numbers', language_id: LANG, level_id: 'a2', title: 'Numbers', translated_title: 'Números' });
    const r = await ok(api('GET', `/api/coverage/${LANG}`, { token: admin }));
    expect(r.body.empty_levels.count).toBe(0);
    // The new lesson has no phrases yet: it is the one empty lesson now.
    expect(r.body.empty_lessons.items.map((l: { level_id: string; lesson_id: string }) => `${l.level_id}/${l.lesson_id}`)).toEqual(['a2/numbers']);
  });

  it('answers 404 once the language is deleted', async () => {
    expect((await api('DELETE', `/api/languages/${LANG}`, { token: admin })).status).toBe(204);
    const r = await api('GET', `/api/coverage/${LANG}`, { token: admin });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe(MISSING);
  });
});
