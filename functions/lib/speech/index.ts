/**
 * Text-to-speech behind one interface. Polly answers in AWS; the local twin uses an offline WASM
 * espeak-ng engine (config.speechEngine). Engines receive an already-normalised LanguageId.
 */
import { config } from '../config.js';
import { pollySynthesize } from './polly.js';

export interface SpeechEngine {
  /** Returns MP3 bytes. `language` may be a short code ('es', 'zh-CN') or a slug ('spanish'). */
  synthesize(text: string, language: string): Promise<Buffer>;
}

export type LanguageId = 'es' | 'fr' | 'it' | 'de' | 'ja' | 'zh' | 'pt' | 'ru' | 'en';

/** The one map from what callers pass (codes, slugs, aliases) to a LanguageId. */
const LANGUAGE_IDS: Partial<Record<string, LanguageId>> = {
  es: 'es',
  spanish: 'es',
  fr: 'fr',
  french: 'fr',
  it: 'it',
  italian: 'it',
  de: 'de',
  german: 'de',
  ja: 'ja',
  japanese: 'ja',
  zh: 'zh',
  cmn: 'zh',
  mandarin: 'zh',
  chinese: 'zh',
  pt: 'pt',
  portuguese: 'pt',
  ru: 'ru',
  russian: 'ru',
  en: 'en',
  english: 'en',
};

/** Unknown languages fall back to English rather than failing a whole request. */
export function normalizeLanguage(language: string): LanguageId {
  const key = language.trim().toLowerCase();
  return LANGUAGE_IDS[key] ?? LANGUAGE_IDS[key.split(/[-_]/)[0]] ?? 'en';
}

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
