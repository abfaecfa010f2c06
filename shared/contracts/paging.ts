/**
 * Paged lists (phrases, users, blog posts): the answer shape, the bounded `q`/`limit`/`cursor`
 * query fields and the cursor codec. A cursor is opaque to clients: base64url JSON that says where
 * the next page starts, plus a hash of the query it belongs to, so a cursor replayed with another
 * search or altered by hand is a 400, never a wrong page. Pure zod and web APIs: safe in the browser.
 */
import * as z from 'zod';
import { foldSearch } from '../search.js';

/** One page of a list; `cursor` asks for the next one (null: this was the last); `total` where it is cheap to know. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), cursor: z.string().nullable(), total: z.number().int().optional() });
/** The page type of the schema, with the item type a caller names (the schema is generic over it). */
export type Page<T> = Omit<z.infer<ReturnType<typeof pageSchema>>, 'items'> & { items: T[] };

/** Case- and accent-insensitive form of a text, as stored in the `search` attribute and as queried (the public search's rule too). */
export { foldSearch };

/** A phrase's `search` attribute: original and translation, folded, on two lines (so a search never spans both). */
export const phraseSearchText = (p: { original_text: string; translated_text: string }) => `${foldSearch(p.original_text)}\n${foldSearch(p.translated_text)}`;

export const MAX_SEARCH = 100;
export const INVALID_CURSOR_TEXT = 'Invalid cursor: reload the list';

/** `q`: trimmed, empty means "no search". */
export const searchParam = z
  .string()
  .max(MAX_SEARCH, `Search text is at most ${MAX_SEARCH} characters`)
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

/** A query value left empty (`?status=`) means "not given". */
export const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

/** `limit`: a page size between 1 and `max` (empty: `fallback`). */
export const limitParam = (fallback: number, max: number) =>
  z
    .string()
    .max(4)
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return fallback;
      const n = Number(v);
      if (Number.isInteger(n) && n >= 1 && n <= max) return n;
      ctx.addIssue({ code: 'custom', message: `limit must be a whole number from 1 to ${max}` });
      return z.NEVER;
    });

/** 32-bit FNV-1a of the query a cursor belongs to (binding, not security: every list route is admin-only). */
export function queryHash(parts: readonly unknown[]): string {
  const text = JSON.stringify(parts);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromBase64Url = (s: string) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

export const encodeCursor = (position: Record<string, unknown>) => toBase64Url(new TextEncoder().encode(JSON.stringify(position)));

/** A `cursor` query field: decoded and checked against `shape` (which must hold `h`, the query hash); anything else is a 400. */
export const cursorParam = <S extends z.ZodType<{ h: string }>>(shape: S, maxLength = 1024) =>
  z
    .string()
    .max(maxLength, INVALID_CURSOR_TEXT)
    .regex(/^[A-Za-z0-9_-]*$/, INVALID_CURSOR_TEXT)
    .optional()
    .transform((v, ctx): z.output<S> | undefined => {
      if (!v) return undefined;
      try {
        const r = shape.safeParse(JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(fromBase64Url(v))));
        if (r.success) return r.data;
      } catch {
        /* not base64 or not JSON: the same answer */
      }
      ctx.addIssue({ code: 'custom', message: INVALID_CURSOR_TEXT });
      return z.NEVER;
    });

/** The `h` field every cursor carries. */
export const cursorHash = z.string().regex(/^[0-9a-f]{8}$/);
