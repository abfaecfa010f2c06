/**
 * What a download holds, as pure functions (tested in tests/unit/frontend/offline-plan.test.ts): the pages
 * and reads of a lesson or a level, the files a page shows (read from its HTML: images, audio,
 * scripts, icon), and sizes as people read them. offline/store.ts does the fetching.
 */
import { api, apiPath, pages } from '@shared/urls';

export type DownloadKind = 'lesson' | 'level';

/** A lesson or a level, by the path of its page (`/spanish/beginner/greetings`). */
export interface DownloadTarget {
  kind: DownloadKind;
  /** The page's path: also the download's id. */
  path: string;
  title: string;
  /** 'Spanish · Beginner' */
  context: string;
}

/** The ids a course page's path names (`/spanish/beginner` → spanish, beginner), for the URL module's builders. */
const idsOf = (path: string) => path.split('/').slice(1).map(decodeURIComponent);

/**
 * A lesson's pages (the lesson and its practice page), its read, and the review page its practice
 * leads to; and what the search box reads (the languages and the language's search index), so
 * searching works offline in what was downloaded.
 */
export function lessonUrls(lessonPath: string): { pages: string[]; data: string[] } {
  const [language = '', level = '', lesson = ''] = idsOf(lessonPath);
  return {
    pages: [lessonPath, pages.practice(language, level, lesson), pages.review],
    data: [apiPath(api.lessonPage(language, level, lesson)), apiPath(api.languages), apiPath(api.searchIndex(language))],
  };
}

/** A level's page and read (its lessons' come from lessonUrls). */
export function levelUrls(levelPath: string): { pages: string[]; data: string[] } {
  const [language = '', level = ''] = idsOf(levelPath);
  return { pages: [levelPath], data: [apiPath(api.levelPage(language, level))] };
}

/** `/spanish/beginner/greetings` → its level's path `/spanish/beginner`. */
export const levelOf = (lessonPath: string) => lessonPath.split('/').slice(0, 3).join('/');

const ATTR = /<(img|audio|source|script|link|use)\b([^>]*)>/gi;
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
const unescape = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");

/**
 * The files a page needs to show and play: images, audio, its scripts, its stylesheet, its icon and
 * icon sheet (`<use href>`), as absolute
 * URLs of `origin` (other sites' files are left out: their answers cannot be read or measured).
 * Links to other pages are not followed.
 */
export function filesOf(html: string, pageUrl: string, origin: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(ATTR)) {
    const [, name, rest] = m;
    const tag = name.toLowerCase();
    let ref: string | undefined;
    if (tag === 'link') {
      const rel = attr(rest, 'rel')?.toLowerCase() ?? '';
      if (!/\b(icon|modulepreload|manifest|stylesheet)\b/.test(rel)) continue;
      ref = attr(rest, 'href');
    } else ref = attr(rest, tag === 'use' ? 'href' : 'src');
    if (!ref || ref.startsWith('data:')) continue;
    try {
      const url = new URL(unescape(ref), pageUrl);
      url.hash = '';
      if (url.origin === origin) found.add(url.href);
    } catch {
      /* not a URL */
    }
  }
  return [...found];
}

/** 1.4 MB, 820 KB, 12 KB (decimal units, as storage settings show them). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} KB`;
}

/** The URLs of `items` that no other download in `others` still holds: what removing them frees. */
export function unshared(items: string[], others: string[][]): string[] {
  const kept = new Set(others.flat());
  return items.filter((u) => !kept.has(u));
}
