/** /api/lessons: admin list, next order, create, update, cascade delete, move, lock, reorder. */
import { listLanguages } from '../data/languages.js';
import { listPublished } from '../data/blog.js';
import { addLesson, deleteLesson, listLanguageLessons, listLessons, moveLesson, nextLessonOrder, reorderLessons, setLessonLock, updateLesson } from '../data/course.js';
import { json, notFound, parse, router } from '../lib/http.js';
import { invalidate, lookup } from '../lib/cdn.js';
import { lessonOrderPaths, lessonPaths, linkedPostPaths } from '../lib/cdn-paths.js';
import { courseFilterSchema, lessonSchema, lessonUpdateSchema, lockSchema, moveSchema, reorderSchema } from '../shared/course-schemas.js';
import { idParam } from '../shared/schemas.js';
import * as z from 'zod';

const path = (p: Record<string, string>) => ({ language: parse(idParam, p.language), level: parse(idParam, p.level), id: parse(idParam, p.id) });
/** The posts whose sample a deleted lesson took away are found among the published ones (one Query). */
const publishedPosts = () => lookup('published posts', () => listPublished());
const nextOrderQuery = z.object({
  language_id: z.string({ error: 'Language is required' }).trim().min(1, 'Language is required'),
  level_id: z.string({ error: 'Level is required' }).trim().min(1, 'Level is required'),
});

export const handler = router({
  /** Filters are optional; without a language every language partition is queried (no Scan). */
  'GET /api/lessons': async ({ query }) => {
    const { language_id, level_id } = parse(courseFilterSchema, query);
    const languages = language_id ? [language_id] : (await listLanguages()).map((l) => l.id);
    const lists = await Promise.all(
      languages.map(async (lang) =>
        level_id ? listLessons(lang, level_id) : listLanguageLessons(lang),
      ),
    );
    return lists.flat();
  },

  'GET /api/lessons/next-order': async ({ query }) => {
    const q = parse(nextOrderQuery, query);
    return { order_index: await nextLessonOrder(q.language_id, q.level_id) };
  },

  'POST /api/lessons': async ({ body }) => {
    const lesson = await addLesson(parse(lessonSchema, body));
    await invalidate(lessonPaths(lesson.language_id, lesson.level_id, lesson.id, { countChanged: true }));
    return json(201, lesson);
  },

  'POST /api/lessons/reorder': async ({ body }) => {
    const r = parse(reorderSchema, body);
    const lessons = await reorderLessons(r.language_id, r.level_id, r.lesson_ids);
    await invalidate(lessonOrderPaths(r.language_id, r.level_id));
    return lessons;
  },

  'PUT /api/lessons/{language}/{level}/{id}': async ({ params, body }) => {
    const { language, level, id } = path(params);
    const lesson = await updateLesson(language, level, id, parse(lessonUpdateSchema, body));
    await invalidate(lessonPaths(language, level, id));
    return lesson;
  },

  'DELETE /api/lessons/{language}/{level}/{id}': async ({ params }) => {
    const { language, level, id } = path(params);
    if (!(await deleteLesson(language, level, id))) throw notFound('Lesson not found');
    await invalidate([...lessonPaths(language, level, id, { countChanged: true }), ...linkedPostPaths(await publishedPosts(), `${language}/${level}/${id}`)]);
    return json(204, undefined);
  },

  'POST /api/lessons/{language}/{level}/{id}/move': async ({ params, body }) => {
    const { language, level, id } = path(params);
    const lessons = await moveLesson(language, level, id, parse(moveSchema, body).direction);
    // First up or last down changes nothing.
    if (lessons.length) await invalidate(lessonOrderPaths(language, level));
    return lessons;
  },

  'POST /api/lessons/{language}/{level}/{id}/lock': async ({ params, body }) => {
    const { language, level, id } = path(params);
    const lesson = await setLessonLock(language, level, id, parse(lockSchema, body).is_locked);
    await invalidate(lessonPaths(language, level, id));
    return lesson;
  },
});
