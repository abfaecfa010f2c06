/**
 * Transactional writes for the course tree: versioned puts, conditional deletes and existence
 * checks, sent as one TransactWriteItems so related changes land together or not at all. A cancelled transaction becomes a domain error (a conflict for a
 * version race, or what the caller explains for its own conditions) instead of a 500.
 */
import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/clients.js';
import { config } from '../lib/config.js';
import { conflict } from '../lib/errors.js';
import type { Key } from '../lib/keys.js';

export type TxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
export type Raw = Record<string, unknown>;

const TableName = () => config.tableName;
const versionIs = (v: number) => ({
  ConditionExpression: 'attribute_exists(PK) AND #v = :v',
  ExpressionAttributeNames: { '#v': 'version' },
  ExpressionAttributeValues: { ':v': v },
});

/** The stored item with its storage attributes (PK, SK, ...), or undefined. */
export async function getRaw(key: Key): Promise<Raw | undefined> {
  return (await ddb.send(new GetCommand({ TableName: TableName(), Key: key }))).Item;
}

/** A fresh item as createItem (table.ts) writes it. */
export function newItem(key: Key, entity: string, data: Raw): Raw {
  const now = new Date().toISOString();
  return { ...key, entity, ...data, version: 1, created_at: now, updated_at: now };
}

/** The item as read, changed (undefined means "unchanged", not "remove"), its version bumped. */
export const changed = (item: Raw, changes: Raw): Raw => ({
  ...item,
  ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)),
  version: (item.version as number) + 1,
  updated_at: new Date().toISOString(),
});

export const putNew = (Item: Raw): TxItem => ({ Put: { TableName: TableName(), Item, ConditionExpression: 'attribute_not_exists(PK)' } });
/** Writes `next` only if the stored version is still `expected` (the one the change was based on). */
export const putIfVersion = (next: Raw, expected: number): TxItem => ({ Put: { TableName: TableName(), Item: next, ...versionIs(expected) } });
export const deleteIfVersion = (Key: Key, expected: number): TxItem => ({ Delete: { TableName: TableName(), Key, ...versionIs(expected) } });
export const mustExist = (Key: Key): TxItem => ({ ConditionCheck: { TableName: TableName(), Key, ConditionExpression: 'attribute_exists(PK)' } });

/**
 * Runs the items as ONE transaction: all of them or none. DynamoDB takes at most 100 items per
 * transaction, so every schema bounds its request to fit (e.g. MAX_GROUP_PHRASES); a bigger list
 * here is a bug, refused before anything is written. `explain(i)` turns a failed condition of item
 * i into the error the caller wants (default: 409 stale version).
 */
export const MAX_TX_ITEMS = 100;
export async function transact(items: TxItem[], explain: (index: number) => Error = () => conflict()) {
  if (items.length > MAX_TX_ITEMS) throw new Error(`A transaction of ${items.length} items: the request's schema must bound it to ${MAX_TX_ITEMS}`);
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    const err = e as { name?: string; CancellationReasons?: { Code?: string }[] };
    if (err.name !== 'TransactionCanceledException') throw e;
    const failed = (err.CancellationReasons ?? []).findIndex((r) => r.Code === 'ConditionalCheckFailed');
    // Another transaction touched the same items at the same moment: also a conflict.
    throw failed >= 0 ? explain(failed) : conflict();
  }
}
