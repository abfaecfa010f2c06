/**
 * Site settings: one item (keys.settings()). Reads merge the stored row over the defaults, field by
 * field and type-checked, so a missing, partial or damaged row still yields a complete record.
 */
import { config } from '../lib/config.js';
import { conflict } from '../lib/errors.js';
import { keys } from '../lib/keys.js';
import type { SettingsUpdate, SiteSettings } from '../../shared/contracts/settings.js';
import { defaultSettings, normaliseBannerSize } from '../../shared/settings-defaults.js';
import { asItem, getRaw, isConditionFailed, IS_NEW, putItem } from './table.js';

type Row = Record<string, unknown>;

/** Defaults overlaid with every stored field of the right type; banner_size normalised. */
export function mergeSettings(row: Row | undefined): SiteSettings {
  const out: Row = { ...defaultSettings(config.productName) };
  for (const [k, def] of Object.entries(out)) {
    if (k === 'id') continue;
    const v = row?.[k];
    if (v !== undefined && v !== null && typeof v === typeof def) out[k] = v;
  }
  out.banner_size = normaliseBannerSize(row?.banner_size);
  // 0 before the first save: every save names the version it was based on.
  out.version = typeof row?.version === 'number' ? row.version : 0;
  if (typeof row?.updated_at === 'string') out.updated_at = row.updated_at;
  return asItem<SiteSettings>(out);
}

const toItem = (s: SiteSettings, version: number, now: string) => ({ ...keys.settings(), entity: 'settings', ...s, version, updated_at: now });

/**
 * The settings for the public read: the stored row over the defaults (the defaults alone while no
 * row exists: it is made at deploy and by the twin's bootstrap, never on this read path, whose
 * functions may not write). A failed read throws: a page built on it must not be kept.
 */
export async function readSettings(): Promise<SiteSettings> {
  return mergeSettings(await getRaw(keys.settings()));
}

/**
 * Creates the default row if there is none (the twin's bootstrap, at every start): a
 * missing row is created with the defaults, done where writing is allowed.
 */
export async function ensureDefaultSettings(): Promise<void> {
  const now = new Date().toISOString();
  try {
    await putItem({ ...toItem(mergeSettings(undefined), 1, now), created_at: now }, IS_NEW);
  } catch (e) {
    if (!isConditionFailed(e)) throw e;
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
