/**
 * The BCP 47 tag of a course language, for `lang` on its phrases (screen readers pick the voice,
 * browsers the hyphenation). Course ids are slugs ('spanish'), so the id or name is mapped; an
 * unknown language gets no tag rather than a wrong one.
 */
const TAGS: Record<string, string> = {
  english: 'en',
  spanish: 'es',
  french: 'fr',
  german: 'de',
  italian: 'it',
  portuguese: 'pt',
  russian: 'ru',
  japanese: 'ja',
  mandarin: 'zh',
  chinese: 'zh',
  'mandarin-chinese': 'zh',
  dutch: 'nl',
  korean: 'ko',
  arabic: 'ar',
};

export function languageTag(language: { id: string; name?: string }): string | undefined {
  const candidates = [language.id, language.name ?? '', (language.name ?? '').split(/\s+/)[0]].map((s) => s.trim().toLowerCase());
  for (const c of candidates) if (TAGS[c]) return TAGS[c];
  // Ids that are already tags ('es', 'pt-br').
  return /^[a-z]{2,3}(-[a-z0-9]{2,8})?$/.test(language.id) ? language.id : undefined;
}
