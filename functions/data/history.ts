/**
 * An item's History (docs/back-office.md "History"): its versions are the audit log's entries of
 * its saves, each keeping the whole item as the save left it (./audit.ts `snapshot`). 'Restore'
 * brings one back as a draft: a public item's pending draft (./publishing.ts), or, for an item not
 * yet public, its draft itself. Nothing public changes until it is published.
 */
import { conflict, notFound } from '../lib/errors.js';
import { missingMedia } from '../lib/media.js';
import { draftFieldsSchema, VERSION_GONE_TEXT, type ItemRef, type PendingDraft } from '../../shared/contracts/publishing.js';
import { getSnapshot } from './audit.js';
import { updatePost } from './blog.js';
import { isUnpublished, itemKey, labelOf, saveDraft } from './publishing.js';
import { changed, getRaw, putIfVersion, transact } from './table.js';

export const ITEM_GONE_TEXT = 'This item was deleted: restore it from the Trash first.';
/** A version naming files the media sweep has deleted since (it keeps only what live items use). */
export const mediaGoneText = (urls: string[]) =>
  `This version uses files that have been deleted since (${urls.map((u) => u.slice(u.lastIndexOf('/') + 1)).join(', ')}): restore another version, or edit the item and choose its files again.`;

/** The item an entry names (the reverse of auditTargetOf): `lesson` + `fr/a1/greetings`, `blog` + a post's id. */
export function refOfEntry(entity: string, entityId: string): ItemRef | undefined {
  const ids = entityId.split('/');
  if (entity === 'blog' && ids.length === 1) return { kind: 'post', post_id: ids[0] };
  if (entity === 'language' && ids.length === 1) return { kind: 'language', language_id: ids[0] };
  if (entity === 'level' && ids.length === 2) return { kind: 'level', language_id: ids[0], level_id: ids[1] };
  if (entity === 'lesson' && ids.length === 3) return { kind: 'lesson', language_id: ids[0], level_id: ids[1], lesson_id: ids[2] };
  return undefined;
}

/** Brings the version kept by audit entry `entryId` back as its item's draft. */
export async function restoreVersion(entryId: string, by: string): Promise<PendingDraft> {
  const kept = await getSnapshot(entryId);
  const item = kept && refOfEntry(kept.entity, kept.entityId);
  if (!kept || !item) throw notFound(VERSION_GONE_TEXT);
  // The fields a draft may change, as the kind's own schema reads them (ids, order and lock stay as they are).
  const parsed = draftFieldsSchema(item.kind).safeParse(kept.snapshot);
  if (!parsed.success) throw conflict(VERSION_GONE_TEXT);
  const fields = parsed.data as Record<string, unknown>;
  // A draft naming deleted files would publish broken images and silent audio.
  const gone = await missingMedia(fields);
  if (gone.length) throw conflict(mediaGoneText(gone));
  const live = await getRaw(itemKey(item), { ConsistentRead: true });
  if (!live) throw notFound(ITEM_GONE_TEXT);
  if (!isUnpublished(item, live)) return saveDraft({ item, version: live.version as number, fields }, by);

  // Not public yet: the version becomes the draft itself.
  if (item.kind === 'post') await updatePost(item.post_id, { ...fields, version: live.version as number });
  else await transact([putIfVersion(changed(live, fields), live.version as number)]);
  return { item, label: labelOf(live, fields), fields, base_version: (live.version as number) + 1, updated_at: new Date().toISOString(), updated_by: by };
}
