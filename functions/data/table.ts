/**
 * Generic single-table helpers: versioned put/update, paginated queries, chunked batch deletes.
 * Every item carries `entity` and `version`; writes are conditional so a stale write fails (409).
 */
import { BatchGetCommand, BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/clients.js';
import { config } from '../lib/config.js';
import { GSI1, type Key } from '../lib/keys.js';

const TableName = () => config.tableName;
/** Attributes that belong to the storage layout, never to the API shape (`search`: the folded text lists filter on). */
const STORAGE = new Set(['PK', 'SK', 'GSI1PK', 'GSI1SK', 'entity', 'search']);

/** A stored item in its API shape; the caller names that shape (the table holds what the data layer wrote). */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the one typed read of a stored item, as getItem<T>: T is the caller's statement of what it reads
export function strip<T>(item: Record<string, unknown>): T {
  return Object.fromEntries(Object.entries(item).filter(([k]) => !STORAGE.has(k))) as T;
}

export async function getItem<T>(key: Key): Promise<T | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TableName(), Key: key }));
  return r.Item ? strip<T>(r.Item) : undefined;
}

/** Creates an item; fails with ConditionalCheckFailedException (409) when the key exists. */
export async function createItem(key: Key, entity: string, data: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const now = new Date().toISOString();
  const item = { ...key, ...extra, entity, ...data, version: 1, created_at: now, updated_at: now };
  await ddb.send(new PutCommand({ TableName: TableName(), Item: item, ConditionExpression: 'attribute_not_exists(PK)' }));
  return strip<Record<string, unknown>>(item);
}

/**
 * Replaces the given attributes if the stored version is the one the caller read, bumping it.
 * Returns undefined when the item does not exist; throws a ConditionalCheckFailedException
 * (mapped to 409) when someone else wrote first.
 */
export async function updateItem(key: Key, expectedVersion: number, changes: Record<string, unknown>) {
  const current = await ddb.send(new GetCommand({ TableName: TableName(), Key: key }));
  if (!current.Item) return undefined;
  const item = { ...current.Item, ...changes, version: expectedVersion + 1, updated_at: new Date().toISOString() };
  await ddb.send(
    new PutCommand({
      TableName: TableName(),
      Item: item,
      ConditionExpression: 'attribute_exists(PK) AND #v = :v',
      ExpressionAttributeNames: { '#v': 'version' },
      ExpressionAttributeValues: { ':v': expectedVersion },
    }),
  );
  return strip<Record<string, unknown>>(item);
}

export async function deleteItem(key: Key) {
  await ddb.send(new DeleteCommand({ TableName: TableName(), Key: key }));
}

/** All pages of a Query. */
export async function queryAll(input: Omit<QueryCommandInput, 'TableName'>): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const r = await ddb.send(new QueryCommand({ TableName: TableName(), ...input, ExclusiveStartKey }));
    items.push(...(r.Items ?? []));
    ExclusiveStartKey = r.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

export const queryPartition = (pk: string, skPrefix?: string) =>
  queryAll({
    KeyConditionExpression: skPrefix ? 'PK = :pk AND begins_with(SK, :sk)' : 'PK = :pk',
    ExpressionAttributeValues: skPrefix ? { ':pk': pk, ':sk': skPrefix } : { ':pk': pk },
  });

export const queryList = (gsiPk: string) => queryAll({ IndexName: GSI1, KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': gsiPk } });

/** Deletes keys 25 at a time, retrying unprocessed ones. Deleting a missing key is a no-op, so re-runs are safe. */
export async function deleteKeys(keysToDelete: Key[]) {
  for (let i = 0; i < keysToDelete.length; i += 25) {
    let requests = keysToDelete.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; requests.length; attempt++) {
      const r = await ddb.send(new BatchWriteCommand({ RequestItems: { [TableName()]: requests } }));
      requests = (r.UnprocessedItems?.[TableName()] ?? []) as typeof requests;
      if (requests.length) await new Promise((res) => setTimeout(res, Math.min(1000, 50 * 2 ** attempt)));
    }
  }
}

/** The items of these keys that exist (100 keys per call, unprocessed ones retried), in no particular order. */
export async function batchGet(keysToGet: Key[]): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  for (let i = 0; i < keysToGet.length; i += 100) {
    let Keys: Record<string, unknown>[] = keysToGet.slice(i, i + 100).map((k) => ({ ...k }));
    for (let attempt = 0; Keys.length; attempt++) {
      if (attempt) await new Promise((res) => setTimeout(res, Math.min(1000, 50 * 2 ** attempt)));
      const r = await ddb.send(new BatchGetCommand({ RequestItems: { [TableName()]: { Keys } } }));
      found.push(...(r.Responses?.[TableName()] ?? []));
      Keys = r.UnprocessedKeys?.[TableName()]?.Keys ?? [];
    }
  }
  return found;
}
