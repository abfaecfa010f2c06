/** /api/admin/audit: the audit log of admin writes, newest first (docs/audit.md). */
import { listEntries } from '../data/audit.js';
import { json, router } from '../lib/http.js';
import { PERSONAL } from '../lib/caching.js';
import { currentGroups } from '../lib/membership.js';

export const handler = router(
  {
    // Who changed what is for admins only: never kept by the CDN or a shared cache.
    'GET /api/admin/audit': async ({ query }) => json(200, await listEntries(query), PERSONAL),
  },
  { currentGroups },
);
