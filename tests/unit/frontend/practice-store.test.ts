/**
 * The practice island's device store (frontend/src/practice/device-store.ts) on fake-indexeddb, a fresh
 * database per test: the outbox bound (MAX_OUTBOX, trimmed in the saving transaction, a card's
 * older reviews dropped before any card's only one), the store surviving a reopen (a reload), the
 * merge of cards from the server (the later review wins, logs appended), and the in-memory store
 * of a browser without IndexedDB.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReviewInput } from '@shared/contracts/reviews';
import { MAX_OUTBOX } from '@shared/review-limits';
import { review } from '@shared/schedule';
import type * as StoreModule from '../../../frontend/src/practice/device-store';
import { gradedCard } from './cards';

type Store = typeof StoreModule;
type StoredCard = StoreModule.StoredCard;

const T0 = new Date('2026-03-02T09:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** The phrase `n` of a lesson, as a card never reviewed. */
const phrase = (n: number) => gradedCard(n, T0);

/** Grades `card` at `when`, as the island does: the card after it, and the review to send (the card before it). */
function graded(card: StoredCard, rating: number, when: Date): { card: StoredCard; review: ReviewInput } {
  const { schedule, entry } = review(card.schedule, rating, when);
  const { language_id, level_id, lesson_id, phrase_id } = card;
  return {
    card: { ...card, schedule, log: [...card.log, entry] },
    review: { language_id, level_id, lesson_id, phrase_id, rating, reviewed_at: when.toISOString(), card: card.schedule },
  };
}

/** The store as a page loads it: a fresh module (its open database forgotten) on this browser's IndexedDB. */
async function load(): Promise<Store> {
  vi.resetModules();
  return import('../../../frontend/src/practice/device-store');
}

const phrasesOf = async (store: Store) => (await store.outbox()).map((o) => o.review.phrase_id);

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('overflow: which waiting reviews go past the bound', () => {
  const waiting = (...phrases: number[]) => phrases.map((n, i) => ({ key: i + 1, review: graded(phrase(n), 3, at(i)).review }));
  it('drops nothing within the bound', async () => {
    const { overflow } = await load();
    expect(overflow(waiting(1, 2, 3), 3)).toEqual([]);
  });
  it('drops the oldest first', async () => {
    const { overflow } = await load();
    expect(overflow(waiting(1, 2, 3, 4, 5), 3)).toEqual([1, 2]);
  });
  it("drops a card's older reviews before another card's only one", async () => {
    const { overflow } = await load();
    // Card 1 reviewed at keys 1 and 4, card 2 at keys 2 and 5: their older reviews (1, 2) go first, then the oldest newest one (3).
    expect(overflow(waiting(1, 2, 3, 1, 2, 6), 4)).toEqual([1, 2]);
    expect(overflow(waiting(1, 2, 3, 1, 2, 6), 3)).toEqual([1, 2, 3]);
    expect(overflow(waiting(1, 2, 3, 3, 5), 4)).toEqual([3]);
  });
});

describe('the outbox is bounded', () => {
  it(`keeps at most MAX_OUTBOX (${MAX_OUTBOX}) reviews, the oldest dropped, the card kept`, async () => {
    const store = await load();
    for (let n = 1; n <= MAX_OUTBOX + 3; n++) {
      const { card, review: r } = graded(phrase(n), 3, at(n));
      await store.saveReview(card, r);
    }
    const waiting = await store.outbox();
    expect(waiting).toHaveLength(MAX_OUTBOX);
    expect(waiting[0].review.phrase_id).toBe('P4');
    expect(waiting.at(-1)?.review.phrase_id).toBe(`P${MAX_OUTBOX + 3}`);
    // Only reviews waiting to be sent go: every card stays on the device.
    expect(await store.allCards()).toHaveLength(MAX_OUTBOX + 3);
  }, 60_000);

  it("drops a card's older review before the oldest card's only one", async () => {
    const store = await load();
    let first = phrase(1);
    const firstReview = graded(first, 1, at(0));
    first = firstReview.card;
    await store.saveReview(first, firstReview.review);
    for (let n = 2; n <= MAX_OUTBOX; n++) {
      const { card, review: r } = graded(phrase(n), 3, at(n));
      await store.saveReview(card, r);
    }
    expect(await store.outbox()).toHaveLength(MAX_OUTBOX);
    // Card 1 again: its first review goes (this one carries the card as that one left it); card 2's only review stays.
    const again = graded(first, 3, at(MAX_OUTBOX + 1));
    await store.saveReview(again.card, again.review);
    let phrases = await phrasesOf(store);
    expect(phrases).toHaveLength(MAX_OUTBOX);
    expect(phrases.slice(0, 2)).toEqual(['P2', 'P3']);
    expect(phrases.at(-1)).toBe('P1');
    expect((await store.outbox()).at(-1)?.review.card).toEqual(first.schedule);
    // A new card now: no card has two reviews waiting, so the oldest goes.
    const next = graded(phrase(MAX_OUTBOX + 2), 3, at(MAX_OUTBOX + 2));
    await store.saveReview(next.card, next.review);
    phrases = await phrasesOf(store);
    expect(phrases).toHaveLength(MAX_OUTBOX);
    expect(phrases[0]).toBe('P3');
  }, 60_000);

  it('sent reviews leave the outbox', async () => {
    const store = await load();
    for (const n of [1, 2, 3]) {
      const { card, review: r } = graded(phrase(n), 3, at(n));
      await store.saveReview(card, r);
    }
    const [a, , c] = await store.outbox();
    await store.sent([a.key, c.key]);
    expect(await phrasesOf(store)).toEqual(['P2']);
  });
});

describe('the device store', () => {
  it('survives a reopen: cards and unsent reviews are there after a reload', async () => {
    const before = await load();
    const { card, review: r } = graded(phrase(1), 3, at(0));
    await before.saveReview(card, r);
    const after = await load();
    expect(after).not.toBe(before);
    expect(await after.cardsOf([card.id, 'spanish/beginner/greetings/P9'])).toEqual(new Map([[card.id, card]]));
    expect((await after.outbox()).map((o) => o.review)).toEqual([r]);
  });

  it("merges the server's cards: the later review's schedule wins, the logs are appended, new cards added", async () => {
    const store = await load();
    // On this device: card 1 reviewed at +0 and card 2 reviewed at +20.
    const mine1 = graded(phrase(1), 3, at(0));
    const mine2 = graded(phrase(2), 3, at(20));
    await store.saveReview(mine1.card, mine1.review);
    await store.saveReview(mine2.card, mine2.review);
    // On another device: card 1 reviewed later (+10), card 2 earlier (+5), and card 3 (new here).
    const theirs1 = graded(phrase(1), 1, at(10)).card;
    const theirs2 = graded(phrase(2), 4, at(5)).card;
    const theirs3 = graded(phrase(3), 3, at(7)).card;
    const server = [theirs1, theirs2, theirs3].map(({ id: _id, lang_tag: _tag, ...c }) => c);
    await store.mergeIn(server);

    const cards = await store.cardsOf([mine1.card.id, mine2.card.id, theirs3.id]);
    expect(cards.get(mine1.card.id)?.schedule).toEqual(theirs1.schedule);
    expect(cards.get(mine2.card.id)?.schedule).toEqual(mine2.card.schedule);
    expect(cards.get(mine1.card.id)?.log.map((e) => e.reviewed_at)).toEqual([at(0), at(10)].map((d) => d.toISOString()));
    expect(cards.get(mine2.card.id)?.log.map((e) => e.rating)).toEqual([4, 3]);
    expect(cards.get(theirs3.id)).toEqual(theirs3);
    // Merging changes cards only: the reviews still to send are untouched.
    expect(await phrasesOf(store)).toEqual(['P1', 'P2']);
  });

  it('without IndexedDB keeps everything in memory, bounded the same way', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = await load();
    for (let n = 1; n <= MAX_OUTBOX + 1; n++) {
      const { card, review: r } = graded(phrase(n), 3, at(n));
      await store.saveReview(card, r);
    }
    expect(error).toHaveBeenCalledWith(expect.stringContaining('IndexedDB is not available'), expect.anything());
    const phrases = await phrasesOf(store);
    expect(phrases).toHaveLength(MAX_OUTBOX);
    expect(phrases[0]).toBe('P2');
    expect(await store.allCards()).toHaveLength(MAX_OUTBOX + 1);
    error.mockRestore();
  });
});
