/**
 * /api/analytics: public event batches and practice grades (stored as daily counts only), the admin
 * 30-day series, and a language's hardest phrases for the Coverage screen (editors of the language).
 */
import { dailySeries, gradeCounts, recordEvents, recordGrades } from '../data/analytics.js';
import { languageTree } from '../data/course.js';
import { spend } from '../data/limits.js';
import { notFound } from '../lib/errors.js';
import { json, router } from '../lib/http.js';
import { clientIp } from '../lib/http-input.js';
import { currentGroups } from '../lib/membership.js';
import { LANGUAGE_MISSING } from '../../shared/contracts/languages.js';
import { hardestPhrases } from '../../shared/hardest.js';

export const handler = router(
  {
    'POST /api/analytics': async ({ body, event }) => {
      const client = clientIp(event);
      await spend('analytics', client);
      // Each grade counts against its own limit: a batch of 25 grades weighs 25 (refused whole past it).
      if (body.grades.length) await spend('grades', client, { count: body.grades.length });
      await Promise.all([body.events.length ? recordEvents(body.events) : undefined, body.grades.length ? recordGrades(body.grades) : undefined]);
      return json(204, undefined);
    },

    'GET /api/admin/analytics': async () => dailySeries(),

    /** The router admits an editor of this language only; the tree gives the phrases' texts and places. */
    'GET /api/coverage/{language}/hardest': async ({ params, query }) => {
      const [tree, counts] = await Promise.all([languageTree(params.language), gradeCounts(params.language)]);
      if (!tree.language) throw notFound(LANGUAGE_MISSING);
      return hardestPhrases(tree.language, tree, counts, query);
    },
  },
  { currentGroups },
);
