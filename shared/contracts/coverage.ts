/**
 * The coverage resource: what is missing in one language's course (GET /api/coverage/{language}),
 * for the back office's Coverage screen. Each finding carries the ids the screen needs to link to
 * where it is fixed (the Levels, Lessons and Phrases screens' filters) and the titles it shows.
 * Computed by shared/coverage.ts from one read of the language's partition.
 */
import * as z from 'zod';
import { idParam } from './common.js';

/** At most this many findings of each kind are listed; `count` always says how many there are. */
export const MAX_COVERAGE_ITEMS = 500;

export const coverageLevelSchema = z.object({
  language_id: z.string(),
  level_id: z.string(),
  title: z.string(),
  cefr_label: z.string(),
});
export type CoverageLevel = z.infer<typeof coverageLevelSchema>;

export const coverageLessonSchema = z.object({
  language_id: z.string(),
  level_id: z.string(),
  lesson_id: z.string(),
  title: z.string(),
  /** The level's title (its id when the level is gone). */
  level_title: z.string(),
});
export type CoverageLesson = z.infer<typeof coverageLessonSchema>;

export const coveragePhraseSchema = z.object({
  language_id: z.string(),
  level_id: z.string(),
  lesson_id: z.string(),
  phrase_id: z.string(),
  original_text: z.string(),
  translated_text: z.string(),
  level_title: z.string(),
  lesson_title: z.string(),
});
export type CoveragePhrase = z.infer<typeof coveragePhraseSchema>;

/** One kind of finding: how many, and the first MAX_COVERAGE_ITEMS of them in catalogue order. */
const findings = <T extends z.ZodType>(item: T) => z.object({ count: z.number().int(), items: z.array(item) });

export const coverageSchema = z.object({
  language: z.object({ id: z.string(), name: z.string() }),
  /** What the course holds, for the summary. */
  totals: z.object({ levels: z.number().int(), lessons: z.number().int(), phrases: z.number().int() }),
  /** Missing content: levels without lessons, lessons without phrases. */
  empty_levels: findings(coverageLevelSchema),
  empty_lessons: findings(coverageLessonSchema),
  /** Phrases whose audio_url is empty. */
  phrases_without_audio: findings(coveragePhraseSchema),
  /** Phrases whose translated_text is empty. */
  phrases_without_translation: findings(coveragePhraseSchema),
  /** For information: what visitors are sent to the locked-content page for. */
  locked_levels: findings(coverageLevelSchema),
  locked_lessons: findings(coverageLessonSchema),
  /** Drafts waiting: levels and lessons saved as drafts, public nowhere until published. */
  draft_levels: findings(coverageLevelSchema),
  draft_lessons: findings(coverageLessonSchema),
});
export type Coverage = z.infer<typeof coverageSchema>;

/** The kinds of finding that mean something is missing (the locked ones are informational). */
export const MISSING_KINDS = ['empty_levels', 'empty_lessons', 'phrases_without_audio', 'phrases_without_translation'] as const;
export type MissingKind = (typeof MISSING_KINDS)[number];

// ---- Hardest phrases (GET /api/coverage/{language}/hardest; docs/learners.md "Hardest phrases") ----

/** The days of counters the list sums, ending today (UTC). */
export const HARDEST_DAYS = 30;
/** A rate resting on fewer reviews than this is shown but marked, and ranked after the others. */
export const MIN_REVIEWS = 10;
/** At most this many phrases are listed; `count` says how many were forgotten at least once. */
export const MAX_HARDEST = 50;
export const LESSON_NEEDS_LEVEL_TEXT = 'Choose the level of the lesson too';

/** The list of one lesson (`level` and `lesson`), of one level (`level`), or of the whole language. */
export const hardestQuerySchema = z
  .object({ level: idParam.optional(), lesson: idParam.optional() })
  .refine((q) => !q.lesson || q.level, { message: LESSON_NEEDS_LEVEL_TEXT, path: ['level'] });
export type HardestQuery = z.infer<typeof hardestQuerySchema>;

/** A phrase learners forgot: its reviews and 'Again' answers in the window, and their ratio. */
export const hardPhraseSchema = coveragePhraseSchema.extend({
  reviews: z.number().int().min(1),
  again: z.number().int().min(1),
  /** again / reviews, 0–1. */
  rate: z.number().min(0).max(1),
  /** Whether the rate rests on at least MIN_REVIEWS reviews. */
  enough: z.boolean(),
});
export type HardPhrase = z.infer<typeof hardPhraseSchema>;

export const hardestSchema = z.object({
  language: z.object({ id: z.string(), name: z.string() }),
  days: z.number().int(),
  min_reviews: z.number().int(),
  /** Every grade counted in the chosen scope (the language, a level or a lesson). */
  reviews: z.number().int(),
  /** Phrases of the scope forgotten at least once; the first MAX_HARDEST are in `items`, hardest first. */
  count: z.number().int(),
  items: z.array(hardPhraseSchema),
  /** The lessons of the language with counters in the window, in catalogue order: what the list can be narrowed to. */
  lessons: z.array(coverageLessonSchema),
});
export type Hardest = z.infer<typeof hardestSchema>;
