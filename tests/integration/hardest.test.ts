/**
 * The learners' hardest phrases against the twin (real DynamoDB Local): practice grades sent with
 * the analytics batches add to daily per-phrase counters (public phrases only, nothing of the
 * sender kept), and GET /api/coverage/{language}/hardest ranks them for the editors of the language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_BATCH_TEXT } from '../../shared/contracts/analytics.js';
import { GRADE_TEXT } from '../../shared/contracts/reviews.js';
import { OTHER_LANGUAGE_TEXT } from '../../shared/roles.js';
import type { Hardest } from '../../shared/contracts/coverage.js';
import { addPhrases, adminToken, api, editorToken, invalidFields, ok, twin, userToken } from './helpers.js';

const LANG = 'hard-lingo';
const OTHER = 'hard-other-lingo';
const one = { language_id: LANG, level_id: 'a1', lesson_id: 'one' };
const secret = { language_id: LANG, level_id: 'a1', lesson_id: 'secret' };
let admin: string;
let hola: string;
let adios: string;
let hidden: string;

const grade = (phrase_id: string, rating: number, lesson = one) => ({ ...lesson, phrase_id, rating });
const sendGrades = (grades: unknown[]) => api('POST', '/api/analytics', { body: { grades } });
const hardest = async (query = '', token = admin) => (await ok(api('GET', `/api/coverage/${LANG}/hardest${query}`, { token }))).body as Hardest;
const today = () => new Date().toISOString().slice(0, 10);

async function dataLayer() {
  Object.assign(process.env, { DYNAMODB_ENDPOINT: `http://127.0.0.1:${twin().ports.dynamodb}`, TABLE_NAME: 'parrot-phrases' });
  return { ...(await import('../../functions/data/analytics.js')), ...(await import('../../functions/data/table.js')) };
}
const counters = async () => (await dataLayer()).queryPartition(`GRADES#${LANG}`);

beforeAll(async () => {
  admin = await adminToken();
  const post = (path: string, body: unknown) => ok(api('POST', path, { token: admin, body }));
  await post('/api/languages', { id: LANG, name: 'Hard Lingo', flag_url: 'https://example.com/flag.svg' });
  await post('/api/languages', { id: OTHER, name: 'Other Lingo', flag_url: 'https://example.com/flag.svg' });
  await post('/api/levels', { id: 'a1', language_id: LANG, title: 'Starter', cefr_label: 'A1' });
  await post('/api/lessons', { id: 'one', language_id: LANG, level_id: 'a1', title: 'One', translated_title: 'Uno' });
  await post('/api/lessons', { id: 'secret', language_id: LANG, level_id: 'a1', title: 'Secret', translated_title: 'Secreto' });
  [hola, adios] = (
    (
      await addPhrases(admin, one, '/media/content/audio/hard_1.mp3', [
        ['Hola', 'Hello'],
        ['Adiós', 'Goodbye'],
      ])
    ).body as { id: string }[]
  ).map((p) => p.id);
  [hidden] = ((await addPhrases(admin, secret, '/media/content/audio/hard_2.mp3', [['Secreto', 'Secret']])).body as { id: string }[]).map((p) => p.id);
  // Locked content is the app's: no visitor practises it on the site, so no grade of it counts.
  await post(`/api/lessons/${LANG}/a1/secret/lock`, { is_locked: true });
});

afterAll(async () => {
  for (const id of [LANG, OTHER]) expect((await api('DELETE', `/api/languages/${id}`, { token: admin })).status).toBe(204);
});

describe('grade counters', () => {
  it("count reviews and 'Again' answers per day and phrase, keeping nothing of the sender", async () => {
    const r = await api('POST', '/api/analytics', {
      body: { events: [{ name: 'page_view', path: '/x' }], grades: [grade(hola, 1), grade(hola, 3), grade(adios, 4)] },
    });
    expect(r.status).toBe(204);
    expect((await sendGrades([grade(hola, 1)])).status).toBe(204);

    const stored = await counters();
    expect(stored.map((i) => [i.SK, i.reviews, i.again])).toEqual(
      [
        [`${today()}#a1#one#${hola}`, 3, 2],
        [`${today()}#a1#one#${adios}`, 1, 0],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    // The key, the counts, what they count, and when they expire: nothing else.
    expect(Object.keys(stored[0]).sort()).toEqual(
      ['PK', 'SK', 'again', 'day', 'entity', 'language_id', 'lesson_id', 'level_id', 'phrase_id', 'reviews', 'ttl', 'version'].sort(),
    );
    // Kept as long as the other analytics: about 13 months.
    const days = (Number(stored[0].ttl) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(399);
    expect(days).toBeLessThan(401);
  });

  it('count nothing for a phrase that does not exist or that visitors cannot open', async () => {
    const before = await counters();
    const r = await sendGrades([
      grade('01J00000000000000000000000', 1),
      grade(hidden, 1, secret),
      grade(hola, 1, { ...one, lesson_id: 'secret' }),
      grade(hola, 1, { ...one, language_id: 'nowhere-lingo' }),
    ]);
    expect(r.status).toBe(204);
    expect(await counters()).toEqual(before);
    expect(await (await dataLayer()).queryPartition('GRADES#nowhere-lingo')).toEqual([]);
  });

  it('refuse a bad grade with its field error, and a batch with nothing in it', async () => {
    expect(await invalidFields('POST', '/api/analytics', { body: { grades: [grade(hola, 5)] } })).toEqual({ 'grades.0.rating': GRADE_TEXT });
    expect(await invalidFields('POST', '/api/analytics', { body: {} })).toEqual({ events: EMPTY_BATCH_TEXT });
    const many = await api('POST', '/api/analytics', { body: { grades: Array.from({ length: 26 }, () => grade(hola, 1)) } });
    expect(many.status).toBe(400);
    expect(many.body.message).toBe('At most 25 grades per request');
  });
});

describe('hardest phrases', () => {
  it("rank the language's forgotten phrases with their rate and how many reviews it rests on", async () => {
    const h = await hardest();
    expect(h).toMatchObject({ language: { id: LANG, name: 'Hard Lingo' }, days: 30, min_reviews: 10, reviews: 4, count: 1 });
    expect(h.items).toEqual([
      {
        ...one,
        phrase_id: hola,
        original_text: 'Hola',
        translated_text: 'Hello',
        level_title: 'Starter',
        lesson_title: 'One',
        reviews: 3,
        again: 2,
        rate: 2 / 3,
        enough: false,
      },
    ]);
    expect(h.lessons.map((l) => l.lesson_id)).toEqual(['one']);
    expect((await hardest('?level=a1&lesson=secret')).items).toEqual([]);
  });

  it('sum the last 30 days only', async () => {
    const { recordGrades } = await dataLayer();
    expect(await recordGrades([grade(adios, 1)], new Date(Date.now() - 29 * 86_400_000))).toBe(1);
    expect(await recordGrades([grade(adios, 1), grade(adios, 1)], new Date(Date.now() - 30 * 86_400_000))).toBe(2);
    const adiosRow = (await hardest()).items.find((i) => i.phrase_id === adios);
    expect(adiosRow).toMatchObject({ reviews: 2, again: 1, rate: 0.5 });
  });

  it('are for admins and the editors of the language only', async () => {
    const path = `/api/coverage/${LANG}/hardest`;
    expect((await api('GET', path)).status).toBe(401);
    expect((await api('GET', path, { token: await userToken('hard-learner@parrotphrases.test') })).status).toBe(403);
    const other = await editorToken(admin, 'hard-other@parrotphrases.test', [OTHER]);
    const refused = await api('GET', path, { token: other });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(OTHER_LANGUAGE_TEXT);
    const own = await editorToken(admin, 'hard-own@parrotphrases.test', [LANG]);
    expect((await hardest('', own)).count).toBeGreaterThan(0);
    expect((await api('GET', '/api/coverage/klingon/hardest', { token: admin })).status).toBe(404);
    expect(await invalidFields('GET', `${path}?lesson=one`, { token: admin })).toEqual({ level: 'Choose the level of the lesson too' });
  });
});
