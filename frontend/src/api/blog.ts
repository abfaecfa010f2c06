/** Public blog reads: the published list (newest first) and one post page with its sample phrases. */
import useSWR from 'swr';
import type { BlogPost, BlogPostPage } from '@shared/types';
import { fetcher, retryServerErrorsOnly } from './client';

export const BLOG = '/blog';

export const usePublishedPosts = (limit?: number) => useSWR<BlogPost[]>(limit ? `${BLOG}?limit=${limit}` : BLOG, fetcher);

export const useBlogPostPage = (slug: string) =>
  useSWR<BlogPostPage>(`${BLOG}/${encodeURIComponent(slug)}`, fetcher, { shouldRetryOnError: retryServerErrorsOnly });

/** The card text: the excerpt, or the first 120 characters of the content followed by '...' (spec section 9). */
export const excerptOf = (post: Pick<BlogPost, 'excerpt' | 'content'>) => post.excerpt?.trim() || `${post.content.slice(0, 120)}...`;

export const formatPostDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** Content split by line breaks; blank lines are only spacing, not paragraphs. */
export const paragraphsOf = (content: string) =>
  content
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
