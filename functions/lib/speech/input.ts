/** What every speech engine is given (./index.ts): one object, the same for Polly, the offline engine and speech marks. */
import type { Pronunciation } from '../../../shared/pronunciations.js';
import type { SpokenPart } from '../../../shared/speech-marks.js';
import type { LanguageId } from './languages.js';

/** What to say and how: the same object for every engine (and for the speech marks of ./marks.ts). */
export interface SpeechInput {
  text: string;
  /** A short code ('es', 'zh-CN') or a slug ('spanish'); engines receive it normalised. */
  language: string;
  /** A Polly VoiceId of the language (shared/voices.ts); the language's default when absent or not one of its voices. */
  voice?: string;
  /**
   * The text with its marks (shared/speech-marks.ts), when it has any: Polly reads them as SSML
   * (./ssml.ts), the offline engine as far as espeak can. `text` stays the plain words they read as.
   */
  marks?: readonly SpokenPart[];
  /** Pronunciations to apply: Polly lexicon names, with their entries for the engine that has no lexicons. */
  lexicons?: readonly SpeechLexicon[];
}

/** One pronunciation lexicon: its Polly name and its entries (a word, said as an alias or in IPA). */
export interface SpeechLexicon {
  name: string;
  entries: readonly Pronunciation[];
}

/** An input whose language is normalised: what the engines get. */
export type EngineInput = Omit<SpeechInput, 'language'> & { language: LanguageId };
