/**
 * What the service worker does with each request (frontend/src/offline/rules.ts), the rule behind
 * issue 22's caching: hashed files cache first, pages and reads network first with the downloads
 * only as a fallback, audio and images from the downloads, and the back office, sign-in, profile
 * and the personal API never stored. The browser journeys are tests/e2e/offline.spec.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPrivatePath, routeFor, type RequestFacts } from '../../../frontend/src/offline/rules';

const ORIGIN = 'https://phrases.example';
const facts = (path: string, rest: Partial<Omit<RequestFacts, 'url'>> & { url?: string } = {}): RequestFacts => ({
  method: 'GET',
  origin: ORIGIN,
  mode: 'cors',
  referrer: `${ORIGIN}/spanish/beginner/greetings`,
  ...rest,
  url: new URL(rest.url ?? path, ORIGIN),
});
const page = (path: string) => routeFor(facts(path, { mode: 'navigate', referrer: '' }));

describe('routeFor', () => {
  it('pages, public reads, icons and the manifest: network first (a download only as the fallback)', () => {
    for (const p of ['/', '/spanish/beginner/greetings', '/spanish/beginner/greetings/practice', '/offline', '/blog/some-post', '/administrators-guide'])
      expect(page(p), p).toBe('network');
    for (const p of ['/api/pages/lesson/spanish/beginner/greetings', '/api/catalogue/spanish', '/favicon.svg', '/manifest.webmanifest'])
      expect(routeFor(facts(p)), p).toBe('network');
  });

  it('hashed files of a public page: cache first; media: the downloaded copy, else the network', () => {
    expect(routeFor(facts('/static/i-loader-abc123.js', { mode: 'cors' }))).toBe('static');
    expect(routeFor(facts('/media/content/audio/1_tts_es.mp3', { mode: 'no-cors' }))).toBe('media');
    expect(routeFor(facts('/media/assets/flags/spanish.svg', { mode: 'no-cors' }))).toBe('media');
  });

  it('the back office, sign-in and profile: the network only when opened, untouched otherwise', () => {
    for (const p of ['/admin', '/admin/course/lessons', '/auth', '/profile']) expect(page(p), p).toBe('private');
    for (const p of ['/api/me/profile', '/api/me/reviews', '/admin/x.png']) expect(routeFor(facts(p)), p).toBe('none');
    // The back office's own files (requested from its pages) are its own business.
    expect(routeFor(facts('/static/index-abc.js', { referrer: `${ORIGIN}/admin/course` }))).toBe('none');
    expect(routeFor(facts('/media/content/icons/a.png', { referrer: `${ORIGIN}/profile` }))).toBe('none');
  });

  it('writes, other sites, the worker, the config, Cognito, uploads and previews: untouched', () => {
    expect(routeFor(facts('/support', { method: 'POST', mode: 'navigate' }))).toBe('none');
    expect(routeFor(facts('/api/analytics', { method: 'POST' }))).toBe('none');
    expect(routeFor(facts('', { url: 'https://cdn.other.example/x.js' }))).toBe('none');
    for (const p of ['/sw.js', '/config.json', '/cognito', '/s3/bucket', '/preview/secret']) expect(routeFor(facts(p)), p).toBe('none');
  });

  it('no request to a personal path is ever given to a route that stores or answers from a store', () => {
    // '.' and '..' are not segments a request keeps: URLs resolve them ('/admin/..' is '/').
    const segment = fc.stringMatching(/^[a-z0-9._-]{0,12}$/).filter((s) => s !== '.' && s !== '..');
    const personal = fc
      .tuple(fc.constantFrom('/admin', '/auth', '/profile', '/api/me'), fc.array(segment, { maxLength: 3 }))
      .map(([root, rest]) => [root, ...rest].join('/'));
    fc.assert(
      fc.property(
        personal,
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
        fc.constantFrom('navigate', 'cors', 'no-cors', 'same-origin'),
        fc.constantFrom('', `${ORIGIN}/`, `${ORIGIN}/admin`, `${ORIGIN}/spanish`),
        (path, method, mode, referrer) => {
          expect(isPrivatePath(path)).toBe(true);
          expect(['none', 'private']).toContain(routeFor(facts(path, { method, mode, referrer })));
        },
      ),
    );
  });
});
