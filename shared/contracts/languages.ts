/** The languages resource: what the API answers and what an admin sends (with the forms' error texts). */
import * as z from 'zod';
import { isDraft, MAX, SLUG_TEXT, storedSchema, url, version } from './common.js';

export const languageSchema = storedSchema.extend({ id: z.string(), name: z.string(), flag_url: z.string(), is_draft: z.boolean().optional() });
export type Language = z.infer<typeof languageSchema>;

/**
 * The site's own first path segments: a language is at `/{id}`, so one of these as its id would be
 * shadowed by the page (or never reach the renderer). tests/unit/languages-reserved.test.ts keeps
 * it in step with the SPA's route table.
 */
export const RESERVED_LANGUAGE_IDS: readonly string[] = [
  ...['languages', 'locked-content', 'download', 'blog', 'faq', 'support', 'privacy-policy', 'terms-of-use'],
  ...['review', 'offline', 'profile', 'auth', 'admin', 'preview', 'static', 'media', 'api', 'embed', 'cognito'],
  'search',
];
export const RESERVED_ID_TEXT = 'This ID is the address of a page of the site. Please choose another.';

/** POST /api/languages. */
export const languageCreateSchema = z.object({
  id: z
    .string()
    .trim()
    .min(2, 'Language ID must be at least 2 characters')
    .max(MAX.id, `Language ID must be at most ${MAX.id} characters`)
    .regex(/^[a-z0-9-]+$/, SLUG_TEXT)
    .refine((id) => !RESERVED_LANGUAGE_IDS.includes(id), RESERVED_ID_TEXT),
  name: z.string().trim().min(2, 'Language name must be at least 2 characters').max(MAX.name, `Language name must be at most ${MAX.name} characters`),
  flag_url: url('Please enter a valid URL for the flag image'),
  is_draft: isDraft,
});
export type LanguageCreate = z.infer<typeof languageCreateSchema>;

/** PUT /api/languages/{id}: the id comes from the path; `version` is the one the client read (optimistic locking). */
export const languageUpdateSchema = languageCreateSchema.omit({ id: true, is_draft: true }).extend({ version });
export type LanguageUpdate = z.infer<typeof languageUpdateSchema>;

/** The public not-found text of a language (its page, its catalogue, its coverage). */
export const LANGUAGE_MISSING = "The language you're looking for doesn't exist.";
