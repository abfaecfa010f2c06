/** The levels resource: what the API answers and what an admin sends (with the forms' error texts). */
import * as z from 'zod';
import { ICON_URL_TEXT, idParam, isDraft, orderIndex, slug, storedSchema, title, urlOrEmpty, version } from './common.js';

export const levelSchema = storedSchema.extend({
  id: z.string(),
  language_id: z.string(),
  title: z.string(),
  cefr_label: z.string(),
  icon_url: z.string(),
  order_index: z.number().nullable(),
  is_locked: z.boolean(),
  is_draft: z.boolean().optional(),
});
export type Level = z.infer<typeof levelSchema>;
/** GET /api/levels: each level with how many lessons it has. */
export const levelWithCountSchema = levelSchema.extend({ lesson_count: z.number().int() });
export type LevelWithCount = z.infer<typeof levelWithCountSchema>;

/** POST /api/levels. */
export const levelCreateSchema = z.object({
  id: slug('Level ID is required'),
  language_id: slug('Language is required'),
  title,
  cefr_label: z.string({ error: 'CEFR label is required' }).trim().min(1, 'CEFR label is required').max(20),
  icon_url: urlOrEmpty(ICON_URL_TEXT).default(''),
  is_draft: isDraft,
});
export type LevelCreate = z.input<typeof levelCreateSchema>;

/** Update: id and language come from the path (a level cannot change language: see docs). */
export const levelUpdateSchema = levelCreateSchema.omit({ id: true, is_draft: true }).extend({
  language_id: slug('Language is required').optional(),
  order_index: orderIndex.optional(),
  is_locked: z.boolean().optional(),
  version,
});
export type LevelUpdate = z.input<typeof levelUpdateSchema>;

/**
 * A language holds at most this many levels, so that saving their order (one versioned write per
 * level) is one transaction: all of it or nothing.
 */
export const MAX_LEVELS_PER_LANGUAGE = 100;
/**
 * POST /api/levels/reorder: every level of the language in its new order, each with the version the
 * admin saw. A list that misses a level, has one too many or read an older version is stale (409).
 */
export const levelReorderSchema = z.object({
  language_id: slug('Language is required'),
  levels: z
    .array(z.object({ id: idParam, version }), { error: 'Nothing to reorder' })
    .min(1, 'Nothing to reorder')
    .max(MAX_LEVELS_PER_LANGUAGE, `A language holds at most ${MAX_LEVELS_PER_LANGUAGE} levels`),
});
export type LevelReorder = z.input<typeof levelReorderSchema>;
