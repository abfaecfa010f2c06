/** /api/languages: public list and read; admin create, update, cascade delete. */
import { createLanguage, deleteLanguage, getLanguage, listLanguages, updateLanguage } from '../data/languages.js';
import { HttpError, json, notFound, parse, router } from '../lib/http.js';
import { idParam, languageSchema, languageUpdateSchema } from '../shared/schemas.js';

// Browsers always revalidate (an admin sees their change at once); the CDN may serve a copy up to 10 s old.
const PUBLIC_CACHE = { 'cache-control': 'public, max-age=0, s-maxage=10, stale-while-revalidate=30' };

export const handler = router({
  'GET /api/languages': async () => json(200, await listLanguages(), PUBLIC_CACHE),

  'GET /api/languages/{id}': async ({ params }) => {
    const lang = await getLanguage(parse(idParam, params.id));
    if (!lang) throw notFound("The language you're looking for doesn't exist.");
    return json(200, lang, PUBLIC_CACHE);
  },

  'POST /api/languages': async ({ body }) => {
    const input = parse(languageSchema, body);
    try {
      return json(201, await createLanguage(input));
    } catch (e) {
      if ((e as Error).name === 'ConditionalCheckFailedException') throw new HttpError(409, `A language with the ID "${input.id}" already exists`, { id: `A language with the ID "${input.id}" already exists` });
      throw e;
    }
  },

  'PUT /api/languages/{id}': async ({ params, body }) => {
    const updated = await updateLanguage(parse(idParam, params.id), parse(languageUpdateSchema, body));
    if (!updated) throw notFound('Language not found');
    return updated;
  },

  'DELETE /api/languages/{id}': async ({ params }) => {
    if (!(await deleteLanguage(parse(idParam, params.id)))) throw notFound('Language not found');
    return json(204, undefined);
  },
});
