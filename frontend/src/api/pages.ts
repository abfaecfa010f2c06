/**
 * The public course pages: each page is ONE request (SWR read hooks, keyed by path). A 404 is an
 * answer (the page shows its not-found text), so client errors are not retried.
 */
import useSWR from 'swr';
import type { LanguagePage, LessonPage, LevelPage, LockedItem } from '@shared/contracts/pages';
import type { SearchAnswer } from '@shared/contracts/search';
import { fetcher, retryServerErrorsOnly } from './client';
import { keys } from './keys';

const opts = { shouldRetryOnError: retryServerErrorsOnly };

export const useLanguagePage = (language: string) => useSWR<LanguagePage, Error>(keys.languagePage(language), fetcher, opts);

export const useLevelPage = (language: string, level: string) => useSWR<LevelPage, Error>(keys.levelPage(language, level), fetcher, opts);

export const useLessonPage = (language: string, level: string, lesson: string) =>
  useSWR<LessonPage, Error>(keys.lessonPage(language, level, lesson), fetcher, opts);

/** An incomplete query fetches nothing: the screen then shows its generic text. */
export const useLockedItem = (params: URLSearchParams) => useSWR<LockedItem, Error>(keys.locked(params), fetcher, opts);

/** The /search page's answer (a too long query or an unknown language: its 400, shown beside the box). */
export const useSearch = (params: URLSearchParams) => useSWR<SearchAnswer, Error>(keys.search(params), fetcher, opts);
