/**
 * Text-to-speech behind one interface. Polly answers in AWS; the local twin uses an offline WASM
 * espeak-ng engine (config.speechEngine). Engines receive an already-normalised LanguageId.
 */
import { config } from '../config.js';
import { normalizeLanguage, type LanguageId } from './languages.js';
import { pollySynthesize } from './polly.js';

export interface SpeechEngine {
  /** Returns MP3 bytes. `language` may be a short code ('es', 'zh-CN') or a slug ('spanish'). */
  synthesize(text: string, language: string): Promise<Buffer>;
}

export { normalizeLanguage, type LanguageId } from './languages.js';

type Synthesize = (text: string, language: LanguageId) => Promise<Buffer>;

const offlineSynthesize: Synthesize = async (text, language) => {
  // Dynamic import keeps the GPL, dev-only engine (and its 24 MB data file) out of Lambda bundles.
  const { offlineSynthesize } = await import('./offline.js');
  return offlineSynthesize(text, language);
};

export function getSpeechEngine(): SpeechEngine {
  const run = config.speechEngine === 'offline' ? offlineSynthesize : pollySynthesize;
  return { synthesize: (text, language) => run(text, normalizeLanguage(language)) };
}
