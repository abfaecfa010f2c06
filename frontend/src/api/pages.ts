/**
 * The public course pages: each page is ONE request (SWR read hooks, keyed by path). A 404 is an
 * answer (the page shows its not-found text), so client errors are not retried.
 */
import useSWR from 'swr';
import type { LanguagePage, LessonPage, LevelPage, LockedItem } from '@shared/types';
import { fetcher, retryServerErrorsOnly } from './client';

const enc = encodeURIComponent;
const opts = { shouldRetryOnError: retryServerErrorsOnly };

export const useLanguagePage = (language: string) => useSWR<LanguagePage>(`/pages/language/${enc(language)}`, fetcher, opts);

export const useLevelPage = (language: string, level: string) => useSWR<LevelPage>(`/pages/level/${enc(language)}/${enc(level)}`, fetcher, opts);

export const useLessonPage = (language: string, level: string, lesson: string) =>
  useSWR<LessonPage>(`/pages/lesson/${enc(language)}/${enc(level)}/${enc(lesson)}`, fetcher, opts);

export interface LockedQuery {
  type: 'level' | 'lesson';
  id: string;
  languageId: string;
  levelId?: string;
}

/** `null` (incomplete query) fetches nothing: the screen then shows its generic text. */
export function useLockedItem(q: LockedQuery | null) {
  const qs = q && new URLSearchParams({ type: q.type, id: q.id, languageId: q.languageId, ...(q.levelId ? { levelId: q.levelId } : {}) });
  return useSWR<LockedItem>(qs ? `/pages/locked?${qs}` : null, fetcher, opts);
}
