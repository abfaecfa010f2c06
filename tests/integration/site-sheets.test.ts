/**
 * One stylesheet and one icon sheet (frontend/src/ssr/assets.ts): every public page links the same
 * hashed stylesheet and draws its icons from the same hashed icon sheet, both served from the build
 * as immutable files; a page inlines no more than the critical CSS of index.html (no Griffel
 * bucket, no theme), and a lesson page stays under 40 KB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '../../shared/contracts/blog.js';
import { addPhrases, adminToken, api, ok, twin } from './helpers.js';

const LANG = 'sheets-lingo';
let admin: string;
let post: BlogPost;

async function get(path: string) {
  const res = await fetch(twin().url + path);
  expect(res.status, path).toBe(200);
  return { headers: res.headers, text: await res.text() };
}

/** The pages every visitor reads, and the plain ones. */
const pages = () => ['/', `/${LANG}`, `/${LANG}/a1`, `/${LANG}/a1/hello`, `/${LANG}/a1/hello/practice`, `/blog/${post.slug}`, '/support', '/faq'];

beforeAll(async () => {
  admin = await adminToken();
  await ok(api('POST', '/api/languages', { token: admin, body: { id: LANG, name: 'Sheets', flag_url: 'https://example.com/flag.svg' } }));
  await ok(api('POST', '/api/levels', { token: admin, body: { id: 'a1', language_id: LANG, title: 'Starter', cefr_label: 'A1', icon_url: '' } }));
  await ok(
    api('POST', '/api/lessons', { token: admin, body: { id: 'hello', language_id: LANG, level_id: 'a1', title: 'Hello', translated_title: 'Greetings' } }),
  );
  await addPhrases(admin, { language_id: LANG, level_id: 'a1', lesson_id: 'hello' }, '/media/content/audio/sheets_1.mp3', [
    ['Salut', 'Hi there'],
    ['Merci', 'Thank you'],
  ]);
  const created = (await ok(api('POST', '/api/admin/blog', { token: admin, body: { title: 'Sheets news', content: 'A short post.' } }))).body as BlogPost;
  post = (await ok(api('PUT', `/api/admin/blog/${created.id}`, { token: admin, body: { version: created.version, published: true } }))).body as BlogPost;
});

// Other suites count what this shared twin holds: leave nothing behind.
afterAll(async () => {
  expect((await api('DELETE', `/api/admin/blog/${post.id}`, { token: admin })).status).toBe(204);
  expect((await api('DELETE', `/api/languages/${LANG}`, { token: admin })).status).toBe(204);
});

describe('one stylesheet', () => {
  it('every public page links the same hashed stylesheet and inlines only the critical CSS', async () => {
    const linked = new Set<string>();
    for (const path of pages()) {
      const { text } = await get(path);
      const links = [...text.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]);
      expect(links, path).toHaveLength(1);
      expect(links[0]).toMatch(/^\/static\/site-[0-9a-f]{16}\.css$/);
      linked.add(links[0]);
      // Inline: index.html's first-screen rules (body, skip link, focus ring) and the offline island's one rule, nothing of Fluent's.
      const inline = [...text.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[0]);
      expect(
        inline.filter((s) => /data-make-styles|fui-FluentProvider/.test(s)),
        path,
      ).toEqual([]);
      expect(inline.join('').length, path).toBeLessThan(2_000);
      // Griffel's merge marks are for a browser that merges classes: a page never hydrated has none.
      expect(text, path).not.toMatch(/class="[^"]*___/);
    }
    expect(linked.size).toBe(1);
    const [href] = linked;
    const res = await fetch(twin().url + href);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/css/);
    expect(res.headers.get('cache-control')).toContain('immutable');
    const css = await res.text();
    // The theme's variables and Fluent's atomic rules (a Button's, the media queries).
    expect(css).toMatch(/^\.fui-FluentProvider[\w-]+ ?\{[^}]*--colorNeutralForeground1:/);
    expect(css).toContain('@media (max-width: 767px)');
  });

  it('a lesson page is at most 40 KB of HTML', async () => {
    const { text } = await get(`/${LANG}/a1/hello`);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(40 * 1024);
  });
});

describe('one icon sheet', () => {
  it("every icon of a page is a reference into the site's icon sheet, which holds its symbol", async () => {
    const sheets = new Set<string>();
    const ids = new Set<string>();
    for (const path of pages()) {
      const { text } = await get(path);
      const svgs = [...text.matchAll(/<svg\b[^>]*>([\s\S]*?)<\/svg>/g)].map((m) => m[1]);
      expect(svgs.length, path).toBeGreaterThan(0);
      for (const body of svgs) {
        const use = /^<use href="(\/static\/icons-[0-9a-f]{16}\.svg)#(\w+)"><\/use>$/.exec(body);
        expect(use, `${path}: ${body.slice(0, 80)}`).not.toBeNull();
        sheets.add(use![1]);
        ids.add(use![2]);
      }
    }
    expect(sheets.size).toBe(1);
    const [href] = sheets;
    const res = await fetch(twin().url + href);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toContain('immutable');
    const sheet = await res.text();
    for (const id of ids) expect(sheet).toMatch(new RegExp(`<symbol id="${id}" viewBox="0 0 \\d+ \\d+"><path d="`));
  });
});
