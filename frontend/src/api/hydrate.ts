/**
 * Server answers inlined into a server-rendered page, turned into SWR cache entries (data, or the
 * error the fetcher would have thrown, so a 404 renders the page's not-found text on both sides),
 * and a middleware that keeps those keys from being fetched again when the page hydrates.
 */
import type { Middleware, State } from 'swr';
import type { ApiAnswer } from '@shared/render';
import { ApiError } from './client';

export function cacheEntries(answers: Record<string, ApiAnswer>): [string, State<unknown, unknown>][] {
  return Object.entries(answers).map(([key, a]) => {
    if (a.status < 400) return [key, { data: a.body, isLoading: false, isValidating: false }];
    const body = (a.body ?? {}) as { message?: string; fields?: Record<string, string> };
    return [key, { error: new ApiError(a.status, body.message ?? 'Request failed', body.fields), isLoading: false, isValidating: false }];
  });
}

/** Keys answered by the server for the page the browser opened, and that page's URL (client only). */
const fresh = new Set<string>();
let servedUrl = '';
const here = () => location.pathname + location.search;
export function markServerAnswered(keys: string[]) {
  keys.forEach((k) => fresh.add(k));
  servedUrl = here();
}

/**
 * Components that read a server-answered key use the inlined answer as it is, without fetching it
 * again, while the browser is still on the page the server rendered (parts of it hydrate at
 * different times); after the first client-side navigation, mounts revalidate as usual.
 */
export const serverFirst: Middleware = (useSWRNext) => (key, fetcher, config) => {
  // Once the visitor has left that page, the answers are not fresh any more (coming back revalidates).
  if (fresh.size && here() !== servedUrl) fresh.clear();
  return useSWRNext(key, fetcher, typeof key === 'string' && fresh.has(key) ? { ...config, revalidateOnMount: false } : config);
};
