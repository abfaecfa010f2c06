/**
 * The course backup: one versioned JSON document holding the whole course (with its languages'
 * voices and pronunciations), the blog and the site settings (GET /api/admin/export answers it, POST /api/admin/import takes it; docs/backup.md).
 * Every entry is built from the schema the API and the forms already use for that resource, so a
 * file is held to the same lengths, slugs and URLs as an edit in the back office; the document adds
 * what only a whole course can be checked for: references between entries, unique ids and slugs,
 * and the per-level and per-group limits. Pure zod: the SPA imports it too.
 */
import * as z from 'zod';
import { lockSchema, phraseIdParam, urlOrEmpty } from './common.js';
import { languageCreateSchema } from './languages.js';
import { lessonCreateSchema, MAX_LESSONS_PER_LEVEL } from './lessons.js';
import { levelCreateSchema } from './levels.js';
import { AUDIO_URL_TEXT, audioFormSchema, GROUP_TOO_LARGE_TEXT, MAX_GROUP_PHRASES, phrasesCreateSchema } from './phrases.js';
import { blogIdParam, blogPostCreateSchema, blogSlugParam } from './blog.js';
import { settingsUpdateSchema } from './settings.js';
import { lexiconEntriesSchema, speechSettingsUpdateSchema } from './speech.js';
import { MAX_TIMED_WORDS } from '../word-timings.js';
import { speechTextProblem } from '../speech-marks.js';

export const BACKUP_FORMAT = 'parrot-phrases-export';
/**
 * Raised only when a reader of the previous version would misread a file (a field removed, renamed
 * or given another meaning). New optional fields keep the version: readers drop fields they do not know.
 */
export const BACKUP_VERSION = 1;
/**
 * The largest file the import takes. A Lambda's synchronous request may be 6 MB (6,291,456 bytes) as
 * a JSON event, in which the body is a string: its quotes and backslashes are escaped again, and the
 * headers and token come along. 4 MiB leaves room for that (a 5,000-phrase course is about 2 MB).
 */
export const MAX_BACKUP_BYTES = 4 * 1024 * 1024;
/** The most problems one answer lists (a file of a wrong shape could have thousands). */
export const MAX_LISTED_PROBLEMS = 100;

/** `parrot-phrases-2025-01-31.json`: the file name of an export made at `iso`. */
export const backupFileName = (iso: string) => `parrot-phrases-${iso.slice(0, 10)}.json`;

// ---- Entries: the resources' own schemas plus what a stored item carries ---------------------------

const timestamp = z.iso.datetime({ error: 'Must be a date and time such as 2025-01-31T12:00:00.000Z' });
/** Optional: an entry without them keeps the stored item's, or gets the time of the import. */
const stored = { version: z.number().int().min(1).optional(), created_at: timestamp.optional(), updated_at: timestamp.optional() };
const orderIndex = lessonCreateSchema.shape.order_index.unwrap();
const locked = lockSchema.shape.is_locked.default(false);

export const backupLanguageSchema = languageCreateSchema.extend(stored);
export const backupLevelSchema = levelCreateSchema.extend({ order_index: orderIndex.default(null), is_locked: locked, ...stored });
export const backupLessonSchema = lessonCreateSchema.extend({ order_index: orderIndex.default(null), is_locked: locked, ...stored });

/** The phrase row of the audio form (same length limits); a stored phrase has both texts. */
const row = phrasesCreateSchema.shape.phrases.in.element.shape;
const phraseText = (text: z.ZodString, message: string) => text.trim().min(1, message);
export const backupPhraseSchema = audioFormSchema
  .extend({
    id: phraseIdParam,
    original_text: phraseText(row.original_text.unwrap(), 'A phrase needs its text'),
    translated_text: phraseText(row.translated_text.unwrap(), 'A phrase needs its translation'),
    /** A stored phrase may have no audio (the lesson page leaves it out); the export carries it as it is. */
    audio_url: urlOrEmpty(AUDIO_URL_TEXT),
    /** Its words' timings in that audio (shared/word-timings.ts), kept through an export and import; timings that do not fit the text are dropped on import. */
    audio_timings: z
      .string()
      .max(MAX_TIMED_WORDS * 14)
      .optional(),
    /** Its 'How to say it' (shared/speech-marks.ts), held to the form's rules. */
    speech_text: row.speech_text.unwrap().optional(),
    ...stored,
  })
  .superRefine((e, ctx) => {
    const problem = e.speech_text ? speechTextProblem(e.original_text, e.speech_text) : undefined;
    if (problem) ctx.addIssue({ code: 'custom', path: ['speech_text'], message: problem });
  });

/** Slugs as `slugify` makes them (Unicode letters kept), with the `-2` of a taken one. */
const slug = blogSlugParam.regex(/^[\p{L}\p{M}\p{N}_-]+$/u, 'A slug holds only letters, digits, "-" and "_"');
export const backupPostSchema = blogPostCreateSchema.extend({
  id: blogIdParam,
  slug,
  /** Shown as 'Admin' whatever it says; accepted because the export carries it. */
  author_name: z.string().max(100).optional(),
  ...stored,
});

/** The settings' own fields as PUT /api/settings checks them; missing ones take the defaults. */
const { version: _v, id: _id, created_at: _c, updated_at: _u, ...settingsFields } = settingsUpdateSchema.shape;
export const backupSettingsSchema = z.object({
  ...settingsFields,
  id: z.literal('site_settings').optional(),
  /** 0: the settings were never saved (the defaults). */
  version: z.number().int().min(0).optional(),
  created_at: timestamp.optional(),
  updated_at: timestamp.optional(),
});

/**
 * A language's voices A and B (docs/back-office.md "Voices"), as its voices screen saves them. A
 * voice the language does not have speaks in its default voice, as for a voice Polly drops later.
 */
export const backupVoicesSchema = z.object({
  language_id: levelCreateSchema.shape.language_id,
  voice: speechSettingsUpdateSchema.shape.voice,
  voice_b: speechSettingsUpdateSchema.shape.voice_b,
  ...stored,
});
/** A language's pronunciations (docs/back-office.md "Pronunciations"): the whole list, held to the screen's limits. */
export const backupPronunciationsSchema = z.object({ language_id: levelCreateSchema.shape.language_id, entries: lexiconEntriesSchema, ...stored });

// ---- Cross-references -------------------------------------------------------------------------

type Path = (string | number)[];
type Report = (path: Path, message: string) => void;
/** An entry as it came in: checked defensively, as the entries' own schemas may have failed. */
type Entry = Record<string, unknown>;
const entries = (v: unknown): [Entry, number][] =>
  Array.isArray(v) ? v.flatMap((e: unknown, i) => (e && typeof e === 'object' ? [[e as Entry, i] as [Entry, number]] : [])) : [];
/** A reference's value, only when it is a well-formed id (a malformed one is its schema's problem). */
const idOf = (e: Entry, field: string) => {
  const v = e[field];
  return typeof v === 'string' && /^[a-z0-9-]+$/.test(v.trim()) ? v.trim() : undefined;
};
/** `es/a1/hola`: the ids of these fields joined, when each is well formed. */
const pathOf = (e: Entry, ...fields: string[]) => {
  const parts = fields.map((f) => idOf(e, f));
  return parts.every((p): p is string => !!p) ? key(...parts) : undefined;
};
const key = (...parts: string[]) => parts.join('/');

/** Reports the second and later entries whose key another entry already has. */
function unique(section: string, list: [Entry, number][], field: string, keyOf: (e: Entry) => string | undefined, what: (k: string) => string, report: Report) {
  const first = new Map<string, number>();
  for (const [e, i] of list) {
    const k = keyOf(e);
    if (k === undefined) continue;
    if (first.has(k)) report([section, i, field], `${what(k)} appears twice (also ${section}[${first.get(k)}])`);
    else first.set(k, i);
  }
  return new Set(first.keys());
}

/**
 * What the entries' own schemas cannot see: every reference names an entry of the same file, ids
 * and slugs are unique, a level holds at most MAX_LESSONS_PER_LEVEL lessons and a phrase group
 * (a lesson's phrases sharing one audio file) at most MAX_GROUP_PHRASES phrases, as the API enforces.
 */
export function checkReferences(doc: Record<string, unknown> | undefined, report: Report) {
  if (!doc || typeof doc !== 'object') return;
  const [languages, levels, lessons, phrases, posts, voices, pronunciations] = (
    ['languages', 'levels', 'lessons', 'phrases', 'posts', 'voices', 'pronunciations'] as const
  ).map((s) => entries(doc[s]));

  const languageIds = unique(
    'languages',
    languages,
    'id',
    (e) => idOf(e, 'id'),
    (k) => `Language "${k}"`,
    report,
  );

  for (const [e, i] of levels) {
    const lang = idOf(e, 'language_id');
    if (lang && !languageIds.has(lang)) report(['levels', i, 'language_id'], `Language "${lang}" is not in the file`);
  }
  // A language's voices and pronunciations: one entry each, of a language in the file.
  for (const [section, list] of [
    ['voices', voices],
    ['pronunciations', pronunciations],
  ] as const) {
    for (const [e, i] of list) {
      const lang = idOf(e, 'language_id');
      if (lang && !languageIds.has(lang)) report([section, i, 'language_id'], `Language "${lang}" is not in the file`);
    }
    unique(
      section,
      list,
      'language_id',
      (e) => idOf(e, 'language_id'),
      (k) => `Language "${k}"`,
      report,
    );
  }
  const levelKeys = unique(
    'levels',
    levels,
    'id',
    (e) => pathOf(e, 'language_id', 'id'),
    (k) => `Level "${k}"`,
    report,
  );

  const perLevel = new Map<string, number>();
  for (const [e, i] of lessons) {
    const level = pathOf(e, 'language_id', 'level_id');
    if (!level) continue;
    if (!levelKeys.has(level)) report(['lessons', i, 'level_id'], `Level "${level}" is not in the file`);
    const n = (perLevel.get(level) ?? 0) + 1;
    perLevel.set(level, n);
    if (n === MAX_LESSONS_PER_LEVEL + 1) report(['lessons', i, 'level_id'], `A level holds at most ${MAX_LESSONS_PER_LEVEL} lessons (level "${level}")`);
  }
  const lessonKeys = unique(
    'lessons',
    lessons,
    'id',
    (e) => pathOf(e, 'language_id', 'level_id', 'id'),
    (k) => `Lesson "${k}"`,
    report,
  );

  // Phrase ids are ULIDs: unique in the whole course, not only in their lesson.
  unique(
    'phrases',
    phrases,
    'id',
    (e) => (typeof e.id === 'string' ? e.id : undefined),
    (k) => `Phrase "${k}"`,
    report,
  );
  const perGroup = new Map<string, number>();
  for (const [e, i] of phrases) {
    const lesson = pathOf(e, 'language_id', 'level_id', 'lesson_id');
    if (!lesson) continue;
    if (!lessonKeys.has(lesson)) report(['phrases', i, 'lesson_id'], `Lesson "${lesson}" is not in the file`);
    const group = `${lesson} ${typeof e.audio_url === 'string' ? e.audio_url.trim() : ''}`;
    const n = (perGroup.get(group) ?? 0) + 1;
    perGroup.set(group, n);
    if (n === MAX_GROUP_PHRASES + 1) report(['phrases', i, 'audio_url'], `${GROUP_TOO_LARGE_TEXT} (lesson "${lesson}")`);
  }

  unique(
    'posts',
    posts,
    'id',
    (e) => (typeof e.id === 'string' ? e.id : undefined),
    (k) => `Post "${k}"`,
    report,
  );
  unique(
    'posts',
    posts,
    'slug',
    (e) => (typeof e.slug === 'string' ? e.slug.trim() : undefined),
    (k) => `The slug "${k}"`,
    report,
  );
  for (const [e, i] of posts) {
    const path = typeof e.lesson_path === 'string' && /^[a-z0-9-]+\/[a-z0-9-]+\/[a-z0-9-]+$/.test(e.lesson_path) ? e.lesson_path : undefined;
    if (path && !lessonKeys.has(path)) report(['posts', i, 'lesson_path'], `Lesson "${path}" is not in the file`);
    // As in the API, lesson_path decides the link; a lesson_id must agree with it (once the path itself is right).
    else if (typeof e.lesson_id === 'string' && e.lesson_id && e.lesson_id !== path?.split('/')[2])
      report(['posts', i, 'lesson_id'], 'lesson_id must be the last part of lesson_path');
  }
}

// ---- The document -----------------------------------------------------------------------------

export const backupDocumentSchema = z
  .object({
    format: z.literal(BACKUP_FORMAT, { error: `Not a course export: "format" must be "${BACKUP_FORMAT}"` }),
    version: z.literal(BACKUP_VERSION, {
      error: `This site reads version ${BACKUP_VERSION} of the export format: export the course again from a site of this version`,
    }),
    exported_at: timestamp,
    languages: z.array(backupLanguageSchema),
    levels: z.array(backupLevelSchema),
    lessons: z.array(backupLessonSchema),
    phrases: z.array(backupPhraseSchema),
    posts: z.array(backupPostSchema),
    settings: backupSettingsSchema,
    /** Left out (a file of an earlier export): the site's voices and pronunciations stay as they are. */
    voices: z.array(backupVoicesSchema).optional(),
    pronunciations: z.array(backupPronunciationsSchema).optional(),
  })
  // Also when entries failed their own schemas, so that one answer lists every problem of the file.
  .superRefine((doc, ctx) => checkReferences(doc, (path, message) => ctx.addIssue({ code: 'custom', path, message })), { when: () => true });

/** What an import reads (`z.input`: defaults may be left out) and what the export writes (`z.output`). */
export type BackupInput = z.input<typeof backupDocumentSchema>;
export type BackupDocument = z.output<typeof backupDocumentSchema>;

/** POST /api/admin/import `?dry_run=true`: say what would change, write nothing. */
export const importQuerySchema = z.object({ dry_run: z.enum(['true', 'false'], { error: 'dry_run must be true or false' }).optional() });

// ---- Problems and answers ---------------------------------------------------------------------

/** `levels[3].language_id`: a problem's place in the file, as a person reads it. */
export const pathText = (path: readonly PropertyKey[]) =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('') || 'file';

/**
 * Every problem of a failed document, as the 400's `fields` (path → message; two problems at one
 * place are joined), at most MAX_LISTED_PROBLEMS of them and then a count of the rest under `more`.
 */
export function backupProblems(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  const issues = error.issues;
  for (const issue of issues.slice(0, MAX_LISTED_PROBLEMS)) {
    const at = pathText(issue.path);
    out[at] = out[at] ? `${out[at]}; ${issue.message}` : issue.message;
  }
  if (issues.length > MAX_LISTED_PROBLEMS) out.more = `${issues.length - MAX_LISTED_PROBLEMS} more problems are not listed`;
  return out;
}

export const BACKUP_KINDS = ['languages', 'levels', 'lessons', 'phrases', 'voices', 'pronunciations', 'posts', 'settings'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];
const count = z.number().int();
export const kindChangesSchema = z.object({ create: count, update: count, delete: count, unchanged: count });
export type KindChanges = z.infer<typeof kindChangesSchema>;
/**
 * The answer of POST /api/admin/import. `partial` (202): the time of one request ran out; send the
 * same file again to go on (nothing is redone). `done`: the table holds exactly the file.
 */
export const importResultSchema = z.object({
  dry_run: z.boolean(),
  status: z.enum(['planned', 'partial', 'done']),
  /** sha256 of the document as read: the key of its progress record. */
  hash: z.string(),
  /** What this request found to do, per kind (before it started). */
  changes: z.record(z.enum(BACKUP_KINDS), kindChangesSchema),
  /** Writes (puts and deletes, slug guards included) this request made, and those still to make. */
  applied: count,
  remaining: count,
  /** Runs of this document before this one (a resumed import has some). */
  previous_runs: count,
});
export type ImportResult = z.infer<typeof importResultSchema>;
