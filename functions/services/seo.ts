/**
 * /robots.txt, /sitemap.xml, /blog/rss.xml and the web app manifest, served by the render function: the data reads. The
 * documents themselves are built by the pure functions of seo-xml.ts. Only Queries (the language
 * list, two per language partition for its levels and lessons, the published posts) and the
 * settings item: never a Scan, and independent reads run in parallel.
 */
import { listLanguageLessons, listLanguageLevels } from '../data/course.js';
import { listLanguages } from '../data/languages.js';
import { listPublished } from '../data/blog.js';
import { readSettings } from '../data/settings.js';
import { publicList } from '../data/visibility.js';
import { RSS_ITEMS, rssFrom, sitemapFrom } from '../lib/seo-xml.js';
import { webManifest } from '../../shared/manifest.js';

export { robotsTxt } from '../lib/seo-xml.js';

/** Every public language with its public levels and lessons (no phrases; drafts are not public). */
async function courseOutline() {
  const languages = publicList(await listLanguages());
  const trees = await Promise.all(languages.map((l) => Promise.all([listLanguageLevels(l.id), listLanguageLessons(l.id)])));
  const levels = publicList(trees.flatMap(([v]) => v));
  // A lesson of a draft level is not public either.
  const shownLevels = new Set(levels.map((v) => `${v.language_id}/${v.id}`));
  const lessons = publicList(trees.flatMap(([, s]) => s)).filter((s) => shownLevels.has(`${s.language_id}/${s.level_id}`));
  return { languages, levels, lessons };
}

/** The manifest with the settings' icons; the parrot alone when the settings cannot be read (the site stays installable). */
export async function manifestJson(productName: string): Promise<string> {
  const settings = await readSettings().catch(() => undefined);
  return JSON.stringify(webManifest(productName, { favicon: settings?.favicon, logo: settings?.logo }));
}

export async function sitemapXml(origin: string): Promise<string> {
  const [course, posts, settings] = await Promise.all([courseOutline(), listPublished(), readSettings()]);
  return sitemapFrom(origin, { ...course, posts, settingsUpdatedAt: settings.updated_at });
}

export async function rssXml(origin: string, productName: string): Promise<string> {
  return rssFrom(origin, productName, await listPublished(RSS_ITEMS));
}
