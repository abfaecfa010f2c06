/** /api/languages: public list and read; admin create, update, cascade delete. */
import { createLanguage, deleteLanguage, getLanguage, listLanguages, updateLanguage } from '../data/languages.js';
import { json, parse, PUBLIC_CACHE, router } from '../lib/http.js';
import { conflict, notFound } from '../lib/errors.js';
import { listPublished } from '../data/blog.js';
import { listLanguageLessons, listLevels } from '../data/course.js';
import { invalidate, lookup } from '../lib/cdn.js';
import { languagePaths, linkedPostPaths } from '../lib/cdn-paths.js';
import { idParam } from '../shared/contracts/common.js';
import { languageCreateSchema, languageUpdateSchema } from '../shared/contracts/languages.js';
import { confirmAdmin } from '../lib/admins.js';
import { recordAudit } from '../lib/audit.js';

/** The language's levels and lessons (Queries of its partition): the pages that show its name. */
const treeOf = (id: string) =>
  lookup('course tree', async () => {
    const [levels, lessons] = await Promise.all([listLevels(id), listLanguageLessons(id)]);
    return { levels, lessons };
  });

export const handler = router(
  {
    'GET /api/languages': async () => json(200, await listLanguages(), PUBLIC_CACHE),

    'GET /api/languages/{id}': async ({ params }) => {
      const lang = await getLanguage(parse(idParam, params.id));
      if (!lang) throw notFound("The language you're looking for doesn't exist.");
      return json(200, lang, PUBLIC_CACHE);
    },

    'POST /api/languages': async ({ body }) => {
      const input = parse(languageCreateSchema, body);
      try {
        const created = await createLanguage(input);
        await invalidate(languagePaths(created.id, { levels: [], lessons: [] }));
        return json(201, created);
      } catch (e) {
        if ((e as Error).name === 'ConditionalCheckFailedException') throw conflict(`A language with the ID "${input.id}" already exists`, 'id');
        throw e;
      }
    },

    'PUT /api/languages/{id}': async ({ params, body, audit }) => {
      const [id, input] = [parse(idParam, params.id), parse(languageUpdateSchema, body)];
      audit({ before: await getLanguage(id) });
      const updated = await updateLanguage(id, input);
      if (!updated) throw notFound('Language not found');
      await invalidate(languagePaths(updated.id, await treeOf(updated.id)));
      return updated;
    },

    'DELETE /api/languages/{id}': async ({ params, audit }) => {
      const id = parse(idParam, params.id);
      audit({ before: await getLanguage(id) });
      // What is under it is read before it goes.
      const [tree, posts] = await Promise.all([treeOf(id), lookup('published posts', () => listPublished())]);
      if (!(await deleteLanguage(id))) throw notFound('Language not found');
      await invalidate([...languagePaths(id, tree), ...linkedPostPaths(posts, `${id}/`)]);
      return json(204, undefined);
    },
  },
  { confirmAdmin, audit: recordAudit },
);
