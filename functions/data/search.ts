/**
 * The public search's data (docs/learners.md "Search"): a language's index built from its PUBLISHED
 * items only. Drafts never show here, not even inside a preview (a preview shows one item's page to
 * its link holder; the index is one public file for everyone): the language, levels and lessons
 * are taken as stored without `is_draft`, phrases as live (a lesson's phrase draft is another item).
 * One Query of the language's partition per index.
 */
import { languageTree } from './course.js';
import { listLanguages } from './languages.js';
import { groupByAudio } from '../../shared/phrase-groups.js';
import { buildSearchIndex, type SearchIndex } from '../../shared/search.js';

const published = <T extends { is_draft?: boolean }>(items: T[]) => items.filter((i) => !i.is_draft);

/** The public languages, by name (what /api/languages lists outside a preview). */
export const publishedLanguages = async () => published(await listLanguages());

/** A language's index, or undefined when the language is not public. */
export async function searchIndexOf(languageId: string): Promise<SearchIndex | undefined> {
  const tree = await languageTree(languageId);
  if (!tree.language || tree.language.is_draft) return undefined;
  // languageTree lists levels and lessons in catalogue order: the index keeps it.
  return buildSearchIndex({
    language: { id: tree.language.id, name: tree.language.name },
    levels: published(tree.levels),
    lessons: published(tree.lessons),
    // The phrases the lesson page shows: those with audio, group by group.
    phrases: (level, lesson) => groupByAudio(tree.phrases.filter((p) => p.level_id === level && p.lesson_id === lesson)).flatMap((g) => g.phrases),
  });
}
