/**
 * /robots.txt, /sitemap.xml and /blog/rss.xml, served by the render function. The XML builders are
 * pure (unit-tested); the readers Query the table (the language list, one partition per language,
 * the published posts), never Scan.
 */
import { listLanguages } from '../data/languages.js';
import { listLanguageLessons, listLevels } from '../data/course.js';
import { listPublished } from '../data/blog.js';
import { excerptOf } from '../shared/blog-text.js';
import type { BlogPost, Language, Lesson, Level } from '../shared/types.js';

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
const newest = (dates: (string | undefined)[]) => dates.filter(Boolean).sort().at(-1);

export function robotsTxt(origin: string) {
  return ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /auth', 'Disallow: /profile', 'Disallow: /api/', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

export interface SiteTree {
  languages: Language[];
  levels: Level[];
  lessons: Lesson[];
  posts: BlogPost[];
}

/** Every public page a visitor can open: unlocked levels, unlocked lessons of unlocked levels, published posts. */
export function sitemapFrom(origin: string, { languages, levels, lessons, posts }: SiteTree) {
  const openLevels = levels.filter((l) => !l.is_locked);
  const open = new Set(openLevels.map((l) => `${l.language_id}/${l.id}`));
  const openLessons = lessons.filter((l) => !l.is_locked && open.has(`${l.language_id}/${l.level_id}`));
  const course = newest([...languages, ...openLevels, ...openLessons].map((i) => i.updated_at));
  const blog = newest(posts.map((p) => p.updated_at));
  const urls: [string, string | undefined][] = [
    ['/', newest([course, blog])],
    ['/languages', newest(languages.map((l) => l.updated_at))],
    ...['/download', '/faq', '/support', '/privacy-policy', '/terms-of-use'].map((p): [string, undefined] => [p, undefined]),
    ['/blog', blog],
    ...languages.map((l): [string, string | undefined] => [`/${l.id}`, newest([l.updated_at, ...openLevels.filter((v) => v.language_id === l.id).map((v) => v.updated_at)])]),
    ...openLevels.map((v): [string, string | undefined] => [
      `/${v.language_id}/${v.id}`,
      newest([v.updated_at, ...openLessons.filter((s) => s.language_id === v.language_id && s.level_id === v.id).map((s) => s.updated_at)]),
    ]),
    ...openLessons.map((s): [string, string] => [`/${s.language_id}/${s.level_id}/${s.id}`, s.updated_at]),
    ...posts.map((p): [string, string] => [`/blog/${p.slug}`, p.updated_at]),
  ];
  const body = urls.map(([path, lastmod]) => `<url><loc>${xml(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export const RSS_ITEMS = 50;

export function rssFrom(origin: string, productName: string, posts: BlogPost[]) {
  const items = [...posts]
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, RSS_ITEMS)
    .map((p) => {
      const link = `${origin}/blog/${p.slug}`;
      return [
        '<item>',
        `<title>${xml(p.title)}</title>`,
        `<link>${xml(link)}</link>`,
        `<guid isPermaLink="true">${xml(link)}</guid>`,
        `<pubDate>${new Date(p.created_at).toUTCString()}</pubDate>`,
        '<dc:creator>Admin</dc:creator>',
        `<description>${xml(excerptOf(p))}</description>`,
        '</item>',
      ].join('');
    });
  const built = newest(posts.map((p) => p.updated_at));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${xml(`${productName} Blog`)}</title>`,
    `<link>${xml(`${origin}/blog`)}</link>`,
    `<description>${xml(`Language learning tips and updates from ${productName}.`)}</description>`,
    '<language>en</language>',
    `<atom:link href="${xml(`${origin}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...(built ? [`<lastBuildDate>${new Date(built).toUTCString()}</lastBuildDate>`] : []),
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

export async function sitemapXml(origin: string) {
  const [languages, posts] = await Promise.all([listLanguages(), listPublished()]);
  const trees = await Promise.all(languages.map(async (l) => ({ levels: await listLevels(l.id), lessons: await listLanguageLessons(l.id) })));
  return sitemapFrom(origin, { languages, posts, levels: trees.flatMap((t) => t.levels), lessons: trees.flatMap((t) => t.lessons) });
}

export const rssXml = async (origin: string, productName: string) => rssFrom(origin, productName, await listPublished());
