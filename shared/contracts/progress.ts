/**
 * A learner's progress file ('Back up my progress' on /review, docs/learners.md): the device's cards,
 * their review log and, if chosen, the learner's recorded takes. It carries a format mark and a
 * version; `readProgress` reads every version there has been (each old one upgraded to the current
 * shape), so a file saved today still restores after the format changes. Pure zod: the practice
 * island imports it only when a file is saved or restored.
 */
import * as z from 'zod';
import { cardPhraseSchema, EARLIEST_REVIEW, logEntrySchema, scheduleSchema } from './reviews.js';

export const PROGRESS_FORMAT = 'parrot-phrases-progress';
export const PROGRESS_VERSION = 1;
/** The largest file read (recordings make it big; a phone holds the whole text in memory). */
export const MAX_PROGRESS_BYTES = 50 * 1024 * 1024;

/** `parrot-phrases-progress-2026-11-28.json`: the file saved on the learner's day `day` (YYYY-MM-DD). */
export const progressFileName = (day: string) => `${PROGRESS_FORMAT}-${day}.json`;

const instant = z.iso
  .datetime({ error: 'Must be a date and time such as 2026-11-28T09:00:00.000Z' })
  .refine((s) => Date.parse(s) >= Date.parse(EARLIEST_REVIEW), 'Date is too early');

/** A card: the phrase it is (and its texts as last practised) and its FSRS schedule. */
const cardV1 = cardPhraseSchema.extend({ lang_tag: z.string().max(35).optional(), schedule: scheduleSchema });
/** One review, of the card `card` (`{language}/{level}/{lesson}/{phrase}`); a review is (card, reviewed_at). */
const reviewV1 = logEntrySchema.extend({ card: z.string().min(1), reviewed_at: instant });
/** A recorded take (the recorder's, stored on the device): its audio as base64. */
const takeV1 = z.object({
  phraseId: z.string().min(1),
  mime: z.string().regex(/^audio\/[\w.+-]+(;.*)?$/, 'Must be an audio type such as audio/webm'),
  createdAt: instant,
  data: z.base64({ error: 'Must be the recording as base64' }),
});

const fileV1 = z
  .object({
    format: z.literal(PROGRESS_FORMAT),
    version: z.literal(1),
    exported_at: instant,
    cards: z.array(cardV1),
    reviews: z.array(reviewV1),
    takes: z.array(takeV1).optional(),
  })
  .superRefine((f, ctx) => {
    const ids = new Set(f.cards.map((c) => `${c.language_id}/${c.level_id}/${c.lesson_id}/${c.phrase_id}`));
    f.reviews.forEach((r, i) => {
      if (!ids.has(r.card)) ctx.addIssue({ code: 'custom', message: 'A review of a card the file does not have', path: ['reviews', i, 'card'] });
    });
  });

export type ProgressFile = z.infer<typeof fileV1>;
export type ProgressCard = ProgressFile['cards'][number];
export type ProgressReview = ProgressFile['reviews'][number];
export type ProgressTake = NonNullable<ProgressFile['takes']>[number];

/** Each version's reader, upgrading its files to the current shape (a version 2 adds its reader and a v1 → v2 step). */
const READERS: Partial<Record<number, (doc: unknown) => z.ZodSafeParseResult<ProgressFile>>> = { 1: (doc) => fileV1.safeParse(doc) };

const NOT_OURS = 'This is not a Parrot Phrases progress file: choose a file saved with ‘Back up my progress’.';

/** `cards.3.schedule.due` → `card 4, schedule, due`: where in the file, in words. */
function where(path: PropertyKey[]): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `${String(path[i - 1]).replace(/s$/, '')} ${p + 1}` : typeof path[i + 1] === 'number' ? '' : String(p)))
    .filter(Boolean)
    .join(', ');
}

/** A file's text as progress to restore, or a sentence saying why it cannot be. */
export function readProgress(text: string): { file: ProgressFile } | { problem: string } {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return { problem: `${NOT_OURS} (It is not JSON.)` };
  }
  const mark = z.object({ format: z.literal(PROGRESS_FORMAT), version: z.number().int().min(1) }).safeParse(doc);
  if (!mark.success) return { problem: NOT_OURS };
  const read = READERS[mark.data.version];
  if (!read)
    return {
      problem: `This file was saved by a newer version of Parrot Phrases (format ${mark.data.version}): reload this page to update it, then try again.`,
    };
  const parsed = read(doc);
  if (parsed.success) return { file: parsed.data };
  const issues = parsed.error.issues;
  const first = issues[0];
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length === 2 ? '' : 's'})` : '';
  return { problem: `This file is damaged and nothing was restored: ${where(first.path)}: ${first.message}${more}.` };
}
