/** /api/levels: admin list (with lesson counts), create, update, cascade delete, move, lock. */
import { listLanguages } from '../data/languages.js';
import { addLevel, deleteLevel, listLevels, moveLevel, setLevelLock, updateLevel } from '../data/course.js';
import { json, notFound, parse, router } from '../lib/http.js';
import { courseFilterSchema, levelSchema, levelUpdateSchema, lockSchema, moveSchema } from '../shared/course-schemas.js';
import { idParam } from '../shared/schemas.js';

const path = (p: Record<string, string>) => ({ language: parse(idParam, p.language), id: parse(idParam, p.id) });

export const handler = router({
  /** One language's levels, or every language's (one Query per language partition, no Scan). */
  'GET /api/levels': async ({ query }) => {
    const { language_id } = parse(courseFilterSchema, query);
    const languages = language_id ? [language_id] : (await listLanguages()).map((l) => l.id);
    return (await Promise.all(languages.map(listLevels))).flat();
  },

  'POST /api/levels': async ({ body }) => json(201, await addLevel(parse(levelSchema, body))),

  'PUT /api/levels/{language}/{id}': async ({ params, body }) => {
    const { language, id } = path(params);
    return updateLevel(language, id, parse(levelUpdateSchema, body));
  },

  'DELETE /api/levels/{language}/{id}': async ({ params }) => {
    const { language, id } = path(params);
    if (!(await deleteLevel(language, id))) throw notFound('Level not found');
    return json(204, undefined);
  },

  'POST /api/levels/{language}/{id}/move': async ({ params, body }) => {
    const { language, id } = path(params);
    return moveLevel(language, id, parse(moveSchema, body).direction);
  },

  'POST /api/levels/{language}/{id}/lock': async ({ params, body }) => {
    const { language, id } = path(params);
    return setLevelLock(language, id, parse(lockSchema, body).is_locked);
  },
});
