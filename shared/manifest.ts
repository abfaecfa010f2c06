/**
 * The web app manifest (issue 22: the site can be installed), served by the render function like
 * robots.txt (functions/services/seo.ts), so it follows the settings: the deployment's product name, the
 * settings' favicon and logo as icons, then the site's own parrot (SVG: any size, which Chromium
 * accepts for install). A settings save invalidates it with every page. Tested in
 * tests/unit/offline-manifest.test.ts.
 */

export const MANIFEST_PATH = '/manifest.webmanifest';
export const MANIFEST_TYPE = 'application/manifest+json';
/** The site's colours: the header's brand green (index.html's theme-color) and the page background. */
export const THEME_COLOR = '#0f7b5f';
export const BACKGROUND_COLOR = '#ffffff';

export interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

/** A home-screen label: the name when it is short (12 characters show in full on phones), else its first word. */
export function shortName(name: string): string {
  const trimmed = name.trim();
  return trimmed.length <= 12 ? trimmed : (trimmed.split(/\s+/)[0] ?? trimmed).slice(0, 12);
}

/** An icon's type from its address (an upload keeps its extension); Chromium skips an icon whose type it cannot use. */
const ICON_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  ico: 'image/x-icon',
};
function iconOf(src: string) {
  const type = ICON_TYPES[/\.(\w+)(?:[?#].*)?$/.exec(src)?.[1]?.toLowerCase() ?? ''];
  // A raster image of unknown size: 'any' lets the browser measure it.
  return type ? { src, sizes: 'any', type, purpose: 'any' } : undefined;
}

export function webManifest(productName: string, images: { favicon?: string; logo?: string } = {}): WebManifest {
  const own = [images.favicon, images.logo].filter((src): src is string => !!src).map(iconOf);
  return {
    id: '/',
    name: productName,
    short_name: shortName(productName),
    description: 'Everyday phrases with audio, one short lesson at a time; download lessons to learn with no connection.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [...own.filter((i) => i !== undefined), { src: '/parrot-favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  };
}
