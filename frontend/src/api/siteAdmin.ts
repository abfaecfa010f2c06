/**
 * Admin reads and writes for the site features: blog posts, settings, users and admin rights, and
 * the page-view analytics. Every write revalidates the cached lists it changes.
 */
import useSWR, { mutate } from 'swr';
import type { AdminUser, AnalyticsDay, BlogPost, SiteSettings } from '@shared/types';
import { apiFetch } from './client';
import type { Page } from '@shared/paging';
import { queryString, refreshPaged, usePaged } from './paged';
import { SETTINGS_KEY } from './settings';

/** SWR fetcher for admin GETs (sends the access token). */
const authed = <T>(path: string) => apiFetch<T>(path, { auth: true });

// ---- Blog -----------------------------------------------------------------------------------

export const ADMIN_BLOG = '/admin/blog';
export interface BlogListFilter {
  q?: string;
  status?: 'published' | 'draft';
  sort?: 'newest' | 'oldest';
}
/** A page at a time of the posts (drafts too) that match the title search and status, newest or oldest first. */
export const useAdminBlogPages = (f: BlogListFilter) => usePaged<BlogPost>(`${ADMIN_BLOG}${queryString({ q: f.q, status: f.status, sort: f.sort })}`);
/** How many posts there are (the Overview's card): one post read, the total counted by the API. */
export const useBlogTotal = () => useSWR<Page<BlogPost>, Error>(`${ADMIN_BLOG}?limit=1`, authed);

/** What the editor sends; the server sets author and slug. */
export interface BlogPostDraft {
  title: string;
  content: string;
  excerpt: string;
  featured_image: string | null;
  published: boolean;
  /** `{language}/{level}/{lesson}` of the sample lesson, or null for none. */
  lesson_path: string | null;
  phrase_audio_url: string | null;
  sample_title: string | null;
}

// The public blog list and post pages read these keys: refresh them too.
const refreshBlog = () =>
  Promise.all([mutate((key) => typeof key === 'string' && (key.startsWith(ADMIN_BLOG) || key.startsWith('/blog'))), refreshPaged(ADMIN_BLOG)]);

export async function createBlogPost(input: BlogPostDraft) {
  const p = await apiFetch<BlogPost>(ADMIN_BLOG, { method: 'POST', body: input, auth: true });
  await refreshBlog();
  return p;
}
export async function updateBlogPost(id: string, input: BlogPostDraft & { version: number }) {
  const p = await apiFetch<BlogPost>(`${ADMIN_BLOG}/${encodeURIComponent(id)}`, { method: 'PUT', body: input, auth: true });
  await refreshBlog();
  return p;
}
export async function deleteBlogPost(id: string) {
  await apiFetch<undefined>(`${ADMIN_BLOG}/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });
  await refreshBlog();
}

// ---- Settings -------------------------------------------------------------------------------

/** Saves some settings fields; the settings cache (key '/settings') is revalidated after success. */
export async function saveSettings(patch: Partial<Omit<SiteSettings, 'id'>>, version: number) {
  // The version read travels along so a save over someone else's newer one gets 409, not a silent overwrite.
  const s = await apiFetch<SiteSettings>('/settings', { method: 'PUT', body: { ...patch, version }, auth: true });
  await mutate(SETTINGS_KEY, s, { revalidate: true });
  return s;
}

// ---- Users and admin rights -----------------------------------------------------------------

export const ADMIN_USERS = '/admin/users';
export interface UserListFilter {
  /** An e-mail prefix. */
  q?: string;
  role?: 'all' | 'admins';
}
/** A page at a time of the pool's users (in Cognito's order) or of the admins (by e-mail). */
export const useAdminUserPages = (f: UserListFilter) =>
  usePaged<AdminUser>(`${ADMIN_USERS}${queryString({ q: f.q, role: f.role === 'admins' ? 'admins' : undefined })}`);
/** The whole pool's user count ('Total users'), whatever the list shows: one user read, the pool's count from Cognito. */
export const useUserTotal = () => useSWR<Page<AdminUser>, Error>(`${ADMIN_USERS}?limit=1`, authed);
const refreshUsers = () => Promise.all([refreshPaged(ADMIN_USERS), mutate(`${ADMIN_USERS}?limit=1`)]);

/** Grants or removes admin rights; the list on screen patches its row (usePaged's `patch`) rather than reading every page again. */
export async function setUserAdmin(sub: string, admin: boolean) {
  await apiFetch<unknown>(`${ADMIN_USERS}/${encodeURIComponent(sub)}/admin`, { method: admin ? 'POST' : 'DELETE', auth: true });
}
export async function grantAdminByEmail(email: string) {
  await apiFetch<unknown>('/admin/admins', { method: 'POST', body: { email }, auth: true });
  await refreshUsers();
}
export const makeMeAdmin = () => apiFetch<unknown>('/me/make-admin', { method: 'POST', auth: true });

// ---- Analytics ------------------------------------------------------------------------------

export const useAnalytics = () => useSWR<AnalyticsDay[], Error>('/admin/analytics', authed);
