/** The offline feature's two public paths, apart from rules.ts so the page's loader takes these bytes only. */
/** The page listing the downloads; also what a page that is not downloaded shows offline. */
export const OFFLINE_PATH = '/offline';
/** The service worker's URL (scope `/`). */
export const SW_PATH = '/sw.js';
