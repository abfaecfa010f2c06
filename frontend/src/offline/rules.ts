/**
 * What the service worker (sw/sw.ts) does with a request, as one pure decision, shared by the
 * worker and its unit tests (tests/unit/frontend/offline-rules.test.ts). No browser API here.
 *
 *  - `none`: not handled at all (the browser goes to the network as if there were no worker):
 *    writes, other origins, the API's personal and admin routes, the back office's own files,
 *    the worker itself, Cognito, uploads, previews.
 *  - `private`: a page of the back office, /auth or /profile: the network only, never stored;
 *    with no network, the offline page (never a copy of the page).
 *  - `static`: a hashed build file of a public page: cache first (its name changes with its content).
 *  - `media`: audio and images: the downloaded copy (answering Range requests), else the network,
 *    never stored on the way.
 *  - `network`: pages, public API reads, icons and the manifest: the network first; a downloaded
 *    copy only when offline or after a timeout; a page with neither gets the offline page.
 */
export type SwRoute = 'none' | 'private' | 'static' | 'media' | 'network';

/** Cache Storage names: the downloads outlive every deploy; the rest belong to one worker's build. */
export const CACHE = {
  /** Downloaded pages, data, images and audio (offline/store.ts). */
  offline: 'pp-offline',
  /** One entry per download: what it holds (offline/store.ts). */
  index: 'pp-offline-index',
  /** Hashed build files a public page loaded (cache first). */
  static: 'pp-static',
  /** Workbox's precache prefix: the islands' files and the offline page of this build. */
  prefix: 'pp',
} as const;

export { OFFLINE_PATH, SW_PATH } from './paths.ts';
/** How long a page or read may take before its downloaded copy is shown instead. */
export const NETWORK_TIMEOUT_MS = 4000;

/** The back office, sign-in and profile: personal, rendered in the browser, never stored by the worker. */
export function isPrivatePath(path: string): boolean {
  return /^\/(admin|auth|profile)(\/|$)/.test(path) || path.startsWith('/api/me/') || path === '/api/me';
}

/** Paths the worker leaves alone whatever the method. */
const UNTOUCHED = /^\/(cognito|s3|preview|2020-05-31)(\/|$)|^\/sw\.js$|^\/config\.json$/;

export interface RequestFacts {
  method: string;
  url: URL;
  /** The worker's origin. */
  origin: string;
  /** Request.mode: `navigate` for a page the browser opens. */
  mode: string;
  /** The page that made the request (Request.referrer), '' if none. */
  referrer: string;
}

export function routeFor({ method, url, origin, mode, referrer }: RequestFacts): SwRoute {
  if (method !== 'GET' || url.origin !== origin) return 'none';
  const path = url.pathname;
  if (UNTOUCHED.test(path)) return 'none';
  if (isPrivatePath(path)) return mode === 'navigate' ? 'private' : 'none';
  if (path.startsWith('/api/')) return 'network';
  // A file the back office loads (its chunks, its images) is its own business.
  let from = '';
  try {
    from = referrer ? new URL(referrer).pathname : '';
  } catch {
    /* no readable referrer */
  }
  if (mode !== 'navigate' && isPrivatePath(from)) return 'none';
  if (path.startsWith('/static/')) return 'static';
  if (path.startsWith('/media/')) return 'media';
  return 'network';
}
