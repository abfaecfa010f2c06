/**
 * The progress file's rules, pure (tests/unit/frontend/progress-file.test.ts): what a backup holds
 * (the cards, their review log flattened, the takes if chosen) and how a restore merges one into
 * the device's store. The merge keeps each review once (a review is its card and its time), and a
 * card's schedule is the one of its later review, the rule of the account's sync (mergeCard); why
 * not a replay of the merged log: docs/learners.md, 'Keep my progress'.
 */
import { PROGRESS_FORMAT, PROGRESS_VERSION, type ProgressFile, type ProgressTake } from '@shared/contracts/progress';
import type { LogEntry } from '@shared/contracts/reviews';
import { MAX_LOG_PER_CARD } from '@shared/review-limits';
import { mergeCard } from '@shared/schedule';
import { cardId, type StoredCard } from './device-store';
import { deckCard } from './deck';
import type { Take } from './takes';

/** The file of these cards (and takes, already as base64) saved at `now`. */
export function buildProgress(cards: StoredCard[], takes: ProgressTake[] | undefined, now: Date): ProgressFile {
  return {
    format: PROGRESS_FORMAT,
    version: PROGRESS_VERSION,
    exported_at: now.toISOString(),
    cards: cards.map((c) => ({ ...deckCard(c, c.language_name), schedule: c.schedule })),
    reviews: cards.flatMap((c) => c.log.map((e) => ({ card: c.id, ...e }))),
    ...(takes ? { takes } : {}),
  };
}

export interface Restored {
  /** Cards in the file. */
  cards: number;
  /** Reviews of the file this device did not have. */
  reviews: number;
  /** Reviews of the file this device already had. */
  already: number;
  /** Takes added; takes the device could not keep (no recorder's store here). */
  takes: number;
  takesLeft: number;
}

/** A review's identity: its card and its time (two reviews of a card at one millisecond are one). */
const reviewKey = (card: string, e: Pick<LogEntry, 'reviewed_at'>) => `${card}#${Date.parse(e.reviewed_at)}`;

/**
 * `file` merged into the device's `local` cards: the cards to write (new ones, and those the file
 * changed) and what was done. A card's texts stay the device's when it has the card (the page
 * refreshes them at its next practice).
 */
export function mergeProgress(local: StoredCard[], file: ProgressFile): { cards: StoredCard[]; counts: Omit<Restored, 'takes' | 'takesLeft'> } {
  const mine = new Map(local.map((c) => [c.id, c]));
  const seen = new Set(local.flatMap((c) => c.log.map((e) => reviewKey(c.id, e))));
  const logs = new Map<string, LogEntry[]>();
  let reviews = 0;
  let already = 0;
  for (const { card, ...entry } of file.reviews) {
    const key = reviewKey(card, entry);
    if (seen.has(key)) {
      already++;
      continue;
    }
    seen.add(key);
    reviews++;
    logs.set(card, [...(logs.get(card) ?? []), entry]);
  }
  const cards = file.cards.flatMap((fc): StoredCard[] => {
    const id = cardId(fc);
    const added = logs.get(id) ?? [];
    const was = mine.get(id);
    if (!was) return [{ ...fc, id, log: sortLog(added) }];
    const merged = mergeCard(was, { schedule: fc.schedule, log: [] });
    if (merged.schedule === was.schedule && !added.length) return [];
    return [{ ...merged, log: sortLog([...was.log, ...added]) }];
  });
  return { cards, counts: { cards: file.cards.length, reviews, already } };
}

const sortLog = (log: LogEntry[]) => [...log].sort((a, b) => Date.parse(a.reviewed_at) - Date.parse(b.reviewed_at)).slice(-MAX_LOG_PER_CARD);

/**
 * The file's takes to keep: one per phrase, as the recorder keeps them (takes.ts `newer`), so a take
 * is restored only where the device has none of its phrase or an older one; a take recorded since
 * the backup stays, and the same take restored twice is kept once.
 */
export function newTakes(local: Pick<Take, 'phraseId' | 'createdAt'>[], takes: ProgressTake[]): ProgressTake[] {
  const best = new Map<string, Pick<Take, 'phraseId' | 'createdAt'>>(local.map((t) => [t.phraseId, t]));
  const kept = new Map<string, ProgressTake>();
  for (const t of takes) {
    const stored = best.get(t.phraseId);
    if (stored && Date.parse(t.createdAt) <= Date.parse(stored.createdAt)) continue;
    best.set(t.phraseId, t);
    kept.set(t.phraseId, t);
  }
  return [...kept.values()];
}

const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/** What a restore did, in words: 'Restored 42 cards and 310 reviews; 12 were already here.' */
export function restoredLine(r: Restored): string {
  const head = `Restored ${plural(r.cards, 'card')} and ${plural(r.reviews, 'review')}`;
  const dup = r.already ? `; ${r.already} ${r.already === 1 ? 'was' : 'were'} already here` : '';
  const takes = r.takes ? ` ${plural(r.takes, 'recording')} added.` : '';
  const left = r.takesLeft ? ` ${plural(r.takesLeft, 'recording')} not restored: this browser cannot keep recordings.` : '';
  return `${head}${dup}.${takes}${left}`;
}
