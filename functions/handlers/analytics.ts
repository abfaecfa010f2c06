/** /api/analytics: public event batches (stored as daily counts only) and the admin 30-day series. */
import { dailySeries, recordEvents } from '../data/analytics.js';
import { json, parse, router } from '../lib/http.js';
import { analyticsBatchSchema } from '../shared/site-schemas.js';

export const handler = router({
  'POST /api/analytics': async ({ body }) => {
    await recordEvents(parse(analyticsBatchSchema, body ?? {}).events);
    return json(204, undefined);
  },

  'GET /api/admin/analytics': async () => dailySeries(),
});
