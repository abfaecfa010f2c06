/** /api/phrases: admin list (filters, search, pages), counts per lesson, create a group's rows, edit a group as a whole, delete one. */
import { listPublished } from '../data/blog.js';
import { addPhrases, deletePhrase, getPhrase, listPhrases, pagePhrases, phraseCounts, updatePhraseGroup } from '../data/course.js';
import { json, parse, router } from '../lib/http.js';
import { notFound } from '../lib/errors.js';
import { invalidate, lookup } from '../lib/cdn.js';
import { linkedPostPaths, phrasePaths } from '../lib/cdn-paths.js';
import { courseFilterSchema, idParam, phraseIdParam } from '../shared/contracts/common.js';
import type { LessonRef } from '../shared/contracts/lessons.js';
import { phraseGroupUpdateSchema, phraseListQuerySchema, phrasesCreateSchema } from '../shared/contracts/phrases.js';
import { confirmAdmin } from '../lib/admins.js';
import { phrasesSummary, recordAudit } from '../lib/audit.js';

/** Invalidates the pages of the lessons whose phrases changed, and of the published posts that sample them. */
async function changed(lessons: LessonRef[]) {
  const posts = await lookup('published posts', () => listPublished());
  await invalidate(
    lessons.flatMap((l) => [
      ...phrasePaths(l.language_id, l.level_id, l.lesson_id),
      ...linkedPostPaths(posts, `${l.language_id}/${l.level_id}/${l.lesson_id}`),
    ]),
  );
}

export const handler = router(
  {
    'GET /api/phrases': async ({ query }) => pagePhrases(parse(phraseListQuerySchema, query)),

    'GET /api/phrases/counts': async ({ query }) => phraseCounts(parse(courseFilterSchema, query).language_id),

    'POST /api/phrases': async ({ body, audit }) => {
      const input = parse(phrasesCreateSchema, body);
      const rows = await addPhrases(input);
      audit({ after: phrasesSummary(rows) });
      await changed([input]);
      return json(201, rows);
    },

    'PUT /api/phrases/group': async ({ body, audit }) => {
      const input = parse(phraseGroupUpdateSchema, body);
      // A group may have moved lessons: both the lesson it left and the one it joined change.
      const from = {
        language_id: input.old_language_id ?? input.language_id,
        level_id: input.old_level_id ?? input.level_id,
        lesson_id: input.old_lesson_id ?? input.lesson_id,
      };
      const old = new Set(input.old_phrases.map((p) => p.id));
      audit({ before: phrasesSummary((await listPhrases(from.language_id, from.level_id, from.lesson_id)).filter((p) => old.has(p.id))) });
      const rows = await updatePhraseGroup(input);
      audit({ after: phrasesSummary(rows) });
      await changed([input, from]);
      return rows;
    },

    'DELETE /api/phrases/{language}/{level}/{lesson}/{id}': async ({ params, audit }) => {
      const [language_id, level_id, lesson_id] = [params.language, params.level, params.lesson].map((p) => parse(idParam, p));
      const id = parse(phraseIdParam, params.id);
      audit({ before: await getPhrase(language_id, level_id, lesson_id, id) });
      const found = await deletePhrase(language_id, level_id, lesson_id, id);
      if (!found) throw notFound('Phrase not found');
      await changed([{ language_id, level_id, lesson_id }]);
      return json(204, undefined);
    },
  },
  { confirmAdmin, audit: recordAudit },
);
