/**
 * What the public pages' server HTML says, as the server answers it (moved here from the browser
 * tests, which keep what needs a browser): each page's document title; the footer's links, and the
 * social and store links exactly as the settings have them; the logo and favicon from the settings;
 * the not-found texts of impossible course paths; the empty states of a language, a level and a
 * lesson; a short post's sample after its last paragraph; the home page's blog teaser; the languages
 * page right after a rename.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPhrases, adminToken, api, ok, twin } from './helpers.js';

const LANG = 'pages-lingo';
const BLOG_LANG = 'pages-blog-lingo';
const RENAME_LANG = 'pages-rename-lingo';
let admin: string;

async function get(path: string) {
  const res = await fetch(twin().url + path, { redirect: 'manual' });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

/** Text of a piece of server HTML: React's text separators and tags dropped, entities a browser would show decoded. */
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** The first element `<tag ...>` whose opening tag matches `attrs`, up to its matching close (no nesting of the same tag inside). */
function element(html: string, tag: string, attrs = ''): string {
  const open = new RegExp(`<${tag}\\b[^>]*${attrs}[^>]*>`).exec(html);
  expect(open, `<${tag} ${attrs}>`).not.toBeNull();
  const end = html.indexOf(`</${tag}>`, open!.index);
  return html.slice(open!.index, end + tag.length + 3);
}

/** The links in a piece of HTML: their text and attributes. */
const links = (html: string) =>
  [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)].map((m) => ({
    text: textOf(m[2]),
    attrs: Object.fromEntries([...m[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2].replace(/&amp;/g, '&')])),
  }));
const link = (html: string, text: string) => links(html).filter((l) => l.text === text);

/** Saves these settings as the admin, based on the stored version. */
async function putSettings(patch: Record<string, unknown>) {
  const { version } = (await api('GET', '/api/settings')).body as { version: number };
  await ok(api('PUT', '/api/settings', { token: admin, body: { ...patch, version } }));
}

const SET_BY_THIS_FILE = [
  'facebook_link',
  'twitter_link',
  'instagram_link',
  'linkedin_link',
  'pinterest_link',
  'app_store_link',
  'play_store_link',
  'logo',
  'favicon',
];
let original: Record<string, unknown> = {};

beforeAll(async () => {
  admin = await adminToken();
  const stored = (await api('GET', '/api/settings')).body as Record<string, unknown>;
  original = Object.fromEntries(SET_BY_THIS_FILE.filter((k) => k in stored).map((k) => [k, stored[k]]));
});

// Other suites read the settings and count what this shared twin holds: put back what was changed.
afterAll(async () => {
  await putSettings(original);
  for (const id of [LANG, BLOG_LANG, RENAME_LANG]) await api('DELETE', `/api/languages/${id}`, { token: admin });
});

describe('every page', () => {
  it('has the title of its path', async () => {
    for (const [path, title, status] of [
      ['/privacy-policy', 'Privacy policy | Parrot Phrases', 200],
      ['/terms-of-use', 'Terms of use | Parrot Phrases', 200],
      ['/', 'Parrot Phrases', 200],
      ['/download', 'Download | Parrot Phrases', 200],
      ['/blog', 'Blog | Parrot Phrases', 200],
      ['/faq', 'Faq | Parrot Phrases', 200],
      ['/support', 'Support | Parrot Phrases', 200],
      ['/blog/some-post', 'Blog - Some post | Parrot Phrases', 404],
    ] as const) {
      const r = await get(path);
      expect(r.status, path).toBe(status);
      expect(r.html, path).toContain(`<title>${title}</title>`);
    }
  });

  it('has the footer: links for everyone, the contact address and the year; social and store links only when set, each opening in a new tab', async () => {
    const blank = Object.fromEntries(SET_BY_THIS_FILE.filter((k) => k.endsWith('_link')).map((k) => [k, '']));
    await putSettings(blank);
    let footer = element((await get('/')).html, 'footer');
    const quick = element(footer, 'nav', 'aria-label="Quick Links"');
    for (const [text, href] of [
      ['Home', '/'],
      ['Blog', '/blog'],
      ['Languages', '/languages'],
      ['FAQ', '/faq'],
      ['Support', '/support'],
      ['Admin', '/admin'],
    ])
      expect(link(quick, text).map((l) => l.attrs.href)).toEqual([href]);
    expect(link(footer, 'Privacy Policy').map((l) => l.attrs.href)).toEqual(['/privacy-policy']);
    expect(link(footer, 'Terms of Use').map((l) => l.attrs.href)).toEqual(['/terms-of-use']);
    expect(link(footer, 'info@parrotphrases.example').map((l) => l.attrs.href)).toEqual(['mailto:info@parrotphrases.example']);
    expect(textOf(footer)).toContain(`© ${new Date().getFullYear()} Parrot Phrases. All rights reserved.`);
    expect(footer).not.toContain('aria-label="Follow us"');
    expect(link(footer, 'App Store')).toEqual([]);
    expect(link(footer, 'Play Store')).toEqual([]);

    await putSettings({
      facebook_link: 'https://facebook.com/parrot',
      instagram_link: 'https://instagram.com/parrot',
      play_store_link: 'https://play.google.com/store/apps/details?id=parrot',
    });
    footer = element((await get('/faq')).html, 'footer');
    const social = element(footer, 'ul', 'aria-label="Follow us"');
    expect(links(social).map((l) => l.text)).toEqual(['Facebook', 'Instagram']);
    expect(link(social, 'Facebook')[0].attrs).toMatchObject({ href: 'https://facebook.com/parrot', target: '_blank' });
    expect(link(social, 'Instagram')[0].attrs).toMatchObject({ href: 'https://instagram.com/parrot', target: '_blank' });
    const play = link(footer, 'Play Store');
    expect(play).toHaveLength(1);
    expect(play[0].attrs.href).toBe('https://play.google.com/store/apps/details?id=parrot');
    expect(play[0].attrs.rel).toMatch(/noopener/);
    expect(link(footer, 'App Store')).toEqual([]);
  });

  it('has the logo and favicon of the settings; without a logo, the built-in icon (a broken favicon is swapped for the parrot by the page: e2e)', async () => {
    await putSettings({ logo: '/parrot-favicon.svg?logo', favicon: '/favicon.svg?custom' });
    let html = (await get('/')).html;
    const logo = (h: string) => /<img\b[^>]*\bsrc="([^"]*)"/.exec(element(h, 'header'))?.[1];
    const icon = (h: string) => /<link\b[^>]*\brel="icon"[^>]*>/.exec(h)?.[0] ?? '';
    expect(logo(html)).toBe('/parrot-favicon.svg?logo');
    expect(icon(html)).toMatch(/\bhref="[^"]*\/favicon\.svg\?custom"/);

    await putSettings({ logo: '', favicon: '/media/assets/no-such-icon.png' });
    html = (await get('/faq')).html;
    expect(logo(html)).toBe('/favicon.svg');
    expect(icon(html)).toContain('href="/media/assets/no-such-icon.png"');
    expect(icon(html)).toContain('data-fallback="/parrot-favicon.svg"');
  });
});

describe('course pages', () => {
  it('a new language, level and lesson show their empty states; impossible paths their not-found texts', async () => {
    await ok(api('POST', '/api/languages', { token: admin, body: { id: LANG, name: 'Emptiness', flag_url: '/media/assets/flags/french.svg' } }));
    const page = async (path: string, status: number) => {
      const r = await get(path);
      expect(r.status, path).toBe(status);
      return textOf(r.html);
    };
    expect(await page(`/${LANG}`, 200)).toContain('No levels available for this language yet. Check back soon!');
    await ok(api('POST', '/api/levels', { token: admin, body: { id: 'a1', language_id: LANG, title: 'Void', cefr_label: 'A1', icon_url: '' } }));
    expect(await page(`/${LANG}/a1`, 200)).toContain('No lessons available for this level yet. Check back soon!');
    await ok(
      api('POST', '/api/lessons', { token: admin, body: { id: 'none', language_id: LANG, level_id: 'a1', title: 'Nothing', translated_title: 'Nothing yet' } }),
    );
    expect(await page(`/${LANG}/a1/none`, 200)).toContain('No phrases available for this lesson yet. Check back soon!');

    await ok(api('POST', '/api/levels', { token: admin, body: { id: 'b1', language_id: LANG, title: 'Later', cefr_label: 'B1', icon_url: '' } }));
    // A known level under an unknown language, and a lesson asked for under a level it is not in.
    expect(await page('/no-such-language/a1', 404)).toContain("The language or level you're looking for doesn't exist.");
    expect(await page(`/${LANG}/b1/none`, 404)).toContain("The lesson you're looking for doesn't exist.");
  });

  it("a language's card on /languages is a link named by the language, and a rename is on the next load (the write invalidated the page)", async () => {
    await ok(api('POST', '/api/languages', { token: admin, body: { id: RENAME_LANG, name: 'Before', flag_url: '/media/assets/flags/french.svg' } }));
    const cards = async () => {
      const r = await get('/languages');
      return {
        cache: r.headers.get('x-cache'),
        names: links(r.html)
          .filter((l) => l.attrs.href === `/${RENAME_LANG}`)
          .map((l) => l.text),
      };
    };
    expect((await cards()).names).toEqual(['Before']);
    expect((await cards()).cache).toMatch(/^Hit/);
    const { version } = (await api('GET', `/api/languages/${RENAME_LANG}`)).body as { version: number };
    await ok(api('PUT', `/api/languages/${RENAME_LANG}`, { token: admin, body: { name: 'After', flag_url: '/media/assets/flags/french.svg', version } }));
    const after = await cards();
    expect(after.cache).toMatch(/^Miss/);
    expect(after.names).toEqual(['After']);
  });
});

describe('blog post', () => {
  it('a post shorter than three paragraphs has its sample (with its own title) after its last paragraph', async () => {
    const lesson = { language_id: BLOG_LANG, level_id: 'a1', lesson_id: 'hello' };
    await ok(api('POST', '/api/languages', { token: admin, body: { id: BLOG_LANG, name: 'Blog lingo', flag_url: '/media/assets/flags/french.svg' } }));
    await ok(api('POST', '/api/levels', { token: admin, body: { id: 'a1', language_id: BLOG_LANG, title: 'Start', cefr_label: 'A1', icon_url: '' } }));
    await ok(
      api('POST', '/api/lessons', { token: admin, body: { id: 'hello', language_id: BLOG_LANG, level_id: 'a1', title: 'Hello', translated_title: 'Hi' } }),
    );
    await addPhrases(admin, lesson, '/media/content/audio/pages_1.mp3', [['Salut', 'Hi there']]);
    const post = await ok(
      api('POST', '/api/admin/blog', {
        token: admin,
        body: {
          title: 'Short pages post',
          content: 'Only line one.\nOnly line two.',
          published: true,
          lesson_path: `${BLOG_LANG}/a1/hello`,
          sample_title: 'Try these greetings',
        },
      }),
    );
    try {
      const article = element((await get(`/blog/${post.body.slug}`)).html, 'article');
      const sample = article.search(/<section\b[^>]*data-testid="sample-phrases"/);
      expect(sample).toBeGreaterThan(article.indexOf('Only line two.'));
      expect(textOf(article.slice(sample))).toMatch(/^Try these greetings\b.* Salut Hi there\b/);
      // The sample is the article's last element: its section closes the article.
      expect(article.slice(sample).match(/<section\b/g)).toHaveLength(1);
      expect(article.endsWith('</section></article>')).toBe(true);
    } finally {
      await ok(api('DELETE', `/api/admin/blog/${post.body.id}`, { token: admin }));
    }
  });
});

describe('home page', () => {
  it("the blog teaser: the 3 newest posts, each with its excerpt or the content's first 120 characters + '...', and a link to them all", async () => {
    const ids: string[] = [];
    try {
      // Made now, so the newest three (newest first).
      for (const [i, patch] of [{ excerpt: 'Excerpt 1' }, { excerpt: '', content: 'L'.repeat(130) }, { excerpt: 'Excerpt 3' }].entries()) {
        const post = await ok(
          api('POST', '/api/admin/blog', {
            token: admin,
            body: { title: `Teaser ${i + 1}`, content: `Content of teaser ${i + 1}.`, published: true, ...patch },
          }),
        );
        ids.push(post.body.id);
      }
      const teaser = element((await get('/')).html, 'section', 'aria-labelledby="blog-title"');
      expect(textOf(teaser)).toMatch(/^Latest from Our Blog View All Blog Posts /);
      expect(link(teaser, 'View All Blog Posts').map((l) => l.attrs.href)).toEqual(['/blog']);
      expect(teaser.match(/data-testid="blog-card"/g)).toHaveLength(3);
      expect([...teaser.matchAll(/<h3\b[^>]*>([\s\S]*?)<\/h3>/g)].map((m) => textOf(m[1]))).toEqual(['Teaser 3', 'Teaser 2', 'Teaser 1']);
      const text = textOf(teaser);
      expect(text).toContain(`${'L'.repeat(120)}...`);
      expect(text).not.toContain('L'.repeat(121));
      expect(text).toContain('Excerpt 3');
      expect(text).toContain('Excerpt 1');
      expect(text).toContain('By Admin');
    } finally {
      for (const id of ids) await ok(api('DELETE', `/api/admin/blog/${id}`, { token: admin }));
    }
  });
});
