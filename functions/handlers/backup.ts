/**
 * /api/admin/export and /api/admin/import: the whole course (with its voices and pronunciations),
 * blog and settings as one file, and back (docs/backup.md). Users and admin rights live in Cognito
 * and are not part of it; Polly's lexicons are made again from the pronunciations after an import.
 */
import { exportCourse } from '../data/backup.js';
import { previewImport, runImport } from '../data/import-run.js';
import { currentGroups } from '../lib/membership.js';
import { recordAudit } from '../services/audit.js';
import { siteChanged } from '../services/site-changes.js';
import { syncImportedLexicons } from '../services/pronunciations.js';
import { forbidden } from '../lib/errors.js';
import { json, router } from '../lib/http.js';
import { PERSONAL } from '../lib/caching.js';
import { backupFileName } from '../../shared/contracts/backup.js';

/**
 * How long one import request writes before it answers 202 (send the same file again to go on):
 * API Gateway ends a request at 30 s, and the function's own timeout follows (infra/cdk/constructs/api.ts).
 */
const IMPORT_BUDGET_MS = 20_000;
/** The router lets no admin route run without a caller; this only satisfies the types. */
const fail = () => {
  throw forbidden('Forbidden');
};

export const handler = router(
  {
    'GET /api/admin/export': async () => {
      const doc = await exportCourse();
      return json(200, doc, { ...PERSONAL, 'content-disposition': `attachment; filename="${backupFileName(doc.exported_at)}"` });
    },

    // The router has checked the file (every problem with its place in it: `problems` in the route table) before this runs.
    'POST /api/admin/import': async ({ body: doc, query, caller, audit }) => {
      const by = caller?.sub ?? fail();
      if (query.dry_run === 'true') {
        audit(false);
        return previewImport(doc, by);
      }
      const wrote = { any: false };
      try {
        const result = await runImport(doc, { by, deadline: Date.now() + IMPORT_BUDGET_MS, onWrite: () => (wrote.any = true) });
        const total = (kind: keyof typeof result.changes) => result.changes[kind].create + result.changes[kind].update + result.changes[kind].unchanged;
        audit({
          action: 'backup.import',
          id: result.hash.slice(0, 16),
          label: `${doc.languages.length} languages, ${doc.phrases.length} phrases, ${doc.posts.length} posts`,
          after: { status: result.status, writes: String(result.applied), remaining: String(result.remaining), phrases: String(total('phrases')) },
        });
        // Done: Polly's lexicons follow the pronunciations the table now holds (a no-op where they already do).
        if (result.status === 'done') await syncImportedLexicons(doc.languages.map((l) => l.id));
        return json(result.status === 'done' ? 200 : 202, result);
      } finally {
        // Also after a run stopped by a conflict: what it wrote is live.
        if (wrote.any) await siteChanged({ kind: 'import' });
      }
    },
  },
  { currentGroups, audit: recordAudit },
);
