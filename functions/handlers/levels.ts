/** /api/levels: admin list (with lesson counts), create, update, cascade delete, move, reorder, lock. */
import { getLanguage, listLanguages } from '../data/languages.js';
import { addLevel, deleteLevel, getLevel, listLanguageLevels, listLevels, moveLevel, reorderLevels, setLevelLock, updateLevel } from '../data/course.js';
import { json, requireCaller, router } from '../lib/http.js';
import { notFound } from '../lib/errors.js';
import { currentGroups } from '../lib/membership.js';
import { narrow } from '../lib/access.js';
import { orderLabel, orderSummary } from '../lib/audit.js';
import { nameOf, recordAudit } from '../services/audit.js';
import { changeSite } from '../services/site-changes.js';
import { requireDraftWhileReviewed } from '../services/review-gate.js';

export const handler = router(
  {
    /** One language's levels, or every language's (one Query per language partition, no Scan). */
    'GET /api/levels': async ({ query: { language_id }, role }) => {
      const languages = language_id ? [language_id] : narrow(role, await listLanguages(), (l) => l.id).map((l) => l.id);
      return (await Promise.all(languages.map((lang) => listLevels(lang)))).flat();
    },

    'POST /api/levels': async ({ body }) => {
      // A level added to a public language shows at once unless it is a draft.
      if (!body.is_draft) await requireDraftWhileReviewed({ language_id: body.language_id });
      const level = await changeSite({ kind: 'level', language: body.language_id, level: body.id, how: 'create' }, () => addLevel(body));
      return json(201, level);
    },

    /** A dropped drag: the language's whole order in one all-or-nothing write (409 on a stale list). */
    'POST /api/levels/reorder': async ({ body: r, audit }) => {
      const [before, language] = await Promise.all([listLanguageLevels(r.language_id), getLanguage(r.language_id)]);
      audit({ before: orderSummary(before), ...orderLabel(language?.name) });
      const levels = await changeSite({ kind: 'level', language: r.language_id, how: 'order' }, () => reorderLevels(r.language_id, r.levels));
      audit({ after: orderSummary(levels) });
      return levels;
    },

    'PUT /api/levels/{language}/{id}': async ({ params: { language, id }, body: input, audit }) => {
      await requireDraftWhileReviewed({ language_id: language, level_id: id });
      audit({ before: await getLevel(language, id) });
      return changeSite({ kind: 'level', language, level: id, how: 'edit' }, () => updateLevel(language, id, input));
    },

    'DELETE /api/levels/{language}/{id}': async ({ params: { language, id }, audit, caller }) => {
      const by = await nameOf(requireCaller(caller));
      audit({ before: await getLevel(language, id) });
      const found = await changeSite({ kind: 'level', language, level: id, how: 'delete' }, () => deleteLevel(language, id, by));
      if (!found) throw notFound('Level not found');
      return json(204, undefined);
    },

    'POST /api/levels/{language}/{id}/move': async ({ params: { language, id }, body: { direction }, audit }) => {
      const levels = await changeSite({ kind: 'level', language, how: 'order' }, () => moveLevel(language, id, direction));
      // [the level, its neighbour]: the neighbour now holds the level's old place.
      audit({ label: levels[0].title, before: { order_index: levels[1].order_index }, after: { order_index: levels[0].order_index } });
      return levels;
    },

    'POST /api/levels/{language}/{id}/lock': async ({ params: { language, id }, body, audit }) => {
      audit({ before: await getLevel(language, id) });
      return changeSite({ kind: 'level', language, level: id, how: 'lock' }, () => setLevelLock(language, id, body.is_locked));
    },
  },
  { currentGroups, audit: recordAudit },
);
