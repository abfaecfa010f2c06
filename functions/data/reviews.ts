/**
 * A signed-in user's spaced-review cards, in their partition `USER#{sub}` (lib/keys.ts): one item
 * per phrase with its FSRS schedule and its log (at most MAX_LOG_PER_CARD entries, the newest), so
 * a review is one conditional write of one item. Every review is checked before anything is
 * written (a request is stored whole or not at all, save phrases deleted since, which are skipped)
 * and scheduled here again from the card it was made on (@shared/schedule), never taken from the
 * device; the later review of a card wins and the logs are appended (mergeCard).
 */
import { DomainError, invalid } from '../lib/errors.js';
import { keys, type Key } from '../lib/keys.js';
import type { Language } from '../../shared/contracts/languages.js';
import type { Phrase } from '../../shared/contracts/phrases.js';
import {
  FUTURE_TEXT,
  type LogEntry,
  type PhraseRef,
  type ReviewCard,
  type ReviewInput,
  type ReviewLogPage,
  type ReviewResult,
  type Schedule,
} from '../../shared/contracts/reviews.js';
import { mergeCard, review } from '../../shared/schedule.js';
import { PHRASE_NOT_FOUND } from './me.js';
import { lessonPathOf, openLessons } from './visibility.js';
import { asItem, batchGet, getRaw, IS_NEW, isConditionFailed, newItem, putItem, queryPartition, type Raw, versionIs } from './table.js';

/** How far ahead of the server's clock a device's may run before its reviews count as in the future. */
export const CLOCK_SKEW_MS = 2 * 60_000;
/** Attempts at a card two requests write at once (each re-reads it). */
const ATTEMPTS = 3;

const cardKey = (sub: string, r: PhraseRef) => keys.reviewCard(sub, r.language_id, r.level_id, r.lesson_id, r.phrase_id);
const phraseKey = (r: PhraseRef) => keys.phrase(r.language_id, r.level_id, r.lesson_id, r.phrase_id);
const refOf = (r: PhraseRef): PhraseRef => ({ language_id: r.language_id, level_id: r.level_id, lesson_id: r.lesson_id, phrase_id: r.phrase_id });
const idOf = (r: PhraseRef) => `${r.language_id}/${r.level_id}/${r.lesson_id}/${r.phrase_id}`;

interface StoredCard extends ReviewCard {
  log: LogEntry[];
  version: number;
}

function toCard(row: Raw): ReviewCard {
  const c = asItem<StoredCard>(row);
  return {
    ...refOf(c),
    original_text: c.original_text,
    translated_text: c.translated_text,
    audio_url: c.audio_url,
    language_name: c.language_name,
    schedule: c.schedule,
    updated_at: c.updated_at,
  };
}

/** The user's cards, soonest due first; with `dueBefore`, those due by then. */
export async function listCards(sub: string, dueBefore?: string): Promise<ReviewCard[]> {
  const p = keys.reviewCardPrefix(sub);
  const cards = (await queryPartition(p.PK, p.SKPrefix)).map(toCard);
  const due = dueBefore ? cards.filter((c) => Date.parse(c.schedule.due) <= Date.parse(dueBefore)) : cards;
  return due.sort((a, b) => a.schedule.due.localeCompare(b.schedule.due));
}

/** Every card's log, newest first. */
export async function listLog(sub: string): Promise<ReviewLogPage> {
  const p = keys.reviewCardPrefix(sub);
  const rows = (await queryPartition(p.PK, p.SKPrefix)).map(asItem<StoredCard>);
  const items = rows.flatMap((c) => c.log.map((e) => ({ ...refOf(c), ...e })));
  return { items: items.sort((a, b) => b.reviewed_at.localeCompare(a.reviewed_at)) };
}

/**
 * Records a device's reviews. Refused whole (400, nothing written) when one is in the future; the
 * contract has already refused other impossible ones (grades, card states, order).
 */
export async function recordReviews(sub: string, reviews: ReviewInput[], now = new Date()): Promise<ReviewResult> {
  reviews.forEach((r, i) => {
    if (Date.parse(r.reviewed_at) > now.getTime() + CLOCK_SKEW_MS) throw invalid(FUTURE_TEXT, `reviews.${i}.reviewed_at`);
  });
  const byCard = new Map<string, ReviewInput[]>();
  for (const r of reviews) byCard.set(idOf(r), [...(byCard.get(idOf(r)) ?? []), r]);
  const refs = [...byCard.values()].map((rs) => refOf(rs[0]));

  // The phrases' current texts and their languages' names; a phrase deleted since is skipped.
  const phrases = new Map(
    (await batchGet(refs.map(phraseKey))).map((p) => [
      `${String(p.language_id)}/${String(p.level_id)}/${String(p.lesson_id)}/${String(p.id)}`,
      asItem<Phrase>(p),
    ]),
  );
  const languageIds = [...new Set(refs.filter((r) => phrases.has(idOf(r))).map((r) => r.language_id))];
  const languages = new Map((await batchGet(languageIds.map((id) => keys.language(id)))).map((l) => [String(l.id), asItem<Language>(l)]));

  // A phrase no visitor may see (its lesson a draft or locked, or under one) is refused whole, its
  // texts never sent back: review sync is no way into content that is not public.
  const open = await openLessons(refs.filter((r) => phrases.has(idOf(r))));
  const hidden = reviews.flatMap((r, i) => (phrases.has(idOf(r)) && !open.has(lessonPathOf(r)) ? [`reviews.${i}.phrase_id`] : []));
  if (hidden.length) throw new DomainError('not-found', PHRASE_NOT_FOUND, Object.fromEntries(hidden.map((f) => [f, PHRASE_NOT_FOUND])));

  const skipped = refs.filter((r) => !phrases.has(idOf(r)));
  const cards = await Promise.all(
    refs
      .filter((r) => phrases.has(idOf(r)))
      .map((r) =>
        applyReviews(cardKey(sub, r), r, phrases.get(idOf(r)) as Phrase, languages.get(r.language_id)?.name ?? r.language_id, byCard.get(idOf(r)) ?? []),
      ),
  );
  return { cards, skipped };
}

/** One card's reviews merged into its stored copy, written conditional on the version read. */
async function applyReviews(key: Key, ref: PhraseRef, phrase: Phrase, languageName: string, reviews: ReviewInput[]): Promise<ReviewCard> {
  // Each review is scheduled from the card it was made on; together they merge as copies of one card would.
  const incoming = reviews
    .map((r) => {
      const { schedule, entry } = review(r.card, r.rating, new Date(r.reviewed_at));
      return { schedule, log: [entry] };
    })
    .reduce<{ schedule: Schedule; log: LogEntry[] }>((a, b) => mergeCard(a, b), { schedule: reviews[0].card, log: [] });
  for (let attempt = 1; ; attempt++) {
    const stored = (await getRaw(key, { ConsistentRead: true })) as StoredCard | undefined;
    const merged = stored ? mergeCard({ schedule: stored.schedule, log: stored.log }, incoming) : incoming;
    const texts = { original_text: phrase.original_text, translated_text: phrase.translated_text, audio_url: phrase.audio_url, language_name: languageName };
    const item = stored
      ? { ...stored, ...texts, ...merged, version: stored.version + 1, updated_at: new Date().toISOString() }
      : newItem(key, 'review-card', { ...ref, ...texts, ...merged });
    try {
      await putItem(item, stored ? versionIs(stored.version) : IS_NEW);
      return toCard(item);
    } catch (e) {
      if (!isConditionFailed(e) || attempt >= ATTEMPTS) throw e;
    }
  }
}
