/**
 * The site settings resource: the one settings record as the API answers it, and the partial update
 * an admin sends. Defaults are in ../settings-defaults.ts, the row's id and banner sizes in
 * ../settings-basics.ts (no zod: the public pages read them).
 */
import * as z from 'zod';
import { BANNER_SIZES, normaliseBannerSize, SETTINGS_ID } from '../settings-basics.js';

export const siteSettingsSchema = z.object({
  id: z.literal(SETTINGS_ID),
  about_title: z.string(),
  about_content: z.string(),
  who_we_are_title: z.string(),
  who_we_are_content: z.string(),
  how_it_works_title: z.string(),
  how_it_works_content: z.string(),
  app_store_link: z.string(),
  play_store_link: z.string(),
  app_screenshot: z.string(),
  hero_image: z.string(),
  facebook_link: z.string(),
  twitter_link: z.string(),
  instagram_link: z.string(),
  linkedin_link: z.string(),
  pinterest_link: z.string(),
  logo: z.string(),
  favicon: z.string(),
  banner_bg_color: z.string(),
  banner_text_color: z.string(),
  banner_cta_text: z.string(),
  banner_cta_color: z.string(),
  banner_cta_bg_color: z.string(),
  banner_show_logo: z.boolean(),
  banner_title: z.string(),
  banner_description: z.string(),
  banner_size: z.enum(BANNER_SIZES),
  /** Absent until the first save. */
  version: z.number().int().optional(),
  updated_at: z.string().optional(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const INVALID_URL = 'Invalid url';
/** Store and social links: an absolute http(s) URL, or empty to hide the button. */
const link = z
  .string()
  .trim()
  .max(2048, INVALID_URL)
  .refine((v) => v === '' || z.url({ protocol: /^https?$/ }).safeParse(v).success, { message: INVALID_URL });
/** Images: empty, an absolute http(s) URL, or a site path (/media/..., the built-in /parrot-favicon.svg). */
export const siteImage = z
  .string()
  .trim()
  .max(2048, INVALID_URL)
  .refine((v) => v === '' || /^\/[^/\\]/.test(v) || z.url({ protocol: /^https?$/ }).safeParse(v).success, { message: INVALID_URL });
/** Banner colours end up in CSS on third-party pages: hex, rgb()/hsl() or a colour name only. */
const colour = z
  .string()
  .trim()
  .regex(/^$|^#[0-9a-fA-F]{3,8}$|^[a-zA-Z]{3,30}$|^(rgb|rgba|hsl|hsla)\([\d\s.,%/]+\)$/, 'Please enter a valid colour');
const text = (max: number) => z.string().max(max, `Must be at most ${max} characters`);
export const SETTINGS_VERSION_TEXT = 'Reload the settings and save again';

/**
 * PUT /api/settings: a partial update of known fields (unknown fields are rejected, an empty one
 * too). `version` is the one the client read: a stale save gets 409. banner_size is normalised.
 */
export const settingsUpdateSchema = z
  .strictObject({
    about_title: text(200).optional(),
    about_content: text(5000).optional(),
    who_we_are_title: text(200).optional(),
    who_we_are_content: text(5000).optional(),
    how_it_works_title: text(200).optional(),
    how_it_works_content: text(5000).optional(),
    app_store_link: link.optional(),
    play_store_link: link.optional(),
    app_screenshot: siteImage.optional(),
    hero_image: siteImage.optional(),
    facebook_link: link.optional(),
    twitter_link: link.optional(),
    instagram_link: link.optional(),
    linkedin_link: link.optional(),
    pinterest_link: link.optional(),
    logo: siteImage.optional(),
    favicon: siteImage.optional(),
    banner_bg_color: colour.optional(),
    banner_text_color: colour.optional(),
    banner_cta_text: text(100).optional(),
    banner_cta_color: colour.optional(),
    banner_cta_bg_color: colour.optional(),
    banner_show_logo: z.boolean().optional(),
    banner_title: text(200).optional(),
    banner_description: text(1000).optional(),
    banner_size: z.unknown().transform(normaliseBannerSize).optional(),
    /** The version read (0 before the first save): a save over a newer one gets 409. */
    version: z.number({ error: SETTINGS_VERSION_TEXT }).int().min(0, SETTINGS_VERSION_TEXT),
    /** Sent back by forms that PUT the whole object they read: id must be the one record; timestamps are ignored. */
    id: z.literal('site_settings').optional(),
    updated_at: z.string().max(40).optional(),
    created_at: z.string().max(40).optional(),
  })
  .refine((v) => Object.keys(v).some((k) => !['version', 'id', 'updated_at', 'created_at'].includes(k)), { message: 'Nothing to save' });
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

/** GET /api/settings: the stored record, or (still 200) only the fallback favicon when the server could not read it. */
export const settingsAnswerSchema = z.union([siteSettingsSchema, siteSettingsSchema.pick({ favicon: true })]);
export type SettingsAnswer = z.infer<typeof settingsAnswerSchema>;
