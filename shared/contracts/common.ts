/**
 * What every resource's contract is built from: the stored-item fields, the error answer, the
 * bounded ids, titles and URLs the forms and the API check alike, and the course actions (move,
 * lock, filter) levels, lessons and phrases share. Pure zod: the SPA imports it too.
 */
import * as z from 'zod';

/** Every stored item carries these; send `version` back on update (a stale one gets 409). */
export const storedSchema = z.object({ version: z.number().int(), created_at: z.string(), updated_at: z.string() });
export type Stored = z.infer<typeof storedSchema>;

/** Every client error of the API (functions/lib/http.ts): the first problem, and the first message per field. */
export const apiErrorSchema = z.object({ message: z.string(), fields: z.record(z.string(), z.string()).optional() });
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * Upper bounds of every text the API stores or looks up (DynamoDB keys allow 1 KB; lists are sent to
 * every visitor), shared by every schema so each form says the same.
 */
export const MAX = { id: 100, name: 100, title: 200, url: 2048 } as const;

export const SLUG_TEXT = 'ID must contain only lowercase letters, numbers, and hyphens';
const slugPattern = /^[a-z0-9-]+$/;
const ID_LONG_TEXT = `IDs are at most ${MAX.id} characters`;

/** An id the admin chooses (a language, level or lesson): `required` is the form's message when empty. */
export const slug = (required: string) => z.string({ error: required }).trim().min(1, required).max(MAX.id, ID_LONG_TEXT).regex(slugPattern, SLUG_TEXT);
/** An id in a path or a reference inside a body (no form shows its message). */
export const idParam = z.string().trim().min(1).max(MAX.id, ID_LONG_TEXT).regex(slugPattern, SLUG_TEXT);
/** A phrase's id (a ULID the server chose). */
export const phraseIdParam = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[0-9A-Z]+$/, 'Invalid phrase id');

/** An id the server made as a ULID (a Trash entry, a release, an audit entry): anything else names nothing. */
export const ulidParam = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/);

/** A URL the browser can load: absolute http(s), or a site-relative media path. A longer one is not valid. */
const isUrl = (v: string) => /^\/media\//.test(v) || z.url({ protocol: /^https?$/ }).safeParse(v).success;
export const url = (message: string) => z.string({ error: message }).trim().max(MAX.url, message).refine(isUrl, { message });
export const urlOrEmpty = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(MAX.url, message)
    .refine((v) => v === '' || isUrl(v), { message });

const TITLE_TEXT = 'Title must be at least 2 characters';
export const title = z.string({ error: TITLE_TEXT }).trim().min(2, TITLE_TEXT).max(MAX.title, `Title must be at most ${MAX.title} characters`);
export const orderIndex = z.number().int().min(0).nullable();
export const version = z.number().int().min(1);
/**
 * 'Save as draft' on a new language, level or lesson: stored but public nowhere until published
 * (./publishing.ts). Only a create takes it; an update never turns a public item back into a draft.
 */
export const isDraft = z.boolean({ error: 'is_draft must be true or false' }).optional();

export const ICON_URL_TEXT = 'Please enter a valid URL for the icon image';

/** Field errors as the API returns them and the forms show them: first message per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    out[field] ??= issue.message;
  }
  return out;
}

// ---- Course actions levels and lessons share ---------------------------------------------------

export const moveSchema = z.object({ direction: z.enum(['up', 'down'], { error: 'Direction must be up or down' }) });
export type Move = z.input<typeof moveSchema>;

export const lockSchema = z.object({ is_locked: z.boolean({ error: 'is_locked must be true or false' }) });
export type Lock = z.input<typeof lockSchema>;

/** Query filters: empty or the text 'undefined' means "no filter". */
const filter = z
  .string()
  .max(MAX.id, ID_LONG_TEXT)
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' || v === 'undefined' ? undefined : v.trim()));
export const courseFilterSchema = z.object({ language_id: filter, level_id: filter, lesson_id: filter });
export type CourseFilter = z.output<typeof courseFilterSchema>;
