/**
 * /robots.txt, /sitemap.xml and /blog/rss.xml, served by the render function: the data reads. The
 * documents themselves are built by the pure functions of seo-xml.ts. Only Queries (the language
 * list, two per language partition for its levels and lessons, the published posts) and the
 * settings item: never a Scan, and independent reads run in parallel.
 */
import { listLanguageLessons, listLanguageLevels } from '../data/course.js';
import { listLanguages } from '../data/languages.js';
import { listPublished } from '../data/blog.js';
import { readSettings } from '../data/settings.js';
import { RSS_ITEMS, rssFrom, sitemapFrom } from './seo-xml.js';

export { robotsTxt } from './seo-xml.js';

/** Every language with its levels and lessons (no phrases). */
async function courseOutline() {
  const languages = await listLanguages();
  const trees = await Promise.all(languages.map((l) => Promise.all([listLanguageLevels(l.id), listLanguageLessons(l.id)])));
  return { languages, levels: trees.flatMap(([levels]) => levels), lessons: trees.flatMap(([, lessons]) => lessons) };
}

export async function sitemapXml(origin: string): Promise<string> {
  const [course, posts, settings] = await Promise.all([courseOutline(), listPublished(), readSettings()]);
  return sitemapFrom(origin, { ...course, posts, settingsUpdatedAt: settings.updated_at });
}

export async function rssXml(origin: string, productName: string): Promise<string> {
  return rssFrom(origin, productName, await listPublished(RSS_ITEMS));
}
