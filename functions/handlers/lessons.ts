/** /api/lessons: admin list, next order, create, update, cascade delete, move, lock, reorder. */
import { listLanguages } from '../data/languages.js';
import { listPublished } from '../data/blog.js';
import {
  addLesson,
  courseSequence,
  deleteLesson,
  getLesson,
  getLevel,
  listLanguageLessons,
  listLessons,
  moveLesson,
  nextLessonOrder,
  reorderLessons,
  setLessonLock,
  updateLesson,
} from '../data/course.js';
import { json, requireCaller, router } from '../lib/http.js';
import { notFound } from '../lib/errors.js';
import { invalidate, lookup, withNeighbours } from '../lib/cdn.js';
import { lessonOrderPaths, lessonPaths, linkedPostPaths } from '../lib/cdn-paths.js';
import { currentGroups } from '../lib/membership.js';
import { narrow } from '../lib/access.js';
import { orderLabel, orderSummary } from '../lib/audit.js';
import { nameOf, recordAudit } from '../services/audit.js';

/** The posts whose sample a deleted lesson took away are found among the published ones (one Query). */
const publishedPosts = () => lookup('published posts', () => listPublished());
/** Runs a write that may move lessons in the language's sequence (see withNeighbours). */
const inSequence = <T>(language: string, write: () => Promise<T>) => withNeighbours(language, () => courseSequence(language), write);

export const handler = router(
  {
    /** Filters are optional; without a language every language partition is queried (no Scan). */
    'GET /api/lessons': async ({ query: { language_id, level_id }, role }) => {
      const languages = language_id ? [language_id] : narrow(role, await listLanguages(), (l) => l.id).map((l) => l.id);
      const lists = await Promise.all(languages.map(async (lang) => (level_id ? listLessons(lang, level_id) : listLanguageLessons(lang))));
      return lists.flat();
    },

    'GET /api/lessons/next-order': async ({ query }) => ({ order_index: await nextLessonOrder(query.language_id, query.level_id) }),

    'POST /api/lessons': async ({ body: input }) => {
      const { result: lesson, moved } = await inSequence(input.language_id, () => addLesson(input));
      await invalidate([...lessonPaths(lesson.language_id, lesson.level_id, lesson.id, { countChanged: true }), ...moved]);
      return json(201, lesson);
    },

    'POST /api/lessons/reorder': async ({ body: r, audit }) => {
      const [before, level] = await Promise.all([listLessons(r.language_id, r.level_id), getLevel(r.language_id, r.level_id)]);
      audit({ before: orderSummary(before), ...orderLabel(level?.title) });
      const { result: lessons, moved } = await inSequence(r.language_id, () => reorderLessons(r.language_id, r.level_id, r.lesson_ids));
      audit({ after: orderSummary(lessons) });
      await invalidate([...lessonOrderPaths(r.language_id, r.level_id), ...moved]);
      return lessons;
    },

    'PUT /api/lessons/{language}/{level}/{id}': async ({ params: { language, level, id }, body: input, audit }) => {
      audit({ before: await getLesson(language, level, id) });
      const { result: lesson, moved } = await inSequence(language, () => updateLesson(language, level, id, input));
      await invalidate([...lessonPaths(language, level, id), ...moved]);
      return lesson;
    },

    'DELETE /api/lessons/{language}/{level}/{id}': async ({ params: { language, level, id }, audit, caller }) => {
      const by = await nameOf(requireCaller(caller));
      audit({ before: await getLesson(language, level, id) });
      const { result: found, moved } = await inSequence(language, () => deleteLesson(language, level, id, by));
      if (!found) throw notFound('Lesson not found');
      await invalidate([
        ...lessonPaths(language, level, id, { countChanged: true }),
        ...moved,
        ...linkedPostPaths(await publishedPosts(), `${language}/${level}/${id}`),
      ]);
      return json(204, undefined);
    },

    'POST /api/lessons/{language}/{level}/{id}/move': async ({ params: { language, level, id }, body: { direction }, audit }) => {
      const { result: lessons, moved } = await inSequence(language, () => moveLesson(language, level, id, direction));
      // [the lesson, its neighbour] (the neighbour now holds the lesson's old place), or none: nothing moved.
      audit(
        lessons.length === 2 && { label: lessons[0].title, before: { order_index: lessons[1].order_index }, after: { order_index: lessons[0].order_index } },
      );
      // First up or last down changes nothing.
      if (lessons.length) await invalidate([...lessonOrderPaths(language, level), ...moved]);
      return lessons;
    },

    'POST /api/lessons/{language}/{level}/{id}/lock': async ({ params: { language, level, id }, body, audit }) => {
      audit({ before: await getLesson(language, level, id) });
      const { result: lesson, moved } = await inSequence(language, () => setLessonLock(language, level, id, body.is_locked));
      // Posts sample a lesson only while it is unlocked.
      await invalidate([...lessonPaths(language, level, id), ...moved, ...linkedPostPaths(await publishedPosts(), `${language}/${level}/${id}`)]);
      return lesson;
    },
  },
  { currentGroups, audit: recordAudit },
);
