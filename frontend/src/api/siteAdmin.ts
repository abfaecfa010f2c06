/**
 * Admin reads and writes for the site features: blog posts, settings, users and admin rights, and
 * the page-view analytics. Every write revalidates the cached lists it changes.
 */
import useSWR, { mutate } from 'swr';
import type { AdminUser, AnalyticsDay, BlogPost, SiteSettings } from '@shared/types';
import { apiFetch } from './client';
import { SETTINGS_KEY } from './settings';

/** SWR fetcher for admin GETs (sends the access token). */
const authed = <T,>(path: string) => apiFetch<T>(path, { auth: true });

// ---- Blog -----------------------------------------------------------------------------------

export const ADMIN_BLOG = '/admin/blog';
export const useAdminBlog = () => useSWR<BlogPost[]>(ADMIN_BLOG, authed);

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
const refreshBlog = () => mutate((key) => typeof key === 'string' && (key.startsWith(ADMIN_BLOG) || key.startsWith('/blog')));

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
  await apiFetch<void>(`${ADMIN_BLOG}/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });
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
/** The user list; an error shows as an empty list (spec). */
export const useAdminUsers = () => useSWR<AdminUser[]>(ADMIN_USERS, authed);
const refreshUsers = () => mutate(ADMIN_USERS);

export async function setUserAdmin(sub: string, admin: boolean) {
  await apiFetch<unknown>(`${ADMIN_USERS}/${encodeURIComponent(sub)}/admin`, { method: admin ? 'POST' : 'DELETE', auth: true });
  await refreshUsers();
}
export async function grantAdminByEmail(email: string) {
  await apiFetch<unknown>('/admin/admins', { method: 'POST', body: { email }, auth: true });
  await refreshUsers();
}
export const makeMeAdmin = () => apiFetch<unknown>('/me/make-admin', { method: 'POST', auth: true });

// ---- Analytics ------------------------------------------------------------------------------

export const useAnalytics = () => useSWR<AnalyticsDay[]>('/admin/analytics', authed);
