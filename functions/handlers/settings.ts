/**
 * /api/settings: the public read (also fetched by the embed banner from third-party pages, hence
 * CORS on this GET only) and the admin partial update.
 */
import { mergeSettings, readSettings, updateSettings } from '../data/settings.js';
import { json, router } from '../lib/http.js';
import { NO_STORE, PUBLIC_CACHE } from '../lib/caching.js';
import { currentGroups } from '../lib/membership.js';
import { recordAudit } from '../services/audit.js';
import { siteChanged } from '../services/site-changes.js';
import { logger } from '../lib/powertools.js';

const PUBLIC = { ...PUBLIC_CACHE, 'access-control-allow-origin': '*' };

export const handler = router(
  {
    'GET /api/settings': async () => {
      try {
        return json(200, await readSettings(), PUBLIC);
      } catch (e) {
        // A failed settings read answers the defaults (with the fallback favicon), version 0 so
        // that no save can be based on them. Never kept: NO_STORE also tells the render function that
        // a page built on it is not a page to serve (functions/handlers/render.ts).
        logger.error('settings read failed', { error: e as Error });
        return json(200, mergeSettings(undefined), { ...NO_STORE, 'access-control-allow-origin': '*' });
      }
    },

    'PUT /api/settings': async ({ body: input, audit }) => {
      audit({ id: 'site', before: await readSettings() });
      const settings = await updateSettings(input);
      await siteChanged({ kind: 'settings' });
      return settings;
    },
  },
  { currentGroups, audit: recordAudit },
);
