/**
 * The device store of spaced review, in IndexedDB (no account needed): `cards`, one per phrase
 * practised (its texts and audio, its FSRS schedule, its log), and `outbox`, the reviews not yet
 * sent to /api/me/reviews (kept for anonymous visitors too: they are sent once a session exists),
 * at most MAX_OUTBOX of them (see `overflow`). A card and its outbox entry are written in one
 * transaction. Without IndexedDB (some private modes) the store lives in memory for the page view.
 * The database itself (its stores, its upgrades) is device-db.ts; the learner's takes are takes.ts.
 */
import type { CardPhrase, LogEntry, PhraseRef, ReviewInput, Schedule } from '@shared/contracts/reviews';
import { MAX_OUTBOX } from '@shared/review-limits';
import { mergeCard } from '@shared/schedule';
import { CARDS, done, open, OUTBOX, result, TAKES } from './device-db';
import type { Take } from './takes';

export interface StoredCard extends CardPhrase {
  /** `{language}/{level}/{lesson}/{phrase}` (cardId). */
  id: string;
  /** The course language's BCP 47 tag, for `lang` on the phrase. */
  lang_tag?: string;
  schedule: Schedule;
  log: LogEntry[];
}
export interface Outgoing {
  key: number;
  review: ReviewInput;
}

export const cardId = (r: PhraseRef) => `${r.language_id}/${r.level_id}/${r.lesson_id}/${r.phrase_id}`;

const memory = { cards: new Map<string, StoredCard>(), outbox: new Map<number, ReviewInput>(), next: 1 };

export async function allCards(): Promise<StoredCard[]> {
  const db = await open();
  if (!db) return [...memory.cards.values()];
  return result(db.transaction(CARDS).objectStore(CARDS).getAll() as IDBRequest<StoredCard[]>);
}

/** The stored cards of these ids (those practised before). */
export async function cardsOf(ids: string[]): Promise<Map<string, StoredCard>> {
  const wanted = new Set(ids);
  return new Map((await allCards()).filter((c) => wanted.has(c.id)).map((c) => [c.id, c]));
}

/**
 * The outbox entries (oldest first) to drop so that at most `max` wait: the oldest first, and of
 * those first the reviews of a card reviewed again later. The server schedules each review from
 * the card it carries (the card as it was before it), so a card's newest review alone brings the
 * server's copy up to date: dropping an older one loses only its log entry, not the card.
 */
export function overflow(waiting: Outgoing[], max = MAX_OUTBOX): number[] {
  const extra = waiting.length - max;
  if (extra <= 0) return [];
  const newest = new Map(waiting.map((o) => [cardId(o.review), o.key]));
  const isNewest = (o: Outgoing) => newest.get(cardId(o.review)) === o.key;
  return [...waiting.filter((o) => !isNewest(o)), ...waiting.filter(isNewest)].slice(0, extra).map((o) => o.key);
}

/** A review done on this device: the card as it is now, and the review to send (the outbox kept within MAX_OUTBOX). */
export async function saveReview(card: StoredCard, review: ReviewInput): Promise<void> {
  const db = await open();
  if (!db) {
    memory.cards.set(card.id, card);
    memory.outbox.set(memory.next++, review);
    overflow([...memory.outbox].map(([key, r]) => ({ key, review: r }))).forEach((k) => memory.outbox.delete(k));
    return;
  }
  const tx = db.transaction([CARDS, OUTBOX], 'readwrite');
  tx.objectStore(CARDS).put(card);
  const box = tx.objectStore(OUTBOX);
  box.add(review);
  // Trimmed in the same transaction: read whole only once it is over the bound.
  const count = box.count();
  count.onsuccess = () => {
    if (count.result <= MAX_OUTBOX) return;
    const keys = box.getAllKeys();
    const reviews = box.getAll() as IDBRequest<ReviewInput[]>;
    reviews.onsuccess = () => overflow(keys.result.map((key, i) => ({ key: Number(key), review: reviews.result[i] }))).forEach((k) => box.delete(k));
  };
  await done(tx);
}

/** The reviews not yet sent, oldest first. */
export async function outbox(): Promise<Outgoing[]> {
  const db = await open();
  if (!db) return [...memory.outbox].map(([key, review]) => ({ key, review }));
  const store = db.transaction(OUTBOX).objectStore(OUTBOX);
  const [keys, reviews] = await Promise.all([result(store.getAllKeys()), result(store.getAll() as IDBRequest<ReviewInput[]>)]);
  return keys.map((key, i) => ({ key: Number(key), review: reviews[i] }));
}

export async function sent(keys: number[]): Promise<void> {
  const db = await open();
  if (!db) return keys.forEach((k) => memory.outbox.delete(k));
  const tx = db.transaction(OUTBOX, 'readwrite');
  keys.forEach((k) => tx.objectStore(OUTBOX).delete(k));
  await done(tx);
}

/** Cards from elsewhere (the server) merged into this device's by the merge rule; new ones added. */
export async function mergeIn(cards: (CardPhrase & { schedule: Schedule; log?: LogEntry[] })[]): Promise<void> {
  if (!cards.length) return;
  const local = await cardsOf(cards.map(cardId));
  const merged = cards.map((c) => {
    const theirs = { schedule: c.schedule, log: c.log ?? [] };
    const mine = local.get(cardId(c));
    if (mine) return mergeCard(mine, theirs);
    const { schedule, log, ...phrase } = { ...c, ...theirs };
    return { ...phrase, id: cardId(c), schedule, log };
  });
  const db = await open();
  if (!db) return merged.forEach((c) => memory.cards.set(c.id, c));
  const tx = db.transaction(CARDS, 'readwrite');
  merged.forEach((c) => tx.objectStore(CARDS).put(c));
  await done(tx);
}

/** Whether this device can keep recorded takes (a restore's takes need somewhere to go): not without IndexedDB. */
export const keepsTakes = async () => !!(await open());

/**
 * All or nothing (a restore): reads every card and take and writes what `change` makes of them, in one
 * transaction, so a failure or a closed tab leaves the store as it was. `change` must be synchronous:
 * a transaction commits once nothing is waiting on it.
 */
export async function changeAll<R>(change: (cards: StoredCard[], takes: Take[]) => { cards: StoredCard[]; takes: Take[]; result: R }): Promise<R> {
  const db = await open();
  if (!db) {
    const out = change([...memory.cards.values()], []);
    out.cards.forEach((c) => memory.cards.set(c.id, c));
    return out.result;
  }
  const tx = db.transaction([CARDS, TAKES], 'readwrite');
  const cards = tx.objectStore(CARDS).getAll() as IDBRequest<StoredCard[]>;
  const takes = tx.objectStore(TAKES).getAll() as IDBRequest<Take[]>;
  let out: R | undefined;
  let failure: unknown;
  // The last read's success runs after the first's: both results are there.
  takes.onsuccess = () => {
    try {
      const made = change(cards.result, takes.result);
      made.cards.forEach((c) => tx.objectStore(CARDS).put(c));
      made.takes.forEach((t) => tx.objectStore(TAKES).put(t));
      out = made.result;
    } catch (e) {
      failure = e;
      tx.abort();
    }
  };
  await done(tx).catch((e: unknown) => {
    throw failure ?? e;
  });
  return out as R;
}
