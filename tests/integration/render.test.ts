/**
 * Server-rendered pages through the twin's CDN stand-in, as a visitor's browser or a crawler sees
 * them: complete HTML, status codes, redirects, ETag revalidation, compression, the cache that an
 * admin's visit cannot change, and invalidation by the writes that change a page.
 */
import http from 'node:http';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../infra/cdk/csp.js';
import { addPhrases, adminToken, api, ok, twin } from './helpers.js';

const LANG = 'render-lingo';
let admin: string;

/** A GET as a browser sends it (no compression unless asked). */
async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(twin().url + path, { headers, redirect: 'manual' });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, body, text: body.toString('utf8') };
}

/** The bytes as sent (fetch would decompress them). */
const raw = (path: string, headers: Record<string, string>) =>
  new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(twin().url.replace('localhost', '127.0.0.1') + path, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });

/** Visible text of the page's server HTML (tags stripped), for "is it readable without JavaScript". */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

beforeAll(async () => {
  admin = await adminToken();
  await ok(api('POST', '/api/languages', { token: admin, body: { id: LANG, name: 'Lingo', flag_url: 'https://example.com/flag.svg' } }));
  await ok(api('POST', '/api/levels', { token: admin, body: { id: 'a1', language_id: LANG, title: 'Starter', cefr_label: 'A1', icon_url: '' } }));
  await ok(api('POST', '/api/levels', { token: admin, body: { id: 'c1', language_id: LANG, title: 'Vault', cefr_label: 'C1', icon_url: '' } }));
  await ok(api('POST', '/api/levels/render-lingo/c1/lock', { token: admin, body: { is_locked: true } }));
  await ok(
    api('POST', '/api/lessons', { token: admin, body: { id: 'hello', language_id: LANG, level_id: 'a1', title: 'Hello', translated_title: 'Greetings' } }),
  );
  await addPhrases(admin, { language_id: LANG, level_id: 'a1', lesson_id: 'hello' }, '/media/content/audio/render_1.mp3', [
    ['Salut', 'Hi there'],
    ["Ça coûte $& ou $' ?", 'Prices with $$ signs'],
  ]);
});

// Other suites count what this shared twin holds: leave nothing behind.
afterAll(async () => {
  expect((await api('DELETE', `/api/languages/${LANG}`, { token: admin })).status).toBe(204);
});

describe('server-rendered pages', () => {
  it('a lesson page holds its phrases, title, head, styles and its islands in the HTML itself', async () => {
    const r = await get(`/${LANG}/a1/hello`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    const text = textOf(r.text);
    expect(text).toContain('Greetings');
    expect(text).toContain('Salut');
    // Content is placed in the page as it is: `$&`, `$'` are not replacement patterns.
    expect(text).toContain("Ça coûte $& ou $' ?");
    expect(text).toContain('Lingo · Starter · A1');
    expect(r.text).toContain('<title>Render lingo - A1 - Hello | Parrot Phrases</title>');
    expect(r.text).toMatch(/<meta name="description" content="Greetings: everyday Lingo phrases with audio[^"]*Salut/);
    expect(r.text).toContain(`<link rel="canonical" href="${twin().url}/${LANG}/a1/hello">`);
    expect(r.text).toContain('"@type":"BreadcrumbList"');
    expect(r.text).toContain('"@type":"LearningResource"');
    // Never hydrated: the API's answers stay on the server; the page carries only the config its islands read.
    expect(r.text).not.toContain(`/pages/lesson/${LANG}/a1/hello`);
    expect(r.text).toMatch(/<script type="application\/json" id="pp-boot">\{"config":\{[^<]*\}\}<\/script>/);
    // Styles come from the site's one stylesheet (site-sheets.test.ts); no script besides the head script and the islands' loader.
    expect(r.text).toMatch(/<link rel="stylesheet" href="\/static\/site-[0-9a-f]+\.css">/);
    const scripts = r.text.match(/<script\b(?![^>]*type="application\/(?:json|ld\+json)")[^>]*>/g) ?? [];
    expect(scripts).toHaveLength(2);
    expect(scripts[1]).toMatch(/^<script type="module" src="\/static\/i-loader-[\w-]+\.js">$/);
    // Its controls work before any script: native disclosures, a real <audio>, the islands' roots.
    expect(r.text).toContain('<details');
    expect(r.text).toContain('<summary');
    expect(r.text).toMatch(/<audio src="\/media\/content\/audio\/render_1\.mp3" preload="metadata"><\/audio>/);
    expect(r.text).toContain('data-island="audio"');
    expect(r.text).toContain('data-island="learner"');
  });

  it("every page carries CloudFront's security headers (SECURITY_HEADERS), hits and misses alike", async () => {
    for (const path of ['/', '/languages', '/no-such-page']) {
      for (const attempt of [1, 2]) {
        const r = await get(path);
        for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(r.headers.get(name), `${path} #${attempt} ${name}`).toBe(value);
      }
    }
  });

  it('unknown languages, levels, lessons, posts and paths answer 404 with the spec texts', async () => {
    const cases: [string, string][] = [
      ['/no-such-language', "The language you're looking for doesn't exist."],
      [`/${LANG}/zz`, "The language or level you're looking for doesn't exist."],
      [`/${LANG}/a1/nothing`, "The lesson you're looking for doesn't exist."],
      ['/blog/no-such-post', "The blog post you're looking for doesn't exist or has been removed."],
      ['/a/b/c/d', 'Oops! Page not found'],
    ];
    for (const [path, message] of cases) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(textOf(r.text), path).toContain(message);
      expect(r.text, path).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('a locked level or lesson redirects to the locked-content screen with its query', async () => {
    const r = await get(`/${LANG}/c1`);
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe(`/locked-content?type=level&id=c1&languageId=${LANG}`);
    const locked = await get(r.headers.get('location')!);
    expect(locked.status).toBe(200);
    expect(textOf(locked.text)).toContain('Vault');
  });

  it('the back office shell holds only its frame (no data), sign-in nothing; neither is stored by the CDN', async () => {
    for (let i = 0; i < 2; i++) {
      const r = await get('/admin/languages');
      expect(r.status).toBe(200);
      // The frame's skeleton is drawn before the app's script runs: no heading, no content.
      expect(r.text).toContain('aria-label="Loading the back office"');
      expect(r.text).not.toMatch(/<h1|Spanish/);
      expect(r.headers.get('x-cache')).toMatch(/^Miss/);
    }
    const auth = await get('/auth');
    expect(auth.text).toContain('<div id="root"></div>');
    expect(auth.headers.get('x-cache')).toMatch(/^Miss/);
  });
});

describe('caching', () => {
  it('browsers revalidate by ETag and get 304 while the page is unchanged', async () => {
    const first = await get('/languages');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/languages', { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.get('x-cache')).toMatch(/^Hit/);
    // The key is the path: a tracking query shares the copy (and its invalidation).
    const tracked = await get('/languages?utm_source=newsletter');
    expect(tracked.headers.get('x-cache')).toMatch(/^Hit/);
    expect(tracked.headers.get('etag')).toBe(etag);
  });

  it('compresses pages with brotli or gzip, as CloudFront does', async () => {
    const br = await raw(`/${LANG}/a1/hello`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toContain('Salut');
    const gz = await raw(`/${LANG}/a1/hello`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('Salut');
    expect(br.body.length).toBeLessThan(gunzipSync(gz.body).length / 3);
  });

  it("an admin's visit (cookie, Authorization) leaves the cached page unchanged for the next visitor", async () => {
    await addPhrases(admin, { language_id: LANG, level_id: 'a1', lesson_id: 'hello' }, '/media/content/audio/render_2.mp3', [['Bonsoir', 'Good evening']]);
    const anonymous = await get(`/${LANG}/a1/hello`);
    const asAdmin = await get(`/${LANG}/a1/hello`, { authorization: `Bearer ${admin}`, cookie: 'session=admin; cookie_consent_level=all' });
    const next = await get(`/${LANG}/a1/hello`);
    expect(next.headers.get('x-cache')).toMatch(/^Hit/);
    expect(next.headers.get('etag')).toBe(anonymous.headers.get('etag'));
    expect(next.text).toBe(anonymous.text);
    expect(asAdmin.text).toBe(anonymous.text);
    expect(next.text).not.toContain(admin);
  });

  it("an admin's edit is on the next public load: the write invalidates exactly the pages it changes", async () => {
    const before = await get(`/${LANG}/a1/hello`);
    expect((await get(`/${LANG}/a1/hello`)).headers.get('x-cache')).toMatch(/^Hit/);
    await get('/faq'); // an unrelated page, cached
    expect((await get('/faq')).headers.get('x-cache')).toMatch(/^Hit/);

    const put = await api('PUT', `/api/lessons/${LANG}/a1/hello`, {
      token: admin,
      body: { title: 'Hello', translated_title: 'Warm greetings', icon_url: '', version: 1 },
    });
    expect(put.status).toBe(200);

    const after = await get(`/${LANG}/a1/hello`);
    expect(after.headers.get('x-cache')).toMatch(/^Miss/);
    expect(textOf(after.text)).toContain('Warm greetings');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(textOf((await get(`/${LANG}/a1`)).text)).toContain('Warm greetings');
    expect((await get('/faq')).headers.get('x-cache')).toMatch(/^Hit/);
  });

  it('the public API answers are cached and invalidated the same way', async () => {
    const path = `/api/pages/language/${LANG}`;
    await api('GET', path);
    expect((await api('GET', path)).headers.get('x-cache')).toMatch(/^Hit/);
    expect(
      (await api('PUT', `/api/languages/${LANG}`, { token: admin, body: { name: 'Lingua', flag_url: 'https://example.com/flag.svg', version: 1 } })).status,
    ).toBe(200);
    const fresh = await api('GET', path);
    expect(fresh.headers.get('x-cache')).toMatch(/^Miss/);
    expect(fresh.body.language.name).toBe('Lingua');
  });
});

describe('search and feeds', () => {
  it('robots.txt keeps crawlers out of the personal and admin areas and names the sitemap', async () => {
    const r = await get('/robots.txt');
    expect(r.status).toBe(200);
    for (const line of ['Disallow: /admin', 'Disallow: /auth', 'Disallow: /profile', 'Disallow: /api/']) expect(r.text).toContain(line);
    expect(r.text).toContain(`Sitemap: ${twin().url}/sitemap.xml`);
  });

  it('the sitemap lists public unlocked pages, gains a new lesson and loses a deleted one', async () => {
    const locs = async () => [...(await get('/sitemap.xml')).text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const url = (p: string) => `${twin().url}${p}`;
    const before = await locs();
    expect(before).toEqual(expect.arrayContaining([url('/'), url('/languages'), url(`/${LANG}`), url(`/${LANG}/a1`), url(`/${LANG}/a1/hello`)]));
    expect(before).not.toContain(url(`/${LANG}/c1`));

    await api('POST', '/api/lessons', { token: admin, body: { id: 'bye', language_id: LANG, level_id: 'a1', title: 'Bye', translated_title: 'Farewells' } });
    expect(await locs()).toContain(url(`/${LANG}/a1/bye`));
    expect((await api('DELETE', `/api/lessons/${LANG}/a1/bye`, { token: admin })).status).toBe(204);
    expect(await locs()).not.toContain(url(`/${LANG}/a1/bye`));
    expect((await get(`/${LANG}/a1/bye`)).status).toBe(404);
  });

  it('the blog feed is RSS 2.0 of published posts', async () => {
    const post = await api('POST', '/api/admin/blog', { token: admin, body: { title: 'Render news', content: 'Fresh from the server.', published: true } });
    expect(post.status).toBe(201);
    const r = await get('/blog/rss.xml');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/xml/);
    expect(r.text).toContain('<rss version="2.0"');
    expect(r.text).toContain(`<link>${twin().url}/blog/render-news</link>`);
    // Other suites list the posts of this shared twin: leave none behind.
    expect((await api('DELETE', `/api/admin/blog/${post.body.id}`, { token: admin })).status).toBe(204);
    expect((await get('/blog/rss.xml')).text).not.toContain('render-news');
  });
});
