/**
 * An item's History (docs/back-office.md "History"): the versions ./versions.ts kept, one per write
 * that replaced it, whatever made the write, read newest first with the live item on top. Each
 * kept version says who made it, when and how from the write that made it (the next one kept, or
 * for the newest the live item's); the oldest kept was made before History knew (seeded, imported
 * or older content). 'Restore' brings one back as a draft: a public item's pending draft
 * (./publishing.ts), or, for an item not yet public, its draft itself. Nothing public changes until
 * it is published, so a restore is undone as any other change is.
 */
import { conflict, notFound } from '../lib/errors.js';
import { keys } from '../lib/keys.js';
import { currentChange, withChange } from '../lib/change.js';
import { missingMedia } from '../lib/media.js';
import { HISTORY_MAX, type HistoryPage, type HistoryVersion } from '../../shared/contracts/history.js';
import { draftFieldsSchema, refKey, VERSION_GONE_TEXT, type ItemRef, type PendingDraft } from '../../shared/contracts/publishing.js';
import { actionInWords, changesInWords } from '../../shared/history-words.js';
import { updatePost } from './blog.js';
import { isUnpublished, itemKey, labelOf, MISSING, saveDraft } from './publishing.js';
import { asItem, changed, getRaw, putIfVersion, queryPage, transact, type Raw } from './table.js';
import { historyFields } from './versions.js';

export const ITEM_GONE_TEXT = 'This item was deleted: restore it from the Trash first.';
/** A version naming files the media sweep has deleted since (it keeps only what live items use). */
export const mediaGoneText = (urls: string[]) =>
  `This version uses files that have been deleted since (${urls.map((u) => u.slice(u.lastIndexOf('/') + 1)).join(', ')}): restore another version, or edit the item and choose its files again.`;

/** A kept version as stored (./versions.ts versionItem). */
interface Kept {
  id: string;
  at: string;
  by_sub: string;
  by_name?: string;
  how: string;
  snapshot: Raw;
}
/** Who a `sub` is, in words (the handler asks Cognito; '' when it cannot say). */
export type NameOf = (sub: string) => Promise<string>;

/** What a person reads of who made a write. */
const whoMade = async (k: Kept, nameOf: NameOf) => k.by_name || (k.by_sub ? await nameOf(k.by_sub) : '');

/**
 * The item's versions, newest first: the live one, then each kept one (HISTORY_MAX at most; `older`
 * says there are more). 404 when the item is gone (the Trash has it).
 */
export async function listVersions(item: ItemRef, nameOf: NameOf): Promise<HistoryPage> {
  const live = await getRaw(itemKey(item), { ConsistentRead: true });
  if (!live) throw notFound(MISSING[item.kind]);
  const page = await queryPage({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.itemVersionsPk(refKey(item)) },
    ScanIndexForward: false,
    ConsistentRead: true,
    // One more than listed: the write that made the oldest listed version.
    Limit: HISTORY_MAX + 1,
  });
  const kept = page.items.map(asItem<Kept>);
  const fields = historyFields(item.kind);
  // contents[k] is version k's content; kept[k] is the write that replaced it, and so made version k - 1.
  const contents = [live, ...kept.map((k) => k.snapshot)];
  const listed = Math.min(contents.length, HISTORY_MAX + 1);
  const versions: HistoryVersion[] = [];
  for (let n = 0; n < listed; n++) {
    const madeBy = kept[n] as Kept | undefined;
    const content = contents[n];
    versions.push({
      ...(n > 0 ? { id: kept[n - 1].id } : {}),
      ...(madeBy ? { at: madeBy.at } : whenWritten(content)),
      by: madeBy ? await whoMade(madeBy, nameOf) : '',
      how: madeBy ? actionInWords(madeBy.how) : content.created_at === content.updated_at ? 'Created' : 'Saved',
      changes: madeBy ? changesInWords(fields, madeBy.snapshot, content) : [],
      current: n === 0,
    });
  }
  return { versions, older: kept.length > HISTORY_MAX || !!page.lastKey };
}

/** When a version History did not see made was written (its own stamp), to the second as stored. */
const whenWritten = (content: Raw) => (typeof content.updated_at === 'string' ? { at: content.updated_at } : {});

/** Brings version `id` of `item` back as its draft. */
export async function restoreVersion(item: ItemRef, id: string, by: string): Promise<PendingDraft> {
  const kept = await getRaw(keys.itemVersion(refKey(item), id));
  if (!kept || typeof kept.snapshot !== 'object' || kept.snapshot === null) throw notFound(VERSION_GONE_TEXT);
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

  // Not public yet: the version becomes the draft itself (the draft it replaces is kept in turn).
  await withChange({ ...currentChange(), how: 'restore_version' }, async () => {
    if (item.kind === 'post') await updatePost(item.post_id, { ...fields, version: live.version as number });
    else await transact([putIfVersion(changed(live, fields), live.version as number)]);
  });
  return { item, label: labelOf(live, fields), fields, base_version: (live.version as number) + 1, updated_at: new Date().toISOString(), updated_by: by };
}
