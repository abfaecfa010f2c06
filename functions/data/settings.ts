/**
 * Site settings: one item (keys.settings()). Reads merge the stored row over the defaults, field by
 * field and type-checked, so a missing, partial or damaged row still yields a complete record.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/clients.js';
import { config } from '../lib/config.js';
import { conflict } from '../lib/errors.js';
import { keys } from '../lib/keys.js';
import { defaultSettings, normaliseBannerSize } from '../shared/settings.js';
import type { SettingsUpdate } from '../shared/site-schemas.js';
import type { SiteSettings } from '../shared/types.js';
import { logger } from '../lib/powertools.js';

type Row = Record<string, unknown>;

/** Defaults overlaid with every stored field of the right type; banner_size normalised. */
export function mergeSettings(row: Row | undefined): SiteSettings {
  const out = defaultSettings(config.productName) as unknown as Row;
  for (const [k, def] of Object.entries(out)) {
    if (k === 'id') continue;
    const v = row?.[k];
    if (v !== undefined && v !== null && typeof v === typeof def) out[k] = v;
  }
  out.banner_size = normaliseBannerSize(row?.banner_size);
  // 0 before the first save: every save names the version it was based on.
  out.version = typeof row?.version === 'number' ? row.version : 0;
  if (typeof row?.updated_at === 'string') out.updated_at = row.updated_at;
  return out as unknown as SiteSettings;
}

const toItem = (s: SiteSettings, version: number, now: string) => ({ ...keys.settings(), entity: 'settings', ...s, version, updated_at: now });

/**
 * The settings for the public read. Missing row: the defaults, and the default row is created
 * (conditionally: if another request created it first, theirs stands). Unreadable: the defaults.
 */
export async function readSettings(): Promise<SiteSettings> {
  let row: Row | undefined;
  try {
    row = (await ddb.send(new GetCommand({ TableName: config.tableName, Key: keys.settings() }))).Item;
  } catch (e) {
    logger.warn('settings unreadable, serving defaults', { error: e as Error });
    return mergeSettings(undefined);
  }
  if (row) return mergeSettings(row);

  const now = new Date().toISOString();
  const item = { ...toItem(mergeSettings(undefined), 1, now), created_at: now };
  try {
    await ddb.send(new PutCommand({ TableName: config.tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' }));
    return mergeSettings(item);
  } catch (e) {
    if ((e as Error).name !== 'ConditionalCheckFailedException') logger.warn('could not create default settings', { error: e as Error });
    return mergeSettings(undefined);
  }
}

/**
 * Applies a partial update based on `version` (the one the client read; 0 before the first save):
 * a stale one gets 409. The write is conditional on what was read, so two concurrent saves never
 * silently overwrite each other.
 */
export async function updateSettings({ version, id: _id, updated_at: _u, created_at: _c, ...changes }: SettingsUpdate): Promise<SiteSettings> {
  const row = (await ddb.send(new GetCommand({ TableName: config.tableName, Key: keys.settings(), ConsistentRead: true }))).Item;
  const stored = typeof row?.version === 'number' ? row.version : undefined;
  if (version !== (stored ?? 0)) throw conflict();

  const now = new Date().toISOString();
  const next = mergeSettings({ ...row, ...changes });
  const nextVersion = (stored ?? 0) + 1;
  const item = { ...toItem(next, nextVersion, now), created_at: (row?.created_at as string | undefined) ?? now };
  await ddb.send(
    new PutCommand({
      TableName: config.tableName,
      Item: item,
      ExpressionAttributeNames: { '#v': 'version' },
      // No version stored (no row yet, or a hand-made one): only if that is still so.
      ...(stored === undefined
        ? { ConditionExpression: 'attribute_not_exists(#v)' }
        : { ConditionExpression: '#v = :v', ExpressionAttributeValues: { ':v': stored } }),
    }),
  );
  return { ...next, version: nextVersion, updated_at: now };
}
