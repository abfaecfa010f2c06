/** Lessons: `LESSON#{level}#{lesson}` items in their language's partition (see lib/keys.ts). */
import type * as z from 'zod';
import { conflict, invalid, notFound } from '../lib/errors.js';
import { keys } from '../lib/keys.js';
import type * as S from '../../shared/contracts/lessons.js';
import { MAX_LESSONS_PER_LEVEL, type Lesson } from '../../shared/contracts/lessons.js';
import { byOrder } from '../../shared/order.js';
import { LEVEL_NOT_FOUND } from './levels.js';
import { moveToTrash, type Deleted } from './trash.js';
import {
  asItem,
  changed,
  deleteKeys,
  getItem,
  getRaw,
  keyOf,
  mustExist,
  newItem,
  putIfVersion,
  putNew,
  queryPartition,
  strip,
  transact,
  type Raw,
} from './table.js';

type LessonIn = z.output<typeof S.lessonCreateSchema>;
type LessonChanges = z.output<typeof S.lessonUpdateSchema>;

export const LESSON_NOT_FOUND = 'Lesson not found';
export const MISSING_ORDER_TEXT = 'Cannot reorder: missing order index';

const rawLessons = (languageId: string, levelId?: string) => {
  const p = keys.lessonPrefix(languageId, levelId);
  return queryPartition(p.PK, p.SKPrefix);
};
const sortRaw = (items: Raw[]) => items.sort((a, b) => byOrder(asItem<Lesson>(a), asItem<Lesson>(b)));

/** A level's lessons in catalogue order (missing order = 999, ties by title). */
export async function listLessons(languageId: string, levelId: string): Promise<Lesson[]> {
  return sortRaw(await rawLessons(languageId, levelId)).map((i) => strip<Lesson>(i));
}

/** All lessons of a language, grouped by level id, each level's lessons in catalogue order. */
export async function listLanguageLessons(languageId: string): Promise<Lesson[]> {
  const all = (await rawLessons(languageId)).map((i) => strip<Lesson>(i));
  return all.sort((a, b) => a.level_id.localeCompare(b.level_id) || byOrder(a, b));
}

export const getLesson = (languageId: string, levelId: string, lessonId: string) => getItem<Lesson>(keys.lesson(languageId, levelId, lessonId));

/** Highest order_index in the level plus 1, or 0 when none. */
export async function nextLessonOrder(languageId: string, levelId: string): Promise<number> {
  const orders = (await rawLessons(languageId, levelId)).map((l) => l.order_index).filter((o): o is number => typeof o === 'number');
  return orders.length ? Math.max(...orders) + 1 : 0;
}

/** Creates a lesson (unlocked; next order of its level unless given). 404 unknown level, 409 taken id, 400 full level. */
export async function addLesson(input: LessonIn): Promise<Lesson> {
  const siblings = await rawLessons(input.language_id, input.level_id);
  // A level's order is saved in one transaction (reorderSchema): it holds no more than that can.
  if (siblings.length >= MAX_LESSONS_PER_LEVEL) throw invalid(`A level holds at most ${MAX_LESSONS_PER_LEVEL} lessons`, 'level_id');
  const orders = siblings.map((l) => l.order_index).filter((o): o is number => typeof o === 'number');
  const order_index = input.order_index ?? (orders.length ? Math.max(...orders) + 1 : 0);
  const item = newItem(keys.lesson(input.language_id, input.level_id, input.id), 'lesson', { ...input, order_index, is_locked: false });
  await transact([putNew(item), mustExist(keys.level(input.language_id, input.level_id))], (i) =>
    i === 0 ? conflict(`A lesson with the ID "${input.id}" already exists in this level`, 'id') : notFound(LEVEL_NOT_FOUND),
  );
  return strip<Lesson>(item);
}

/** Updates a lesson if `version` is the stored one (409 otherwise). It stays in its language and level. */
export async function updateLesson(
  languageId: string,
  levelId: string,
  lessonId: string,
  { version, language_id, level_id, ...changes }: LessonChanges,
): Promise<Lesson> {
  if (language_id && language_id !== languageId) throw invalid('A lesson cannot be moved to another language. Create it there instead.', 'language_id');
  if (level_id && level_id !== levelId) throw invalid('A lesson cannot be moved to another level. Create it there instead.', 'level_id');
  const current = await getRaw(keys.lesson(languageId, levelId, lessonId));
  if (!current) throw notFound(LESSON_NOT_FOUND);
  if (current.version !== version) throw conflict();
  const next = changed(current, changes);
  await transact([putIfVersion(next, version)]);
  return strip<Lesson>(next);
}

export async function setLessonLock(languageId: string, levelId: string, lessonId: string, isLocked: boolean): Promise<Lesson> {
  const current = await getRaw(keys.lesson(languageId, levelId, lessonId));
  if (!current) throw notFound(LESSON_NOT_FOUND);
  const next = changed(current, { is_locked: isLocked });
  await transact([putIfVersion(next, current.version as number)]);
  return strip<Lesson>(next);
}

/**
 * Swaps order_index with the neighbour in catalogue order. Both need an order_index (400
 * otherwise); moving the first up or the last down changes nothing (empty result). One
 * transaction conditional on both versions.
 */
export async function moveLesson(languageId: string, levelId: string, lessonId: string, direction: 'up' | 'down'): Promise<Lesson[]> {
  const sorted = sortRaw(await rawLessons(languageId, levelId));
  const i = sorted.findIndex((l) => l.id === lessonId);
  if (i < 0) throw notFound(LESSON_NOT_FOUND);
  const j = direction === 'up' ? i - 1 : i + 1;
  if (j < 0 || j >= sorted.length) return [];
  const [a, b] = [sorted[i], sorted[j]];
  if (typeof a.order_index !== 'number' || typeof b.order_index !== 'number') throw invalid(MISSING_ORDER_TEXT);
  const nextA = changed(a, { order_index: b.order_index });
  const nextB = changed(b, { order_index: a.order_index });
  await transact([putIfVersion(nextA, a.version as number), putIfVersion(nextB, b.version as number)]);
  return [strip<Lesson>(nextA), strip<Lesson>(nextB)];
}

/**
 * Writes order_index 0..n-1 in the given order. The ids must be exactly the level's lessons. One
 * transaction (per 100 lessons) conditional on the versions read: a concurrent edit gives 409.
 */
export async function reorderLessons(languageId: string, levelId: string, lessonIds: string[]): Promise<Lesson[]> {
  const current = await rawLessons(languageId, levelId);
  const byId = new Map(current.map((l) => [l.id as string, l]));
  const unique = new Set(lessonIds);
  const chosen = lessonIds.map((id) => byId.get(id)).filter((l) => l !== undefined);
  if (unique.size !== lessonIds.length || unique.size !== byId.size || chosen.length !== lessonIds.length) {
    throw invalid("The lesson list must contain each of the level's lessons exactly once. Reload and try again.", 'lesson_ids');
  }
  const next = chosen.map((prev, order_index) => ({ prev, next: changed(prev, { order_index }) }));
  await transact(next.map(({ prev, next: n }) => putIfVersion(n, prev.version as number)));
  return next.map(({ next: n }) => strip<Lesson>(n));
}

/** What deleting a lesson takes to the Trash: the lesson (the root) and its phrases; it comes back under its level. */
export function lessonDeleted(lesson: Raw, phrases: Raw[]): Deleted {
  const where = { language_id: String(lesson.language_id), level_id: String(lesson.level_id), lesson_id: String(lesson.id) };
  const key = keys.lesson(where.language_id, where.level_id, where.lesson_id);
  return {
    kind: 'lesson',
    label: String(lesson.title),
    where,
    items: [lesson, ...phrases],
    roots: [key],
    parent: keys.level(where.language_id, where.level_id),
  };
}

/**
 * Deletes a lesson with its phrases (phrases first, lesson last; idempotent), after copying them to
 * the Trash (./trash.ts) as `deletedBy`'s delete. False when nothing existed.
 */
export async function deleteLesson(languageId: string, levelId: string, lessonId: string, deletedBy: string): Promise<boolean> {
  const pp = keys.phrasePrefix(languageId, levelId, lessonId);
  const key = keys.lesson(languageId, levelId, lessonId);
  const [lesson, phrases] = await Promise.all([getRaw(key), queryPartition(pp.PK, pp.SKPrefix)]);
  if (!lesson && !phrases.length) return false;
  if (lesson) await moveToTrash(lessonDeleted(lesson, phrases), deletedBy);
  await deleteKeys(phrases.map(keyOf));
  // A pending draft (./publishing.ts) goes with what it would change; it is not kept in the Trash.
  await deleteKeys([keys.draft(key)]);
  await deleteKeys([key]);
  return true;
}
