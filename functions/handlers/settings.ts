/**
 * /api/settings: the public read (also fetched by the embed banner from third-party pages, hence
 * CORS on this GET only) and the admin partial update.
 */
import { readSettings, updateSettings } from '../data/settings.js';
import { json, parse, router } from '../lib/http.js';
import { FALLBACK_FAVICON } from '../shared/settings.js';
import { settingsUpdateSchema } from '../shared/site-schemas.js';

// Browsers always revalidate (an admin sees their save at once); the CDN may serve a copy up to 10 s old.
const PUBLIC = { 'cache-control': 'public, max-age=0, s-maxage=10, stale-while-revalidate=30', 'access-control-allow-origin': '*' };

export const handler = router({
  'GET /api/settings': async () => {
    try {
      return json(200, await readSettings(), PUBLIC);
    } catch (e) {
      // Spec: on failure the settings read answers only the fallback favicon. Not cached.
      console.error(JSON.stringify({ level: 'ERROR', msg: 'settings read failed', error: String(e) }));
      return json(200, { favicon: FALLBACK_FAVICON }, { 'cache-control': 'no-store', 'access-control-allow-origin': '*' });
    }
  },

  'PUT /api/settings': async ({ body }) => updateSettings(parse(settingsUpdateSchema, body ?? {})),
});
