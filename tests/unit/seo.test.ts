import { describe, expect, it } from 'vitest';
import { excerptOf } from '../../shared/blog-text.js';
import { mediaUrl, robotsTxt, rssFrom, RSS_ITEMS, sitemapFrom, xmlEscape, type SitemapInput } from '../../functions/lib/seo-xml.js';
import type { BlogPost } from '../../shared/contracts/blog.js';
import type { Language } from '../../shared/contracts/languages.js';
import type { Lesson } from '../../shared/contracts/lessons.js';
import type { Level } from '../../shared/contracts/levels.js';
import { blogPost } from '../fixtures/blog-post.js';

const O = 'https://pp.example';
const at = (day: number, hour = 10) => new Date(Date.UTC(2026, 10, day, hour)).toISOString();
const stored = (day: number) => ({ version: 1, created_at: at(day), updated_at: at(day) });
const language = (id: string, day = 1): Language => ({ id, name: id, flag_url: '', ...stored(day) });
const level = (language_id: string, id: string, { locked = false, day = 2 } = {}): Level => ({
  id,
  language_id,
  title: id,
  cefr_label: 'A1',
  icon_url: '',
  order_index: 0,
  is_locked: locked,
  ...stored(day),
});
const lesson = (
  language_id: string,
  level_id: string,
  id: string,
  { locked = false, day = 3, created }: { locked?: boolean; day?: number; created?: number } = {},
): Lesson => ({
  id,
  language_id,
  level_id,
  title: id,
  translated_title: id,
  icon_url: '',
  order_index: 0,
  is_locked: locked,
  ...stored(day),
  created_at: at(created ?? day),
});
const post = (slug: string, day: number, extra: Partial<BlogPost> = {}) =>
  blogPost({ id: slug, slug, title: slug, content: 'x'.repeat(200), ...stored(day), ...extra });

/**
 * A small well-formedness check (no DOM in the unit suite): tags nest and close, attribute values
 * are quoted, and text and attributes hold no raw `<` and no `&` that does not start an entity.
 */
function wellFormed(xml: string) {
  const body = xml.replace(/^<\?xml [^?]*\?>\n/, '');
  const stack: string[] = [];
  const badText = (t: string) => /<|&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(t);
  let last = 0;
  for (const m of body.matchAll(/<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/g)) {
    const text = body.slice(last, m.index);
    if (badText(text)) throw new Error(`bad text: ${text}`);
    for (const a of m[3].matchAll(/="([^"]*)"/g)) if (badText(a[1])) throw new Error(`bad attribute: ${a[1]}`);
    last = m.index + m[0].length;
    if (m[1]) {
      if (stack.pop() !== m[2]) throw new Error(`mismatched </${m[2]}>`);
    } else if (!m[4]) stack.push(m[2]);
  }
  if (badText(body.slice(last)) || stack.length) throw new Error('unclosed or stray content');
  return true;
}
const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** loc → { lastmod, image } of each <url>, in document order. */
function urls(xml: string) {
  return new Map(
    [...xml.matchAll(/<url>(.*?)<\/url>/g)].map(([, u]) => [
      unescape(/<loc>([^<]*)<\/loc>/.exec(u)![1]),
      { lastmod: /<lastmod>([^<]*)<\/lastmod>/.exec(u)?.[1], image: /<image:loc>([^<]*)<\/image:loc>/.exec(u)?.[1] },
    ]),
  );
}
const W3C = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const site: SitemapInput = {
  languages: [language('spanish', 1), language('french', 1)],
  levels: [
    level('spanish', 'a1', { day: 2 }),
    level('spanish', 'c1', { locked: true, day: 12 }),
    level('french', 'a1', { day: 2 }),
    level('german', 'a1'), // its language does not exist
  ],
  lessons: [
    lesson('spanish', 'a1', 'hello', { day: 9 }),
    lesson('spanish', 'a1', 'secret', { locked: true, day: 11, created: 4 }),
    lesson('spanish', 'c1', 'hidden', { day: 3 }), // unlocked, but its level is locked
    lesson('spanish', 'b2', 'orphan', { day: 3 }), // its level does not exist
    lesson('french', 'a1', 'bonjour', { day: 3 }),
  ],
  posts: [post('old-news', 5), post('news', 6), post('draft', 20, { published: false }), post('fresh', 7), post('newest', 8)],
  settingsUpdatedAt: at(15),
};

describe('sitemap', () => {
  const xml = sitemapFrom(O, site);
  const map = urls(xml);

  it('is a well-formed sitemaps.org urlset', () => {
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9"/);
    expect(wellFormed(xml)).toBe(true);
  });

  it('lists exactly the public unlocked pages: locked levels and lessons, lessons of locked levels and drafts are left out', () => {
    expect([...map.keys()].sort()).toEqual(
      [
        '/',
        '/languages',
        '/download',
        '/blog',
        '/faq',
        '/support',
        '/privacy-policy',
        '/terms-of-use',
        '/spanish',
        '/spanish/a1',
        '/spanish/a1/hello',
        '/french',
        '/french/a1',
        '/french/a1/bonjour',
        '/blog/old-news',
        '/blog/news',
        '/blog/fresh',
        '/blog/newest',
      ]
        .map((p) => `${O}${p}`)
        .sort(),
    );
    for (const hidden of [
      '/spanish/c1',
      '/spanish/c1/hidden',
      '/spanish/a1/secret',
      '/spanish/b2/orphan',
      '/german',
      '/german/a1',
      '/blog/draft',
      '/locked-content',
      '/admin',
      '/auth',
      '/profile',
    ]) {
      expect(map.has(`${O}${hidden}`), hidden).toBe(false);
    }
  });

  it('leaves out a language whose id the router gives to another page, with its tree', () => {
    const clash = sitemapFrom(O, {
      languages: [language('admin'), language('blog'), language('spanish')],
      levels: [level('admin', 'a1'), level('blog', 'a1'), level('spanish', 'a1')],
      lessons: [lesson('blog', 'a1', 'hi')],
      posts: [],
    });
    const locs = [...urls(clash).keys()];
    expect(locs.filter((l) => l === `${O}/blog`)).toHaveLength(1);
    for (const p of ['/admin', '/admin/a1', '/blog/a1', '/blog/a1/hi']) expect(locs).not.toContain(`${O}${p}`);
    expect(locs).toContain(`${O}/spanish/a1`);
  });

  it('dates each page by the newest change of what it shows, as a W3C datetime', () => {
    const lastmod = (p: string) => map.get(`${O}${p}`)?.lastmod;
    // A lesson: itself and the language and level named on it.
    expect(lastmod('/spanish/a1/hello')).toBe(at(9));
    expect(lastmod('/french/a1/bonjour')).toBe(at(3));
    // A level lists its lessons, the locked one included (its card is shown).
    expect(lastmod('/spanish/a1')).toBe(at(11));
    // A language lists its levels, the locked one included.
    expect(lastmod('/spanish')).toBe(at(12));
    expect(lastmod('/french')).toBe(at(3));
    expect(lastmod('/languages')).toBe(at(1));
    // The blog lists published posts only (the draft of day 20 is not public).
    expect(lastmod('/blog')).toBe(at(8));
    expect(lastmod('/blog/news')).toBe(at(6));
    // Home: the languages, the 3 newest posts and the settings; download: the settings.
    expect(lastmod('/')).toBe(at(15));
    expect(lastmod('/download')).toBe(at(15));
    // No stored content behind these pages: no lastmod rather than an invented one.
    for (const p of ['/faq', '/support', '/privacy-policy', '/terms-of-use']) expect(lastmod(p), p).toBeUndefined();
    for (const [loc, { lastmod: d }] of map) if (d) expect(d, loc).toMatch(W3C);
  });

  it('home is dated by its 3 newest posts when they changed last, not by older ones', () => {
    const home = (posts: BlogPost[]) => urls(sitemapFrom(O, { languages: [language('es', 1)], levels: [], lessons: [], posts })).get(`${O}/`)?.lastmod;
    const newer = [post('p1', 10), post('p2', 11), post('p3', 12)];
    expect(home([...newer, post('p0', 9, { updated_at: at(25) })])).toBe(at(12));
    expect(home([...newer, post('p4', 13, { updated_at: at(26) })])).toBe(at(26));
  });

  it('ignores unreadable dates and pages with none', () => {
    const xml2 = sitemapFrom(O, { languages: [{ id: 'es', updated_at: 'not a date' }], levels: [], lessons: [], posts: [] });
    expect(urls(xml2).get(`${O}/es`)?.lastmod).toBeUndefined();
    expect(xml2).not.toContain('<lastmod></lastmod>');
    expect(wellFormed(xml2)).toBe(true);
  });

  it('makes every URL absolute once: origin with trailing slashes, encoded slugs, relative and absolute media', () => {
    const xml2 = sitemapFrom(`${O}//`, {
      languages: [],
      levels: [],
      lessons: [],
      posts: [
        post('español', 3, { featured_image: '/media/content/blog/a b.png' }),
        post(`<script>&"'`, 2, { featured_image: 'https://cdn.example/x.png?a=1&b=2' }),
        post('js', 1, { featured_image: 'javascript:alert(1)' }),
      ],
    });
    expect(wellFormed(xml2)).toBe(true);
    const m = urls(xml2);
    expect(m.has(`${O}/`)).toBe(true);
    expect([...m.keys()].every((l) => l.startsWith(`${O}/`) && !l.slice(8).includes('//'))).toBe(true);
    expect(m.get(`${O}/blog/espa%C3%B1ol`)?.image).toBe(`${O}/media/content/blog/a%20b.png`);
    expect(m.get(`${O}/blog/%3Cscript%3E%26%22'`)?.image).toBe('https://cdn.example/x.png?a=1&amp;b=2');
    expect(m.get(`${O}/blog/js`)?.image).toBeUndefined();
    expect(xml2).not.toContain('<script>');
  });
});

describe('RSS', () => {
  const many = Array.from({ length: 60 }, (_, i) => post(`p${i}`, (i % 28) + 1, { created_at: at((i % 28) + 1, i % 24) }));
  const hostile = post('hostile', 28, {
    title: `<script>alert("x")</script> & 'quotes'`,
    excerpt: 'Short & <b>sweet</b>\u0000',
    created_at: at(28, 23),
    updated_at: at(29),
    featured_image: '/media/content/blog/h.png',
  });
  const draft = post('draft', 30, { published: false, created_at: at(30) });
  const xml = rssFrom(O, 'Parrot & Co', [...many, hostile, draft]);
  const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]);
  const field = (item: string, tag: string) => new RegExp(`<${tag}[^>]*>([^<]*)</${tag}>`).exec(item)?.[1];

  it('is a well-formed RSS 2.0 channel with the self link and namespaces', () => {
    expect(wellFormed(xml)).toBe(true);
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain('xmlns:atom="http://www.w3.org/2005/Atom"');
    expect(xml).toContain('xmlns:dc="http://purl.org/dc/elements/1.1/"');
    const channel = xml.slice(0, xml.indexOf('<item>'));
    expect(field(channel, 'title')).toBe('Parrot &amp; Co Blog');
    expect(field(channel, 'link')).toBe(`${O}/blog`);
    expect(field(channel, 'description')).toBeTruthy();
    expect(channel).toContain(`<atom:link href="${O}/blog/rss.xml" rel="self" type="application/rss+xml"/>`);
    expect(field(channel, 'lastBuildDate')).toBe(new Date(at(29)).toUTCString());
  });

  it('lists published posts newest first, at most 50', () => {
    expect(items).toHaveLength(RSS_ITEMS);
    expect(items.some((i) => i.includes('/blog/draft<'))).toBe(false);
    const dates = items.map((i) => Date.parse(field(i, 'pubDate')!));
    expect(dates.every(Number.isFinite)).toBe(true);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(field(items[0], 'link')).toBe(`${O}/blog/hostile`);
    expect(field(items[0], 'pubDate')).toBe('Sat, 28 Nov 2026 23:00:00 GMT');
  });

  it('escapes hostile text and gives each item link, permalink guid, excerpt, Admin as creator and an absolute image', () => {
    const [first, second] = items;
    expect(field(first, 'title')).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;quotes&apos;');
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain('\u0000');
    expect(field(first, 'description')).toBe('Short &amp; &lt;b&gt;sweet&lt;/b&gt;');
    expect(first).toContain(`<guid isPermaLink="true">${O}/blog/hostile</guid>`);
    expect(first).toContain('<dc:creator>Admin</dc:creator>');
    expect(first).not.toContain('<author>');
    expect(first).toContain(`<media:content url="${O}/media/content/blog/h.png" medium="image"/>`);
    expect(field(second, 'description')).toBe(`${'x'.repeat(120)}...`);
    expect(second).not.toContain('<media:content');
  });

  it('an empty blog is a valid channel without items or build date', () => {
    const empty = rssFrom(`${O}/`, 'Parrot Phrases', [draft]);
    expect(wellFormed(empty)).toBe(true);
    expect(empty).not.toContain('<item>');
    expect(empty).not.toContain('<lastBuildDate>');
    expect(empty).toContain(`<link>${O}/blog</link>`);
  });
});

describe('robots.txt', () => {
  it('allows everything but the back office, sign-in, profile and API, and names the sitemap', () => {
    const lines = robotsTxt(`${O}/`).split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines.filter((l) => l.startsWith('Disallow:'))).toEqual(['Disallow: /admin', 'Disallow: /auth', 'Disallow: /profile', 'Disallow: /api/']);
    expect(lines).toContain(`Sitemap: ${O}/sitemap.xml`);
  });
});

describe('helpers', () => {
  it('xmlEscape handles the five special characters and drops what XML cannot carry', () => {
    expect(xmlEscape(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
    expect(xmlEscape('ok\u0001\uFFFE\uD800 tab\tnl\n😀')).toBe('ok tab\tnl\n😀');
  });

  it('mediaUrl joins to the origin exactly once', () => {
    expect(mediaUrl(`${O}/`, '/media/x.png')).toBe(`${O}/media/x.png`);
    expect(mediaUrl(O, 'media/x.png')).toBe(`${O}/media/x.png`);
    expect(mediaUrl(O, 'http://other.example/x.png')).toBe('http://other.example/x.png');
    expect(mediaUrl(O, '//cdn.example/x.png')).toBe('https://cdn.example/x.png');
    expect(mediaUrl(O, '')).toBeUndefined();
    expect(mediaUrl(O, null)).toBeUndefined();
    expect(mediaUrl(O, 'data:image/png;base64,AAAA')).toBeUndefined();
  });

  it('excerptOf: the excerpt, else the first 120 characters of the content and "..."', () => {
    expect(excerptOf({ excerpt: '  Own text ', content: 'ignored' })).toBe('Own text');
    expect(excerptOf({ excerpt: '', content: 'Short' })).toBe('Short...');
    expect(excerptOf({ excerpt: null, content: `${'a'.repeat(119)}😀tail` })).toBe(`${'a'.repeat(119)}😀...`);
  });
});
