/**
 * /api/admin/trash: what was deleted in the last 30 days (languages, levels, lessons, posts), and
 * putting one back exactly as it was (functions/data/trash.ts). An editor sees the entries of their
 * languages and the posts, and puts back what they may (functions/lib/access.ts `requireRestore`:
 * 403 naming the right otherwise). A restore ends the CDN's copies of the pages it brings back, as
 * the delete ended them.
 */
import { getTrashEntry, listTrash, restoreFromTrash } from '../data/trash.js';
import { notFound } from '../lib/errors.js';
import { narrow, requireRestore } from '../lib/access.js';
import { currentGroups } from '../lib/membership.js';
import { recordAudit } from '../services/audit.js';
import { changeSite } from '../services/site-changes.js';
import type { ItemRef } from '../../shared/contracts/publishing.js';
import { router } from '../lib/http.js';
import { TRASH_GONE_TEXT, type TrashEntry } from '../../shared/contracts/trash.js';

/** The item an entry names (its kind and ids). */
function refOf(e: TrashEntry): ItemRef {
  const [lang, level, lesson] = [e.language_id ?? '', e.level_id ?? '', e.lesson_id ?? ''];
  if (e.kind === 'post') return { kind: 'post', post_id: e.post_id ?? '' };
  if (e.kind === 'language') return { kind: 'language', language_id: lang };
  if (e.kind === 'level') return { kind: 'level', language_id: lang, level_id: level };
  return { kind: 'lesson', language_id: lang, level_id: level, lesson_id: lesson };
}

export const handler = router(
  {
    'GET /api/admin/trash': async ({ role }) => narrow(role, await listTrash(), (e) => e.language_id),

    // An id that cannot be one names nothing in the Trash (the router's 404: it never reaches the table as a key).
    'POST /api/admin/trash/{id}/restore': async ({ params: { id }, role, audit }) => {
      // A level or lesson coming back moves its neighbours' Previous/Next links.
      const found = await getTrashEntry(id);
      if (!found) throw notFound(TRASH_GONE_TEXT);
      requireRestore(role, found);
      // The pages it is on again: the same ones its delete invalidated.
      const entry = await changeSite({ kind: 'items', items: [refOf(found)] }, () => restoreFromTrash(id));
      audit({ id: entry.id, label: `${entry.kind} ${entry.label}`, after: { restored: entry.label } });
      return entry;
    },
  },
  { currentGroups, audit: recordAudit },
);
