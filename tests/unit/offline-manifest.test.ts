/**
 * The web app manifest (shared/manifest.ts) that the twin's gateway and the CDK
 * deployment serve, and the paths the CDN must send to the site bucket for the install to work.
 * Chromium's own verdict on the served manifest is in tests/e2e/offline.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import { MANIFEST_PATH, shortName, webManifest } from '../../shared/manifest.js';
import { matchesPattern, STATIC_PATTERNS } from '../../infra/cdk/cdn-rules.js';

describe('web app manifest', () => {
  it("installable: the deployment's name, a start URL in scope, standalone, the theme colour, an icon of any size", () => {
    const m = webManifest('Parrot Phrases');
    expect(m).toMatchObject({ name: 'Parrot Phrases', short_name: 'Parrot', start_url: '/', scope: '/', display: 'standalone', theme_color: '#0f7b5f' });
    expect(m.icons).toEqual([{ src: '/parrot-favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }]);
    expect(webManifest('Lingo').short_name).toBe('Lingo');
  });

  it("the settings' favicon and logo come first; an image of a type no browser can use is left out", () => {
    const m = webManifest('Parrot Phrases', { favicon: '/media/site/fav.PNG?v=2', logo: 'https://cdn.example/logo.bin' });
    expect(m.icons.map((i) => [i.src, i.type])).toEqual([
      ['/media/site/fav.PNG?v=2', 'image/png'],
      ['/parrot-favicon.svg', 'image/svg+xml'],
    ]);
  });

  it('a short name fits a home screen', () => {
    expect(shortName('  Parrot Phrases ')).toBe('Parrot');
    expect(shortName('Supercalifragilistic Phrases')).toBe('Supercalifra');
    expect(shortName('Twelve chars')).toBe('Twelve chars');
  });

  it('the worker comes from the site bucket (revalidated); the manifest from the render function, which reads the settings', () => {
    // The worker's scope is the whole site only when it is served from the root, not from /static/.
    expect(STATIC_PATTERNS.some((s) => matchesPattern(s, '/sw.js'))).toBe(true);
    expect(STATIC_PATTERNS.some((s) => matchesPattern(s, MANIFEST_PATH))).toBe(false);
  });
});
