/** The phrases resource: what the API answers and what an admin sends (with the forms' error texts). */
import * as z from 'zod';
import { courseFilterSchema, idParam, MAX, phraseIdParam, slug, storedSchema, url, version } from './common.js';
import { lessonRefSchema } from './lessons.js';
import { cursorHash, cursorParam, limitParam, searchParam } from './paging.js';
import { keptSpeechText, MARK_LIMITS, MARKS_TEXT, speechTextProblem } from '../speech-marks.js';

/** A phrase as the public pages show it. */
export const publicPhraseSchema = storedSchema.extend(lessonRefSchema.shape).extend({
  id: z.string(),
  original_text: z.string(),
  translated_text: z.string(),
  audio_url: z.string(),
  /** When each word is spoken in the audio (shared/word-timings.ts); none for uploaded audio. Written by the server only. */
  audio_timings: z.string().optional(),
});
export type PublicPhrase = z.infer<typeof publicPhraseSchema>;

/** A phrase as the back office reads it: with its 'How to say it' (shared/speech-marks.ts), which the public never sees. */
export const phraseSchema = publicPhraseSchema.extend({ speech_text: z.string().optional() });
export type Phrase = z.infer<typeof phraseSchema>;

/** A phrase as the public pages answer it: its 'How to say it' left out (it is how the audio was made, not what a learner reads). */
export function publicPhrase({ speech_text: _said, ...shown }: Phrase): PublicPhrase {
  return shown;
}

/** Phrases that share one audio file (the derived "grouped phrase view" of the public pages). */
export const phraseGroupSchema = z.object({ audio_url: z.string(), phrases: z.array(publicPhraseSchema) });
export type PhraseGroup = z.infer<typeof phraseGroupSchema>;

/** GET /api/phrases/counts: phrases per lesson (lessons without phrases are left out) and in all. */
export const phraseCountsSchema = z.object({ total: z.number().int(), lessons: z.array(lessonRefSchema.extend({ count: z.number().int() })) });
export type PhraseCounts = z.infer<typeof phraseCountsSchema>;

// ---- The paged list ---------------------------------------------------------------------------

/** Where the next page of phrases starts: a language (`l`) and, inside it, after the key `k` (see data/phrases.ts). */
const phraseCursor = z.object({
  l: idParam,
  k: z
    .string()
    .max(300)
    .regex(/^PHRASE#[a-z0-9-]+#[a-z0-9-]+#[0-9A-Z]+$/)
    .optional(),
  h: cursorHash,
});
export type PhraseCursor = z.output<typeof phraseCursor>;
export const PHRASE_PAGE = { default: 50, max: 200 } as const;
/**
 * GET /api/phrases: the filters, a search over original and translated text (`q`, case- and
 * accent-insensitive), a page size and the cursor of the previous page.
 */
export const phraseListQuerySchema = courseFilterSchema.extend({
  q: searchParam,
  limit: limitParam(PHRASE_PAGE.default, PHRASE_PAGE.max),
  cursor: cursorParam(phraseCursor),
});
export type PhraseListQuery = z.output<typeof phraseListQuerySchema>;

// ---- Writes -----------------------------------------------------------------------------------

export const AUDIO_URL_TEXT = 'Please enter a valid URL for the audio file';
export const PHRASES_REQUIRED_TEXT = 'At least one phrase with translation is required';
/**
 * Phrases that share one audio file. Bounded so that any write of a group is ONE transaction (at
 * most 100 items): moving a group to another lesson deletes and writes each phrase (2 x 45) plus the
 * checks that both lessons exist.
 */
export const MAX_GROUP_PHRASES = 45;
export const GROUP_TOO_LARGE_TEXT = `A group holds at most ${MAX_GROUP_PHRASES} phrases (one audio file each)`;

const phraseRow = z
  .object({
    /** Set when editing: the stored phrase this row updates. */
    id: phraseIdParam.optional(),
    original_text: z.string().max(2000, 'A phrase is at most 2000 characters').default(''),
    translated_text: z.string().max(2000, 'A translation is at most 2000 characters').default(''),
    /** 'How to say it': the phrase with marks that become SSML (shared/speech-marks.ts); empty for none. */
    speech_text: z.string().max(MARK_LIMITS.chars, MARKS_TEXT.tooLong).default(''),
  })
  .superRefine((row, ctx) => {
    // Checked on the row as sent (its index is the form's), and only on a row that is kept.
    const problem = row.translated_text.trim() ? speechTextProblem(row.original_text, row.speech_text) : undefined;
    if (problem) ctx.addIssue({ code: 'custom', path: ['speech_text'], message: problem });
  });
/** Rows where original or translation is empty after trimming are dropped; at least one must remain. */
const rows = z
  .array(phraseRow, { error: PHRASES_REQUIRED_TEXT })
  .max(MAX_GROUP_PHRASES, GROUP_TOO_LARGE_TEXT)
  .transform((list) =>
    list
      .map((p) => ({
        ...p,
        original_text: p.original_text.trim(),
        translated_text: p.translated_text.trim(),
        // Kept only when it says something the text does not (it has marks).
        speech_text: keptSpeechText(p.speech_text),
      }))
      .filter((p) => p.original_text && p.translated_text),
  )
  .refine((list) => list.length > 0, { message: PHRASES_REQUIRED_TEXT });

/** The audio form: where the phrases go and the audio they share. */
export const audioFormSchema = z.object({
  language_id: slug('Language is required'),
  level_id: slug('Level is required'),
  lesson_id: slug('Lesson is required'),
  audio_url: url(AUDIO_URL_TEXT),
});

/** POST /api/phrases: one phrase per row, sharing the audio. */
export const phrasesCreateSchema = audioFormSchema.extend({ phrases: rows });
export type PhrasesCreate = z.input<typeof phrasesCreateSchema>;
/** A create as the server holds it once parsed. */
export type PhrasesIn = z.output<typeof phrasesCreateSchema>;
/** Rows as the server writes them: each with the word timings of the group's audio (functions/services/speech.ts), which no client sends. */
export type TimedRows<T extends { phrases: object[] }> = Omit<T, 'phrases'> & { phrases: (T['phrases'][number] & { audio_timings?: string })[] };

/**
 * PUT /api/phrases/group: editing a group as a whole. `old_phrases` is the group as the client read
 * it (ids + versions): if it changed meanwhile the server answers 409 instead of overwriting. Rows
 * with an id update that phrase; rows without one are paired with the remaining old phrases in
 * order; extra rows are created and surplus old phrases deleted. language_id/level_id/lesson_id say
 * where the group goes; `old_language_id`/`old_level_id`/`old_lesson_id` where it is now (default:
 * the same lesson).
 */
export const phraseGroupUpdateSchema = audioFormSchema.extend({
  old_language_id: idParam.optional(),
  old_level_id: idParam.optional(),
  old_lesson_id: idParam.optional(),
  old_audio_url: z.string().max(MAX.url),
  old_phrases: z.array(z.object({ id: phraseIdParam, version })).max(MAX_GROUP_PHRASES, GROUP_TOO_LARGE_TEXT),
  phrases: rows,
});
export type PhraseGroupUpdate = z.input<typeof phraseGroupUpdateSchema>;
/** A group edit as the server holds it once parsed. */
export type PhraseGroupIn = z.output<typeof phraseGroupUpdateSchema>;

/** A public lesson's phrase changes kept as its draft (PUT and POST /api/phrases/draft). */
export const PHRASE_DRAFT_MOVE_TEXT = 'A group moves to another lesson only when it is saved, not as a draft.';
export const PHRASE_DRAFT_SIZE_TEXT = "This lesson's phrase draft is too large to keep: publish it first, or save the phrases directly.";
/** GET /api/phrases/draft/{language}/{level}/{lesson}: the lesson's phrases as its draft has them (null: the draft leaves them alone). */
export const phraseDraftSchema = z.object({ phrases: z.array(phraseSchema).nullable() });
export type PhraseDraft = z.infer<typeof phraseDraftSchema>;
