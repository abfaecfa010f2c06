/**
 * The Trash's contract (docs/back-office.md "Trash"): a deleted language, level, lesson or post is
 * kept, exactly as it was stored, for TRASH_KEEP_DAYS, and can be put back from the Trash screen.
 */
import * as z from 'zod';
import { ulidParam } from './common.js';

/** An entry that is gone (restored, expired, or an id that cannot be one): 404. */
export const TRASH_GONE_TEXT = 'This item is no longer in the trash.';

/** How long a deleted item stays restorable before DynamoDB's TTL removes it. */
export const TRASH_KEEP_DAYS = 30;

export const TRASH_KINDS = ['language', 'level', 'lesson', 'post'] as const;
export const trashKindSchema = z.enum(TRASH_KINDS);
export type TrashKind = z.infer<typeof trashKindSchema>;

/** One deleted thing: what it was, where it lived, who deleted it and when, until when it can come back. */
export const trashEntrySchema = z.object({
  id: z.string(),
  kind: trashKindSchema,
  /** Its title (a language's name, a post's title). */
  label: z.string(),
  /** Where it lived: the ids that make its admin and public paths. */
  language_id: z.string().optional(),
  level_id: z.string().optional(),
  lesson_id: z.string().optional(),
  post_id: z.string().optional(),
  /**
   * A post: whether it was public when deleted (it comes back so, which needs the blog right:
   * shared/roles.ts `restoreRefusal`). Absent on entries kept before it was recorded.
   */
  published: z.boolean().optional(),
  /** The items it took with it (a lesson: 1 + its phrases; a level: its lessons and their phrases too). */
  items: z.number().int(),
  deleted_at: z.string(),
  deleted_by: z.string(),
  /** When the TTL removes it: it cannot be restored after this. */
  expires_at: z.string(),
});
export type TrashEntry = z.infer<typeof trashEntrySchema>;

export const trashListSchema = z.array(trashEntrySchema);

/** An entry's id: a ULID (anything else names no entry). */
export const trashIdSchema = ulidParam;
