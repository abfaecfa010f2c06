import { describe, expect, it } from 'vitest';
import { robotsTxt, rssFrom, RSS_ITEMS, sitemapFrom } from '../../functions/lib/seo.js';
import type { BlogPost, Language, Lesson, Level } from '../../functions/shared/types.js';

const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`;
const stored = (day: number) => ({ version: 1, created_at: at(day), updated_at: at(day) });
const language = (id: string, day = 1): Language => ({ id, name: id, flag_url: '', ...stored(day) });
const level = (language_id: string, id: string, is_locked = false, day = 2): Level => ({ id, language_id, title: id, cefr_label: 'A1', icon_url: '', order_index: 0, is_locked, ...stored(day) });
const lesson = (language_id: string, level_id: string, id: string, is_locked = false, day = 3): Lesson => ({
  id, language_id, level_id, title: id, translated_title: id, icon_url: '', order_index: 0, is_locked, ...stored(day),
});
const post = (slug: string, title: string, day: number, extra: Partial<BlogPost> = {}): BlogPost => ({
  id: slug, slug, title, content: 'x'.repeat(200), excerpt: '', author_id: 'a', author_name: 'Admin', featured_image: null, published: true,
  lesson_id: null, lesson_path: null, phrase_audio_url: null, sample_title: null, ...stored(day), ...extra,
});
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('sitemap', () => {
  const xml = sitemapFrom('https://pp.example', {
    languages: [language('spanish')],
    levels: [level('spanish', 'a1'), level('spanish', 'c1', true)],
    lessons: [lesson('spanish', 'a1', 'hello', false, 9), lesson('spanish', 'a1', 'secret', true), lesson('spanish', 'c1', 'hidden')],
    posts: [post('news', 'News', 5)],
  });

  it('lists every public unlocked page, never locked ones, the locked screen or personal areas', () => {
    const urls = locs(xml);
    expect(urls).toEqual(
      expect.arrayContaining(['https://pp.example/', 'https://pp.example/languages', 'https://pp.example/spanish', 'https://pp.example/spanish/a1', 'https://pp.example/spanish/a1/hello', 'https://pp.example/blog/news', 'https://pp.example/faq']),
    );
    for (const hidden of ['/spanish/c1', '/spanish/a1/secret', '/spanish/c1/hidden', '/locked-content', '/admin', '/auth', '/profile']) expect(urls).not.toContain(`https://pp.example${hidden}`);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  });

  it('gives each page the newest change of what it shows as lastmod', () => {
    expect(xml).toContain(`<loc>https://pp.example/spanish/a1/hello</loc><lastmod>${at(9)}</lastmod>`);
    expect(xml).toContain(`<loc>https://pp.example/spanish/a1</loc><lastmod>${at(9)}</lastmod>`);
    expect(xml).toContain(`<loc>https://pp.example/</loc><lastmod>${at(9)}</lastmod>`);
    expect(xml).toContain(`<loc>https://pp.example/blog</loc><lastmod>${at(5)}</lastmod>`);
  });
});

describe('RSS', () => {
  it('is RSS 2.0 of posts newest first, at most 50, with escaped text and the spec excerpt rule', () => {
    const posts = Array.from({ length: 60 }, (_, i) => post(`p${i}`, `Post ${i}`, (i % 28) + 1));
    posts.push(post('hostile', `<script>alert("x")</script> & 'quotes'`, 28, { excerpt: 'Short & sweet' }));
    const xml = rssFrom('https://pp.example', 'Parrot Phrases', posts);
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain('<atom:link href="https://pp.example/blog/rss.xml" rel="self" type="application/rss+xml"/>');
    const items = xml.match(/<item>/g) ?? [];
    expect(items).toHaveLength(RSS_ITEMS);
    const dates = [...xml.matchAll(/<pubDate>([^<]+)<\/pubDate>/g)].map((m) => Date.parse(m[1]));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(xml).toContain('<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;quotes&apos;</title>');
    expect(xml).not.toContain('<script>');
    expect(xml).toContain('<description>Short &amp; sweet</description>');
    expect(xml).toContain(`<description>${'x'.repeat(120)}...</description>`);
    expect(xml).toContain('<dc:creator>Admin</dc:creator>');
  });
});

describe('robots.txt', () => {
  it('keeps crawlers out of the back office, sign-in, profile and API, and names the sitemap', () => {
    const lines = robotsTxt('https://pp.example').split('\n');
    expect(lines).toEqual(expect.arrayContaining(['Disallow: /admin', 'Disallow: /auth', 'Disallow: /profile', 'Disallow: /api/', 'Sitemap: https://pp.example/sitemap.xml']));
  });
});
