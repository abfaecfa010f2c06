/**
 * The speech resource (docs/back-office.md "Voices"): a language's voices (A, and B for dialogues),
 * their 'Listen' samples, and the regeneration of the audio a voice change makes stale. Pure zod.
 */
import * as z from 'zod';
import { LEXICON_LIMITS, lexiconChars } from '../pronunciations.js';
import { MARK_LIMITS, MARKS_TEXT, parseMarks, POLLY_TEXT } from '../speech-marks.js';

export const voiceInfoSchema = z.object({
  id: z.string(),
  gender: z.enum(['Female', 'Male']),
  engine: z.enum(['neural', 'standard']),
  locale: z.string(),
});

/** Which of a language's voices a phrase group speaks in: A (the language's voice) or B (dialogues). */
export const SPEAKERS = ['a', 'b'] as const;
export type Speaker = (typeof SPEAKERS)[number];
export const speakerSchema = z.enum(SPEAKERS, { error: "Voice must be 'a' or 'b'" });

/** GET /api/speech/{language}: the chosen voices, the ones to choose from, and how many files are stale. */
export const speechSettingsSchema = z.object({
  language_id: z.string(),
  /** Voice A (Polly VoiceId) and voice B ('' when the language has none: B then speaks as A). */
  voice: z.string(),
  voice_b: z.string(),
  /** 0 until first saved. */
  version: z.number().int(),
  voices: z.array(voiceInfoSchema),
  /** The generated audio files that the current voices would make differently (what 'Regenerate' changes). */
  stale: z.number().int(),
});
export type SpeechSettings = z.infer<typeof speechSettingsSchema>;

export const VOICE_UNKNOWN_TEXT = 'Please choose one of the voices listed for this language';
const voiceId = z
  .string({ error: VOICE_UNKNOWN_TEXT })
  .trim()
  .max(40, VOICE_UNKNOWN_TEXT)
  .regex(/^[A-Za-z]*$/, VOICE_UNKNOWN_TEXT);

/** PUT /api/speech/{language}: the voices to use from now on (which voices a language has is checked on the server). */
export const speechSettingsUpdateSchema = z.object({
  voice: voiceId.min(1, VOICE_UNKNOWN_TEXT),
  voice_b: voiceId.default(''),
  version: z.number().int().min(0),
});
export type SpeechSettingsUpdate = z.input<typeof speechSettingsUpdateSchema>;
export type SpeechSettingsIn = z.output<typeof speechSettingsUpdateSchema>;

/** POST /api/speech/{language}/sample: 'Listen' to one voice saying the language's sample sentence. */
export const voiceSampleSchema = z.object({ voice: voiceId.min(1, VOICE_UNKNOWN_TEXT) });

/** Groups regenerated per request: each is a synthesis (~0.2 to 1 s) and a transaction, well inside the API's 29 s. */
export const REGENERATE_BATCH = 10;
/** POST /api/speech/{language}/regenerate answer: groups changed by this request, and those still stale. */
export const regenerateResultSchema = z.object({ changed: z.number().int(), remaining: z.number().int() });
export type RegenerateResult = z.infer<typeof regenerateResultSchema>;

// ---- Pronunciations (docs/back-office.md "Pronunciations") -------------------------------------

export const PRONUNCIATION_MAX = { word: 100, say: 100, entries: 100 } as const;
export const WORD_TEXT = 'Please enter the word or name as the phrases write it';
export const SAY_TEXT = 'Please enter how to say it';
export const DUPLICATE_WORD_TEXT = 'This word is already listed';
export const IPA_TEXT = 'IPA may not contain <, >, &, quotes or brackets';
export const lexiconTooLongText = (chars: number) =>
  `Too long for one Polly lexicon: ${chars.toLocaleString('en-US')} of ${LEXICON_LIMITS.chars.toLocaleString('en-US')} characters. Remove or shorten some rows.`;

const entrySchema = z
  .object({
    word: z.string({ error: WORD_TEXT }).trim().min(1, WORD_TEXT).max(PRONUNCIATION_MAX.word, `A word is at most ${PRONUNCIATION_MAX.word} characters`),
    kind: z.enum(['alias', 'ipa'], { error: "Choose 'Say as' or 'IPA'" }),
    say: z.string({ error: SAY_TEXT }).trim().min(1, SAY_TEXT).max(PRONUNCIATION_MAX.say, `At most ${PRONUNCIATION_MAX.say} characters`),
  })
  .superRefine((e, ctx) => {
    if (e.kind === 'ipa' && /[<>&"'[\]]/.test(e.say)) ctx.addIssue({ code: 'custom', path: ['say'], message: IPA_TEXT });
  });

/** A language's pronunciations, the whole list (it is one lexicon): the screen's and a backup's (shared/contracts/backup.ts). */
export const lexiconEntriesSchema = z
  .array(entrySchema)
  .max(PRONUNCIATION_MAX.entries, `At most ${PRONUNCIATION_MAX.entries} pronunciations per language`)
  .superRefine((entries, ctx) => {
    const seen = new Set<string>();
    entries.forEach((e, i) => {
      const key = e.word.toLocaleLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'word'], message: DUPLICATE_WORD_TEXT });
      seen.add(key);
    });
    const chars = lexiconChars(entries);
    if (chars > LEXICON_LIMITS.chars) ctx.addIssue({ code: 'custom', path: [], message: lexiconTooLongText(chars) });
  });

/** PUT /api/speech/{language}/pronunciations: the whole list, at the version read. */
export const lexiconUpdateSchema = z.object({ entries: lexiconEntriesSchema, version: z.number().int().min(0) });
export type LexiconUpdate = z.input<typeof lexiconUpdateSchema>;
export type LexiconIn = z.output<typeof lexiconUpdateSchema>;

/** GET/PUT answer: the list, its size against Polly's limits, and the generated files it makes stale. */
export const lexiconSchema = z.object({
  language_id: z.string(),
  entries: z.array(z.object({ word: z.string(), kind: z.enum(['alias', 'ipa']), say: z.string() })),
  version: z.number().int(),
  chars: z.number().int(),
  limits: z.object({ perAccount: z.number().int(), chars: z.number().int(), perRequest: z.number().int() }),
  stale: z.number().int(),
});
export type Lexicon = z.infer<typeof lexiconSchema>;

/**
 * Text to speak, as marked text (shared/speech-marks.ts: a phrase's 'How to say it', or plain words
 * with their braces doubled): its marks checked, its words at most `maxChars`, its marks at most
 * `maxMarks`, and all of it within what Polly reads in one request.
 */
export const markedTextSchema = (texts: { empty: string; tooLong: string }, maxChars: number, maxMarks: number) =>
  z
    .string({ error: texts.empty })
    .prefault('')
    .transform((v) => v.trim())
    .superRefine((v, ctx) => {
      if (v.length > POLLY_TEXT.total) return ctx.addIssue({ code: 'custom', message: MARKS_TEXT.tooManyForFile });
      const parsed = parseMarks(v, maxMarks);
      if (!parsed.ok) return ctx.addIssue({ code: 'custom', message: parsed.message });
      if (!parsed.plain) ctx.addIssue({ code: 'custom', message: texts.empty });
      else if (parsed.plain.length > maxChars) ctx.addIssue({ code: 'custom', message: texts.tooLong });
    });

/**
 * POST /api/speech/{language}/preview: 'Listen' to a text as it will sound (saved voices and
 * pronunciations, and its marks), nothing stored but the sound.
 */
export const previewSchema = z.object({
  text: markedTextSchema({ empty: 'Please enter a phrase to listen to', tooLong: 'A preview is at most 500 characters' }, 500, MARK_LIMITS.marks),
  speaker: speakerSchema.default('a'),
});
