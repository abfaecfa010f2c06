/**
 * What the settings contract (contracts/settings.ts) and the defaults (settings-defaults.ts) both
 * name: the settings row's id and the banner sizes. No zod and no imports, so neither depends on
 * the other through it.
 */
export const SETTINGS_ID = 'site_settings';
export const BANNER_SIZES = ['small', 'medium', 'large'] as const;
export type BannerSize = (typeof BANNER_SIZES)[number];

/** banner_size is normalised to medium on read and on save. */
export const normaliseBannerSize = (v: unknown): BannerSize => ((BANNER_SIZES as readonly unknown[]).includes(v) ? (v as BannerSize) : 'medium');
