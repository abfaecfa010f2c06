/** /api/levels: admin list (with lesson counts), create, update, cascade delete, move, reorder, lock. */
import { getLanguage, listLanguages } from '../data/languages.js';
import { listPublished } from '../data/blog.js';
import {
  addLevel,
  courseSequence,
  deleteLevel,
  getLevel,
  listLanguageLevels,
  listLessons,
  listLevels,
  moveLevel,
  reorderLevels,
  setLevelLock,
  updateLevel,
} from '../data/course.js';
import { json, requireCaller, router } from '../lib/http.js';
import { notFound } from '../lib/errors.js';
import { invalidate, lookup, withNeighbours } from '../lib/cdn.js';
import { levelOrderPaths, levelPaths, linkedPostPaths } from '../lib/cdn-paths.js';
import { currentGroups } from '../lib/membership.js';
import { narrow } from '../lib/access.js';
import { orderLabel, orderSummary } from '../lib/audit.js';
import { nameOf, recordAudit } from '../services/audit.js';

/** The level's lessons (one Query): their pages show the level. */
const lessonIds = (language: string, id: string) => lookup('lessons of a level', async () => (await listLessons(language, id)).map((l) => l.id));

/** Runs a write that may move lessons in the language's sequence (see withNeighbours). */
const inSequence = <T>(language: string, write: () => Promise<T>) => withNeighbours(language, () => courseSequence(language), write);

export const handler = router(
  {
    /** One language's levels, or every language's (one Query per language partition, no Scan). */
    'GET /api/levels': async ({ query: { language_id }, role }) => {
      const languages = language_id ? [language_id] : narrow(role, await listLanguages(), (l) => l.id).map((l) => l.id);
      return (await Promise.all(languages.map((lang) => listLevels(lang)))).flat();
    },

    'POST /api/levels': async ({ body }) => {
      const level = await addLevel(body);
      await invalidate(levelPaths(level.language_id, level.id, []));
      return json(201, level);
    },

    /** A dropped drag: the language's whole order in one all-or-nothing write (409 on a stale list). */
    'POST /api/levels/reorder': async ({ body: r, audit }) => {
      const [before, language] = await Promise.all([listLanguageLevels(r.language_id), getLanguage(r.language_id)]);
      audit({ before: orderSummary(before), ...orderLabel(language?.name) });
      const { result: levels, moved } = await inSequence(r.language_id, () => reorderLevels(r.language_id, r.levels));
      audit({ after: orderSummary(levels) });
      await invalidate([...levelOrderPaths(r.language_id), ...moved]);
      return levels;
    },

    'PUT /api/levels/{language}/{id}': async ({ params: { language, id }, body: input, audit }) => {
      audit({ before: await getLevel(language, id) });
      const { result: level, moved } = await inSequence(language, () => updateLevel(language, id, input));
      await invalidate([...levelPaths(language, id, await lessonIds(language, id)), ...moved]);
      return level;
    },

    'DELETE /api/levels/{language}/{id}': async ({ params: { language, id }, audit, caller }) => {
      const by = await nameOf(requireCaller(caller));
      audit({ before: await getLevel(language, id) });
      // What is under it is read before it goes.
      const [lessons, posts] = await Promise.all([lessonIds(language, id), lookup('published posts', () => listPublished())]);
      const { result: found, moved } = await inSequence(language, () => deleteLevel(language, id, by));
      if (!found) throw notFound('Level not found');
      await invalidate([...levelPaths(language, id, lessons), ...moved, ...linkedPostPaths(posts, `${language}/${id}/`)]);
      return json(204, undefined);
    },

    'POST /api/levels/{language}/{id}/move': async ({ params: { language, id }, body: { direction }, audit }) => {
      const { result: levels, moved } = await inSequence(language, () => moveLevel(language, id, direction));
      // [the level, its neighbour]: the neighbour now holds the level's old place.
      audit({ label: levels[0].title, before: { order_index: levels[1].order_index }, after: { order_index: levels[0].order_index } });
      await invalidate([...levelOrderPaths(language), ...moved]);
      return levels;
    },

    'POST /api/levels/{language}/{id}/lock': async ({ params: { language, id }, body, audit }) => {
      audit({ before: await getLevel(language, id) });
      const { result: level, moved } = await inSequence(language, () => setLevelLock(language, id, body.is_locked));
      // Posts sample a level's lessons only while it is unlocked.
      const posts = await lookup('published posts', () => listPublished());
      await invalidate([...levelPaths(language, id, await lessonIds(language, id)), ...moved, ...linkedPostPaths(posts, `${language}/${id}/`)]);
      return level;
    },
  },
  { currentGroups, audit: recordAudit },
);
