/**
 * The versions an item's History keeps (docs/back-office.md "History"). Every write that replaces a
 * live language, level, lesson or post goes through transact (./table.ts), whatever made it (a save,
 * a publish, a release, an import, a bulk action, a restore); transact asks versionWrites for the
 * item each such Put replaces, and stores it in the SAME transaction: the write and the version it
 * replaced land together or not at all. So the version from before an item's first change (seeded
 * or imported content) is kept at that change, and a version is never lost to a failed write.
 *
 * Only a change of what Restore brings back (the kind's draft fields) or of being public counts: a
 * lock or an order keeps no version. Pure: no table access (transact reads).
 */
import { monotonicFactory } from 'ulid';
import { keys, type Key } from '../lib/keys.js';
import type { Change } from '../lib/change.js';
import { AUDIT_KEEP_DAYS } from '../../shared/contracts/audit.js';
import { draftFieldsSchema, refKey, type ItemKind, type ItemRef } from '../../shared/contracts/publishing.js';

type Raw = Record<string, unknown>;
/** A Put as transact receives it (no table name). */
interface PutLike {
  Put?: { Item?: Raw; ConditionExpression?: string };
}

const newId = monotonicFactory();
/** Versions are kept as long as the audit log's entries. */
export const VERSION_KEEP_DAYS = AUDIT_KEEP_DAYS;

/** The item kinds History keeps, by their stored `entity`. */
const KIND_OF: Partial<Record<string, ItemKind>> = { language: 'language', level: 'level', lesson: 'lesson', blog_post: 'post' };
/** What is never part of a kept version: where and how the item is stored. */
const STORAGE = new Set(['PK', 'SK', 'GSI1PK', 'GSI1SK', 'search']);

/** The item a stored language, level, lesson or post is (its ids are among its fields); undefined for any other item. */
export function refOfItem(item: Raw): ItemRef | undefined {
  const kind = KIND_OF[String(item.entity)];
  const id = String(item.id);
  if (kind === 'language') return { kind, language_id: id };
  if (kind === 'level') return { kind, language_id: String(item.language_id), level_id: id };
  if (kind === 'lesson') return { kind, language_id: String(item.language_id), level_id: String(item.level_id), lesson_id: id };
  if (kind === 'post') return { kind, post_id: id };
  return undefined;
}

/** The fields Restore brings back for a kind (its draft schema's), in the schema's order. */
export const restorableFields = (kind: ItemKind): string[] => Object.keys(draftFieldsSchema(kind).shape);
/** What a version is kept and compared by: those fields, and whether it is public (a first publication is a version too). */
export const historyFields = (kind: ItemKind): string[] => [...restorableFields(kind), kind === 'post' ? 'published' : 'is_draft'];

const empty = (v: unknown) => v === undefined || v === null || v === '' || v === false;
/** Whether two stored versions differ in what History shows (a missing, empty or false value are the same). */
export function differs(kind: ItemKind, a: Raw, b: Raw): boolean {
  return historyFields(kind).some((f) => !(empty(a[f]) && empty(b[f])) && JSON.stringify(a[f]) !== JSON.stringify(b[f]));
}

/** The kept copy of `previous`, replaced now by `change`: its own partition per item, sorted by time (its ULID). */
export function versionItem(item: ItemRef, previous: Raw, change: Change, now = new Date()): Raw {
  const at = now.toISOString();
  const id = newId(now.getTime());
  return {
    ...keys.itemVersion(refKey(item), id),
    entity: 'version',
    id,
    item,
    at,
    by_sub: change.sub,
    ...(change.name ? { by_name: change.name } : {}),
    how: change.how,
    snapshot: Object.fromEntries(Object.entries(previous).filter(([k]) => !STORAGE.has(k))),
    ttl: Math.floor(now.getTime() / 1000) + VERSION_KEEP_DAYS * 86_400,
    version: 1,
  };
}

/** The Puts of `writes` that may replace a live item History keeps: their keys, to be read before the transaction. */
export function replacedKeys(writes: readonly PutLike[]): Key[] {
  return (
    writes
      .map((w) => w.Put?.Item)
      // A create (`attribute_not_exists(PK)`, table.ts IS_NEW) replaces nothing: no read.
      .filter((i, n): i is Raw => !!i && !!KIND_OF[String(i.entity)] && writes[n].Put?.ConditionExpression !== 'attribute_not_exists(PK)')
      .map((i) => ({ PK: String(i.PK), SK: String(i.SK) }))
  );
}

/**
 * The version items to add to a transaction: for each Put of `writes` that replaces a live item
 * (`stored`, read consistently by key text) with other content, a copy of that item. A Put made on
 * a version other than the one read fails its condition, and the whole transaction with it.
 */
export function versionWrites(writes: readonly PutLike[], stored: Map<string, Raw>, change: Change, now = new Date()): Raw[] {
  const out: Raw[] = [];
  for (const w of writes) {
    const next = w.Put?.Item;
    const previous = next && stored.get(`${String(next.PK)}|${String(next.SK)}`);
    const item = previous && refOfItem(previous);
    if (!next || !previous || !item || !differs(item.kind, previous, next)) continue;
    out.push(versionItem(item, previous, change, now));
  }
  return out;
}
