/**
 * Blog posts: the public reads (the published list, newest first, and one post page with its sample
 * phrases), and the admin's paged list and writes, which refresh the public keys too.
 */
import useSWR, { mutate } from 'swr';
import type { AdminBlogQuery, BlogPost, BlogPostCreate, BlogPostPage } from '@shared/contracts/blog';
import type { Page } from '@shared/contracts/paging';
import { apiFetch, authedFetcher, fetcher, retryServerErrorsOnly } from './client';
import { keys } from './keys';
import { queryString, refreshPaged, usePaged } from './paged';
import { api } from '@shared/urls';

export const usePublishedPosts = (limit?: number) => useSWR<BlogPost[], Error>(keys.posts(limit), fetcher);

export const useBlogPostPage = (slug: string) => useSWR<BlogPostPage, Error>(keys.post(slug), fetcher, { shouldRetryOnError: retryServerErrorsOnly });

export { excerptOf } from '@shared/blog-text';

/** In UTC: the server and every browser write the same date, so hydration matches. */
export const formatPostDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** Content split by line breaks; blank lines are only spacing, not paragraphs. */
export const paragraphsOf = (content: string) =>
  content
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

// ---- Admin ----------------------------------------------------------------------------------

export const ADMIN_BLOG = api.adminBlog;
/** The list's search, status and order, as GET /api/admin/blog takes them. */
export type BlogListFilter = Partial<Pick<AdminBlogQuery, 'q' | 'status' | 'sort'>>;
/** A page at a time of the posts (drafts too) that match the title search and status, newest or oldest first. */
export const useAdminBlogPages = (f: BlogListFilter) => usePaged<BlogPost>(`${ADMIN_BLOG}${queryString({ q: f.q, status: f.status, sort: f.sort })}`);
/** How many posts there are (the Overview's card): one post read, the total counted by the API. */
export const useBlogTotal = () => useSWR<Page<BlogPost>, Error>(`${ADMIN_BLOG}?limit=1`, authedFetcher);

/** What the editor sends (every field; the server sets author and slug). */
export type BlogPostDraft = Required<Omit<BlogPostCreate, 'author_id' | 'lesson_id'>>;

// The public blog list and post pages read these keys: refresh them too.
const refreshBlog = () =>
  Promise.all([mutate((key) => typeof key === 'string' && (key.startsWith(ADMIN_BLOG) || key.startsWith(keys.posts()))), refreshPaged(ADMIN_BLOG)]);

export async function createBlogPost(input: BlogPostDraft) {
  const p = await apiFetch<BlogPost>(ADMIN_BLOG, { method: 'POST', body: input, auth: true });
  await refreshBlog();
  return p;
}
export async function updateBlogPost(id: string, input: BlogPostDraft & { version: number }) {
  const p = await apiFetch<BlogPost>(api.adminPost(id), { method: 'PUT', body: input, auth: true });
  await refreshBlog();
  return p;
}
export async function deleteBlogPost(id: string) {
  await apiFetch<undefined>(api.adminPost(id), { method: 'DELETE', auth: true });
  await refreshBlog();
}
