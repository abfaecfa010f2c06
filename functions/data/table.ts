/**
 * The one module that talks to DynamoDB (eslint.config.js forbids the SDK's DynamoDB imports, and
 * `ddb`, anywhere else under functions/): every read and write of the single table goes through
 * these helpers, and the table name is added here only.
 *
 * Every item carries `entity` and `version`; versioned writes are conditional so a stale write
 * fails. A failed condition of a plain put or update stays DynamoDB's ConditionalCheckFailedException
 * (a caller may name it, e.g. `explain` or isConditionFailed; functions/lib/http.ts maps the rest to
 * 409); a cancelled transaction becomes a domain error here (transact).
 */
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DeleteCommandInput,
  type PutCommandInput,
  type QueryCommandInput,
  type ScanCommandInput,
  type TransactWriteCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { currentChange } from '../lib/change.js';
import { ddb } from '../lib/clients.js';
import { config } from '../lib/config.js';
import { conflict, errorName, invalid } from '../lib/errors.js';
import { GSI1, type Key } from '../lib/keys.js';
import { replacedKeys, versionWrites } from './versions.js';

/** A stored item as the table holds it (storage attributes included). */
export type Raw = Record<string, unknown>;
/** A stored item's key. */
export const keyOf = (i: Raw): Key => ({ PK: String(i.PK), SK: String(i.SK) });
/** An SDK input without its table: the helpers below add it. */
type NoTable<T> = Omit<T, 'TableName'>;
export type Condition = Pick<PutCommandInput, 'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>;

const TableName = () => config.tableName;
/** Attributes that belong to the storage layout, never to the API shape (`search`: the folded text lists filter on). */
const STORAGE = new Set(['PK', 'SK', 'GSI1PK', 'GSI1SK', 'entity', 'search']);

/** The write creates the item: nothing is stored under its key yet. */
export const IS_NEW = { ConditionExpression: 'attribute_not_exists(PK)' } as const;
/** The item exists and its stored version is still `v` (the one the change was based on). */
export const versionIs = (v: number) => ({
  ConditionExpression: 'attribute_exists(PK) AND #v = :v',
  ExpressionAttributeNames: { '#v': 'version' },
  ExpressionAttributeValues: { ':v': v },
});
/** Whether a plain put, update or delete failed its ConditionExpression. */
export const isConditionFailed = (e: unknown) => errorName(e) === 'ConditionalCheckFailedException';
const backoff = (attempt: number) => new Promise((res) => setTimeout(res, Math.min(1000, 50 * 2 ** attempt)));

// ---- Single items -------------------------------------------------------------------------------

/**
 * The item codec: a stored item (storage attributes and all) read as the contract type the data
 * layer wrote it from. DynamoDB answers untyped maps and only this layer writes the table, each
 * kind from its contract type, so this is the one place that says so (no `as unknown as` elsewhere).
 */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- T is the caller's statement of what it reads, as strip<T>
export const asItem = <T>(raw: Raw): T => raw as T;

/** A stored item in its API shape; the caller names that shape (the table holds what the data layer wrote). */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the one typed read of a stored item, as getItem<T>: T is the caller's statement of what it reads
export function strip<T>(item: Record<string, unknown>): T {
  return Object.fromEntries(Object.entries(item).filter(([k]) => !STORAGE.has(k))) as T;
}

/** The stored item with its storage attributes (PK, SK, ...), or undefined; `{ ConsistentRead: true }` reads the latest write. */
export async function getRaw(key: Key, options: { ConsistentRead?: boolean } = {}): Promise<Raw | undefined> {
  return (await ddb.send(new GetCommand({ TableName: TableName(), Key: key, ...options }))).Item;
}

export async function getItem<T>(key: Key): Promise<T | undefined> {
  const item = await getRaw(key);
  return item ? strip<T>(item) : undefined;
}

/**
 * Writes the item as given, if `condition` holds (none: unconditionally). A failed condition is
 * `explain()`'s error when given, else DynamoDB's ConditionalCheckFailedException.
 */
export async function putItem(item: Raw, condition: Condition = {}, explain?: () => Error): Promise<void> {
  try {
    await ddb.send(new PutCommand({ TableName: TableName(), Item: item, ...condition }));
  } catch (e) {
    throw explain && isConditionFailed(e) ? explain() : e;
  }
}

/** A fresh item as createItem writes it. */
export function newItem(key: Key, entity: string, data: Raw, extra: Raw = {}): Raw {
  const now = new Date().toISOString();
  return { ...key, ...extra, entity, ...data, version: 1, created_at: now, updated_at: now };
}

/** Creates an item; fails with ConditionalCheckFailedException (409) when the key exists. */
export async function createItem(key: Key, entity: string, data: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const item = newItem(key, entity, data, extra);
  await putItem(item, IS_NEW);
  return strip<Record<string, unknown>>(item);
}

/**
 * Replaces the given attributes if the stored version is the one the caller read, bumping it.
 * Returns undefined when the item does not exist; throws a ConditionalCheckFailedException
 * (mapped to 409) when someone else wrote first.
 */
export async function updateItem(key: Key, expectedVersion: number, changes: Record<string, unknown>) {
  const current = await getRaw(key);
  if (!current) return undefined;
  const item = { ...current, ...changes, version: expectedVersion + 1, updated_at: new Date().toISOString() };
  // A transaction: the version it replaces is kept with it (History, ./versions.ts).
  await transact([putIfVersion(item, expectedVersion)]);
  return strip<Record<string, unknown>>(item);
}

/** An UpdateItem (counters, status fields); answers the attributes its ReturnValues asks for. */
export async function updateRaw(input: NoTable<UpdateCommandInput>): Promise<Raw | undefined> {
  return (await ddb.send(new UpdateCommand({ TableName: TableName(), ...input }))).Attributes;
}

/** Deletes the item if `condition` holds (none: whatever is there; a missing key is a no-op). */
export async function deleteItem(key: Key, condition: Pick<DeleteCommandInput, keyof Condition> = {}) {
  await ddb.send(new DeleteCommand({ TableName: TableName(), Key: key, ...condition }));
}

// ---- Queries and pages --------------------------------------------------------------------------

export interface ItemPage {
  items: Raw[];
  /** Where the next page starts (the next read's ExclusiveStartKey); undefined after the last page. */
  lastKey?: Raw;
  /** Items matched (with `Select: 'COUNT'` the only answer). */
  count: number;
}

/** ONE page of a Query: its ExclusiveStartKey, Limit and ScanIndexForward are the caller's. */
export async function queryPage(input: NoTable<QueryCommandInput>): Promise<ItemPage> {
  const r = await ddb.send(new QueryCommand({ TableName: TableName(), ...input }));
  return { items: r.Items ?? [], lastKey: r.LastEvaluatedKey, count: r.Count ?? 0 };
}

/** Every page of a read, each from where the previous one stopped. */
async function* pagesOf(read: (ExclusiveStartKey: Raw | undefined) => Promise<ItemPage>): AsyncGenerator<ItemPage> {
  let start: Raw | undefined;
  do {
    const page = await read(start);
    yield page;
    start = page.lastKey;
  } while (start);
}

/** All pages of a Query. */
export async function queryAll(input: NoTable<QueryCommandInput>): Promise<Raw[]> {
  const items: Raw[] = [];
  for await (const page of pagesOf((ExclusiveStartKey) => queryPage({ ...input, ExclusiveStartKey }))) items.push(...page.items);
  return items;
}

/** How many items a Query matches (Select COUNT over every page: nothing but the number is sent back). */
export async function countAll(input: NoTable<QueryCommandInput>): Promise<number> {
  let total = 0;
  for await (const page of pagesOf((ExclusiveStartKey) => queryPage({ ...input, Select: 'COUNT', ExclusiveStartKey }))) total += page.count;
  return total;
}

/** Every page of a Scan of the whole table, one at a time (a job's full read; the API only queries). */
export const scanPages = (input: NoTable<ScanCommandInput>) =>
  pagesOf(async (ExclusiveStartKey) => {
    const r = await ddb.send(new ScanCommand({ TableName: TableName(), ...input, ExclusiveStartKey }));
    return { items: r.Items ?? [], lastKey: r.LastEvaluatedKey, count: r.Count ?? 0 };
  });

export const queryPartition = (pk: string, skPrefix?: string) =>
  queryAll({
    KeyConditionExpression: skPrefix ? 'PK = :pk AND begins_with(SK, :sk)' : 'PK = :pk',
    ExpressionAttributeValues: skPrefix ? { ':pk': pk, ':sk': skPrefix } : { ':pk': pk },
  });

export const queryList = (gsiPk: string) => queryAll({ IndexName: GSI1, KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': gsiPk } });

// ---- Batches ------------------------------------------------------------------------------------

type WriteRequest = { DeleteRequest: { Key: Key } } | { PutRequest: { Item: Raw } };
/** BatchWriteItem 25 requests at a time, retrying the unprocessed ones with backoff. */
async function batchWrite(all: WriteRequest[]) {
  for (let i = 0; i < all.length; i += 25) {
    let requests = all.slice(i, i + 25);
    for (let attempt = 0; requests.length; attempt++) {
      const r = await ddb.send(new BatchWriteCommand({ RequestItems: { [TableName()]: requests } }));
      requests = (r.UnprocessedItems?.[TableName()] ?? []) as WriteRequest[];
      if (requests.length) await backoff(attempt);
    }
  }
}

/** Deletes keys (25 per request). Deleting a missing key is a no-op, so re-runs are safe. */
export const deleteKeys = (keysToDelete: Key[]) => batchWrite(keysToDelete.map((Key) => ({ DeleteRequest: { Key } })));

/** Writes items unconditionally (25 per request): the caller has checked what it overwrites. */
export const putItems = (items: Raw[]) => batchWrite(items.map((Item) => ({ PutRequest: { Item } })));

/** The items of these keys that exist (100 keys per call, unprocessed ones retried), in no particular order. */
export async function batchGet(keysToGet: Key[]): Promise<Raw[]> {
  const found: Raw[] = [];
  for (let i = 0; i < keysToGet.length; i += 100) {
    let Keys: Raw[] = keysToGet.slice(i, i + 100).map((k) => ({ ...k }));
    for (let attempt = 0; Keys.length; attempt++) {
      if (attempt) await backoff(attempt);
      const r = await ddb.send(new BatchGetCommand({ RequestItems: { [TableName()]: { Keys } } }));
      found.push(...(r.Responses?.[TableName()] ?? []));
      Keys = r.UnprocessedKeys?.[TableName()]?.Keys ?? [];
    }
  }
  return found;
}

// ---- Transactions -------------------------------------------------------------------------------
// Versioned puts, conditional deletes and existence checks, sent as one TransactWriteItems so
// related changes land together or not at all (the course tree, a post and its slug guard, a
// learner's row and the lesson it names, an import's step).

type SdkTxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
/** One write of a transaction (Put, Delete, Update or ConditionCheck), without the table: transact adds it. */
export type TxItem = { [Op in keyof SdkTxItem]?: NoTable<NonNullable<SdkTxItem[Op]>> };

/** The item as read, changed (undefined means "unchanged", not "remove"), its version bumped. */
export const changed = (item: Raw, changes: Raw): Raw => ({
  ...item,
  ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)),
  version: (item.version as number) + 1,
  updated_at: new Date().toISOString(),
});

export const putNew = (Item: Raw): TxItem => ({ Put: { Item, ...IS_NEW } });
/** Writes `next` only if the stored version is still `expected` (the one the change was based on). */
export const putIfVersion = (next: Raw, expected: number): TxItem => ({ Put: { Item: next, ...versionIs(expected) } });
export const deleteIfVersion = (Key: Key, expected: number): TxItem => ({ Delete: { Key, ...versionIs(expected) } });
export const mustExist = (Key: Key): TxItem => ({ ConditionCheck: { Key, ConditionExpression: 'attribute_exists(PK)' } });

const inTable = (item: TxItem) => Object.fromEntries(Object.entries(item).map(([op, write]) => [op, { TableName: TableName(), ...write }])) as SdkTxItem;

/**
 * Runs the items as ONE transaction: all of them or none. DynamoDB takes at most 100 items per
 * transaction, so every schema bounds its request to fit (e.g. MAX_GROUP_PHRASES); a bigger list
 * here is a bug, refused before anything is written. `explain(i)` turns a failed condition of item
 * i into the error the caller wants (default: 409 stale version).
 *
 * The one writer of live items: each Put that replaces a language, level, lesson or post with other
 * content also stores the version it replaces (History, ./versions.ts), read consistently here and
 * added at the end (so `explain`'s indexes stay the caller's). Those count towards the 100: a change
 * that no longer fits is refused with TOO_MANY_TEXT, nothing written.
 */
export const MAX_TX_ITEMS = 100;
export const TOO_MANY_TEXT = `This change and the versions its History keeps are more than ${MAX_TX_ITEMS} writes: make it in smaller steps.`;
export async function transact(items: TxItem[], explain: (index: number) => Error = () => conflict()) {
  if (items.length > MAX_TX_ITEMS) throw new Error(`A transaction of ${items.length} items: the request's schema must bound it to ${MAX_TX_ITEMS}`);
  const replaced = await Promise.all(replacedKeys(items).map((k) => getRaw(k, { ConsistentRead: true })));
  const stored = new Map(replaced.filter((r): r is Raw => !!r).map((r) => [`${String(r.PK)}|${String(r.SK)}`, r]));
  const versions = versionWrites(items, stored, currentChange()).map(putNew);
  if (items.length + versions.length > MAX_TX_ITEMS) throw invalid(TOO_MANY_TEXT);
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: [...items, ...versions].map(inTable) }));
  } catch (e) {
    const err = e as { name?: string; CancellationReasons?: { Code?: string }[] };
    if (err.name !== 'TransactionCanceledException') throw e;
    const failed = (err.CancellationReasons ?? []).findIndex((r) => r.Code === 'ConditionalCheckFailed');
    // Another transaction touched the same items at the same moment: also a conflict.
    throw failed >= 0 ? explain(failed) : conflict();
  }
}
