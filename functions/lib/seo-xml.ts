/**
 * The crawlers' files as pure functions of plain arrays (unit-tested without a table):
 * robots.txt, the sitemaps.org urlset and the blog's RSS 2.0 feed. Reading the data: seo.ts.
 *
 * Every URL is absolute: `origin` (trailing slashes ignored) + the page's path from the one URL
 * module (shared/urls.ts), as browsers request them and the CDN keys them. Media URLs
 * may be stored relative (`/media/...`) or absolute; both come out absolute, anything but http(s)
 * is left out. All text is XML-escaped and stripped of characters XML 1.0 cannot carry.
 */
import { excerptOf } from '../../shared/blog-text.js';
import type { BlogPost } from '../../shared/contracts/blog.js';
import type { Language } from '../../shared/contracts/languages.js';
import type { Lesson } from '../../shared/contracts/lessons.js';
import type { Level } from '../../shared/contracts/levels.js';
import { pages, siteUrl } from '../../shared/urls.js';

// ---- Shared helpers ---------------------------------------------------------------------------

/** Characters XML 1.0 forbids (C0 controls but tab, LF, CR; lone surrogates; U+FFFE, U+FFFF). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Safe as XML text and as a (single- or double-quoted) attribute value. */
export const xmlEscape = (s: string) => s.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ENTITIES[c]);

/** A stored media URL made absolute against the site; undefined when empty or not http(s). */
export function mediaUrl(origin: string, url: string | null | undefined): string | undefined {
  const u = url?.trim();
  if (!u) return undefined;
  try {
    const abs = new URL(u, siteUrl(origin, pages.home));
    return abs.protocol === 'http:' || abs.protocol === 'https:' ? abs.href : undefined;
  } catch {
    return undefined;
  }
}

const time = (iso: string | null | undefined) => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(t) ? t : undefined;
};
/** The newest of some dates as a W3C datetime (`2026-11-23T06:32:12.000Z`); unreadable ones are ignored. */
export function newest(dates: (string | null | undefined)[]): string | undefined {
  const times = dates.map(time).filter((t): t is number => t !== undefined);
  return times.length ? new Date(Math.max(...times)).toISOString() : undefined;
}

/** Published posts, newest first (created_at, then id, as the data layer lists them). */
const newestFirst = <P extends Pick<BlogPost, 'id' | 'created_at' | 'published'>>(posts: P[]) =>
  posts.filter((p) => p.published).sort((a, b) => (time(b.created_at) ?? 0) - (time(a.created_at) ?? 0) || b.id.localeCompare(a.id));

// ---- robots.txt -------------------------------------------------------------------------------

/** Areas crawlers are kept out of: the back office, sign-in, the profile and the API. */
export const DISALLOWED = ['/admin', '/auth', '/profile', '/api/'] as const;

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${siteUrl(origin, pages.sitemap)}`, ''].join('\n');
}

// ---- sitemap.xml ------------------------------------------------------------------------------

/** Public pages without an `{id}`; `/locked-content` is left out on purpose. */
export const STATIC_PAGES = [pages.home, pages.languages, pages.download, pages.blog, pages.faq, pages.support, pages.privacyPolicy, pages.termsOfUse] as const;

/**
 * First path segments the router (or the CDN) gives to something else than `/:language`: a language
 * with such an id has no reachable page, so it and its tree are left out (this also keeps
 * `/admin`, `/auth`, `/profile` out however a language is named).
 */
export const RESERVED_SEGMENTS = new Set([
  ...STATIC_PAGES.map((p) => p.slice(1)).filter(Boolean),
  'locked-content',
  'profile',
  'auth',
  'admin',
  'api',
  'media',
  'static',
  'embed',
]);

export interface SitemapInput {
  /** Every language (a language page lists its levels, locked ones too). */
  languages: Pick<Language, 'id' | 'updated_at'>[];
  /** Every level of those languages, locked or not. */
  levels: Pick<Level, 'id' | 'language_id' | 'is_locked' | 'updated_at'>[];
  /** Every lesson of those languages, locked or not. */
  lessons: Pick<Lesson, 'id' | 'language_id' | 'level_id' | 'is_locked' | 'created_at' | 'updated_at'>[];
  /** Posts; drafts are left out. */
  posts: Pick<BlogPost, 'id' | 'slug' | 'published' | 'created_at' | 'updated_at' | 'featured_image'>[];
  /** When the site settings last changed (the home and download pages show them). */
  settingsUpdatedAt?: string;
}

/** How many newest posts the home page shows. */
const HOME_POSTS = 3;

interface Entry {
  loc: string;
  lastmod?: string;
  image?: string;
}

/**
 * The sitemaps.org urlset of every public page a visitor can open: the static pages, each language,
 * each unlocked level, each unlocked lesson of an unlocked level, each published post. Never
 * `/locked-content` or the personal and admin areas.
 *
 * `<lastmod>` is the newest `updated_at` of what the page shows: its own item, the items named in
 * its title and breadcrumbs (language, level), and what it lists: a language page its levels
 * (locked ones too, their cards are shown) and, for the lesson counts, its lessons' creation; a
 * level page its lessons (locked ones too); `/languages` the languages; `/` the languages, the 3
 * newest posts and the settings; `/blog` the posts; `/download` the settings. Phrases are not read,
 * so a lesson page is dated by its lesson. Pages with no stored content (FAQ, support, legal) have
 * no `<lastmod>`, which the protocol allows. A post with a featured image carries it as an
 * `<image:image>` (Google's image extension).
 */
export function sitemapFrom(origin: string, { languages, levels, lessons, posts, settingsUpdatedAt }: SitemapInput): string {
  const key = (...ids: string[]) => ids.join('\n');
  const reachable = languages.filter((l) => !RESERVED_SEGMENTS.has(l.id));
  const languageIds = new Set(reachable.map((l) => l.id));
  const ownLevels = levels.filter((v) => languageIds.has(v.language_id));
  const levelKeys = new Set(ownLevels.map((v) => key(v.language_id, v.id)));
  const ownLessons = lessons.filter((s) => levelKeys.has(key(s.language_id, s.level_id)));
  const published = newestFirst(posts);

  const entries: Entry[] = [];
  const seen = new Set<string>();
  const add = (entry: Entry) => {
    if (seen.has(entry.loc)) return;
    seen.add(entry.loc);
    entries.push(entry);
  };

  const listDates: Record<string, string | undefined> = {
    [pages.home]: newest([...languages.map((l) => l.updated_at), ...published.slice(0, HOME_POSTS).map((p) => p.updated_at), settingsUpdatedAt]),
    [pages.languages]: newest(languages.map((l) => l.updated_at)),
    [pages.download]: newest([settingsUpdatedAt]),
    [pages.blog]: newest(published.map((p) => p.updated_at)),
  };
  for (const path of STATIC_PAGES) add({ loc: siteUrl(origin, path), lastmod: listDates[path] });

  for (const language of reachable) {
    const levelsOf = ownLevels.filter((v) => v.language_id === language.id);
    const lessonsOf = ownLessons.filter((s) => s.language_id === language.id);
    add({
      loc: siteUrl(origin, pages.language(language.id)),
      lastmod: newest([language.updated_at, ...levelsOf.map((v) => v.updated_at), ...lessonsOf.map((s) => s.created_at)]),
    });
    for (const level of levelsOf) {
      if (level.is_locked) continue;
      const inLevel = lessonsOf.filter((s) => s.level_id === level.id);
      add({
        loc: siteUrl(origin, pages.level(language.id, level.id)),
        lastmod: newest([language.updated_at, level.updated_at, ...inLevel.map((s) => s.updated_at)]),
      });
      for (const lesson of inLevel) {
        if (lesson.is_locked) continue;
        add({
          loc: siteUrl(origin, pages.lesson(language.id, level.id, lesson.id)),
          lastmod: newest([language.updated_at, level.updated_at, lesson.updated_at]),
        });
      }
    }
  }

  for (const post of published)
    add({ loc: siteUrl(origin, pages.post(post.slug)), lastmod: newest([post.updated_at]), image: mediaUrl(origin, post.featured_image) });

  const url = ({ loc, lastmod, image }: Entry) =>
    `  <url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${image ? `<image:image><image:loc>${xmlEscape(image)}</image:loc></image:image>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
    ...entries.map(url),
    '</urlset>',
    '',
  ].join('\n');
}

// ---- blog/rss.xml -----------------------------------------------------------------------------

/** Items in the feed at most. */
export const RSS_ITEMS = 50;

export type FeedPost = Pick<BlogPost, 'id' | 'slug' | 'title' | 'content' | 'excerpt' | 'published' | 'created_at' | 'updated_at' | 'featured_image'>;

/** RFC 822 date (`Mon, 23 Nov 2026 06:32:12 GMT`), or undefined when unreadable. */
const rfc822 = (iso: string | null | undefined) => {
  const t = time(iso);
  return t === undefined ? undefined : new Date(t).toUTCString();
};

/**
 * RSS 2.0 of the published posts, newest first, at most RSS_ITEMS. Each item: title, link and a
 * permalink guid (the post page), pubDate (created_at), the card excerpt as description, the
 * public author 'Admin' as `<dc:creator>` (RSS's own `<author>` wants an e-mail address), and the
 * featured image as `<media:content>`. lastBuildDate is the newest change of a listed post (left
 * out when there is none, so the body, and its ETag, only change with the posts).
 */
export function rssFrom(origin: string, productName: string, posts: FeedPost[]): string {
  const listed = newestFirst(posts).slice(0, RSS_ITEMS);
  const items = listed.map((p) => {
    const link = xmlEscape(siteUrl(origin, pages.post(p.slug)));
    const published = rfc822(p.created_at);
    const image = mediaUrl(origin, p.featured_image);
    return [
      '    <item>',
      `      <title>${xmlEscape(p.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      ...(published ? [`      <pubDate>${published}</pubDate>`] : []),
      `      <description>${xmlEscape(excerptOf(p))}</description>`,
      '      <dc:creator>Admin</dc:creator>',
      ...(image ? [`      <media:content url="${xmlEscape(image)}" medium="image"/>`] : []),
      '    </item>',
    ].join('\n');
  });
  const built = rfc822(newest(listed.map((p) => p.updated_at)));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">',
    '  <channel>',
    `    <title>${xmlEscape(`${productName} Blog`)}</title>`,
    `    <link>${xmlEscape(siteUrl(origin, pages.blog))}</link>`,
    `    <description>${xmlEscape(`Language learning tips and updates from ${productName}.`)}</description>`,
    '    <language>en</language>',
    `    <atom:link href="${xmlEscape(siteUrl(origin, pages.rss))}" rel="self" type="application/rss+xml"/>`,
    ...(built ? [`    <lastBuildDate>${built}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
