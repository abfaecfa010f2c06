/**
 * The site's service worker (`/sw.js`, built by `vite build --mode sw` into one classic script
 * after the other builds). Workbox does the routing, the precache of this build's island files
 * and offline page, cache-first for hashed files, and the Range answers of stored audio. The
 * decision of what happens to a request is one pure function (offline/rules.ts); the downloads
 * themselves are offline/store.ts. A new build's worker takes over at once (skipWaiting +
 * clientsClaim): public pages are never hydrated and hashed files of past builds stay on the CDN,
 * so an open tab keeps working with whichever worker answers it. See docs/offline.md.
 */
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { cleanupOutdatedCaches, matchPrecache, precache } from 'workbox-precaching';
import { createPartialResponse } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';
import { CACHE, NETWORK_TIMEOUT_MS, OFFLINE_PATH, routeFor, type SwRoute } from '../offline/rules';
import { downloadOf, listDownloads, refresh, refreshAll } from '../offline/store';
declare const self: ServiceWorkerGlobalScope;
/** This build's island files and offline page, injected by the build (vite.config.ts). */
declare const __PRECACHE__: { url: string; revision: string | null }[];

setCacheNameDetails({ prefix: CACHE.prefix });
// Navigation preload: the browser sends a page's request at once, not after the worker has started.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.registration.navigationPreload.enable());
});
void self.skipWaiting();
clientsClaim();
precache(__PRECACHE__);
cleanupOutdatedCaches();

const decide =
  (kind: SwRoute) =>
  ({ request, url }: { request: Request; url: URL }) =>
    routeFor({ method: request.method, url, origin: self.location.origin, mode: request.mode, referrer: request.referrer }) === kind;

/** A stored copy: this build's precache, then the downloads (pages are matched without their query). */
async function stored(request: Request): Promise<Response | undefined> {
  const precached = await matchPrecache(request.url);
  if (precached) return precached;
  const downloads = await caches.open(CACHE.offline);
  return downloads.match(request.url, { ignoreVary: true, ignoreSearch: request.mode === 'navigate' });
}

const offlinePage = async () => (await matchPrecache(OFFLINE_PATH)) ?? (await caches.open(CACHE.offline).then((c) => c.match(OFFLINE_PATH)));

function timeout(ms: number) {
  return new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms));
}

/** The network's answer: for a page, the one the browser already asked for (navigation preload), else a fetch. */
async function fromNetwork(request: Request, event: ExtendableEvent): Promise<Response> {
  const preloaded: unknown = request.mode === 'navigate' && event instanceof FetchEvent ? await event.preloadResponse : undefined;
  return preloaded instanceof Response ? preloaded : fetch(request);
}

/**
 * Pages and reads: the network. A downloaded copy answers only when the network fails, or takes
 * longer than NETWORK_TIMEOUT_MS; a page with no copy waits for the network, and offline gets the
 * offline page (which lists the downloads) instead of the browser's error page.
 */
async function networkFirst({ request, event }: { request: Request; event: ExtendableEvent }): Promise<Response> {
  const copy = await stored(request);
  // A page's request was already sent by the browser while the worker started (navigation preload),
  // through its HTTP cache: revalidated with If-None-Match as without a worker.
  const network = fromNetwork(request, event);
  network.catch(() => undefined); // answered by the copy after a timeout: a late failure is no one's
  try {
    const response = await (copy ? Promise.race([network, timeout(NETWORK_TIMEOUT_MS)]) : network);
    if (request.mode === 'navigate' && response.ok) event.waitUntil(afterOnlineVisit(request, response.clone(), !!copy));
    return response;
  } catch (e) {
    if (copy) return copy;
    if (request.mode === 'navigate') {
      const page = await offlinePage();
      if (page) return page;
    }
    throw e;
  }
}

/** Back office, sign-in, profile: the network only, never stored; offline, the offline page. */
const privateOnly = new NetworkOnly();
async function privatePage(options: { request: Request; event: ExtendableEvent }): Promise<Response> {
  try {
    return await privateOnly.handle(options);
  } catch (e) {
    const page = await offlinePage();
    if (page) return page;
    throw e;
  }
}

/** Audio and images: the downloaded file (sliced for a Range request, so seeking works offline), else the network. */
async function media({ request }: { request: Request }): Promise<Response> {
  const copy = await caches.open(CACHE.offline).then((c) => c.match(request.url, { ignoreVary: true }));
  if (!copy) return fetch(request);
  return request.headers.has('range') ? createPartialResponse(request, copy) : copy;
}

/** Hashed files: this build's precache, then cache first (a downloaded page of an older build keeps its scripts). */
const hashed = new CacheFirst({
  cacheName: CACHE.static,
  plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 60 * 86_400 })],
});
async function staticFile(options: { request: Request; event: ExtendableEvent }): Promise<Response> {
  return (await stored(options.request)) ?? hashed.handle(options);
}

let lastFullCheck = 0;
const FULL_CHECK_EVERY_MS = 10 * 60_000;

/**
 * Online, a page answered: the download holding it is refreshed if the page changed since it was
 * stored, and every download is revalidated at most every ten minutes (a 304 each when unchanged).
 */
async function afterOnlineVisit(request: Request, response: Response, downloaded: boolean) {
  const origin = self.location.origin;
  try {
    if (downloaded) {
      const path = new URL(request.url).pathname;
      const item = await downloadOf(path);
      const stored = item?.files.find((f) => new URL(f.url).pathname === path);
      if (item && stored?.etag !== response.headers.get('etag')) await refresh(item, origin);
    }
    if (Date.now() - lastFullCheck > FULL_CHECK_EVERY_MS && (await listDownloads()).length) {
      lastFullCheck = Date.now();
      await refreshAll(origin);
    }
  } catch (e) {
    console.warn('Offline downloads could not be refreshed', e);
  }
}

registerRoute(decide('static'), staticFile);
registerRoute(decide('media'), media);
registerRoute(decide('private'), privatePage);
registerRoute(decide('network'), networkFirst);
// Anything else ('none') matches no route: the worker does not answer it, the browser goes to the network.

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'refresh-downloads') {
    lastFullCheck = Date.now();
    event.waitUntil(refreshAll(self.location.origin));
  }
});
