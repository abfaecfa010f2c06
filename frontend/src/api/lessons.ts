/** Lessons for the admin screens: the read hook (with the admin's token) and the writes. */
import useSWR from 'swr';
import type { CourseFilter } from '@shared/contracts/common';
import type { Lesson, LessonCreate, LessonReorder, LessonUpdate } from '@shared/contracts/lessons';
import { authedFetcher } from './client';
import { courseWrite, LESSONS } from './course';
import { queryString } from './paged';
import { api } from '@shared/urls';

export const useLessons = (f: Partial<Omit<CourseFilter, 'lesson_id'>> = {}) =>
  useSWR<Lesson[], Error>(`${LESSONS}${queryString({ language_id: f.language_id, level_id: f.level_id })}`, authedFetcher);

export const createLesson = (input: LessonCreate) => courseWrite<Lesson>(LESSONS, 'POST', input);
export const updateLesson = (languageId: string, levelId: string, id: string, input: LessonUpdate) =>
  courseWrite<Lesson>(api.lesson(languageId, levelId, id), 'PUT', input);
export const deleteLesson = (languageId: string, levelId: string, id: string) => courseWrite<undefined>(api.lesson(languageId, levelId, id), 'DELETE');
/**
 * Swaps with the neighbour. Rejects with the message 'Cannot reorder: missing order index' when
 * either has none; at the first/last position nothing changes (resolves with []).
 */
export const moveLesson = (languageId: string, levelId: string, id: string, direction: 'up' | 'down') =>
  courseWrite<Lesson[]>(api.lessonMove(languageId, levelId, id), 'POST', { direction });
export const setLessonLock = (languageId: string, levelId: string, id: string, isLocked: boolean) =>
  courseWrite<Lesson>(api.lessonLock(languageId, levelId, id), 'POST', { is_locked: isLocked });
/** Saves a dropped drag (or its undo) in one call: lesson_ids must be exactly the level's lessons. */
export const reorderLessons = (input: LessonReorder) => courseWrite<Lesson[]>(api.lessonsReorder, 'POST', input);
/** The order a new lesson of the level gets (highest + 1, or 0). */
export async function nextLessonOrder(languageId: string, levelId: string): Promise<number> {
  const r = await authedFetcher<{ order_index: number }>(`${api.lessonsNextOrder}${queryString({ language_id: languageId, level_id: levelId })}`);
  return r.order_index;
}
