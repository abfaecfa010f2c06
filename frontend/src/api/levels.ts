/** Levels for the admin screens: the read hook (with the admin's token) and the writes. */
import useSWR from 'swr';
import type { Level, LevelCreate, LevelReorder, LevelUpdate, LevelWithCount } from '@shared/contracts/levels';
import { authedFetcher } from './client';
import { courseWrite, LEVELS } from './course';
import { queryString } from './paged';
import { api } from '@shared/urls';

/** All levels (or one language's), each with lesson_count, in catalogue order per language. */
export const useLevels = (languageId?: string) => useSWR<LevelWithCount[], Error>(`${LEVELS}${queryString({ language_id: languageId })}`, authedFetcher);

export const createLevel = (input: LevelCreate) => courseWrite<Level>(LEVELS, 'POST', input);
export const updateLevel = (languageId: string, id: string, input: LevelUpdate) => courseWrite<Level>(api.level(languageId, id), 'PUT', input);
export const deleteLevel = (languageId: string, id: string) => courseWrite<undefined>(api.level(languageId, id), 'DELETE');
/** Swaps with the neighbour; at the first/last position the server answers 400 with a message. */
export const moveLevel = (languageId: string, id: string, direction: 'up' | 'down') =>
  courseWrite<Level[]>(api.levelMove(languageId, id), 'POST', { direction });
export const setLevelLock = (languageId: string, id: string, isLocked: boolean) =>
  courseWrite<Level>(api.levelLock(languageId, id), 'POST', { is_locked: isLocked });
/**
 * Saves a dropped drag: every level of the language in its new order, each with the version shown.
 * 409 when the list is stale (a level added, removed or changed meanwhile): nothing is written.
 */
export const reorderLevels = (input: LevelReorder) => courseWrite<Level[]>(api.levelsReorder, 'POST', input);
