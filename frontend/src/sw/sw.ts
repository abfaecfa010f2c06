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
import { runRound } from '../offline/revalidate';
import { ask, checkable, downloadOf, listDownloads, loadRounds, remake, removeUnavailable, saveRounds } from '../offline/store';
import { listenForReminders } from './reminders';
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
listenForReminders(self);

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

/** A revalidation round (offline/revalidate.ts) bound to this worker's Cache Storage and fetch; one at a time. */
let running: Promise<unknown> | undefined;
function round(remadeBefore?: string) {
  running ??= roundNow(remadeBefore).finally(() => (running = undefined));
  return running;
}
async function roundNow(remadeBefore?: string) {
  const origin = self.location.origin;
  const downloads = async () => (await listDownloads()).map(checkable);
  const remakePath = async (path: string) => {
    const item = (await listDownloads()).find((d) => d.path === path);
    return item ? remake(item, origin) : 'removed';
  };
  return runRound({ now: Date.now, load: loadRounds, save: saveRounds, downloads, ask, remake: remakePath, remove: removeUnavailable }, remadeBefore);
}

/**
 * Online, a page answered. A downloaded page that changed since it was stored (its ETag differs) is
 * made anew with its download: the learner is looking at it, and a page view is paced by a person.
 * Then a revalidation round, if one is due (at most every ten minutes, across worker restarts).
 */
async function afterOnlineVisit(request: Request, response: Response, downloaded: boolean) {
  try {
    let remade: string | undefined;
    if (downloaded) {
      const path = new URL(request.url).pathname;
      const item = await downloadOf(path);
      const stored = item?.files.find((f) => new URL(f.url).pathname === path);
      if (item && stored?.etag !== response.headers.get('etag') && (await remake(item, self.location.origin)) === 'updated') remade = item.path;
    }
    await round(remade);
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
  // A page may ask for a round; it runs only when one is due, like one after a visit.
  if ((event.data as { type?: string } | null)?.type === 'refresh-downloads') event.waitUntil(round());
});
