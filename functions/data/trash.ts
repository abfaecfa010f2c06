/**
 * The Trash (docs/back-office.md "Trash"): what a delete removes is first copied here, item by item
 * and exactly as it was stored, and kept TRASH_KEEP_DAYS (DynamoDB's TTL then removes it, and the
 * daily media sweep the audio and images only it still named):
 *   PK=TRASH#{id}  SK=ITEM#{n}  { item: <the stored item> }     written first,
 *   PK=TRASH#{id}  SK=ENTRY     { kind, label, where, root... }  written last (a listed entry is complete).
 * Restoring writes the items back only if none of their keys is taken again and their parent still
 * exists: small deletes (up to 98 items) in one transaction, larger ones children first and the
 * root item (the lesson, level, language META or post) last with the entry's removal, so a restore
 * cut short leaves the thing invisible and can be run again.
 */
import { ulid } from 'ulid';
import { conflict, invalid, notFound } from '../lib/errors.js';
import { keys, type Key } from '../lib/keys.js';
import { TRASH_GONE_TEXT, TRASH_KEEP_DAYS, type TrashEntry, type TrashKind } from '../../shared/contracts/trash.js';
import {
  asItem,
  batchGet,
  deleteKeys,
  getRaw,
  keyOf,
  MAX_TX_ITEMS,
  mustExist,
  putItem,
  putItems,
  putNew,
  queryList,
  queryPartition,
  transact,
  type Raw,
  type TxItem,
} from './table.js';

const KIND_NAME: Record<TrashKind, string> = { language: 'A language', level: 'A level', lesson: 'A lesson', post: 'A post' };

/** What is being deleted: its kind, title and ids, the items it takes, and which of them come back last. */
export interface Deleted {
  kind: TrashKind;
  label: string;
  where: Pick<TrashEntry, 'language_id' | 'level_id' | 'lesson_id' | 'post_id' | 'published'>;
  /** Every stored item the delete removes. */
  items: Raw[];
  /** The items that make it visible (written last on restore, and only if their keys are free). */
  roots: Key[];
  /** An item that must still exist for it to come back (a lesson's level, a level's language). */
  parent?: Key;
}

const sameKey = (a: Key, b: Key) => a.PK === b.PK && a.SK === b.SK;

/**
 * A delete's Trash entry and the copies of its items, not yet written: the copies first (putItems:
 * unlisted, so invisible), the entry last or in the delete's own transaction (./bulk's deletes).
 */
export function trashRecord(d: Deleted, deletedBy: string): { entry: TrashEntry; copies: Raw[]; listed: Raw } {
  const id = ulid();
  const now = new Date();
  const ttl = Math.floor(now.getTime() / 1000) + TRASH_KEEP_DAYS * 86_400;
  const copies = d.items.map((item, n) => ({ ...keys.trashItem(id, n), entity: 'trash_item', item, ttl }));
  const entry: TrashEntry = {
    id,
    kind: d.kind,
    label: d.label,
    ...d.where,
    items: d.items.length,
    deleted_at: now.toISOString(),
    deleted_by: deletedBy,
    expires_at: new Date(ttl * 1000).toISOString(),
  };
  const listed = { ...keys.trashEntry(id), ...keys.trashList(entry.deleted_at, id), entity: 'trash', ...entry, roots: d.roots, parent: d.parent, ttl };
  return { entry, copies, listed };
}

/** Copies what a delete will remove into the Trash; the caller then deletes. Returns the entry. */
export async function moveToTrash(d: Deleted, deletedBy: string): Promise<TrashEntry> {
  const { entry, copies, listed } = trashRecord(d, deletedBy);
  await putItems(copies);
  await putItem(listed);
  return entry;
}

const toEntry = (raw: Raw): TrashEntry => {
  const { id, kind, label, language_id, level_id, lesson_id, post_id, published, items, deleted_at, deleted_by, expires_at } = asItem<TrashEntry>(raw);
  return { id, kind, label, language_id, level_id, lesson_id, post_id, published, items, deleted_at, deleted_by, expires_at };
};
/** TTL removes an expired item within a day or two: until then it is hidden, not restorable. */
const alive = (raw: Raw) => typeof raw.ttl === 'number' && raw.ttl * 1000 > Date.now();

/** One entry of the Trash, or undefined when it is gone (restored, or its 30 days are over). */
export async function getTrashEntry(id: string): Promise<TrashEntry | undefined> {
  const raw = await getRaw(keys.trashEntry(id));
  return raw && alive(raw) ? toEntry(raw) : undefined;
}

/** Everything in the Trash, newest first. */
export async function listTrash(): Promise<TrashEntry[]> {
  const raws = (await queryList(keys.trashListPk)).filter(alive);
  return raws.map(toEntry).sort((a, b) => b.deleted_at.localeCompare(a.deleted_at) || b.id.localeCompare(a.id));
}

/** A stored Trash entry with its copies: what restoring it writes back, and where. */
interface Stored {
  entry: TrashEntry;
  items: Raw[];
  roots: Key[];
  parent?: Key;
  /** The keys of its copies, removed once it is back. */
  copies: Key[];
}

async function loadTrash(id: string): Promise<Stored> {
  const stored = await queryPartition(keys.trashEntry(id).PK);
  const raw = stored.find((i) => i.SK === keys.trashEntry(id).SK);
  if (!raw || !alive(raw)) throw notFound(TRASH_GONE_TEXT);
  const copies = stored.filter((i) => i.SK !== 'ENTRY');
  return {
    entry: toEntry(raw),
    items: copies.map((i) => i.item as Raw),
    roots: (raw.roots ?? []) as Key[],
    parent: raw.parent as Key | undefined,
    copies: copies.map(keyOf),
  };
}

const takenAgain = (e: TrashEntry) => conflict(`${KIND_NAME[e.kind]} with the ID "${idOf(e)}" (or part of it) exists again. Rename or delete it first.`);
const missingParent = (e: TrashEntry) => conflict(`${KIND_NAME[e.kind]} cannot come back: what it belonged to was deleted. Restore that first.`);

/**
 * Puts a deleted thing back exactly as it was (its items, their versions, order and media) and
 * removes it from the Trash. 404 when it is gone; 409 when one of its keys is taken again (nothing
 * written) or its parent no longer exists.
 */
export async function restoreFromTrash(id: string): Promise<TrashEntry> {
  const { entry, items, roots, parent, copies } = await loadTrash(id);
  if ((await batchGet(items.map(keyOf))).length) throw takenAgain(entry);

  const isRoot = (i: Raw) => roots.some((k) => sameKey(k, keyOf(i)));
  const children = items.filter((i) => !isRoot(i));
  const last: TxItem[] = [...items.filter(isRoot).map(putNew), ...(parent ? [mustExist(parent)] : []), { Delete: { Key: keys.trashEntry(id) } }];
  const explain = (i: number) => (parent && i === last.length - 2 ? missingParent(entry) : conflict());
  if (children.length + last.length <= MAX_TX_ITEMS) await transact([...children.map(putNew), ...last], (i) => explain(i - children.length));
  else {
    if (parent && !(await batchGet([parent])).length) throw missingParent(entry);
    await putItems(children);
    await transact(last, explain);
  }
  // The copies: the entry is gone, so they are unreachable; TTL removes any a failure leaves.
  await deleteKeys(copies);
  return entry;
}

/**
 * Undo of a bulk delete: puts several entries of one language back in ONE transaction (all or
 * none). Only `deletedBy`'s own entries of that language: any other id is answered as gone (404),
 * so an editor cannot reach the rest of the Trash through it.
 */
export async function restoreManyFromTrash(ids: string[], languageId: string, deletedBy: string): Promise<TrashEntry[]> {
  const all = await Promise.all([...new Set(ids)].map(loadTrash));
  if (all.some((s) => s.entry.language_id !== languageId || s.entry.deleted_by !== deletedBy)) throw notFound(TRASH_GONE_TEXT);
  const items = all.flatMap((s) => s.items);
  // A parent restored in the same step needs no check (and one key may appear once in a transaction).
  const parents = all.flatMap(({ parent }) => (parent && !items.some((i) => sameKey(keyOf(i), parent)) ? [parent] : []));
  const checks = parents.filter((p, n) => parents.findIndex((q) => sameKey(p, q)) === n);
  const writes: TxItem[] = [...items.map(putNew), ...checks.map(mustExist), ...all.map((s) => ({ Delete: { Key: keys.trashEntry(s.entry.id) } }))];
  if (writes.length > MAX_TX_ITEMS) throw invalid(`Undo puts back at most ${MAX_TX_ITEMS} stored items at once: restore them from the Trash.`);
  const ownerOf = all.flatMap((s) => s.items.map(() => s.entry));
  await transact(writes, (i) => {
    if (i < items.length) return takenAgain(ownerOf[i]);
    if (i < items.length + checks.length) return conflict('What these items belonged to was deleted. Restore that first.');
    return conflict();
  });
  await deleteKeys(all.flatMap((s) => s.copies));
  return all.map((s) => s.entry);
}

const idOf = (e: TrashEntry) => e.post_id ?? e.lesson_id ?? e.level_id ?? e.language_id ?? e.id;
