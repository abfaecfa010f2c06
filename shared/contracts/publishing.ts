/**
 * Drafts, previews and scheduled releases (docs/back-office.md "Drafts and releases"), one contract
 * for every layer. A course item or post is public or a draft:
 *  - a NEW item saved with 'Save as draft' is stored with `is_draft: true` and is public nowhere;
 *  - a public item's 'Save as draft' stores its changes beside it as a pending draft (`PendingDraft`),
 *    and the public page stays as it was;
 * 'Publish' makes either live (one write, one invalidation); 'Preview' renders the page as it will
 * look at a private, unguessable URL; a release publishes a draft at a set time.
 */
import * as z from 'zod';
import { blogIdParam, blogPostUpdateSchema } from './blog.js';
import { idParam, phraseIdParam, ulidParam, version } from './common.js';
import { languageUpdateSchema } from './languages.js';
import { lessonUpdateSchema } from './lessons.js';
import { levelUpdateSchema } from './levels.js';

export const ITEM_KINDS = ['language', 'level', 'lesson', 'post'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** Which item: its kind and the ids of its path. */
export const itemRefSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('language'), language_id: idParam }),
  z.object({ kind: z.literal('level'), language_id: idParam, level_id: idParam }),
  z.object({ kind: z.literal('lesson'), language_id: idParam, level_id: idParam, lesson_id: idParam }),
  z.object({ kind: z.literal('post'), post_id: blogIdParam }),
]);
export type ItemRef = z.infer<typeof itemRefSchema>;

/** `lesson:fr/a1/greetings`: one text per item, how the back office matches drafts and releases to rows. */
export function refKey(r: ItemRef): string {
  switch (r.kind) {
    case 'language':
      return `language:${r.language_id}`;
    case 'level':
      return `level:${r.language_id}/${r.level_id}`;
    case 'lesson':
      return `lesson:${r.language_id}/${r.level_id}/${r.lesson_id}`;
    case 'post':
      return `post:${r.post_id}`;
  }
}

/** How the audit log names an item's writes (its History is these entries): `lesson` + `fr/a1/greetings`, `blog` + a post's id. */
export function auditTargetOf(r: ItemRef): { entity: string; entity_id: string } {
  return { entity: r.kind === 'post' ? 'blog' : r.kind, entity_id: refKey(r).slice(r.kind.length + 1) };
}

/** The fields a draft may change: the kind's update body without `version` (and never where it lives or its lock). */
const draftFields = {
  language: languageUpdateSchema.omit({ version: true }).partial(),
  level: levelUpdateSchema.omit({ version: true, language_id: true, order_index: true, is_locked: true }).partial(),
  lesson: lessonUpdateSchema.omit({ version: true, language_id: true, level_id: true, order_index: true, is_locked: true }).partial(),
  post: blogPostUpdateSchema.omit({ version: true, published: true, author_id: true }).partial(),
} as const;
export const draftFieldsSchema = (kind: ItemKind) => draftFields[kind];

/**
 * PUT /api/admin/drafts: a public item's changes kept as a draft. `version` is the public item's
 * version the changes were made on (a stale one gets 409, as a save does); `fields` are checked
 * against the kind's own update schema.
 */
export const draftSaveSchema = z
  .object({ item: itemRefSchema, version: z.number().int().min(1), fields: z.record(z.string(), z.unknown()) })
  .transform((d, ctx) => {
    const parsed = draftFields[d.item.kind].safeParse(d.fields);
    if (parsed.success) return { ...d, fields: parsed.data };
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['fields', ...issue.path] });
    return z.NEVER;
  });
export type DraftSave = z.input<typeof draftSaveSchema>;

/** A public item's pending changes, as the back office lists them. */
export const pendingDraftSchema = z.object({
  item: itemRefSchema,
  /** What the item is called in the draft (its title or name). */
  label: z.string(),
  fields: z.record(z.string(), z.unknown()),
  /** The public item's version the draft was made on. */
  base_version: z.number().int(),
  updated_at: z.string(),
  updated_by: z.string(),
  /** A lesson's draft that changes its phrases: how many the lesson will have (GET /api/phrases/draft/... reads them). */
  phrases: z.number().int().optional(),
});
export type PendingDraft = z.infer<typeof pendingDraftSchema>;

/** POST /api/admin/publish, /api/admin/drafts/discard and /api/admin/previews: which item. */
export const itemBodySchema = z.object({ item: itemRefSchema });
export type ItemBody = z.input<typeof itemBodySchema>;
/**
 * POST /api/admin/drafts/discard. `fields_only`: the save of a lesson whose draft also holds phrase
 * changes drops the draft's fields (the form showed them) and keeps the phrases waiting.
 */
export const draftDiscardSchema = itemBodySchema.extend({ fields_only: z.boolean().optional() });
export type DraftDiscard = z.input<typeof draftDiscardSchema>;

/** What Publish answers: the item's public path and how many items it made live (a level counts its lessons). */
export const publishedSchema = z.object({ item: itemRefSchema, path: z.string(), published: z.number().int() });
export type Published = z.infer<typeof publishedSchema>;

/** How long a preview link works. */
export const PREVIEW_KEEP_DAYS = 7;
/** POST /api/admin/previews answers the private URL (site-relative) of the page as it will look. */
export const previewSchema = z.object({ url: z.string(), expires_at: z.string() });
export type Preview = z.infer<typeof previewSchema>;

// ---- Scheduled releases ------------------------------------------------------------------------

/** The kinds a release can publish: a lesson, a level with everything in it, or a post. */
export const RELEASE_KINDS = ['level', 'lesson', 'post'] as const;
export const RELEASE_TIME_TEXT = 'Choose a date and time in the future';
export const RELEASE_KIND_TEXT = 'Only a lesson, a level or a post can be scheduled';
const publishAt = z.iso.datetime({ offset: true, error: RELEASE_TIME_TEXT }).transform((v) => new Date(v).toISOString());

/** POST /api/admin/releases. */
export const releaseCreateSchema = z.object({
  item: itemRefSchema.refine((r) => (RELEASE_KINDS as readonly string[]).includes(r.kind), RELEASE_KIND_TEXT),
  publish_at: publishAt,
});
export type ReleaseCreate = z.input<typeof releaseCreateSchema>;
export type ReleaseIn = z.output<typeof releaseCreateSchema>;
/** PUT /api/admin/releases/{id}: a new time. */
export const releaseUpdateSchema = z.object({ publish_at: publishAt });
export type ReleaseUpdate = z.input<typeof releaseUpdateSchema>;

export const releaseSchema = z.object({
  id: z.string(),
  item: itemRefSchema,
  label: z.string(),
  /** UTC; the back office shows it in the admin's time zone. */
  publish_at: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  /** Once a run failed: the runs so far, why the last one failed (readable) and when. The release stays to be run again. */
  attempts: z.number().int().optional(),
  last_error: z.string().optional(),
  failed_at: z.string().optional(),
});
export type Release = z.infer<typeof releaseSchema>;
/**
 * A release still waiting this long after its time did not run (the scheduler's run and the sweep
 * every few minutes both missed it): the back office shows it as overdue, with 'Retry'.
 */
export const RELEASE_OVERDUE_MS = 10 * 60_000;
/** Whether the back office shows a release as overdue or failed (with its reason and 'Retry'). */
export const releaseNeedsRetry = (r: Release, now = Date.now()) => !!r.last_error || Date.parse(r.publish_at) + RELEASE_OVERDUE_MS < now;
/** POST /api/admin/releases/{id}/retry: what running the release now did. */
export const releaseRunSchema = z.object({
  id: z.string(),
  item: itemRefSchema,
  /** `published`: the item is live; `skipped`: it had nothing to publish (the reason says why; the release ended). */
  outcome: z.enum(['published', 'skipped']),
  published: z.number().int().optional(),
  reason: z.string().optional(),
});
export type ReleaseRun = z.infer<typeof releaseRunSchema>;
export const RELEASE_BUSY_TEXT = 'This release is being published right now.';
export const RELEASE_NOT_DUE_TEXT = "This release is not due yet: use 'Publish now' to publish it early.";
/** A release's id: a ULID. */
export const releaseIdSchema = ulidParam;
/** A release that has run or was cancelled (or an id that cannot be one): 404. */
export const RELEASE_GONE_TEXT = 'This release is no longer scheduled.';
/** An audit entry whose version cannot be brought back (or an id that cannot be one): 404. */
export const VERSION_GONE_TEXT = 'This version can no longer be restored.';

/** GET /api/admin/publishing: every pending draft and every release waiting (soonest first). */
export const publishingSchema = z.object({ drafts: z.array(pendingDraftSchema), releases: z.array(releaseSchema) });
export type Publishing = z.infer<typeof publishingSchema>;

/**
 * POST /api/admin/bulk: one action on several levels, lessons or phrases of one language (the
 * Coverage screen's selected rows), in ONE transaction: all of them change, or none. Undo:
 *  - lock ↔ unlock;
 *  - delete: POST /api/admin/bulk/undelete with the Trash entries the delete answered;
 *  - generate_audio: remove_audio with the phrases (and versions) it answered, which clears the
 *    audio only of phrases nobody changed since;
 *  - publish has none (a published item is taken back by editing it).
 */
export const BULK_ACTIONS = ['lock', 'unlock', 'publish', 'delete', 'generate_audio', 'remove_audio'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
/** The actions on phrases (each item names a phrase); the others act on levels and lessons. */
export const PHRASE_ACTIONS: readonly BulkAction[] = ['generate_audio', 'remove_audio'];
export const BULK_MAX = 50;
/** Text to speech is made within the request (API Gateway answers within 29 s): fewer at once. */
export const BULK_AUDIO_MAX = 20;
export const BULK_AUDIO_TEXT = `Generate audio for at most ${BULK_AUDIO_MAX} phrases at once`;
export const bulkItemSchema = z.object({
  level_id: idParam,
  lesson_id: idParam.optional(),
  phrase_id: phraseIdParam.optional(),
  /** remove_audio: the phrase's version generate_audio answered (a phrase changed since keeps its audio). */
  version: version.optional(),
});
export type BulkItem = z.infer<typeof bulkItemSchema>;
export const bulkSchema = z
  .object({
    language_id: idParam,
    action: z.enum(BULK_ACTIONS, { error: `action is one of ${BULK_ACTIONS.join(', ')}` }),
    items: z.array(bulkItemSchema).min(1, 'Select at least one item').max(BULK_MAX, `Select at most ${BULK_MAX} items at once`),
  })
  .superRefine((b, ctx) => {
    const onPhrases = PHRASE_ACTIONS.includes(b.action);
    if (b.action === 'generate_audio' && b.items.length > BULK_AUDIO_MAX) ctx.addIssue({ code: 'custom', path: ['items'], message: BULK_AUDIO_TEXT });
    b.items.forEach((i, n) => {
      const wrong = onPhrases ? !i.lesson_id || !i.phrase_id || (b.action === 'remove_audio' && i.version === undefined) : !!i.phrase_id;
      if (wrong) ctx.addIssue({ code: 'custom', path: ['items', n], message: onPhrases ? 'Each item names a phrase' : 'Each item names a level or a lesson' });
    });
  });
export type BulkInput = z.infer<typeof bulkSchema>;
/** POST /api/admin/bulk/undelete: Undo of a bulk delete, the Trash entries it made (the caller's own). */
export const bulkRestoreSchema = z.object({
  language_id: idParam,
  trash: z.array(ulidParam).min(1, 'Select at least one item').max(BULK_MAX, `Select at most ${BULK_MAX} items at once`),
});
export type BulkRestore = z.infer<typeof bulkRestoreSchema>;
/**
 * How many items changed (a level published with its draft lessons counts each), and what an Undo
 * needs: the Trash entries of a delete, the phrases of generate_audio with their new versions.
 */
export const bulkResultSchema = z.object({
  action: z.enum([...BULK_ACTIONS, 'restore']),
  changed: z.number().int(),
  trash: z.array(z.string()).optional(),
  items: z.array(bulkItemSchema).optional(),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;
/** The item a bulk row names. */
export const bulkRef = (language_id: string, i: BulkItem): ItemRef =>
  i.lesson_id ? { kind: 'lesson', language_id, level_id: i.level_id, lesson_id: i.lesson_id } : { kind: 'level', language_id, level_id: i.level_id };
