/**
 * Course schemas shared by the levels/lessons/phrases/media handlers and the admin forms, so the
 * spec's texts (section 5) appear identically on both sides. Pure zod: safe in the browser.
 */
import * as z from 'zod';
import { idParam, MAX, SLUG_TEXT } from './schemas.js';
import { cursorHash, cursorParam, limitParam, searchParam } from './paging.js';
import type { UploadKind } from './types.js';

const slugPattern = /^[a-z0-9-]+$/;

/** A URL the browser can load: absolute http(s), or a site-relative media path (as flag_url). */
const isUrl = (v: string) => /^\/media\//.test(v) || z.url({ protocol: /^https?$/ }).safeParse(v).success;
const url = (message: string) => z.string({ error: message }).trim().max(MAX.url, message).refine(isUrl, { message });
const urlOrEmpty = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(MAX.url, message)
    .refine((v) => v === '' || isUrl(v), { message });

const ID_LONG_TEXT = `IDs are at most ${MAX.id} characters`;
const slug = (required: string) => z.string({ error: required }).trim().min(1, required).max(MAX.id, ID_LONG_TEXT).regex(slugPattern, SLUG_TEXT);
/** A required reference to another entity (select fields in the forms). */
const ref = (required: string) => z.string({ error: required }).trim().min(1, required).max(MAX.id, ID_LONG_TEXT).regex(slugPattern, SLUG_TEXT);
const idRef = z.string().trim().min(1).max(MAX.id, ID_LONG_TEXT).regex(slugPattern, SLUG_TEXT);
const TITLE_TEXT = 'Title must be at least 2 characters';
const title = z.string({ error: TITLE_TEXT }).trim().min(2, TITLE_TEXT).max(MAX.title, `Title must be at most ${MAX.title} characters`);
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
  language_id: ref('Language is required'),
  levels: z
    .array(z.object({ id: idRef, version }), { error: 'Nothing to reorder' })
    .min(1, 'Nothing to reorder')
    .max(MAX_LEVELS_PER_LANGUAGE, `A language holds at most ${MAX_LEVELS_PER_LANGUAGE} levels`),
});
export type LevelReorder = z.input<typeof levelReorderSchema>;

// ---- Lessons ----------------------------------------------------------------------------------

export const lessonSchema = z.object({
  id: slug('Lesson ID is required'),
  language_id: ref('Language is required'),
  level_id: ref('Level is required'),
  title,
  translated_title: z
    .string({ error: 'Translated title must be at least 2 characters' })
    .trim()
    .min(2, 'Translated title must be at least 2 characters')
    .max(MAX.title, `Translated title must be at most ${MAX.title} characters`),
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

/**
 * A level holds at most this many lessons, so that saving its order (one versioned write per lesson)
 * is one transaction: all of it or nothing.
 */
export const MAX_LESSONS_PER_LEVEL = 100;
export const reorderSchema = z.object({
  language_id: ref('Language is required'),
  level_id: ref('Level is required'),
  lesson_ids: z.array(idRef).min(1, 'Nothing to reorder').max(MAX_LESSONS_PER_LEVEL, `A level holds at most ${MAX_LESSONS_PER_LEVEL} lessons`),
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
  .max(MAX.id, ID_LONG_TEXT)
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' || v === 'undefined' ? undefined : v.trim()));
export const courseFilterSchema = z.object({ language_id: filter, level_id: filter, lesson_id: filter });
export type CourseFilter = z.output<typeof courseFilterSchema>;

/** Where the next page of phrases starts: a language (`l`) and, inside it, after the key `k` (see data/phrases.ts). */
const phraseCursor = z.object({
  l: idRef,
  k: z
    .string()
    .max(300)
    .regex(/^PHRASE#[a-z0-9-]+#[a-z0-9-]+#[0-9A-Z]+$/)
    .optional(),
  h: cursorHash,
});
export type PhraseCursor = z.output<typeof phraseCursor>;
export const PHRASE_PAGE = { default: 50, max: 200 } as const;
/**
 * GET /api/phrases: the filters, a search over original and translated text (`q`, case- and
 * accent-insensitive), a page size and the cursor of the previous page.
 */
export const phraseListQuerySchema = courseFilterSchema.extend({
  q: searchParam,
  limit: limitParam(PHRASE_PAGE.default, PHRASE_PAGE.max),
  cursor: cursorParam(phraseCursor),
});
export type PhraseListQuery = z.output<typeof phraseListQuerySchema>;

/** GET /api/lessons/next-order: both are needed to name the level. */
export const nextOrderQuerySchema = z.object({ language_id: ref('Language is required'), level_id: ref('Level is required') });

/** GET /api/pages/locked: the locked-content screen's query (a level, or a lesson of a level). */
export const lockedQuerySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('level'), id: idParam, languageId: idParam }),
  z.object({ type: z.literal('lesson'), id: idParam, languageId: idParam, levelId: idParam }),
]);

// ---- Phrases ----------------------------------------------------------------------------------

export const PHRASES_REQUIRED_TEXT = 'At least one phrase with translation is required';
/**
 * Phrases that share one audio file. Bounded so that any write of a group is ONE transaction (at
 * most 100 items): moving a group to another lesson deletes and writes each phrase (2 x 45) plus the
 * checks that both lessons exist.
 */
export const MAX_GROUP_PHRASES = 45;
export const GROUP_TOO_LARGE_TEXT = `A group holds at most ${MAX_GROUP_PHRASES} phrases (one audio file each)`;
const phraseIdRef = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[0-9A-Z]+$/, 'Invalid phrase id');

const phraseRow = z.object({
  /** Set when editing: the stored phrase this row updates. */
  id: phraseIdRef.optional(),
  original_text: z.string().max(2000, 'A phrase is at most 2000 characters').default(''),
  translated_text: z.string().max(2000, 'A translation is at most 2000 characters').default(''),
});
/** Rows where original or translation is empty after trimming are dropped; at least one must remain. */
const rows = z
  .array(phraseRow, { error: PHRASES_REQUIRED_TEXT })
  .max(MAX_GROUP_PHRASES, GROUP_TOO_LARGE_TEXT)
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
  old_audio_url: z.string().max(MAX.url),
  old_phrases: z.array(z.object({ id: phraseIdRef, version })).max(MAX_GROUP_PHRASES, GROUP_TOO_LARGE_TEXT),
  phrases: rows,
});
export type PhraseGroupUpdate = z.input<typeof phraseGroupSchema>;

// ---- Media ------------------------------------------------------------------------------------

export const UPLOAD_KINDS = [
  'audio',
  'level-icon',
  'lesson-icon',
  'blog-image',
  'settings-app',
  'settings-hero',
  'settings-logo',
  'settings-favicon',
] as const satisfies readonly UploadKind[];

const MB = 1024 * 1024;
/**
 * Image formats accepted for upload: ones browsers show and that cannot carry script (no SVG, which
 * is a document that can). A favicon may also be an ICO.
 */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
const FAVICON_TYPES = [...IMAGE_TYPES, 'image/x-icon', 'image/vnd.microsoft.icon'] as const;
const IMAGE_TYPE_TEXT = 'Please select a PNG, JPEG, WebP or GIF image';

type UploadRule = {
  /** Accepted MIME prefix, and its message (the spec's). */
  mime: 'audio/' | 'image/';
  mimeText: string;
  maxBytes: number;
  sizeText: string;
} & (
  | { types?: undefined; typeText?: undefined }
  /** Exact types accepted within the prefix, and the message for others (images only). */
  | { types: readonly string[]; typeText: string }
);
const image = (maxMb: number, types: readonly string[] = IMAGE_TYPES): UploadRule => ({
  mime: 'image/',
  mimeText: 'Please select an image file',
  types,
  typeText: IMAGE_TYPE_TEXT,
  maxBytes: maxMb * MB,
  sizeText: `Image size should be less than ${maxMb}MB`,
});
/** Per kind: accepted types, their messages, and the size cap (icons: spec's 2 MB; others: ours). */
export const UPLOAD_RULES: Record<UploadKind, UploadRule> = {
  audio: { mime: 'audio/', mimeText: 'Please select an audio file', maxBytes: 20 * MB, sizeText: 'Audio file size should be less than 20MB' },
  'level-icon': image(2),
  'lesson-icon': image(2),
  'blog-image': image(10),
  'settings-app': image(10),
  'settings-hero': image(10),
  'settings-logo': image(10),
  'settings-favicon': image(10, FAVICON_TYPES),
};
/** The file picker's `accept` for a kind. */
export const acceptOf = (kind: UploadKind) => UPLOAD_RULES[kind].types?.join(',') ?? `${UPLOAD_RULES[kind].mime}*`;

/** The type and size problem of a file for a kind (same texts in the forms and on the server), if any. */
function uploadProblem(kind: UploadKind, type: string, size: number): { field: 'content_type' | 'size'; message: string } | undefined {
  const rule = UPLOAD_RULES[kind];
  const t = type.toLowerCase();
  if (!t.startsWith(rule.mime) || !/^[\w.+-]+\/[\w.+-]+$/.test(t)) return { field: 'content_type', message: rule.mimeText };
  if (rule.types && !rule.types.includes(t)) return { field: 'content_type', message: rule.typeText };
  if (size >= rule.maxBytes) return { field: 'size', message: rule.sizeText };
  return undefined;
}

/** The checks a form runs on a chosen file before asking for an upload (same texts as the server). */
export function checkUpload(kind: UploadKind, file: { type: string; size: number }): string | undefined {
  return uploadProblem(kind, file.type, file.size)?.message;
}

export const uploadRequestSchema = z
  .object({
    kind: z.enum(UPLOAD_KINDS, { error: 'Unknown upload kind' }),
    filename: z.string({ error: 'No file provided' }).trim().min(1, 'No file provided').max(200),
    content_type: z.string().trim().toLowerCase().max(100).default(''),
    size: z.number({ error: 'No file provided' }).int().min(1, 'No file provided'),
  })
  .superRefine((v, ctx) => {
    const problem = uploadProblem(v.kind, v.content_type, v.size);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
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
  language: z
    .string()
    .trim()
    .max(20)
    .regex(/^[A-Za-z0-9_-]*$/, 'Unknown language')
    .default('en')
    .transform((v) => v || 'en'),
});
export type TtsRequest = z.input<typeof ttsSchema>;
