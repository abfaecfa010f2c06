/**
 * The public search (GET /api/search, GET /api/search-index/{language}): what it takes and answers.
 * The matching itself is shared/search.ts, run alike by the API and the header's island.
 */
import * as z from 'zod';
import { MAX_QUERY } from '../search.js';
import { idParam } from './common.js';

export const QUERY_LONG_TEXT = `Search text is at most ${MAX_QUERY} characters`;
/** The language a search is limited to: not one the public can see. */
export const SEARCH_LANGUAGE_MISSING = 'There is no such language to search in';

/** `?q=` (trimmed; empty: nothing searched) and `&language=` (empty: every language). */
export const searchQuerySchema = z.object({
  q: z
    .string()
    .max(MAX_QUERY, QUERY_LONG_TEXT)
    .optional()
    .transform((v) => v?.trim() ?? ''),
  language: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .pipe(idParam.optional()),
});

export const searchIndexSchema = z.object({
  language: z.object({ id: z.string(), name: z.string() }),
  lessons: z.array(
    z.object({ level_id: z.string(), level_title: z.string(), id: z.string(), title: z.string(), translated_title: z.string(), locked: z.boolean() }),
  ),
  phrases: z.array(z.tuple([z.number().int().min(0), z.string(), z.string(), z.string()])),
});

export const searchHitSchema = z.object({
  kind: z.enum(['lesson', 'phrase']),
  language_id: z.string(),
  language_name: z.string(),
  level_title: z.string(),
  lesson_title: z.string(),
  locked: z.boolean(),
  original: z.string().optional(),
  translation: z.string().optional(),
  href: z.string(),
});

/** The /search page's one read: the query as understood, the languages to pick from, and the matches. */
export const searchAnswerSchema = z.object({
  q: z.string(),
  language: z.string().nullable(),
  languages: z.array(z.object({ id: z.string(), name: z.string() })),
  hits: z.array(searchHitSchema),
  total: z.number().int().min(0),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;
