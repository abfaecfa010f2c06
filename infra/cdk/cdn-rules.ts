/**
 * How the CDN splits and caches the site, shared by the CloudFront distribution (constructs/site.ts)
 * and the local gateway (../twin/cdn.ts), so the twin serves what AWS serves.
 *  - STATIC_PATTERNS come from the site bucket (the build's files); every other GET that is not
 *    /api/* or /media/* goes to the render function (pages, sitemap, robots, feed).
 *  - Public reads (pages and PUBLIC_API_PATTERNS) are stored for their `s-maxage` and ended early
 *    by invalidation; browsers are told VIEWER_CACHE_CONTROL instead, so they always revalidate.
 */
export const STATIC_PATTERNS = [
  '/static/*',
  '/embed/*',
  '/favicon.svg',
  '/parrot-favicon.svg',
  '/config.json',
  // Offline lessons (docs/offline.md): the service worker, revalidated on every visit. (The manifest
  // follows the settings: the render function serves it, as robots.txt.)
  '/sw.js',
] as const;

/**
 * Pages whose form posts to the page itself without script (the support form): the render function
 * answers the POST with the page and its outcome; never stored.
 */
export const FORM_PATHS = ['/support'] as const;

/** The public API reads whose answers the CDN may store (everything else under /api/* it never does). */
export const PUBLIC_API_PATTERNS = ['/api/pages/*', '/api/catalogue/*', '/api/search-index/*', '/api/languages*', '/api/blog*', '/api/settings'] as const;

/** What browsers get as Cache-Control on pages and public reads (CloudFront: a response headers policy). */
export const VIEWER_CACHE_CONTROL = 'no-cache';

/** Hashed build files: the same name never changes content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** CloudFront path-pattern semantics: `*` matches any run of characters, `?` exactly one. */
export function matchesPattern(pattern: string, path: string): boolean {
  const re = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${re}$`).test(path);
}

/**
 * Stored media (uploads, generated audio) is served with these headers: an uploaded SVG or HTML
 * file can never run script on the site's origin (CSP sandbox, nothing may load), the browser may
 * not guess another type than the stored one (nosniff), and any site may embed it (the banner).
 */
export const MEDIA_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";
export const MEDIA_HEADERS = {
  'content-security-policy': MEDIA_CSP,
  'x-content-type-options': 'nosniff',
  'access-control-allow-origin': '*',
} as const;
