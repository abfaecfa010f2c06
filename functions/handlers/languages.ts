/**
 * /api/languages: public list and read (drafts left out); the admin list (drafts included); admin
 * create, update, cascade delete; a language's coverage (admin).
 */
import { createLanguage, deleteLanguage, getLanguage, listLanguages, updateLanguage } from '../data/languages.js';
import { json, requireCaller, router } from '../lib/http.js';
import { PUBLIC_CACHE } from '../lib/caching.js';
import { conflict, notFound } from '../lib/errors.js';
import { languageTree } from '../data/course.js';
import { changeSite } from '../services/site-changes.js';
import { LANGUAGE_MISSING } from '../../shared/contracts/languages.js';
import { currentGroups } from '../lib/membership.js';
import { narrow } from '../lib/access.js';
import { nameOf, recordAudit } from '../services/audit.js';
import { courseCoverage } from '../../shared/coverage.js';
import { publicList, publicView } from '../data/visibility.js';
import { requireDraftWhileReviewed } from '../services/review-gate.js';

export const handler = router(
  {
    'GET /api/languages': async () => json(200, publicList(await listLanguages()), PUBLIC_CACHE),
    'GET /api/admin/languages': async ({ role }) => narrow(role, await listLanguages(), (l) => l.id),

    'GET /api/languages/{id}': async ({ params: { id } }) => {
      const lang = (await publicView(id)).language(await getLanguage(id));
      if (!lang) throw notFound(LANGUAGE_MISSING);
      return json(200, lang, PUBLIC_CACHE);
    },

    /** What is missing in a language's course, from one Query of its partition (the language included). */
    'GET /api/coverage/{language}': async ({ params }) => {
      const tree = await languageTree(params.language);
      if (!tree.language) throw notFound(LANGUAGE_MISSING);
      return courseCoverage(tree.language, tree);
    },

    'POST /api/languages': async ({ body: input }) => {
      try {
        const created = await changeSite({ kind: 'language', language: input.id, how: 'create' }, () => createLanguage(input));
        return json(201, created);
      } catch (e) {
        if ((e as Error).name === 'ConditionalCheckFailedException') throw conflict(`A language with the ID "${input.id}" already exists`, 'id');
        throw e;
      }
    },

    'PUT /api/languages/{id}': async ({ params: { id }, body: input, audit }) => {
      await requireDraftWhileReviewed({ language_id: id });
      audit({ before: await getLanguage(id) });
      const updated = await changeSite({ kind: 'language', language: id, how: 'edit' }, () => updateLanguage(id, input));
      if (!updated) throw notFound('Language not found');
      return updated;
    },

    'DELETE /api/languages/{id}': async ({ params: { id }, audit, caller }) => {
      audit({ before: await getLanguage(id) });
      const by = await nameOf(requireCaller(caller));
      if (!(await changeSite({ kind: 'language', language: id, how: 'delete' }, () => deleteLanguage(id, by)))) throw notFound('Language not found');
      return json(204, undefined);
    },
  },
  { currentGroups, audit: recordAudit },
);
