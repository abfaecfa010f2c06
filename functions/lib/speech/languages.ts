/** The languages speech is made in, and the one map from what callers pass to them (no engine here). */
import type { SpeechLanguage } from '../../../shared/voices.js';

export type LanguageId = SpeechLanguage;

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
