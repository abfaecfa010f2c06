/** Lessons for the admin screens: the read hook (with the admin's token) and the writes. */
import useSWR from 'swr';
import type { CourseFilter } from '@shared/contracts/common';
import type { Lesson, LessonCreate, LessonReorder, LessonUpdate } from '@shared/contracts/lessons';
import { authedFetcher } from './client';
import { courseWrite, LESSONS, seg } from './course';
import { queryString } from './paged';

export const useLessons = (f: Partial<Omit<CourseFilter, 'lesson_id'>> = {}) =>
  useSWR<Lesson[], Error>(`${LESSONS}${queryString({ language_id: f.language_id, level_id: f.level_id })}`, authedFetcher);

const lessonPath = (languageId: string, levelId: string, id: string) => `${LESSONS}/${seg(languageId)}/${seg(levelId)}/${seg(id)}`;
export const createLesson = (input: LessonCreate) => courseWrite<Lesson>(LESSONS, 'POST', input);
export const updateLesson = (languageId: string, levelId: string, id: string, input: LessonUpdate) =>
  courseWrite<Lesson>(lessonPath(languageId, levelId, id), 'PUT', input);
export const deleteLesson = (languageId: string, levelId: string, id: string) => courseWrite<undefined>(lessonPath(languageId, levelId, id), 'DELETE');
/**
 * Swaps with the neighbour. Rejects with the message 'Cannot reorder: missing order index' when
 * either has none; at the first/last position nothing changes (resolves with []).
 */
export const moveLesson = (languageId: string, levelId: string, id: string, direction: 'up' | 'down') =>
  courseWrite<Lesson[]>(`${lessonPath(languageId, levelId, id)}/move`, 'POST', { direction });
export const setLessonLock = (languageId: string, levelId: string, id: string, isLocked: boolean) =>
  courseWrite<Lesson>(`${lessonPath(languageId, levelId, id)}/lock`, 'POST', { is_locked: isLocked });
/** Saves a dropped drag (or its undo) in one call: lesson_ids must be exactly the level's lessons. */
export const reorderLessons = (input: LessonReorder) => courseWrite<Lesson[]>(`${LESSONS}/reorder`, 'POST', input);
/** The order a new lesson of the level gets (highest + 1, or 0). */
export async function nextLessonOrder(languageId: string, levelId: string): Promise<number> {
  const r = await authedFetcher<{ order_index: number }>(`${LESSONS}/next-order${queryString({ language_id: languageId, level_id: levelId })}`);
  return r.order_index;
}
