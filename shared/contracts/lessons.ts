/** The lessons resource: what the API answers and what an admin sends (with the forms' error texts). */
import * as z from 'zod';
import { ICON_URL_TEXT, idParam, isDraft, MAX, orderIndex, slug, storedSchema, title, urlOrEmpty, version } from './common.js';

export const lessonSchema = storedSchema.extend({
  id: z.string(),
  language_id: z.string(),
  level_id: z.string(),
  title: z.string(),
  translated_title: z.string(),
  icon_url: z.string(),
  order_index: z.number().nullable(),
  is_locked: z.boolean(),
  is_draft: z.boolean().optional(),
});
export type Lesson = z.infer<typeof lessonSchema>;

/** Where a lesson is: the path of its page, and of its progress, favourites and phrases. */
export const lessonRefSchema = z.object({ language_id: z.string(), level_id: z.string(), lesson_id: z.string() });
export type LessonRef = z.infer<typeof lessonRefSchema>;

/** POST /api/lessons. */
export const lessonCreateSchema = z.object({
  id: slug('Lesson ID is required'),
  language_id: slug('Language is required'),
  level_id: slug('Level is required'),
  title,
  translated_title: z
    .string({ error: 'Translated title must be at least 2 characters' })
    .trim()
    .min(2, 'Translated title must be at least 2 characters')
    .max(MAX.title, `Translated title must be at most ${MAX.title} characters`),
  icon_url: urlOrEmpty(ICON_URL_TEXT).default(''),
  /** Omitted or null: the server assigns the next one of the level. */
  order_index: orderIndex.optional(),
  is_draft: isDraft,
});
export type LessonCreate = z.input<typeof lessonCreateSchema>;

export const lessonUpdateSchema = lessonCreateSchema.omit({ id: true, is_draft: true }).extend({
  language_id: slug('Language is required').optional(),
  level_id: slug('Level is required').optional(),
  is_locked: z.boolean().optional(),
  version,
});
export type LessonUpdate = z.input<typeof lessonUpdateSchema>;

/**
 * A level holds at most this many lessons, so that saving its order (one versioned write per lesson)
 * is one transaction: all of it or nothing.
 */
export const MAX_LESSONS_PER_LEVEL = 100;
/** POST /api/lessons/reorder: lesson_ids must be exactly the level's lessons. */
export const lessonReorderSchema = z.object({
  language_id: slug('Language is required'),
  level_id: slug('Level is required'),
  lesson_ids: z.array(idParam).min(1, 'Nothing to reorder').max(MAX_LESSONS_PER_LEVEL, `A level holds at most ${MAX_LESSONS_PER_LEVEL} lessons`),
});
export type LessonReorder = z.input<typeof lessonReorderSchema>;

/** GET /api/lessons/next-order: both are needed to name the level. */
export const nextOrderQuerySchema = z.object({ language_id: slug('Language is required'), level_id: slug('Level is required') });
export const nextOrderSchema = z.object({ order_index: z.number().int() });
