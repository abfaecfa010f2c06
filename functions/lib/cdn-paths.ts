/**
 * Which cached paths a change shows on: pages and the public API reads they are built from
 * (infra/cdn-rules.ts says what the CDN stores). Pure, so the rules are unit-tested. CloudFront's
 * rules apply: a path is exact (query included), a `*` only ends a path and matches any rest, and at
 * most 15 wildcard paths may be in progress at once, so each write uses few wildcards and exact
 * paths where the pages are known. `/locked-content` and `/api/pages/locked` are never stored.
 */
import type { BlogPost } from '../shared/types.js';

const api = (p: string) => `/api${p}`;
const SITEMAP = '/sitemap.xml';

/** A language's name or flag, or the language itself: the lists that show it and every page under it (breadcrumbs, context lines). */
export const languagePaths = (lang: string) => [
  '/',
  '/languages',
  `/${lang}`,
  `/${lang}/*`,
  api('/languages'),
  api(`/languages/${lang}`),
  api(`/pages/language/${lang}`),
  api(`/pages/level/${lang}/*`),
  api(`/pages/lesson/${lang}/*`),
  SITEMAP,
];

/** A level's card data, lock or existence: its language's page, its own page and its lessons' pages (breadcrumb, lock redirect). */
export const levelPaths = (lang: string, level: string) => [
  `/${lang}`,
  `/${lang}/${level}`,
  `/${lang}/${level}/*`,
  api(`/pages/language/${lang}`),
  api(`/pages/level/${lang}/${level}`),
  api(`/pages/lesson/${lang}/${level}/*`),
  SITEMAP,
];

/** Levels changed places: only the language page lists them in order. */
export const levelOrderPaths = (lang: string) => [`/${lang}`, api(`/pages/language/${lang}`)];

/** A lesson's card data, lock or existence: its level's cards, its language page's lesson count, its own page. */
export const lessonPaths = (lang: string, level: string, lesson: string) => [
  `/${lang}`,
  `/${lang}/${level}`,
  `/${lang}/${level}/${lesson}`,
  api(`/pages/language/${lang}`),
  api(`/pages/level/${lang}/${level}`),
  api(`/pages/lesson/${lang}/${level}/${lesson}`),
  SITEMAP,
];

/** Lessons changed places: only their level's page lists them in order. */
export const lessonOrderPaths = (lang: string, level: string) => [`/${lang}/${level}`, api(`/pages/level/${lang}/${level}`)];

/** A lesson's phrases: its page only (blog posts that sample them: linkedPostPaths). */
export const phrasePaths = (lang: string, level: string, lesson: string) => [`/${lang}/${level}/${lesson}`, api(`/pages/lesson/${lang}/${level}/${lesson}`)];

/**
 * A post (or posts, e.g. old and new slug): its page, the lists and feed that show posts, the
 * sitemap, and every public blog read (`/api/blog*`: the list with any ?limit, and each post).
 */
export const postPaths = (...slugs: string[]) => ['/', '/blog', ...slugs.map((s) => `/blog/${s}`), '/blog/rss.xml', SITEMAP, api('/blog*')];

/**
 * Posts that show sample phrases of the changed course part: a lesson (`lang/level/lesson`), or
 * everything under a level or language (`lang/level/`, `lang/`): their pages and reads, exactly.
 */
export function linkedPostPaths(posts: Pick<BlogPost, 'slug' | 'lesson_path' | 'published'>[], lessonPath: string) {
  const under = (p: string) => (lessonPath.endsWith('/') ? p.startsWith(lessonPath) : p === lessonPath);
  const linked = posts.filter((p) => p.published && p.lesson_path && under(p.lesson_path));
  return linked.flatMap((p) => [`/blog/${p.slug}`, api(`/blog/${p.slug}`)]);
}

/** Site settings (branding, texts, links) show on every page. */
export const settingsPaths = () => ['/*'];
