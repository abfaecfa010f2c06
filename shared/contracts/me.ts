/**
 * A signed-in user's own data (/api/me/*): profile, progress and favourites, as the API answers them
 * and as the /profile form and the lesson page send them. Pure zod: the SPA imports it too.
 */
import * as z from 'zod';
import { lessonRefSchema } from './lessons.js';

/** GET/PUT /api/me/profile. The e-mail is the session's (the ID token's), not stored here. */
export const profileSchema = z.object({
  id: z.string(),
  /** '' until the user sets one. */
  username: z.string(),
  /** '' when none: the avatar shows initials. */
  avatar_url: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const USERNAME_SHORT_TEXT = 'Username must be at least 2 characters';
export const USERNAME_LONG_TEXT = 'Username must be at most 40 characters';
export const profileUpdateSchema = z.object({
  username: z.string({ error: USERNAME_SHORT_TEXT }).trim().min(2, USERNAME_SHORT_TEXT).max(40, USERNAME_LONG_TEXT),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** GET /api/me/progress: one entry per language the user has progress in. */
export const languageProgressSchema = z.object({
  language_id: z.string(),
  language_name: z.string(),
  flag_url: z.string(),
  /** Lessons of the language the user completed (lessons since deleted do not count). */
  completed: z.number().int(),
  /** Lessons of the language. */
  total: z.number().int(),
});
export type LanguageProgress = z.infer<typeof languageProgressSchema>;

/** PUT /api/me/progress/{language}/{level}/{lesson}, and the rows of GET /api/me/progress/{language}. */
export const lessonProgressSchema = lessonRefSchema.extend({ completed: z.boolean(), updated_at: z.string() });
export type LessonProgress = z.infer<typeof lessonProgressSchema>;

/** PUT of a lesson's progress: the whole state, so sending it twice changes nothing. */
export const progressUpdateSchema = z.object({
  completed: z.boolean({ error: 'Completed must be true or false' }),
});
export type ProgressUpdate = z.input<typeof progressUpdateSchema>;

/** GET /api/me/favorites: a favourite phrase with what the list shows (always the phrase's current text). */
export const favoriteSchema = lessonRefSchema.extend({
  /** The phrase's id (a user favourites a phrase once). */
  id: z.string(),
  phrase_id: z.string(),
  original_text: z.string(),
  translated_text: z.string(),
  audio_url: z.string(),
  created_at: z.string(),
});
export type Favorite = z.infer<typeof favoriteSchema>;

/** GET /api/me/lessons/{language}/{level}/{lesson}: what the lesson page shows a signed-in user. */
export const myLessonSchema = z.object({
  completed: z.boolean(),
  /** Ids of the lesson's phrases the user favourited. */
  favorites: z.array(z.string()),
});
export type MyLesson = z.infer<typeof myLessonSchema>;
