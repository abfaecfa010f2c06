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

/** A lesson's phrases in page order (every phrase on the page has audio). */
export function lessonDeck(page: Pick<LessonPage, 'language' | 'groups'>, langTag: string | undefined): DeckCard[] {
  return page.groups.flatMap((g) =>
    g.phrases.map((p) => ({
      language_id: p.language_id,
      level_id: p.level_id,
      lesson_id: p.lesson_id,
      phrase_id: p.id,
      original_text: p.original_text,
      translated_text: p.translated_text,
      audio_url: p.audio_url,
      language_name: page.language.name,
      ...(langTag ? { lang_tag: langTag } : {}),
    })),
  );
}
