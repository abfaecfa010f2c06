/** /api/lessons: admin list, next order, create, update, cascade delete, move, lock, reorder. */
import { listLanguages } from '../data/languages.js';
import {
  addLesson,
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
import { currentGroups } from '../lib/membership.js';
import { narrow } from '../lib/access.js';
import { orderLabel, orderSummary } from '../lib/audit.js';
import { nameOf, recordAudit } from '../services/audit.js';
import { changeSite } from '../services/site-changes.js';
import { requireDraftWhileReviewed } from '../services/review-gate.js';

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
      // A lesson added to a public level shows at once unless it is a draft.
      if (!input.is_draft) await requireDraftWhileReviewed({ language_id: input.language_id, level_id: input.level_id });
      const change = { kind: 'lesson', language: input.language_id, level: input.level_id, lesson: input.id, how: 'create' } as const;
      const lesson = await changeSite(change, () => addLesson(input));
      return json(201, lesson);
    },

    'POST /api/lessons/reorder': async ({ body: r, audit }) => {
      const [before, level] = await Promise.all([listLessons(r.language_id, r.level_id), getLevel(r.language_id, r.level_id)]);
      audit({ before: orderSummary(before), ...orderLabel(level?.title) });
      const change = { kind: 'lesson', language: r.language_id, level: r.level_id, how: 'order' } as const;
      const lessons = await changeSite(change, () => reorderLessons(r.language_id, r.level_id, r.lesson_ids));
      audit({ after: orderSummary(lessons) });
      return lessons;
    },

    'PUT /api/lessons/{language}/{level}/{id}': async ({ params: { language, level, id }, body: input, audit }) => {
      await requireDraftWhileReviewed({ language_id: language, level_id: level, lesson_id: id });
      audit({ before: await getLesson(language, level, id) });
      return changeSite({ kind: 'lesson', language, level, lesson: id, how: 'edit' }, () => updateLesson(language, level, id, input));
    },

    'DELETE /api/lessons/{language}/{level}/{id}': async ({ params: { language, level, id }, audit, caller }) => {
      const by = await nameOf(requireCaller(caller));
      audit({ before: await getLesson(language, level, id) });
      const found = await changeSite({ kind: 'lesson', language, level, lesson: id, how: 'delete' }, () => deleteLesson(language, level, id, by));
      if (!found) throw notFound('Lesson not found');
      return json(204, undefined);
    },

    'POST /api/lessons/{language}/{level}/{id}/move': async ({ params: { language, level, id }, body: { direction }, audit }) => {
      // First up or last down changes nothing (no lessons: nothing invalidated).
      const lessons = await changeSite({ kind: 'lesson', language, level, how: 'order' }, () => moveLesson(language, level, id, direction));
      // [the lesson, its neighbour] (the neighbour now holds the lesson's old place), or none: nothing moved.
      audit(
        lessons.length === 2 && { label: lessons[0].title, before: { order_index: lessons[1].order_index }, after: { order_index: lessons[0].order_index } },
      );
      return lessons;
    },

    'POST /api/lessons/{language}/{level}/{id}/lock': async ({ params: { language, level, id }, body, audit }) => {
      audit({ before: await getLesson(language, level, id) });
      return changeSite({ kind: 'lesson', language, level, lesson: id, how: 'lock' }, () => setLessonLock(language, level, id, body.is_locked));
    },
  },
  { currentGroups, audit: recordAudit },
);
