/**
 * Levels, lessons and phrases inside a language's partition (see lib/keys.ts): the course data
 * layer's one entry point. The raw creation helpers below are used by the demo seed and tests
 * (they write what they are given); the API's rules live in levels.ts, lessons.ts, phrases.ts,
 * re-exported here.
 */
import { keys } from '../lib/keys.js';
import { byOrder } from '../../shared/order.js';
import type { Stored } from '../../shared/contracts/common.js';
import type { Language } from '../../shared/contracts/languages.js';
import type { Lesson } from '../../shared/contracts/lessons.js';
import type { Level } from '../../shared/contracts/levels.js';
import type { Phrase } from '../../shared/contracts/phrases.js';
import { listLanguageLessons } from './lessons.js';
import { listLanguageLevels } from './levels.js';
import { publicView, shown } from './visibility.js';
import { newPhraseId, phraseSearch } from './phrases.js';
import { createItem, queryPartition, strip } from './table.js';

/** What the raw creation helpers take: the entity's own fields, defaults for the optional ones. */
type Optional = 'icon_url' | 'order_index' | 'is_locked';
export type LevelInput = Omit<Level, keyof Stored | Optional> & Partial<Pick<Level, Optional>>;
export type LessonInput = Omit<Lesson, keyof Stored | Optional> & Partial<Pick<Lesson, Optional>>;
export type PhraseInput = Omit<Phrase, keyof Stored | 'id'>;

export const createLevel = (l: LevelInput) => createItem(keys.level(l.language_id, l.id), 'level', { icon_url: '', order_index: null, is_locked: false, ...l });

export const createLesson = (l: LessonInput) =>
  createItem(keys.lesson(l.language_id, l.level_id, l.id), 'lesson', { icon_url: '', order_index: null, is_locked: false, ...l });

export function createPhrase(p: PhraseInput) {
  const id = newPhraseId();
  return createItem(keys.phrase(p.language_id, p.level_id, p.lesson_id, id), 'phrase', { id, ...p, search: phraseSearch(p) });
}

/**
 * A language's whole tree in one paginated Query of its partition: the language itself (undefined
 * when there is none), levels and lessons in catalogue order, phrases in creation order (their ids
 * are ULIDs).
 */
export async function languageTree(languageId: string): Promise<{ language?: Language; levels: Level[]; lessons: Lesson[]; phrases: Phrase[] }> {
  const items = await queryPartition(keys.languageTree(languageId).PK);
  const of = <T>(entity: string) => items.filter((i) => i.entity === entity).map((i) => strip<T>(i));
  return {
    language: of<Language>('language')[0],
    levels: of<Level>('level').sort(byOrder),
    lessons: of<Lesson>('lesson').sort(byOrder),
    phrases: of<Phrase>('phrase').sort((a, b) => a.id.localeCompare(b.id)),
  };
}

/**
 * A language's public levels and lessons (two Queries), as the lesson sequence and its Previous/Next
 * links need them: drafts left out (./visibility.ts).
 */
export async function courseSequence(languageId: string): Promise<{ levels: Level[]; lessons: Lesson[] }> {
  const [view, levels, lessons] = await Promise.all([publicView(languageId), listLanguageLevels(languageId), listLanguageLessons(languageId)]);
  return { levels: shown(view.level, levels), lessons: shown(view.lesson, lessons) };
}

export {
  listLevels,
  listLanguageLevels,
  getLevel,
  nextLevelOrder,
  addLevel,
  updateLevel,
  setLevelLock,
  moveLevel,
  reorderLevels,
  deleteLevel,
} from './levels.js';
export {
  listLessons,
  listLanguageLessons,
  getLesson,
  nextLessonOrder,
  addLesson,
  updateLesson,
  setLessonLock,
  moveLesson,
  reorderLessons,
  deleteLesson,
} from './lessons.js';
export { listPhrases, pagePhrases, phraseCounts, getPhrase, addPhrases, updatePhraseGroup, deletePhrase } from './phrases.js';
export { groupByAudio } from '../../shared/phrase-groups.js';
