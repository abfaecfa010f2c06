/**
 * Spaced review (/api/me/reviews, the practice island's device store): a card per phrase a person
 * has practised, with its FSRS schedule and its review log. Pure zod: the practice island imports
 * it too. A review carries the card as it was before it (a device may have been offline while
 * another reviewed the same card), so each review can be checked and scheduled on its own; see
 * shared/schedule.ts for the scheduler and the merge rule, docs/learners.md for the why.
 */
import * as z from 'zod';
import { MAX_REVIEWS_PER_REQUEST } from '../review-limits.js';
import { idParam, phraseIdParam } from './common.js';

/** The four FSRS card states, by name (ts-fsrs numbers them 0–3). */
export const CARD_STATES = ['new', 'learning', 'review', 'relearning'] as const;
export type CardState = (typeof CARD_STATES)[number];

/** Grades, as the buttons show them: 1 Again, 2 Hard, 3 Good, 4 Easy. */
export const GRADES = ['Again', 'Hard', 'Good', 'Easy'] as const;
export const GRADE_TEXT = 'Grade must be 1 (Again), 2 (Hard), 3 (Good) or 4 (Easy)';
export const FUTURE_TEXT = 'A review cannot be in the future';
export const IMPOSSIBLE_CARD_TEXT = 'This card state is not possible';
export const BEFORE_LAST_TEXT = 'A review cannot come before the card was last reviewed';

/** ts-fsrs's own bounds: stability in days (S_MAX), intervals (maximum_interval), difficulty 1–10. */
const MAX_DAYS = 36500;
/** Nothing was reviewed before this site existed: older timestamps are garbage. */
export const EARLIEST_REVIEW = '2020-01-01T00:00:00.000Z';

/** A UTC ISO instant (as toISOString() writes it), not before EARLIEST_REVIEW. */
const instant = z.iso.datetime().refine((s) => Date.parse(s) >= Date.parse(EARLIEST_REVIEW), 'Date is too early');

/** Which phrase a card is: its lesson and its id. */
export const phraseRefSchema = z.object({ language_id: idParam, level_id: idParam, lesson_id: idParam, phrase_id: phraseIdParam });
export type PhraseRef = z.infer<typeof phraseRefSchema>;

/** A card's schedule (ts-fsrs's Card, with ISO dates and named states). */
const scheduleFields = z.object({
  due: instant,
  stability: z.number().min(0).max(MAX_DAYS),
  difficulty: z.number().min(0).max(10),
  scheduled_days: z.number().int().min(0).max(MAX_DAYS),
  learning_steps: z.number().int().min(0).max(100),
  reps: z.number().int().min(0).max(1_000_000),
  lapses: z.number().int().min(0).max(1_000_000),
  state: z.enum(CARD_STATES),
  last_review: instant.nullable(),
});
export const scheduleSchema = scheduleFields.refine(possible, { message: IMPOSSIBLE_CARD_TEXT, path: ['state'] });
export type Schedule = z.infer<typeof scheduleSchema>;

/**
 * The states a scheduler can produce: a new card has never been reviewed (no reps, no memory
 * state); any other has been, has a memory state, and lapsed at most once per review.
 */
function possible(c: z.infer<typeof scheduleFields>): boolean {
  if (c.state === 'new') return c.reps === 0 && c.lapses === 0 && c.last_review === null && c.stability === 0 && c.difficulty === 0;
  return c.reps >= 1 && c.lapses <= c.reps && c.last_review !== null && c.stability > 0 && c.difficulty >= 1 && Date.parse(c.due) >= Date.parse(c.last_review);
}

/** One entry of a card's review log. */
export const logEntrySchema = z.object({
  rating: z.number().int().min(1).max(4),
  /** The card's state before the review. */
  state: z.enum(CARD_STATES),
  reviewed_at: z.string(),
  /** Days until the card was due again (0: a same-day learning step). */
  scheduled_days: z.number().int(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

/** A grade, 1 (Again) to 4 (Easy). */
export const ratingSchema = z.number({ error: GRADE_TEXT }).int(GRADE_TEXT).min(1, GRADE_TEXT).max(4, GRADE_TEXT);

/** A review as a device sends it: the phrase, the grade, when, and the card as it was before. */
export const reviewInputSchema = phraseRefSchema
  .extend({
    rating: ratingSchema,
    reviewed_at: instant,
    card: scheduleSchema,
  })
  .refine((r) => r.card.last_review === null || Date.parse(r.card.last_review) <= Date.parse(r.reviewed_at), {
    message: BEFORE_LAST_TEXT,
    path: ['reviewed_at'],
  });
export type ReviewInput = z.infer<typeof reviewInputSchema>;

/** POST /api/me/reviews: one device's reviews, oldest first, at most MAX_REVIEWS_PER_REQUEST. */
export const reviewBatchSchema = z.object({
  reviews: z
    .array(reviewInputSchema)
    .min(1, 'Send at least one review')
    .max(MAX_REVIEWS_PER_REQUEST, `Send at most ${MAX_REVIEWS_PER_REQUEST} reviews at a time`),
});
export type ReviewBatch = z.input<typeof reviewBatchSchema>;

/** What a card shows: the phrase's texts and audio, as they were when it was last reviewed. */
export const cardPhraseSchema = phraseRefSchema.extend({
  original_text: z.string(),
  translated_text: z.string(),
  audio_url: z.string(),
  language_name: z.string(),
});
export type CardPhrase = z.infer<typeof cardPhraseSchema>;

/** A card as the API answers it. */
export const reviewCardSchema = cardPhraseSchema.extend({ schedule: scheduleSchema, updated_at: z.string() });
export type ReviewCard = z.infer<typeof reviewCardSchema>;

/** GET /api/me/reviews: every card, or those due by `due_before`. */
export const reviewQuerySchema = z.object({ due_before: z.iso.datetime().optional() });
export const reviewCardsSchema = z.object({ cards: z.array(reviewCardSchema) });
export type ReviewCards = z.infer<typeof reviewCardsSchema>;

/** POST /api/me/reviews: the cards as stored after the merge, and the reviews of phrases that no longer exist. */
export const reviewResultSchema = reviewCardsSchema.extend({ skipped: z.array(phraseRefSchema) });
export type ReviewResult = z.infer<typeof reviewResultSchema>;

/** GET /api/me/reviews/log: every card's log, newest first. */
export const reviewLogSchema = z.object({ items: z.array(phraseRefSchema.extend(logEntrySchema.shape)) });
export type ReviewLogPage = z.infer<typeof reviewLogSchema>;
