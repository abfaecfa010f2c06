/**
 * An item's History (docs/back-office.md "History"): every version it has had in the last 180 days,
 * newest first, each with how it was made, by whom, when, and what changed in words; any but the
 * live one can be restored as a draft.
 */
import * as z from 'zod';
import { itemRefSchema } from './publishing.js';

/** GET /api/admin/history?kind=lesson&language_id=fr&level_id=a1&lesson_id=greetings: which item. */
export const historyQuerySchema = itemRefSchema;

/** POST /api/admin/history/{id}/restore: the item the version is of. */
export const historyRestoreSchema = z.object({ item: itemRefSchema });
export type HistoryRestore = z.input<typeof historyRestoreSchema>;

export const changeInWordsSchema = z.object({ field: z.string(), before: z.string(), after: z.string() });

export const historyVersionSchema = z.object({
  /** What Restore names (POST /api/admin/history/{id}/restore); absent on the live version. */
  id: z.string().optional(),
  /** When this version was made (ISO, to the millisecond); absent when that is not known (made before History was kept). */
  at: z.string().optional(),
  /** Who made it: a name or e-mail ('' when not known). */
  by: z.string(),
  /** How, in words: 'Saved', 'Published', 'Published by its scheduled release', 'Imported'... */
  how: z.string(),
  /** What it changed from the version before, in words (empty for the oldest one kept). */
  changes: z.array(changeInWordsSchema),
  /** The version the public (or, for an item not yet public, its draft) shows now. */
  current: z.boolean(),
});
export type HistoryVersion = z.infer<typeof historyVersionSchema>;

/** How many versions one read lists (the newest); older ones are kept, and said to be there. */
export const HISTORY_MAX = 100;
export const historyPageSchema = z.object({ versions: z.array(historyVersionSchema), older: z.boolean() });
export type HistoryPage = z.infer<typeof historyPageSchema>;
