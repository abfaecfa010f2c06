/**
 * A language's coverage for the back office (GET /api/coverage/{language}): what is missing in its
 * course. Read with the admin's token; SWR revalidates it whenever the Coverage screen opens, so a
 * fix made on another screen shows on return.
 */
import useSWR from 'swr';
import type { Coverage, Hardest, HardestQuery } from '@shared/contracts/coverage';
import { authedFetcher } from './client';
import { api, apiPrefixes } from '@shared/urls';

export const COVERAGE = apiPrefixes.coverage;

/** `undefined`: no language chosen yet, nothing is read. */
export const useCoverage = (languageId: string | undefined) => useSWR<Coverage, Error>(languageId ? api.coverage(languageId) : null, authedFetcher);

/** The language's hardest phrases (GET /api/coverage/{language}/hardest), narrowed to a lesson or not. */
export const useHardest = (languageId: string, scope: HardestQuery) => useSWR<Hardest, Error>(api.hardest(languageId, scope), authedFetcher);
