/**
 * A card as a practice session shows it: the phrase's texts and audio, with its lesson and
 * language. The practice page writes its lesson's deck into the page; /review reads the device's.
 */
import type { CardPhrase } from '@shared/contracts/reviews';
import type { LessonPage } from '@shared/contracts/pages';

export interface DeckCard extends CardPhrase {
  /** The course language's BCP 47 tag, for `lang` on the phrase (none when unknown). */
  lang_tag?: string;
}

/** A phrase as a card: its fields picked from whatever holds them (a favourite, a stored card), nothing else kept. */
export function deckCard(from: Omit<CardPhrase, 'language_name'> & { lang_tag?: string }, language_name: string, lang_tag = from.lang_tag): DeckCard {
  const { language_id, level_id, lesson_id, phrase_id, original_text, translated_text, audio_url } = from;
  return { language_id, level_id, lesson_id, phrase_id, original_text, translated_text, audio_url, language_name, ...(lang_tag ? { lang_tag } : {}) };
}

/** A lesson's phrases in page order (every phrase on the page has audio). */
export function lessonDeck(page: Pick<LessonPage, 'language' | 'groups'>, langTag: string | undefined): DeckCard[] {
  return page.groups.flatMap((g) => g.phrases.map((p) => deckCard({ ...p, phrase_id: p.id }, page.language.name, langTag)));
}
