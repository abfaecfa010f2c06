/**
 * Text-to-speech behind one interface. Polly answers in AWS; the local twin uses an offline WASM
 * espeak-ng engine (config.speechEngine). Both take one SpeechInput (docs/back-office.md "Voices").
 */
import { config } from '../config.js';
import { normalizeLanguage } from './languages.js';
import { pollySynthesize } from './polly.js';

export type { EngineInput, SpeechInput, SpeechLexicon } from './input.js';
import type { EngineInput, SpeechInput } from './input.js';

export interface SpeechEngine {
  /** Returns MP3 bytes. */
  synthesize(input: SpeechInput): Promise<Buffer>;
}

export { normalizeLanguage, type LanguageId } from './languages.js';
export { ssmlOf } from './polly.js';

type Synthesize = (input: EngineInput) => Promise<Buffer>;

const offlineSynthesize: Synthesize = async (input) => {
  // Dynamic import keeps the GPL, dev-only engine (and its 24 MB data file) out of Lambda bundles.
  const { offlineSynthesize } = await import('./offline.js');
  return offlineSynthesize(input);
};

export function getSpeechEngine(): SpeechEngine {
  const run = config.speechEngine === 'offline' ? offlineSynthesize : pollySynthesize;
  return { synthesize: (input) => run({ ...input, language: normalizeLanguage(input.language) }) };
}
