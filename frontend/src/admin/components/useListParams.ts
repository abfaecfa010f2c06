/**
 * A list's view state (search text, filters, sort) kept in the URL (`?q=&language=&sort=-title`), so a
 * filtered view can be shared, survives reload and Back restores it. Empty values leave the URL.
 */
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

export type ListParams<K extends string> = Record<K, string>;

/** The named params of a query string, '' for each one it does not have. */
export const readListParams = <K extends string>(search: URLSearchParams, names: readonly K[]) =>
  Object.fromEntries(names.map((k) => [k, search.get(k) ?? ''])) as ListParams<K>;

/** A copy of `search` with `changes` made: an empty value removes its param; the others stay as they are. */
export function withListParams<K extends string>(search: URLSearchParams, changes: Partial<ListParams<K>>): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [k, v] of Object.entries(changes) as [K, string | undefined][]) {
    if (v) next.set(k, v);
    else next.delete(k);
  }
  return next;
}

export function useListParams<K extends string>(names: readonly K[]) {
  const [search, setSearch] = useSearchParams();
  const values = useMemo(() => readListParams(search, names), [search, names]);
  // The router hands its updater the params of the last render, so a change made before the
  // re-render (a filter, then typing at once) would drop the first. Each change starts from the last
  // one sent instead; new params from the router (Back, a link) replace it.
  const latest = useRef(search);
  const seen = useRef(search);
  if (seen.current !== search) latest.current = seen.current = search;
  /** Changes some params; an empty value removes one from the URL. */
  const set = useCallback(
    (changes: Partial<ListParams<K>>) => {
      const next = withListParams(latest.current, changes);
      latest.current = next;
      // Typing in search must not fill the history with one entry per key.
      setSearch(next, { replace: true });
    },
    [setSearch],
  );
  return [values, set] as const;
}

/** A sort param: `title` ascending, `-title` descending. */
export interface SortState {
  column: string;
  direction: 'ascending' | 'descending';
}
export const parseSort = (param: string, fallback: SortState): SortState =>
  param ? { column: param.replace(/^-/, ''), direction: param.startsWith('-') ? 'descending' : 'ascending' } : fallback;
export const formatSort = (s: SortState) => (s.direction === 'descending' ? `-${s.column}` : s.column);

/** Case- and accent-insensitive "contains" for client-side search over small lists. */
export const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
export const matches = (q: string, ...fields: (string | null | undefined)[]) => !q.trim() || fields.some((f) => f && fold(f).includes(fold(q.trim())));
