/**
 * One stylesheet and one icon sheet (frontend/src/ssr/assets.ts): every public page links the same
 * hashed stylesheet and draws its icons from the same hashed icon sheet, both served from the build
 * as immutable files; a page inlines no more than the critical CSS of index.html (no Griffel
 * bucket, no theme), its classes are the stylesheet's short names, and the demo lesson stays under 40 KB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '../../shared/contracts/blog.js';
import { demoLanguages } from '../../infra/twin/demo-content.js';
import { addPhrases, adminToken, api, ok, twin } from './helpers.js';

const LANG = 'sheets-lingo';
/** The demo's first course, under an id of its own: its first lesson is the one `npm start` shows first. */
const DEMO = demoLanguages[0];
const DEMO_LANG = `sheets-${DEMO.id}`;
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
  // The demo's first level as the seed writes it: both lessons (the first one links its neighbour), each group one audio file.
  const [level] = DEMO.levels;
  await ok(api('POST', '/api/languages', { token: admin, body: { id: DEMO_LANG, name: DEMO.name, flag_url: 'https://example.com/flag.svg' } }));
  await ok(
    api('POST', '/api/levels', {
      token: admin,
      body: { id: level.id, language_id: DEMO_LANG, title: level.title, cefr_label: level.cefr_label, icon_url: '' },
    }),
  );
  for (const { groups, ...lesson } of level.lessons) {
    const at = { language_id: DEMO_LANG, level_id: level.id, lesson_id: lesson.id };
    await ok(api('POST', '/api/lessons', { token: admin, body: { ...lesson, language_id: DEMO_LANG, level_id: level.id } }));
    for (const [i, group] of groups.entries()) await addPhrases(admin, at, `/media/content/audio/${DEMO.id}_${level.id}_${lesson.id}_${i}.mp3`, group);
  }
  const created = (await ok(api('POST', '/api/admin/blog', { token: admin, body: { title: 'Sheets news', content: 'A short post.' } }))).body as BlogPost;
  post = (await ok(api('PUT', `/api/admin/blog/${created.id}`, { token: admin, body: { version: created.version, published: true } }))).body as BlogPost;
});

// Other suites count what this shared twin holds: leave nothing behind.
afterAll(async () => {
  expect((await api('DELETE', `/api/admin/blog/${post.id}`, { token: admin })).status).toBe(204);
  for (const id of [LANG, DEMO_LANG]) expect((await api('DELETE', `/api/languages/${id}`, { token: admin })).status).toBe(204);
});

describe('one stylesheet', () => {
  it('every public page links the same hashed stylesheet and inlines only the critical CSS', async () => {
    const linked = new Set<string>();
    const classes = new Map<string, string>();
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
      for (const m of text.matchAll(/ class="([^"]*)"/g)) m[1].split(' ').forEach((name) => classes.set(name, path));
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
    // Every class a page writes is one the stylesheet selects (by its short name), but for Fluent's
    // static names, the router's `active` and index.html's critical CSS: none of Griffel's long names is left.
    const selected = new Set([...css.matchAll(/\.([A-Za-z][\w-]*)/g)].map((m) => m[1]));
    const unstyled = [...classes].filter(([name]) => !selected.has(name) && !/^fui-/.test(name) && !['active', 'skip-link'].includes(name));
    expect(unstyled).toEqual([]);
    expect([...classes.keys()].filter((name) => /^[fr][a-z0-9]{5,}$/.test(name))).toEqual([]);
  });

  it("the demo's first lesson is at most 40 KB of HTML", async () => {
    const { text } = await get(`/${DEMO_LANG}/${DEMO.levels[0].id}/${DEMO.levels[0].lessons[0].id}`);
    expect(text).toContain(DEMO.levels[0].lessons[1].translated_title);
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
    for (const id of ids) expect(sheet).toMatch(new RegExp(`<symbol id="${id}" viewBox="0 0 \\d+ \\d+" fill="currentColor"><path d="`));
  });
});
