/**
 * Validation schemas shared by the API handlers and the frontend forms, so the spec's error texts
 * appear identically on both sides (spec section 5). Pure zod: safe to bundle in the browser.
 */
import * as z from 'zod';

export const SLUG_TEXT = 'ID must contain only lowercase letters, numbers, and hyphens';
const slugPattern = /^[a-z0-9-]+$/;

/**
 * Upper bounds of every text the API stores or looks up (DynamoDB keys allow 1 KB; lists are sent to
 * every visitor), shared by the course and site schemas so each form says the same.
 */
export const MAX = { id: 100, name: 100, title: 200, url: 2048 } as const;

/** A URL the browser can load: absolute http(s), or a site-relative media path. A longer one is not valid. */
const url = (message: string) =>
  z
    .string()
    .trim()
    .max(MAX.url, message)
    .refine((v) => /^\/media\//.test(v) || z.url({ protocol: /^https?$/ }).safeParse(v).success, { message });

export const languageSchema = z.object({
  id: z
    .string()
    .trim()
    .min(2, 'Language ID must be at least 2 characters')
    .max(MAX.id, `Language ID must be at most ${MAX.id} characters`)
    .regex(slugPattern, SLUG_TEXT),
  name: z.string().trim().min(2, 'Language name must be at least 2 characters').max(MAX.name, `Language name must be at most ${MAX.name} characters`),
  flag_url: url('Please enter a valid URL for the flag image'),
});
export type LanguageInput = z.infer<typeof languageSchema>;

/** Update: the id comes from the path; `version` is the one the client read (optimistic locking). */
export const languageUpdateSchema = languageSchema.omit({ id: true }).extend({ version: z.number().int().min(1) });
export type LanguageUpdate = z.infer<typeof languageUpdateSchema>;

export const idParam = z.string().trim().min(1).max(MAX.id, `IDs are at most ${MAX.id} characters`).regex(slugPattern, SLUG_TEXT);
/** A phrase's id (a ULID the server chose). */
export const phraseIdParam = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[0-9A-Z]+$/, 'Invalid phrase id');

/** Field errors as the API returns them and the forms show them: first message per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    out[field] ??= issue.message;
  }
  return out;
}
