/**
 * The public course pages (GET /api/pages/*, /api/catalogue/*): each page of the site is ONE request
 * whose answer is composed of the course resources' own shapes.
 */
import * as z from 'zod';
import { idParam } from './common.js';
import { languageSchema } from './languages.js';
import { lessonSchema } from './lessons.js';
import { levelSchema, levelWithCountSchema } from './levels.js';
import { phraseGroupSchema } from './phrases.js';

/** GET /api/pages/language/{language}: the /{language} page. Levels sorted (missing order = 999, ties by title). */
export const languagePageSchema = z.object({ language: languageSchema, levels: z.array(levelWithCountSchema) });
export type LanguagePage = z.infer<typeof languagePageSchema>;

/** GET /api/pages/level/{language}/{level}: the /{language}/{level} page. When the level is locked, `lessons` is empty. */
export const levelPageSchema = z.object({ language: languageSchema, level: levelSchema, lessons: z.array(lessonSchema) });
export type LevelPage = z.infer<typeof levelPageSchema>;

/** A lesson the lesson page links to (Previous lesson / Next lesson): published and unlocked. */
export const lessonLinkSchema = z.object({
  language_id: z.string(),
  level_id: z.string(),
  id: z.string(),
  /** The lesson's translated title (its title when there is none). */
  title: z.string(),
  /** The level it is in: shown when the link crosses into another level. */
  level_title: z.string(),
});
export type LessonLink = z.infer<typeof lessonLinkSchema>;

/**
 * GET /api/pages/lesson/{language}/{level}/{lesson}: the lesson page in one request. Phrases without
 * audio are dropped; groups keep the phrases' order. When the level or lesson is locked, `groups` is
 * empty and the client goes to /locked-content. `previous`/`next`: the lessons before and after it in
 * the course (unlocked levels and lessons in catalogue order, across levels).
 */
export const lessonPageSchema = z.object({
  language: languageSchema,
  level: levelSchema,
  lesson: lessonSchema,
  groups: z.array(phraseGroupSchema),
  previous: lessonLinkSchema.nullable(),
  next: lessonLinkSchema.nullable(),
});
export type LessonPage = z.infer<typeof lessonPageSchema>;

/** What a level's and a lesson's page answer (404) when there is no such page to show. */
export const LEVEL_MISSING = "The language or level you're looking for doesn't exist.";
export const LESSON_MISSING = "The lesson you're looking for doesn't exist.";

/** GET /api/pages/locked: the locked-content screen's query (a level, or a lesson of a level). */
export const lockedQuerySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('level'), id: idParam, languageId: idParam }),
  z.object({ type: z.literal('lesson'), id: idParam, languageId: idParam, levelId: idParam }),
]);
/** What the locked-content screen shows. */
export const lockedItemSchema = z.object({ type: z.enum(['level', 'lesson']), title: z.string(), icon_url: z.string(), description: z.string() });
export type LockedItem = z.infer<typeof lockedItemSchema>;

/**
 * GET /api/catalogue/{language}: a language's whole published course for offline use (the companion
 * app): unlocked levels in order, each with its unlocked lessons in order, each with its phrase groups.
 */
export const catalogueSchema = z.object({
  language: languageSchema,
  levels: z.array(levelSchema.extend({ lessons: z.array(lessonSchema.extend({ groups: z.array(phraseGroupSchema) })) })),
});
export type Catalogue = z.infer<typeof catalogueSchema>;
