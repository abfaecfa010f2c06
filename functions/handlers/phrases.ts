/** /api/phrases: admin list (filters), create a group's rows, edit a group as a whole, delete one. */
import { addPhrases, deletePhrase, findPhrases, updatePhraseGroup } from '../data/course.js';
import { json, notFound, parse, router } from '../lib/http.js';
import { courseFilterSchema, phraseGroupSchema, phrasesCreateSchema } from '../shared/course-schemas.js';
import { idParam } from '../shared/schemas.js';
import * as z from 'zod';

const phraseId = z.string().trim().min(1).max(40).regex(/^[0-9A-Z]+$/, 'Invalid phrase id');

export const handler = router({
  'GET /api/phrases': async ({ query }) => findPhrases(parse(courseFilterSchema, query)),

  'POST /api/phrases': async ({ body }) => json(201, await addPhrases(parse(phrasesCreateSchema, body))),

  'PUT /api/phrases/group': async ({ body }) => updatePhraseGroup(parse(phraseGroupSchema, body)),

  'DELETE /api/phrases/{language}/{level}/{lesson}/{id}': async ({ params }) => {
    const found = await deletePhrase(parse(idParam, params.language), parse(idParam, params.level), parse(idParam, params.lesson), parse(phraseId, params.id));
    if (!found) throw notFound('Phrase not found');
    return json(204, undefined);
  },
});
