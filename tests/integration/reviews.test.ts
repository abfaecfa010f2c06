/**
 * Spaced review through the API (/api/me/reviews) with real Cognito tokens: a review is scheduled
 * on the server from the card it was made on, two devices' reviews of one card merge (the later
 * review wins, logs are appended), the log is bounded, hostile reviews are refused with 400 and
 * nothing is stored, and each user reaches only their own cards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogEntry, ReviewCard, ReviewInput, ReviewLogPage, ReviewResult, Schedule } from '../../shared/contracts/reviews.js';
import { MAX_LOG_PER_CARD, MAX_REVIEWS_PER_REQUEST } from '../../shared/review-limits.js';
import { newSchedule, review } from '../../shared/schedule.js';
import { addPhrases, adminToken, api, ok, userToken } from './helpers.js';

const LANG = 'review-lingo';
const lesson = { language_id: LANG, level_id: 'a1', lesson_id: 'one' };
let admin: string;
let ana: string;
let ben: string;
let hola: string;
let adios: string;

const MIN = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MIN);
/** A review of `phrase` graded `rating` at `at`, made on `card` (new when not given). */
const reviewOf = (phrase: string, rating: number, at: Date, card: Schedule = newSchedule(at)): ReviewInput => ({
  ...lesson,
  phrase_id: phrase,
  rating,
  reviewed_at: at.toISOString(),
  card,
});
const send = (token: string, reviews: unknown[]) => api('POST', '/api/me/reviews', { token, body: { reviews } });
const cards = async (token: string, query = '') => ((await ok(api('GET', `/api/me/reviews${query}`, { token }))).body as { cards: ReviewCard[] }).cards;
const log = async (token: string) => ((await ok(api('GET', '/api/me/reviews/log', { token }))).body as ReviewLogPage).items;

beforeAll(async () => {
  [admin, ana, ben] = await Promise.all([adminToken(), userToken('rev-ana@parrotphrases.test'), userToken('rev-ben@parrotphrases.test')]);
  await ok(api('POST', '/api/languages', { token: admin, body: { id: LANG, name: 'Reviewish', flag_url: 'https://example.com/flag.svg' } }));
  await ok(api('POST', '/api/levels', { token: admin, body: { id: 'a1', language_id: LANG, title: 'Starter', cefr_label: 'A1' } }));
  await ok(api('POST', '/api/lessons', { token: admin, body: { id: 'one', language_id: LANG, level_id: 'a1', title: 'One', translated_title: 'One' } }));
  const added = await addPhrases(admin, lesson, '/media/content/audio/review.mp3', [
    ['Hola', 'Hello'],
    ['Adiós', 'Goodbye'],
  ]);
  [hola, adios] = (added.body as { id: string }[]).map((p) => p.id);
});

afterAll(async () => {
  expect((await api('DELETE', `/api/languages/${LANG}`, { token: admin })).status).toBe(204);
});

describe('reviews', () => {
  it('are for signed-in users only, each on their own cards', async () => {
    expect((await api('GET', '/api/me/reviews')).status).toBe(401);
    expect((await send('', [reviewOf(hola, 3, ago(1))])).status).toBe(401);
    expect(await cards(ben)).toEqual([]);
  });

  it('schedule a card on the server, with the phrase it shows, due after the learning step', async () => {
    const at = ago(1);
    const r = await send(ana, [reviewOf(hola, 3, at)]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.headers.get('cache-control')).toBe('private, no-store');
    const [card] = (r.body as ReviewResult).cards;
    expect(card).toMatchObject({ ...lesson, phrase_id: hola, original_text: 'Hola', translated_text: 'Hello', language_name: 'Reviewish' });
    expect(card.schedule).toEqual(review(newSchedule(at), 3, at).schedule);
    expect(Date.parse(card.schedule.due) - at.getTime()).toBe(10 * MIN);

    expect((await cards(ana)).map((c) => c.phrase_id)).toEqual([hola]);
    expect(await cards(ana, `?due_before=${encodeURIComponent(new Date().toISOString())}`)).toEqual([]);
    expect((await cards(ana, `?due_before=${encodeURIComponent(new Date(Date.now() + 11 * MIN).toISOString())}`)).length).toBe(1);
    expect(await cards(ben)).toEqual([]);
    expect(await log(ana)).toEqual([{ ...lesson, phrase_id: hola, rating: 3, state: 'new', reviewed_at: at.toISOString(), scheduled_days: 0 }]);
  });

  it("merge two devices' reviews of one card: the later review wins, logs are appended once", async () => {
    // Device A (synced first) graded 'Good' 30 minutes ago; device B, offline, graded 'Again' 20 minutes ago.
    const a = reviewOf(adios, 3, ago(30));
    const b = reviewOf(adios, 1, ago(20));
    await ok(send(ana, [a]));
    const merged = ((await ok(send(ana, [b]))).body as ReviewResult).cards[0];
    expect(merged.schedule).toEqual(review(b.card, 1, new Date(b.reviewed_at)).schedule);

    // An older review arriving last (device C, 40 minutes ago) is logged but does not win; a repeat changes nothing.
    const c = reviewOf(adios, 4, ago(40));
    await ok(send(ana, [c, b]));
    expect((await cards(ana)).find((x) => x.phrase_id === adios)?.schedule).toEqual(merged.schedule);
    const entries = (await log(ana)).filter((e) => e.phrase_id === adios);
    expect(entries.map((e) => [e.rating, e.reviewed_at])).toEqual([
      [1, b.reviewed_at],
      [3, a.reviewed_at],
      [4, c.reviewed_at],
    ]);
  });

  it('keep the newest entries of a long log only', async () => {
    let card = newSchedule(ago(400));
    const chain: ReviewInput[] = [];
    for (let i = 0; i < MAX_LOG_PER_CARD + 10; i++) {
      const at = ago(300 - i);
      chain.push(reviewOf(hola, 1, at, card));
      card = review(card, 1, at).schedule;
    }
    await ok(send(ben, chain.slice(0, MAX_REVIEWS_PER_REQUEST)));
    await ok(send(ben, chain.slice(MAX_REVIEWS_PER_REQUEST)));
    const entries: LogEntry[] = await log(ben);
    expect(entries).toHaveLength(MAX_LOG_PER_CARD);
    expect(entries[0].reviewed_at).toBe(chain.at(-1)?.reviewed_at);
    expect((await cards(ben))[0].schedule).toEqual(card);
  });

  it('skip the reviews of phrases deleted since, and store the others', async () => {
    const gone = '01ZZZZZZZZZZZZZZZZZZZZZZZZ';
    const r = (await ok(send(ben, [reviewOf(gone, 3, ago(2)), reviewOf(adios, 3, ago(2))]))).body as ReviewResult;
    expect(r.skipped).toEqual([{ ...lesson, phrase_id: gone }]);
    expect(r.cards.map((c) => c.phrase_id)).toEqual([adios]);
  });
});

describe('hostile reviews', () => {
  const known = review(newSchedule(ago(60)), 3, ago(60)).schedule;
  const hostile: [string, unknown][] = [
    ['a grade of 0', { ...reviewOf(hola, 3, ago(1)), rating: 0 }],
    ['a grade of 5', { ...reviewOf(hola, 3, ago(1)), rating: 5 }],
    ['a fractional grade', { ...reviewOf(hola, 3, ago(1)), rating: 2.5 }],
    ['a grade as text', { ...reviewOf(hola, 3, ago(1)), rating: '3' }],
    ['a review an hour in the future', reviewOf(hola, 3, new Date(Date.now() + 60 * MIN))],
    ['a review before the card was last reviewed', reviewOf(hola, 3, ago(90), known)],
    ['a reviewed card without reviews', reviewOf(hola, 3, ago(1), { ...known, reps: 0 })],
    ['a new card with a memory', reviewOf(hola, 3, ago(1), { ...newSchedule(ago(1)), stability: 50 })],
    ['a negative stability', reviewOf(hola, 3, ago(1), { ...known, stability: -1 })],
    ['a difficulty above 10', reviewOf(hola, 3, ago(1), { ...known, difficulty: 11 })],
    ['an unknown state', reviewOf(hola, 3, ago(1), { ...known, state: 'mastered' } as unknown as Schedule)],
    ['a date that is not one', { ...reviewOf(hola, 3, ago(1)), reviewed_at: 'yesterday' }],
    ['a malformed phrase id', reviewOf('../PROFILE', 3, ago(1))],
    ['a review of year 1970', reviewOf(hola, 3, new Date(0))],
  ];

  it.each(hostile)('%s: 400, and nothing stored (even beside a valid review)', async (_, bad) => {
    const [before, beforeLog] = [await cards(ana), await log(ana)];
    const r = await send(ana, [reviewOf(adios, 4, ago(1)), bad]);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(Object.keys((r.body as { fields: Record<string, string> }).fields)[0]).toMatch(/^reviews\.1\./);
    expect(await cards(ana)).toEqual(before);
    expect(await log(ana)).toEqual(beforeLog);
  });

  it('too many reviews at once, or none, or no list: 400', async () => {
    const many = Array.from({ length: MAX_REVIEWS_PER_REQUEST + 1 }, () => reviewOf(hola, 3, ago(1)));
    for (const body of [{ reviews: many }, { reviews: [] }, {}, { reviews: 'all' }]) {
      expect((await api('POST', '/api/me/reviews', { token: ana, body })).status).toBe(400);
    }
    expect((await api('GET', '/api/me/reviews?due_before=soon', { token: ana })).status).toBe(400);
  });
});
