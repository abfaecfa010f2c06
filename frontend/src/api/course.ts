/**
 * What levels, lessons and phrases share in the browser: one write that refreshes every cached
 * course list and public page afterwards (counts and orders change together), also after a failure
 * (a 409 means the cached copy is stale).
 */
import { mutate } from 'swr';
import { apiFetch } from './client';
import { refreshPaged } from './paged';
import { api, apiPrefixes } from '@shared/urls';

export const LEVELS = api.levels;
export const LESSONS = api.lessons;
export const PHRASES = api.phrases;

const COURSE_KEYS = [LEVELS, LESSONS, PHRASES, api.languages, apiPrefixes.pages];
/** Revalidates every cached course list and public page. */
export const refreshCourse = () => Promise.all([mutate((key) => typeof key === 'string' && COURSE_KEYS.some((k) => key.startsWith(k))), refreshPaged(PHRASES)]);

export async function courseWrite<T>(path: string, method: string, body?: unknown): Promise<T> {
  try {
    return await apiFetch<T>(path, { method, body, auth: true });
  } finally {
    await refreshCourse();
  }
}

/** A path segment (the one URL module's encoding). */
export { seg } from '@shared/urls';
