/** Public blog reads: the published list (newest first) and one post page with its sample phrases. */
import useSWR from 'swr';
import type { BlogPost, BlogPostPage } from '@shared/types';
import { fetcher, retryServerErrorsOnly } from './client';
import { keys } from './keys';

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
