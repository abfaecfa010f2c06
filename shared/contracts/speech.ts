/**
 * The speech resource (docs/back-office.md "Voices"): a language's voices (A, and B for dialogues),
 * their 'Listen' samples, and the regeneration of the audio a voice change makes stale. Pure zod.
 */
import * as z from 'zod';

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
