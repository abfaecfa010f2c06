/** The blog resource: posts as the API answers them, and what an admin sends (with the forms' error texts). */
import * as z from 'zod';
import { MAX, storedSchema } from './common.js';
import { phraseGroupSchema } from './phrases.js';
import { siteImage } from './settings.js';
import { cursorHash, cursorParam, emptyAsUndefined, limitParam, searchParam } from './paging.js';

export const blogPostSchema = storedSchema.extend({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  excerpt: z.string(),
  author_id: z.string(),
  author_name: z.string(),
  featured_image: z.string().nullable(),
  published: z.boolean(),
  lesson_id: z.string().nullable(),
  /** `{language}/{level}/{lesson}` path of the linked lesson, when lesson_id is set. */
  lesson_path: z.string().nullable(),
  phrase_audio_url: z.string().nullable(),
  sample_title: z.string().nullable(),
  slug: z.string(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;
/** GET /api/blog/{slug}: the post plus its sample phrase group (one request for the post page). */
export const blogPostPageSchema = z.object({ post: blogPostSchema, sample: phraseGroupSchema.nullable() });
export type BlogPostPage = z.infer<typeof blogPostPageSchema>;

export const BLOG_REQUIRED = 'Blog post requires title, content, and author_id';

/**
 * Slug from a title: lower-cased, everything but letters, digits, underscore and
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
export const lessonPathSchema = z
  .string()
  // Three ids: longer names no lesson (and would be a key DynamoDB refuses, a 500 instead of this 400).
  .max(3 * MAX.id + 2, 'Please choose a lesson')
  .regex(/^[a-z0-9-]+\/[a-z0-9-]+\/[a-z0-9-]+$/, 'Please choose a lesson');

const optionalText = (max: number) => z.string().max(max).nullable().optional();
const blogFields = {
  excerpt: z.string().max(1000).optional(),
  featured_image: siteImage.nullable().optional(),
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

/** GET /api/blog `?limit=`: the route's query (the router parses it). */
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
/** GET /api/admin/blog: title search, status, order by creation, page size and cursor. */
export const adminBlogQuerySchema = z.object({
  q: searchParam,
  status: z.preprocess(emptyAsUndefined, z.enum(['published', 'draft'], { error: 'status is published or draft' }).optional()),
  sort: z.preprocess(emptyAsUndefined, z.enum(['newest', 'oldest'], { error: 'sort is newest or oldest' }).default('newest')),
  limit: limitParam(25, 100),
  cursor: cursorParam(blogCursor),
});
export type AdminBlogQuery = z.output<typeof adminBlogQuerySchema>;
/** A post that is not there (or an id that cannot be one): 404. */
export const POST_NOT_FOUND = 'Post not found';
export const blogIdParam = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[0-9A-Za-z]+$/, 'Post not found');
