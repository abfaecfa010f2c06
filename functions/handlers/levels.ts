/** /api/levels: admin list (with lesson counts), create, update, cascade delete, move, lock. */
import { listLanguages } from '../data/languages.js';
import { listPublished } from '../data/blog.js';
import { addLevel, deleteLevel, listLessons, listLevels, moveLevel, setLevelLock, updateLevel } from '../data/course.js';
import { json, notFound, parse, router } from '../lib/http.js';
import { invalidate, lookup } from '../lib/cdn.js';
import { levelOrderPaths, levelPaths, linkedPostPaths } from '../lib/cdn-paths.js';
import { courseFilterSchema, levelSchema, levelUpdateSchema, lockSchema, moveSchema } from '../shared/course-schemas.js';
import { idParam } from '../shared/schemas.js';

const path = (p: Record<string, string>) => ({ language: parse(idParam, p.language), id: parse(idParam, p.id) });
/** The level's lessons (one Query): their pages show the level. */
const lessonIds = (language: string, id: string) => lookup('lessons of a level', async () => (await listLessons(language, id)).map((l) => l.id));

export const handler = router({
  /** One language's levels, or every language's (one Query per language partition, no Scan). */
  'GET /api/levels': async ({ query }) => {
    const { language_id } = parse(courseFilterSchema, query);
    const languages = language_id ? [language_id] : (await listLanguages()).map((l) => l.id);
    return (await Promise.all(languages.map(listLevels))).flat();
  },

  'POST /api/levels': async ({ body }) => {
    const level = await addLevel(parse(levelSchema, body));
    await invalidate(levelPaths(level.language_id, level.id, []));
    return json(201, level);
  },

  'PUT /api/levels/{language}/{id}': async ({ params, body }) => {
    const { language, id } = path(params);
    const level = await updateLevel(language, id, parse(levelUpdateSchema, body));
    await invalidate(levelPaths(language, id, await lessonIds(language, id)));
    return level;
  },

  'DELETE /api/levels/{language}/{id}': async ({ params }) => {
    const { language, id } = path(params);
    // What is under it is read before it goes.
    const [lessons, posts] = await Promise.all([lessonIds(language, id), lookup('published posts', () => listPublished())]);
    if (!(await deleteLevel(language, id))) throw notFound('Level not found');
    await invalidate([...levelPaths(language, id, lessons), ...linkedPostPaths(posts, `${language}/${id}/`)]);
    return json(204, undefined);
  },

  'POST /api/levels/{language}/{id}/move': async ({ params, body }) => {
    const { language, id } = path(params);
    const levels = await moveLevel(language, id, parse(moveSchema, body).direction);
    await invalidate(levelOrderPaths(language));
    return levels;
  },

  'POST /api/levels/{language}/{id}/lock': async ({ params, body }) => {
    const { language, id } = path(params);
    const level = await setLevelLock(language, id, parse(lockSchema, body).is_locked);
    await invalidate(levelPaths(language, id, await lessonIds(language, id)));
    return level;
  },
});
