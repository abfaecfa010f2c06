/**
 * Server answers as SWR cache entries for the server renderer: data, or the error the fetcher would
 * have thrown, so a 404 renders the page's not-found text just as the page's hooks read it.
 */
import type { State } from 'swr';
import type { ApiAnswer } from '@shared/render';
import { ApiError } from './client';

export function cacheEntries(answers: Record<string, ApiAnswer>): [string, State<unknown, unknown>][] {
  return Object.entries(answers).map(([key, a]) => {
    if (a.status < 400) return [key, { data: a.body, isLoading: false, isValidating: false }];
    const body = (a.body ?? {}) as { message?: string; fields?: Record<string, string> };
    return [key, { error: new ApiError(a.status, body.message ?? 'Request failed', body.fields), isLoading: false, isValidating: false }];
  });
}
