/** /api/analytics: public event batches (stored as daily counts only) and the admin 30-day series. */
import { dailySeries, recordEvents } from '../data/analytics.js';
import { spend } from '../data/limits.js';
import { json, router } from '../lib/http.js';
import { clientIp } from '../lib/http-input.js';
import { currentGroups } from '../lib/membership.js';

export const handler = router(
  {
    'POST /api/analytics': async ({ body, event }) => {
      await spend('analytics', clientIp(event));
      await recordEvents(body.events);
      return json(204, undefined);
    },

    'GET /api/admin/analytics': async () => dailySeries(),
  },
  { currentGroups },
);
