/**
 * Course schemas shared by the levels/lessons/phrases/media handlers and the admin forms, so the
 * spec's texts (section 5) appear identically on both sides. Pure zod: safe in the browser.
 */
import * as z from 'zod';
import { idParam, SLUG_TEXT } from './schemas.js';
import type { UploadKind } from './types.js';

const slugPattern = /^[a-z0-9-]+$/;

/** A URL the browser can load: absolute http(s), or a site-relative media path (as flag_url). */
const isUrl = (v: string) => /^\/media\//.test(v) || z.url({ protocol: /^https?$/ }).safeParse(v).success;
const url = (message: string) => z.string({ error: message }).trim().refine(isUrl, { message });
const urlOrEmpty = (message: string) => z.string({ error: message }).trim().refine((v) => v === '' || isUrl(v), { message });

const slug = (required: string) => z.string({ error: required }).trim().min(1, required).max(100).regex(slugPattern, SLUG_TEXT);
/** A required reference to another entity (select fields in the forms). */
const ref = (required: string) => z.string({ error: required }).trim().min(1, required).max(100).regex(slugPattern, SLUG_TEXT);
const idRef = z.string().trim().min(1).max(100).regex(slugPattern, SLUG_TEXT);
const TITLE_TEXT = 'Title must be at least 2 characters';
const title = z.string({ error: TITLE_TEXT }).trim().min(2, TITLE_TEXT);
const orderIndex = z.number().int().min(0).nullable();
const version = z.number().int().min(1);

export const ICON_URL_TEXT = 'Please enter a valid URL for the icon image';
export const AUDIO_URL_TEXT = 'Please enter a valid URL for the audio file';

// ---- Levels -----------------------------------------------------------------------------------

export const levelSchema = z.object({
  id: slug('Level ID is required'),
  language_id: ref('Language is required'),
  title,
  cefr_label: z.string({ error: 'CEFR label is required' }).trim().min(1, 'CEFR label is required').max(20),
  icon_url: urlOrEmpty(ICON_URL_TEXT).default(''),
});
export type LevelCreate = z.input<typeof levelSchema>;

/** Update: id and language come from the path (a level cannot change language: see docs). */
export const levelUpdateSchema = levelSchema.omit({ id: true }).extend({
  language_id: ref('Language is required').optional(),
  order_index: orderIndex.optional(),
  is_locked: z.boolean().optional(),
  version,
});
export type LevelUpdate = z.input<typeof levelUpdateSchema>;

// ---- Lessons ----------------------------------------------------------------------------------

export const lessonSchema = z.object({
  id: slug('Lesson ID is required'),
  language_id: ref('Language is required'),
  level_id: ref('Level is required'),
  title,
  translated_title: z.string({ error: 'Translated title must be at least 2 characters' }).trim().min(2, 'Translated title must be at least 2 characters'),
  icon_url: urlOrEmpty(ICON_URL_TEXT).default(''),
  /** Omitted or null: the server assigns the next one of the level. */
  order_index: orderIndex.optional(),
});
export type LessonCreate = z.input<typeof lessonSchema>;

export const lessonUpdateSchema = lessonSchema.omit({ id: true }).extend({
  language_id: ref('Language is required').optional(),
  level_id: ref('Level is required').optional(),
  is_locked: z.boolean().optional(),
  version,
});
export type LessonUpdate = z.input<typeof lessonUpdateSchema>;

export const reorderSchema = z.object({
  language_id: ref('Language is required'),
  level_id: ref('Level is required'),
  lesson_ids: z.array(z.string().trim().min(1)).min(1, 'Nothing to reorder').max(1000),
});
export type LessonReorder = z.input<typeof reorderSchema>;

// ---- Shared actions -----------------------------------------------------------------------------

export const moveSchema = z.object({ direction: z.enum(['up', 'down'], { error: 'Direction must be up or down' }) });
export type Move = z.input<typeof moveSchema>;

export const lockSchema = z.object({ is_locked: z.boolean({ error: 'is_locked must be true or false' }) });
export type Lock = z.input<typeof lockSchema>;

/** Query filters: empty or the text 'undefined' means "no filter" (spec section 7). */
const filter = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' || v === 'undefined' ? undefined : v.trim()));
export const courseFilterSchema = z.object({ language_id: filter, level_id: filter, lesson_id: filter });
export type CourseFilter = z.output<typeof courseFilterSchema>;

/** GET /api/lessons/next-order: both are needed to name the level. */
export const nextOrderQuerySchema = z.object({
  language_id: z.string({ error: 'Language is required' }).trim().min(1, 'Language is required'),
  level_id: z.string({ error: 'Level is required' }).trim().min(1, 'Level is required'),
});

/** GET /api/pages/locked: the locked-content screen's query (a level, or a lesson of a level). */
export const lockedQuerySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('level'), id: idParam, languageId: idParam }),
  z.object({ type: z.literal('lesson'), id: idParam, languageId: idParam, levelId: idParam }),
]);

// ---- Phrases ----------------------------------------------------------------------------------

export const PHRASES_REQUIRED_TEXT = 'At least one phrase with translation is required';

const phraseRow = z.object({
  /** Set when editing: the stored phrase this row updates. */
  id: z.string().min(1).optional(),
  original_text: z.string().max(2000).default(''),
  translated_text: z.string().max(2000).default(''),
});
/** Rows where original or translation is empty after trimming are dropped; at least one must remain. */
const rows = z
  .array(phraseRow, { error: PHRASES_REQUIRED_TEXT })
  .max(500)
  .transform((list) =>
    list
      .map((p) => ({ ...p, original_text: p.original_text.trim(), translated_text: p.translated_text.trim() }))
      .filter((p) => p.original_text && p.translated_text),
  )
  .refine((list) => list.length > 0, { message: PHRASES_REQUIRED_TEXT });

/** The audio form: where the phrases go and the audio they share. */
export const audioFormSchema = z.object({
  language_id: ref('Language is required'),
  level_id: ref('Level is required'),
  lesson_id: ref('Lesson is required'),
  audio_url: url(AUDIO_URL_TEXT),
});

export const phrasesCreateSchema = audioFormSchema.extend({ phrases: rows });
export type PhrasesCreate = z.input<typeof phrasesCreateSchema>;

/**
 * Editing a group as a whole. `old_phrases` is the group as the client read it (ids + versions): if
 * it changed meanwhile the server answers 409 instead of overwriting. Rows with an id update that
 * phrase; rows without one are paired with the remaining old phrases in order; extra rows are
 * created and surplus old phrases deleted. language_id/level_id/lesson_id say where the group goes;
 * `old_language_id`/`old_level_id`/`old_lesson_id` where it is now (default: the same lesson).
 */
export const phraseGroupSchema = audioFormSchema.extend({
  old_language_id: idRef.optional(),
  old_level_id: idRef.optional(),
  old_lesson_id: idRef.optional(),
  old_audio_url: z.string().max(2000),
  old_phrases: z.array(z.object({ id: z.string().min(1), version })).max(500),
  phrases: rows,
});
export type PhraseGroupUpdate = z.input<typeof phraseGroupSchema>;

// ---- Media ------------------------------------------------------------------------------------

export const UPLOAD_KINDS = ['audio', 'level-icon', 'lesson-icon', 'blog-image', 'settings-app', 'settings-hero', 'settings-logo', 'settings-favicon'] as const satisfies readonly UploadKind[];

const MB = 1024 * 1024;
/** Per kind: accepted MIME prefix, its message, and the size cap (icons: spec's 2 MB; others: ours). */
export const UPLOAD_RULES: Record<UploadKind, { mime: 'audio/' | 'image/'; mimeText: string; maxBytes: number; sizeText: string }> = {
  audio: { mime: 'audio/', mimeText: 'Please select an audio file', maxBytes: 20 * MB, sizeText: 'Audio file size should be less than 20MB' },
  'level-icon': { mime: 'image/', mimeText: 'Please select an image file', maxBytes: 2 * MB, sizeText: 'Image size should be less than 2MB' },
  'lesson-icon': { mime: 'image/', mimeText: 'Please select an image file', maxBytes: 2 * MB, sizeText: 'Image size should be less than 2MB' },
  'blog-image': { mime: 'image/', mimeText: 'Please select an image file', maxBytes: 10 * MB, sizeText: 'Image size should be less than 10MB' },
  'settings-app': { mime: 'image/', mimeText: 'Please select an image file', maxBytes: 10 * MB, sizeText: 'Image size should be less than 10MB' },
  'settings-hero': { mime: 'image/', mimeText: 'Please select an image file', maxBytes: 10 * MB, sizeText: 'Image size should be less than 10MB' },
  'settings-logo': { mime: 'image/', mimeText: 'Please select an image file', maxBytes: 10 * MB, sizeText: 'Image size should be less than 10MB' },
  'settings-favicon': { mime: 'image/', mimeText: 'Please select an image file', maxBytes: 10 * MB, sizeText: 'Image size should be less than 10MB' },
};

/** The checks a form runs on a chosen file before asking for an upload (same texts as the server). */
export function checkUpload(kind: UploadKind, file: { type: string; size: number }): string | undefined {
  const rule = UPLOAD_RULES[kind];
  if (!file.type.toLowerCase().startsWith(rule.mime)) return rule.mimeText;
  if (file.size >= rule.maxBytes) return rule.sizeText;
  return undefined;
}

export const uploadRequestSchema = z
  .object({
    kind: z.enum(UPLOAD_KINDS, { error: 'Unknown upload kind' }),
    filename: z.string({ error: 'No file provided' }).trim().min(1, 'No file provided').max(200),
    content_type: z.string().trim().toLowerCase().max(100).default(''),
    size: z.number({ error: 'No file provided' }).int().min(1, 'No file provided'),
  })
  .superRefine((v, ctx) => {
    const rule = UPLOAD_RULES[v.kind];
    if (!v.content_type.startsWith(rule.mime) || !/^[\w.+-]+\/[\w.+-]+$/.test(v.content_type)) ctx.addIssue({ code: 'custom', path: ['content_type'], message: rule.mimeText });
    else if (v.size >= rule.maxBytes) ctx.addIssue({ code: 'custom', path: ['size'], message: rule.sizeText });
  });
export type UploadRequest = z.input<typeof uploadRequestSchema>;

export const TTS_MAX_CHARS = 3000;
export const ttsSchema = z.object({
  text: z
    .string()
    .default('')
    .transform((v) => v.trim())
    .refine((v) => v.length > 0, { message: 'Please enter at least one phrase to generate audio' })
    .refine((v) => v.length <= TTS_MAX_CHARS, { message: `Text is too long to generate audio (at most ${TTS_MAX_CHARS} characters)` }),
  language: z.string().trim().max(20).regex(/^[A-Za-z0-9_-]*$/, 'Unknown language').default('en').transform((v) => v || 'en'),
});
export type TtsRequest = z.input<typeof ttsSchema>;
