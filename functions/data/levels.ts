/** Levels: `LEVEL#{level}` items in their language's partition (see lib/keys.ts). */
import { keys } from '../lib/keys.js';
import { conflict, invalid, notFound } from '../lib/errors.js';
import type * as S from '../../shared/contracts/levels.js';
import { MAX_LEVELS_PER_LANGUAGE, type Level, type LevelWithCount } from '../../shared/contracts/levels.js';
import type * as z from 'zod';
import { byOrder } from '../../shared/order.js';
import {
  asItem,
  changed,
  deleteKeys,
  getItem,
  getRaw,
  keyOf,
  mustExist,
  newItem,
  putIfVersion,
  putNew,
  queryAll,
  queryPartition,
  strip,
  transact,
  type Raw,
} from './table.js';
import { moveToTrash, type Deleted } from './trash.js';
import { publicList } from './visibility.js';

type LevelIn = z.output<typeof S.levelCreateSchema>;
type LevelChanges = z.output<typeof S.levelUpdateSchema>;
type LevelOrder = z.output<typeof S.levelReorderSchema>['levels'];

export const LANGUAGE_NOT_FOUND = 'Language not found';
export const LEVEL_NOT_FOUND = 'Level not found';
export const STALE_LEVEL_LIST_TEXT = 'The levels of this language changed meanwhile. Reload and try again.';

/** A language's levels with their lesson counts, in catalogue order (missing order = 999, ties by title). */
export async function listLevels(languageId: string, { publicCount = false } = {}): Promise<LevelWithCount[]> {
  const lessonKeys = keys.lessonPrefix(languageId);
  const [levels, lessons] = await Promise.all([
    queryPartition(keys.levelPrefix(languageId).PK, keys.levelPrefix(languageId).SKPrefix),
    // Only each lesson's parent id (and whether it is a draft) is needed to count them.
    queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': lessonKeys.PK, ':sk': lessonKeys.SKPrefix },
      ProjectionExpression: 'level_id, is_draft',
    }),
  ]);
  const counts = new Map<string, number>();
  // The public language page counts the public lessons only (./visibility.ts).
  for (const l of publicCount ? publicList(lessons) : lessons) counts.set(l.level_id as string, (counts.get(l.level_id as string) ?? 0) + 1);
  return levels
    .map((i) => strip<Level>(i))
    .map((l) => ({ ...l, lesson_count: counts.get(l.id) ?? 0 }))
    .sort(byOrder);
}

export const getLevel = (languageId: string, levelId: string) => getItem<Level>(keys.level(languageId, levelId));

const rawLevels = async (languageId: string) => {
  const p = keys.levelPrefix(languageId);
  return queryPartition(p.PK, p.SKPrefix);
};

/** A language's levels in catalogue order, without lesson counts: one Query of its partition. */
export async function listLanguageLevels(languageId: string): Promise<Level[]> {
  return (await rawLevels(languageId)).map((i) => strip<Level>(i)).sort(byOrder);
}

const nextOrderOf = (levels: Raw[]) => {
  const orders = levels.map((l) => l.order_index).filter((o): o is number => typeof o === 'number');
  return orders.length ? Math.max(...orders) + 1 : 0;
};

/** Highest order_index of the language's levels plus 1, or 0 when none has one. */
export async function nextLevelOrder(languageId: string): Promise<number> {
  return nextOrderOf(await rawLevels(languageId));
}

/** Creates a level at the end of its language, unlocked. 404 unknown language, 409 taken id, 400 full language. */
export async function addLevel(input: LevelIn): Promise<Level> {
  const siblings = await rawLevels(input.language_id);
  // A language's order is saved in one transaction (levelReorderSchema): it holds no more than that can.
  if (siblings.length >= MAX_LEVELS_PER_LANGUAGE) throw invalid(`A language holds at most ${MAX_LEVELS_PER_LANGUAGE} levels`, 'language_id');
  const item = newItem(keys.level(input.language_id, input.id), 'level', {
    ...input,
    order_index: nextOrderOf(siblings),
    is_locked: false,
  });
  await transact([putNew(item), mustExist(keys.language(input.language_id))], (i) =>
    i === 0 ? conflict(`A level with the ID "${input.id}" already exists`, 'id') : notFound(LANGUAGE_NOT_FOUND),
  );
  return strip<Level>(item);
}

/**
 * Updates a level if `version` is the stored one (409 otherwise). Decision: a level never changes
 * language (its key, lessons and phrases live in the language's partition); that is a 400.
 */
export async function updateLevel(languageId: string, levelId: string, { version, language_id, ...changes }: LevelChanges): Promise<Level> {
  if (language_id && language_id !== languageId) {
    throw invalid('A level cannot be moved to another language. Create it in the other language instead.', 'language_id');
  }
  const current = await getRaw(keys.level(languageId, levelId));
  if (!current) throw notFound(LEVEL_NOT_FOUND);
  if (current.version !== version) throw conflict();
  const next = changed(current, changes);
  await transact([putIfVersion(next, version)]);
  return strip<Level>(next);
}

/** Sets the lock (the switch sends the value it wants, so a repeat is harmless). */
export async function setLevelLock(languageId: string, levelId: string, isLocked: boolean): Promise<Level> {
  const current = await getRaw(keys.level(languageId, levelId));
  if (!current) throw notFound(LEVEL_NOT_FOUND);
  const next = changed(current, { is_locked: isLocked });
  await transact([putIfVersion(next, current.version as number)]);
  return strip<Level>(next);
}

/**
 * Swaps order_index with the neighbour in catalogue order (0 stands in for a missing one). Both
 * items are written in one transaction conditional on the versions read, so concurrent moves
 * cannot interleave. Returns the two updated levels.
 */
export async function moveLevel(languageId: string, levelId: string, direction: 'up' | 'down'): Promise<Level[]> {
  const sorted = (await rawLevels(languageId)).sort((a, b) => byOrder(asItem<Level>(a), asItem<Level>(b)));
  const i = sorted.findIndex((l) => l.id === levelId);
  if (i < 0) throw notFound(LEVEL_NOT_FOUND);
  const j = direction === 'up' ? i - 1 : i + 1;
  if (j < 0) throw invalid('This level is already first and cannot move up');
  if (j >= sorted.length) throw invalid('This level is already last and cannot move down');
  const [a, b] = [sorted[i], sorted[j]];
  const nextA = changed(a, { order_index: b.order_index ?? 0 });
  const nextB = changed(b, { order_index: a.order_index ?? 0 });
  await transact([putIfVersion(nextA, a.version as number), putIfVersion(nextB, b.version as number)]);
  return [strip<Level>(nextA), strip<Level>(nextB)];
}

/**
 * Writes order_index 0..n-1 in the given order. `order` must name each of the language's levels once,
 * with the version the admin saw: a missing or extra level, or an older version, means the admin
 * reordered a stale list (409, nothing written). One transaction conditional on every version, so a
 * concurrent edit between this read and the write is a 409 too.
 */
export async function reorderLevels(languageId: string, order: LevelOrder): Promise<Level[]> {
  const ids = order.map((l) => l.id);
  if (new Set(ids).size !== ids.length) throw invalid('Each level may appear only once in the list.', 'levels');
  const current = await rawLevels(languageId);
  const byId = new Map(current.map((l) => [l.id as string, l]));
  if (ids.length !== byId.size || order.some((l) => byId.get(l.id)?.version !== l.version)) throw conflict(STALE_LEVEL_LIST_TEXT);
  const writes = order.map(({ id, version }, order_index) => {
    const item = byId.get(id);
    if (!item) throw conflict(STALE_LEVEL_LIST_TEXT);
    return { version, next: changed(item, { order_index }) };
  });
  await transact(
    writes.map((w) => putIfVersion(w.next, w.version)),
    () => conflict(STALE_LEVEL_LIST_TEXT),
  );
  return writes.map((w) => strip<Level>(w.next));
}

/** What deleting a level takes to the Trash: the level (the root) with its lessons and phrases; it comes back under its language. */
export function levelDeleted(level: Raw, contents: Raw[]): Deleted {
  const where = { language_id: String(level.language_id), level_id: String(level.id) };
  return {
    kind: 'level',
    label: String(level.title),
    where,
    items: [level, ...contents],
    roots: [keys.level(where.language_id, where.level_id)],
    parent: keys.language(where.language_id),
  };
}

/**
 * Deletes a level with its lessons and phrases, after copying them to the Trash (./trash.ts):
 * phrases, then lessons, then the level, so an interrupted delete leaves the level visible and a
 * re-run finishes. False when nothing existed.
 */
export async function deleteLevel(languageId: string, levelId: string, deletedBy: string): Promise<boolean> {
  const lp = keys.lessonPrefix(languageId, levelId);
  const pp = keys.phrasePrefix(languageId, levelId);
  const key = keys.level(languageId, levelId);
  const [level, lessons, phrases] = await Promise.all([getRaw(key), queryPartition(lp.PK, lp.SKPrefix), queryPartition(pp.PK, pp.SKPrefix)]);
  if (!level && !lessons.length && !phrases.length) return false;
  if (level) await moveToTrash(levelDeleted(level, [...lessons, ...phrases]), deletedBy);
  await deleteKeys(phrases.map(keyOf));
  // Pending drafts (./publishing.ts) go with what they would change; they are not kept in the Trash.
  await deleteKeys([...lessons.map((l) => keys.draft(keyOf(l))), keys.draft(key)]);
  await deleteKeys(lessons.map(keyOf));
  await deleteKeys([key]);
  return true;
}
