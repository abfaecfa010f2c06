/**
 * /api/phrases: admin list (filters, search, pages), counts per lesson, create a group's rows, edit a
 * group as a whole, delete one; and a public lesson's phrase draft (read, add, edit a group), which
 * changes no public page until the lesson is published (/api/admin/publish).
 */
import { addPhrases, deletePhrase, getPhrase, listPhrases, pagePhrases, phraseCounts, updatePhraseGroup } from '../data/course.js';
import { json, requireCaller, router } from '../lib/http.js';
import { forbidden, notFound } from '../lib/errors.js';
import type { LessonRef } from '../../shared/contracts/lessons.js';
import { currentGroups } from '../lib/membership.js';
import { narrow } from '../lib/access.js';
import { OTHER_LANGUAGE_TEXT } from '../../shared/roles.js';
import { phrasesSummary } from '../lib/audit.js';
import { nameOf, recordAudit } from '../services/audit.js';
import { draftAddPhrases, draftPhraseGroup, readPhraseDraft } from '../data/phrase-drafts.js';
import { siteChanged } from '../services/site-changes.js';
import { requireDraftWhileReviewed } from '../services/review-gate.js';
import { withWordTimings } from '../services/word-timings.js';

/** How the audit log names a phrase draft: a draft of the lesson (its History lists it). */
const lessonDraft = (l: LessonRef) => ({ entity: 'lesson', id: `${l.language_id}/${l.level_id}/${l.lesson_id}`, action: 'lesson.save_draft' });

export const handler = router(
  {
    'GET /api/phrases': async ({ query: filter, role }) => {
      // Pages run across languages in the table's order: an editor's search names one of theirs.
      if (!filter.language_id && role.role !== 'admin') throw forbidden(OTHER_LANGUAGE_TEXT);
      return pagePhrases(filter);
    },

    'GET /api/phrases/counts': async ({ query, role }) => {
      const counts = await phraseCounts(query.language_id);
      if (role.role === 'admin') return counts;
      const lessons = narrow(role, counts.lessons, (l) => l.language_id);
      return { lessons, total: lessons.reduce((n, l) => n + l.count, 0) };
    },

    'POST /api/phrases': async ({ body: input, audit }) => {
      await requireDraftWhileReviewed(input);
      const rows = await addPhrases(await withWordTimings(input));
      audit({ after: phrasesSummary(rows) });
      await siteChanged({ kind: 'phrases', lessons: [input] });
      return json(201, rows);
    },

    'PUT /api/phrases/group': async ({ body: input, audit }) => {
      // A group may have moved lessons: both the lesson it left and the one it joined change.
      const from = {
        language_id: input.old_language_id ?? input.language_id,
        level_id: input.old_level_id ?? input.level_id,
        lesson_id: input.old_lesson_id ?? input.lesson_id,
      };
      await requireDraftWhileReviewed(input, from);
      const old = new Set(input.old_phrases.map((p) => p.id));
      audit({ before: phrasesSummary((await listPhrases(from.language_id, from.level_id, from.lesson_id)).filter((p) => old.has(p.id))) });
      const rows = await updatePhraseGroup(await withWordTimings(input));
      audit({ after: phrasesSummary(rows) });
      await siteChanged({ kind: 'phrases', lessons: [input, from] });
      return rows;
    },

    'DELETE /api/phrases/{language}/{level}/{lesson}/{id}': async ({ params: { language: language_id, level: level_id, lesson: lesson_id, id }, audit }) => {
      await requireDraftWhileReviewed({ language_id, level_id, lesson_id });
      audit({ before: await getPhrase(language_id, level_id, lesson_id, id) });
      const found = await deletePhrase(language_id, level_id, lesson_id, id);
      if (!found) throw notFound('Phrase not found');
      await siteChanged({ kind: 'phrases', lessons: [{ language_id, level_id, lesson_id }] });
      return json(204, undefined);
    },

    'GET /api/phrases/draft/{language}/{level}/{lesson}': async ({ params: { language: language_id, level: level_id, lesson: lesson_id } }) => ({
      phrases: await readPhraseDraft({ language_id, level_id, lesson_id }),
    }),

    // A draft changes no public page: nothing to invalidate. The audit log keeps it as the lesson's draft.
    'POST /api/phrases/draft': async ({ body: input, caller, audit }) => {
      const rows = await draftAddPhrases(await withWordTimings(input), await nameOf(requireCaller(caller)));
      audit({ ...lessonDraft(input), after: phrasesSummary(rows) });
      return json(201, rows);
    },

    'PUT /api/phrases/draft': async ({ body: input, caller, audit }) => {
      const rows = await draftPhraseGroup(await withWordTimings(input), await nameOf(requireCaller(caller)));
      audit({ ...lessonDraft(input), after: phrasesSummary(rows) });
      return rows;
    },
  },
  { currentGroups, audit: recordAudit },
);
