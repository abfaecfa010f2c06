/**
 * Schemas of the site API (settings, blog, support, admin rights, analytics), shared by the handlers
 * and the frontend forms so the spec's texts appear identically on both sides. Pure zod.
 */
import * as z from 'zod';
import { MAX_ANALYTICS_BATCH, MAX_ANALYTICS_PATH } from './analytics-limits.js';
import { normaliseBannerSize } from './settings.js';
import { cursorHash, cursorParam, limitParam, searchParam } from './paging.js';

// ---- Settings -------------------------------------------------------------------------------

export const INVALID_URL = 'Invalid url';
/** Store and social links: an absolute http(s) URL, or empty to hide the button. */
const link = z
  .string()
  .trim()
  .max(2048, INVALID_URL)
  .refine((v) => v === '' || z.url({ protocol: /^https?$/ }).safeParse(v).success, { message: INVALID_URL });
/** Images: empty, an absolute http(s) URL, or a site path (/media/..., the built-in /parrot-favicon.svg). */
const image = z
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
    app_screenshot: image.optional(),
    hero_image: image.optional(),
    facebook_link: link.optional(),
    twitter_link: link.optional(),
    instagram_link: link.optional(),
    linkedin_link: link.optional(),
    pinterest_link: link.optional(),
    logo: image.optional(),
    favicon: image.optional(),
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

// ---- Blog -----------------------------------------------------------------------------------

export const BLOG_REQUIRED = 'Blog post requires title, content, and author_id';

/**
 * Slug from a title (spec section 5): lower-cased, everything but letters, digits, underscore and
 * whitespace removed, whitespace runs turned into hyphens. Letters are Unicode letters so titles in
 * the site's languages keep their words ('¿Qué tal?' → 'qué-tal').
 */
export function slugify(title: string): string {
  return title
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}_\s]/gu, '')
    .trim()
    .replace(/\s+/g, '-');
}

/** `{language}/{level}/{lesson}` of the lesson a post links to (its sample phrases come from there). */
export const lessonPathSchema = z.string().regex(/^[a-z0-9-]+\/[a-z0-9-]+\/[a-z0-9-]+$/, 'Please choose a lesson');

const optionalText = (max: number) => z.string().max(max).nullable().optional();
const blogFields = {
  excerpt: z.string().max(1000).optional(),
  featured_image: image.nullable().optional(),
  published: z.boolean().optional(),
  /** Set through lesson_path; accepted for symmetry with the stored post, must match it. */
  lesson_id: optionalText(100),
  lesson_path: lessonPathSchema.nullable().optional(),
  phrase_audio_url: optionalText(2048),
  sample_title: optionalText(200),
  /** Ignored: the author is always the signed-in caller. */
  author_id: z.string().max(128).optional(),
};
const required = z.string({ error: BLOG_REQUIRED }).trim().min(1, BLOG_REQUIRED);

/** POST /api/admin/blog. */
export const blogPostCreateSchema = z.object({
  title: required.max(300),
  content: required.max(100_000),
  ...blogFields,
});
export type BlogPostCreate = z.infer<typeof blogPostCreateSchema>;

/** PUT /api/admin/blog/{id}: any field; `version` is the one the client read. */
export const blogPostUpdateSchema = z.object({
  title: required.max(300).optional(),
  content: required.max(100_000).optional(),
  ...blogFields,
  version: z.number().int().min(1),
});
export type BlogPostUpdate = z.infer<typeof blogPostUpdateSchema>;

/** GET /api/blog `?limit=`: the handler parses the one value; the object is the route's query. */
export const blogLimitParam = z.coerce.number().int().min(1).max(100).optional();
export const blogListQuerySchema = z.object({ limit: blogLimitParam });

export const blogSlugParam = z.string().trim().min(1).max(300);

/** Where the next page of the admin's post list starts: after the list key `a` (`{created_at}#{id}`, see data/blog.ts). */
const blogCursor = z.object({
  a: z
    .string()
    .max(120)
    .regex(/^[0-9A-Za-z:.+-]+#[0-9A-Za-z]+$/),
  h: cursorHash,
});
export type BlogCursor = z.output<typeof blogCursor>;
const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);
/** GET /api/admin/blog: title search, status, order by creation, page size and cursor. */
export const adminBlogQuerySchema = z.object({
  q: searchParam,
  status: z.preprocess(emptyAsUndefined, z.enum(['published', 'draft'], { error: 'status is published or draft' }).optional()),
  sort: z.preprocess(emptyAsUndefined, z.enum(['newest', 'oldest'], { error: 'sort is newest or oldest' }).default('newest')),
  limit: limitParam(25, 100),
  cursor: cursorParam(blogCursor),
});
export type AdminBlogQuery = z.output<typeof adminBlogQuerySchema>;
export const blogIdParam = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[0-9A-Za-z]+$/, 'Post not found');

// ---- Support --------------------------------------------------------------------------------

/** Limits are also a basic abuse guard on a public, unauthenticated form. */
export const supportSchema = z.object({
  name: z
    .string({ error: 'Name must be at least 2 characters.' })
    .trim()
    .min(2, 'Name must be at least 2 characters.')
    .max(100, 'Name must be at most 100 characters.'),
  email: z
    .string({ error: 'Please enter a valid email address.' })
    .trim()
    .max(254, 'Please enter a valid email address.')
    .pipe(z.email('Please enter a valid email address.')),
  message: z
    .string({ error: 'Message must be at least 10 characters.' })
    .trim()
    .min(10, 'Message must be at least 10 characters.')
    .max(5000, 'Message must be at most 5000 characters.'),
});
export type SupportInput = z.infer<typeof supportSchema>;

// ---- Admin rights ---------------------------------------------------------------------------

/** POST /api/admin/admins: grant admin rights by e-mail. */
export const grantAdminSchema = z.object({
  email: z.string({ error: 'Please enter an email address' }).trim().min(1, 'Please enter an email address').max(254, 'Please enter an email address'),
});
export type GrantAdminInput = z.infer<typeof grantAdminSchema>;

export const subParam = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[\w-]+$/, 'User not found');

/**
 * Where the next page of users starts: Cognito's own PaginationToken (`t`, opaque) for the whole
 * pool, or an offset (`o`) in the admins group, which is read whole (it is small).
 */
const userCursor = z.object({ t: z.string().max(4096).optional(), o: z.number().int().min(0).max(100_000).optional(), h: cursorHash });
export type UserCursor = z.output<typeof userCursor>;
/** Cognito answers at most 60 users per ListUsers call. */
export const USER_PAGE = { default: 30, max: 60 } as const;
/** GET /api/admin/users: an e-mail prefix (Cognito's `email ^= "..."`), all users or admins only, page size and cursor. */
export const userListQuerySchema = z.object({
  q: searchParam.transform((v) => v?.toLowerCase()),
  role: z.preprocess(emptyAsUndefined, z.enum(['all', 'admins'], { error: 'role is all or admins' }).default('all')),
  limit: limitParam(USER_PAGE.default, USER_PAGE.max),
  cursor: cursorParam(userCursor, 6000),
});
export type UserListQuery = z.output<typeof userListQuerySchema>;

// ---- Analytics ------------------------------------------------------------------------------

export const ANALYTICS_EVENTS = ['page_view', 'scroll', 'time_on_page', 'consent_status', 'minimal_interaction', 'app_initialized', 'app_error'] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];
export { MAX_ANALYTICS_BATCH, MAX_ANALYTICS_PATH };

/** One event; extra properties are accepted and dropped (only daily counts are stored). */
export const analyticsEventSchema = z.object({
  name: z.enum(ANALYTICS_EVENTS),
  /** Accepted but not stored (only daily counts are); the client cuts it to this length. */
  path: z.string().max(MAX_ANALYTICS_PATH).optional(),
  /** Finite: zod 4's number() refuses Infinity and NaN by itself. */
  value: z.number().optional(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** POST /api/analytics. */
export const analyticsBatchSchema = z.object({
  events: z.array(analyticsEventSchema).min(1).max(MAX_ANALYTICS_BATCH, `At most ${MAX_ANALYTICS_BATCH} events per request`),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;
