/**
 * The <head> of a server-rendered page (ssr/head.ts): title, description, canonical URL, social
 * cards and JSON-LD, built from the API answers the page renders from. What goes into attributes
 * and scripts is course and blog text, so it is escaped; images are absolute; a page that is not
 * found is not indexed.
 */
import { describe, expect, it } from 'vitest';
import type { ApiAnswer, PublicConfig } from '@shared/render';
import { pages } from '@shared/urls';
import { FALLBACK_FAVICON } from '@shared/settings-defaults';
import { MANIFEST_PATH } from '@shared/manifest';
import { keys } from '../../../frontend/src/api/keys';
import { favicon, headFor, type HeadInput } from '../../../frontend/src/ssr/head';

const ORIGIN = 'https://parrot.test';
const config: PublicConfig = {
  productName: 'Parrot Phrases',
  apiBase: '/api',
  region: 'us-east-1',
  userPoolId: '',
  userPoolClientId: '',
  mediaBaseUrl: '/media',
  vapidPublicKey: '',
};

const ok = (body: unknown): ApiAnswer => ({ status: 200, body });
function head(pathname: string, route: string, answers: Record<string, ApiAnswer> = {}, params: HeadInput['params'] = {}, status = 200) {
  return headFor({ pathname, route, params, status, origin: ORIGIN, config, answers });
}

/** The decoded value of an attribute-carrying tag's `content`/`href` (the HTML parser's view of it). */
const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
function meta(html: string, attr: 'name' | 'property', key: string): string | undefined {
  const m = new RegExp(`<meta ${attr}="${key}" content="([^"]*)">`).exec(html);
  return m ? unescape(m[1]) : undefined;
}
const description = (html: string) => meta(html, 'name', 'description');
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, any>);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const spanish = { id: 'spanish', name: 'Spanish', flag_url: 'https://cdn.test/flags/es.svg' };
const beginner = { id: 'a1', title: 'Beginner', cefr_label: 'A1', icon_url: '/media/icons/a1.png' };
const phrase = (id: string, original_text: string) => ({ id, original_text });
const lessonPage = (lesson: Record<string, unknown>, texts: string[]) => ({
  language: spanish,
  level: beginner,
  lesson: { id: 'greetings', title: 'Saludos', translated_title: 'Greetings', icon_url: '', ...lesson },
  groups: [
    { audio_url: '/a.mp3', phrases: texts.slice(0, 2).map((t, i) => phrase(`p${i}`, t)) },
    { audio_url: '/b.mp3', phrases: texts.slice(2).map((t, i) => phrase(`q${i}`, t)) },
  ],
});
const LESSON_ROUTE = '/:language/:level/:lesson';
const lessonParams = { language: 'spanish', level: 'a1', lesson: 'greetings' };
const lessonKey = keys.lessonPage('spanish', 'a1', 'greetings');

describe('the page head', () => {
  it("titles the home page with the product's name and lists the languages", () => {
    const html = head('/', '/', { [keys.languages]: ok([{ name: 'Spanish' }, { name: 'French' }]) });
    expect(title(html)).toBe('Parrot Phrases');
    expect(description(html)).toBe('Learn practical everyday phrases with audio, one lesson at a time, in Spanish, French.');
    expect(canonical(html)).toBe(`${ORIGIN}/`);
    expect(meta(html, 'property', 'og:url')).toBe(`${ORIGIN}/`);
    expect(meta(html, 'property', 'og:type')).toBe('website');
    expect(html).toContain(`<link rel="manifest" href="${MANIFEST_PATH}">`);
  });

  it('describes a lesson by its translated title and first three phrases, with its icon made absolute', () => {
    const html = head(
      '/spanish/a1/greetings',
      LESSON_ROUTE,
      { [lessonKey]: ok(lessonPage({ icon_url: '/media/icons/hi.png' }, ['Hola', 'Adiós', 'Gracias', 'Por favor'])) },
      lessonParams,
    );
    expect(title(html)).toBe('Spanish - A1 - Greetings | Parrot Phrases');
    expect(description(html)).toBe('Greetings: everyday Spanish phrases with audio (Beginner, A1), such as Hola, Adiós, Gracias.');
    expect(meta(html, 'property', 'og:image')).toBe(`${ORIGIN}/media/icons/hi.png`);
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
  });

  it("falls back to the level's icon, then to the settings' hero image, and has a small card without any", () => {
    const noIcon = { [lessonKey]: ok(lessonPage({}, ['Hola'])) };
    expect(meta(head('/spanish/a1/greetings', LESSON_ROUTE, noIcon, lessonParams), 'property', 'og:image')).toBe(`${ORIGIN}/media/icons/a1.png`);
    const hero = { [keys.settings]: ok({ hero_image: 'https://cdn.test/hero.jpg' }) };
    expect(meta(head('/faq', '/faq', hero), 'property', 'og:image')).toBe('https://cdn.test/hero.jpg');
    const bare = head('/faq', '/faq');
    expect(meta(bare, 'property', 'og:image')).toBeUndefined();
    expect(meta(bare, 'name', 'twitter:card')).toBe('summary');
  });

  it('gives course pages breadcrumbs with absolute URLs, and a lesson its LearningResource', () => {
    const html = head('/spanish/a1/greetings', LESSON_ROUTE, { [lessonKey]: ok(lessonPage({}, ['Hola'])) }, lessonParams);
    const [crumbs, resource] = jsonLd(html);
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Spanish', item: `${ORIGIN}/spanish` },
      { '@type': 'ListItem', position: 2, name: 'Beginner', item: `${ORIGIN}/spanish/a1` },
      { '@type': 'ListItem', position: 3, name: 'Greetings', item: `${ORIGIN}/spanish/a1/greetings` },
    ]);
    // inLanguage is a BCP 47 tag, not the course's slug.
    expect(resource).toMatchObject({
      '@type': 'LearningResource',
      name: 'Greetings',
      url: `${ORIGIN}/spanish/a1/greetings`,
      educationalLevel: 'A1',
      inLanguage: 'es',
    });
    expect(resource.provider).toEqual({ '@type': 'Organization', name: 'Parrot Phrases', url: ORIGIN });

    const language = head('/spanish', '/:language', { [keys.languagePage('spanish')]: ok({ language: spanish, levels: [beginner] }) }, { language: 'spanish' });
    expect(description(language)).toBe('Learn Spanish with everyday phrases and audio: Beginner (A1).');
    expect(meta(language, 'property', 'og:image')).toBe(spanish.flag_url);
    expect(jsonLd(language)[0].itemListElement).toEqual([{ '@type': 'ListItem', position: 1, name: 'Spanish', item: `${ORIGIN}/spanish` }]);
  });

  it('makes a blog post an article, with its excerpt and its image made absolute', () => {
    const post = {
      slug: 'first-steps',
      title: 'First steps',
      excerpt: 'Where to begin.',
      content: 'Long text',
      featured_image: '/media/blog/cover.jpg',
      created_at: '2026-01-02T10:00:00.000Z',
      updated_at: '2026-01-03T10:00:00.000Z',
    };
    const html = head('/blog/first-steps', '/blog/:slug', { [keys.post('first-steps')]: ok({ post }) }, { slug: 'first-steps' });
    expect(meta(html, 'property', 'og:type')).toBe('article');
    expect(description(html)).toBe('Where to begin.');
    const [posting] = jsonLd(html);
    expect(posting).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'First steps',
      datePublished: post.created_at,
      dateModified: post.updated_at,
      image: `${ORIGIN}/media/blog/cover.jpg`,
      mainEntityOfPage: `${ORIGIN}/blog/first-steps`,
    });
  });

  it('escapes text in attributes and in the title, so course text cannot close a tag', () => {
    const html = head(
      '/spanish/a1/greetings',
      LESSON_ROUTE,
      { [lessonKey]: ok(lessonPage({ translated_title: 'Say "hi" <b>&</b>' }, ['"><script>alert(1)</script>'])) },
      lessonParams,
    );
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>');
    expect(description(html)).toBe('Say "hi" <b>&</b>: everyday Spanish phrases with audio (Beginner, A1), such as "><script>alert(1)</script>.');
    expect(title(head('/blog/a-%3Cb%3E-%26-%22q%22', '/blog/:slug'))).toBe('Blog - A &lt;b&gt; &amp; &quot;q&quot; | Parrot Phrases');
  });

  it('keeps JSON-LD inside its script: no "<" in it, and the same text once parsed', () => {
    const html = head(
      '/spanish/a1/greetings',
      LESSON_ROUTE,
      { [lessonKey]: ok(lessonPage({ translated_title: '</script><script>x()</script>' }, ['Hola'])) },
      lessonParams,
    );
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => m[1]);
    expect(scripts).toHaveLength(2);
    for (const s of scripts) expect(s).not.toContain('<');
    expect(jsonLd(html)[1].name).toBe('</script><script>x()</script>');
  });

  it('decodes the path for the title and keeps it encoded in the canonical URL', () => {
    const html = head('/blog/caf%C3%A9-con-leche', '/blog/:slug', {}, { slug: 'café-con-leche' });
    expect(title(html)).toBe('Blog - Café con leche | Parrot Phrases');
    expect(canonical(html)).toBe(`${ORIGIN}/blog/caf%C3%A9-con-leche`);
  });

  it('names a page by its params in the one encoding, whatever spelling the request used', () => {
    for (const pathname of ['/blog/café-con-leche', '/blog/caf%c3%a9-con-leche'])
      expect(canonical(head(pathname, '/blog/:slug', {}, { slug: 'café-con-leche' })), pathname).toBe(`${ORIGIN}${pages.post('café-con-leche')}`);
    expect(canonical(head('/es/a%201', '/:language/:level', {}, { language: 'es', level: 'a 1' }))).toBe(`${ORIGIN}/es/a%201`);
  });

  it('cuts a long description to 160 characters, ending in an ellipsis', () => {
    const about = `${'word '.repeat(40)}end`;
    const d = description(head('/profile', '/profile', { [keys.settings]: ok({ about_content: about }) })) ?? '';
    expect(d.length).toBeLessThanOrEqual(160);
    expect(d.endsWith('word…')).toBe(true);
    const short = 'Just under the limit.';
    expect(description(head('/profile', '/profile', { [keys.settings]: ok({ about_content: short }) }))).toBe(short);
  });

  it('never cuts a character in half (an emoji is two UTF-16 units)', () => {
    const about = `${'a'.repeat(158)}😀${'b'.repeat(10)}`;
    const d = description(head('/profile', '/profile', { [keys.settings]: ok({ about_content: about }) })) ?? '';
    expect(d).not.toMatch(LONE_SURROGATE);
    expect(d.endsWith('…')).toBe(true);
    expect(Array.from(d).length).toBeLessThanOrEqual(160);
  });

  it("uses a static page's own description, and the default one for a page whose answer failed", () => {
    expect(description(head('/faq', '/faq'))).toBe('Answers to common questions about lessons, accounts, premium and technical issues.');
    const failed = { [lessonKey]: { status: 500, body: { message: 'boom' } } };
    expect(description(head('/spanish/a1/greetings', LESSON_ROUTE, failed, lessonParams))).toBe(
      'Learn practical everyday phrases with audio, one lesson at a time.',
    );
  });

  it('keeps a page that is not found out of the index', () => {
    const html = head('/nowhere', '*', {}, {}, 404);
    expect(description(html)).toBe('Page not found.');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(canonical(html)).toBeUndefined();
  });
});

describe('the favicon', () => {
  it("is the settings' icon, escaped, falling back to the parrot; else the built-in one", () => {
    expect(favicon('/media/icon.png?v="2"')).toBe(`<link rel="icon" href="/media/icon.png?v=&quot;2&quot;" data-fallback="${FALLBACK_FAVICON}">`);
    expect(favicon()).toBe('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    expect(favicon('')).toBe('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
  });
});
