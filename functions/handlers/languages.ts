/**
 * /api/languages: public list and read (drafts left out); the admin list (drafts included); admin
 * create, update, cascade delete; a language's coverage (admin).
 */
import { createLanguage, deleteLanguage, getLanguage, listLanguages, updateLanguage } from '../data/languages.js';
import { json, PUBLIC_CACHE, requireCaller, router } from '../lib/http.js';
import { conflict, notFound } from '../lib/errors.js';
import { listPublished } from '../data/blog.js';
import { languageTree, listLanguageLessons, listLevels } from '../data/course.js';
import { invalidate, lookup } from '../lib/cdn.js';
import { languagePaths, linkedPostPaths } from '../lib/cdn-paths.js';
import { LANGUAGE_MISSING } from '../../shared/contracts/languages.js';
import { currentGroups } from '../lib/membership.js';
import { narrow } from '../lib/access.js';
import { nameOf, recordAudit } from '../services/audit.js';
import { courseCoverage } from '../../shared/coverage.js';
import { publicList, publicView } from '../data/visibility.js';

/** The language's levels and lessons (Queries of its partition): the pages that show its name. */
const treeOf = (id: string) =>
  lookup('course tree', async () => {
    const [levels, lessons] = await Promise.all([listLevels(id), listLanguageLessons(id)]);
    return { levels, lessons };
  });

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
        const created = await createLanguage(input);
        await invalidate(languagePaths(created.id, { levels: [], lessons: [] }));
        return json(201, created);
      } catch (e) {
        if ((e as Error).name === 'ConditionalCheckFailedException') throw conflict(`A language with the ID "${input.id}" already exists`, 'id');
        throw e;
      }
    },

    'PUT /api/languages/{id}': async ({ params: { id }, body: input, audit }) => {
      audit({ before: await getLanguage(id) });
      const updated = await updateLanguage(id, input);
      if (!updated) throw notFound('Language not found');
      await invalidate(languagePaths(updated.id, await treeOf(updated.id)));
      return updated;
    },

    'DELETE /api/languages/{id}': async ({ params: { id }, audit, caller }) => {
      audit({ before: await getLanguage(id) });
      // What is under it is read before it goes.
      const [tree, posts] = await Promise.all([treeOf(id), lookup('published posts', () => listPublished())]);
      if (!(await deleteLanguage(id, await nameOf(requireCaller(caller))))) throw notFound('Language not found');
      await invalidate([...languagePaths(id, tree), ...linkedPostPaths(posts, `${id}/`)]);
      return json(204, undefined);
    },
  },
  { currentGroups, audit: recordAudit },
);
