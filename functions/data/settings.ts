/**
 * Site settings: one item (keys.settings()). Reads merge the stored row over the defaults, field by
 * field and type-checked, so a missing, partial or damaged row still yields a complete record.
 */
import { config } from '../lib/config.js';
import { conflict } from '../lib/errors.js';
import { keys } from '../lib/keys.js';
import type { SettingsUpdate, SiteSettings } from '../shared/contracts/settings.js';
import { defaultSettings, normaliseBannerSize } from '../shared/settings-defaults.js';
import { logger } from '../lib/powertools.js';
import { getRaw, isConditionFailed, IS_NEW, putItem } from './table.js';

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
    row = await getRaw(keys.settings());
  } catch (e) {
    logger.warn('settings unreadable, serving defaults', { error: e as Error });
    return mergeSettings(undefined);
  }
  if (row) return mergeSettings(row);

  const now = new Date().toISOString();
  const item = { ...toItem(mergeSettings(undefined), 1, now), created_at: now };
  try {
    await putItem(item, IS_NEW);
    return mergeSettings(item);
  } catch (e) {
    if (!isConditionFailed(e)) logger.warn('could not create default settings', { error: e as Error });
    return mergeSettings(undefined);
  }
}

/**
 * Applies a partial update based on `version` (the one the client read; 0 before the first save):
 * a stale one gets 409. The write is conditional on what was read, so two concurrent saves never
 * silently overwrite each other.
 */
export async function updateSettings({ version, id: _id, updated_at: _u, created_at: _c, ...changes }: SettingsUpdate): Promise<SiteSettings> {
  const row = await getRaw(keys.settings(), { ConsistentRead: true });
  const stored = typeof row?.version === 'number' ? row.version : undefined;
  if (version !== (stored ?? 0)) throw conflict();

  const now = new Date().toISOString();
  const next = mergeSettings({ ...row, ...changes });
  const nextVersion = (stored ?? 0) + 1;
  const item = { ...toItem(next, nextVersion, now), created_at: (row?.created_at as string | undefined) ?? now };
  await putItem(item, {
    ExpressionAttributeNames: { '#v': 'version' },
    // No version stored (no row yet, or a hand-made one): only if that is still so.
    ...(stored === undefined
      ? { ConditionExpression: 'attribute_not_exists(#v)' }
      : { ConditionExpression: '#v = :v', ExpressionAttributeValues: { ':v': stored } }),
  });
  return { ...next, version: nextVersion, updated_at: now };
}
