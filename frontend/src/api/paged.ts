/**
 * The admin's paged lists (phrases, users, blog posts): pages of `{ items, cursor, total? }` read one
 * after another with SWR's infinite hook. The key of the first page is the list's API path (its
 * search and filters), so a new search starts again at page one, and an answer to an older search
 * never shows under a newer one; the previous rows stay on screen until the new ones arrive.
 */
import { useEffect, useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import type { Page } from '@shared/contracts/paging';
import { authedFetcher } from './client';
import { query, withQuery } from '@shared/urls';

/** `?a=1&b=2` from the set params (empty ones left out), '' when none: the one URL module's query. */
export const queryString = query;

const withCursor = (path: string, cursor: string) => withQuery(path, { cursor });

// SWR's mutate(filter) skips infinite lists: writes revalidate them through this registry instead.
const lists = new Map<symbol, { path: string; revalidate: () => unknown }>();
/** Revalidates every paged list on screen whose path starts with `prefix` (after a write changed it). */
export function refreshPaged(prefix: string) {
  return Promise.all([...lists.values()].filter((l) => l.path.startsWith(prefix)).map((l) => l.revalidate()));
}

/** A paged admin list at `path` (null: nothing to read yet). */
export function usePaged<T>(path: string | null) {
  const swr = useSWRInfinite<Page<T>>(
    (i, previous: Page<T> | null) => (path === null ? null : i === 0 ? path : previous?.cursor ? withCursor(path, previous.cursor) : null),
    (key: string) => authedFetcher<Page<T>>(key),
    { keepPreviousData: true, revalidateFirstPage: false },
  );
  const { mutate } = swr;
  useEffect(() => {
    if (path === null) return;
    const id = Symbol(path);
    lists.set(id, { path, revalidate: () => mutate() });
    return () => void lists.delete(id);
  }, [path, mutate]);

  const pages = swr.data;
  const items = useMemo(() => (pages ?? []).flatMap((p) => p.items), [pages]);
  const last = pages?.[pages.length - 1];
  return {
    items,
    /** The first page's total, where the API knows it cheaply. */
    total: pages?.[0]?.total,
    error: swr.error as Error | undefined,
    /** Nothing to show yet (the first answer of the first search). */
    loading: swr.isLoading && !pages,
    /** A newer search or filter is on its way (the rows shown are the previous ones). */
    refreshing: swr.isValidating && !!pages,
    hasMore: !!last?.cursor,
    loadingMore: swr.size > (pages?.length ?? 0),
    loadMore: () => void swr.setSize((n) => n + 1),
    /** Changes loaded rows in place (after a write whose answer is known), without reading again. */
    patch: (fn: (item: T) => T) => void mutate((all) => all?.map((p) => ({ ...p, items: p.items.map(fn) })), { revalidate: false }),
    reload: () => mutate(),
  };
}
