/**
 * The learners' hardest phrases of one language (the Coverage screen, GET /api/coverage/{language}/hardest):
 * a pure function of the language's tree and its daily grade counters (functions/data/analytics.ts).
 * A phrase's rate is its 'Again' answers over its reviews in the window. Rates resting on at least
 * MIN_REVIEWS reviews come first, highest first; those resting on fewer follow, marked, as a hint
 * rather than a ranking. Counters of phrases deleted since are left out.
 */
import { HARDEST_DAYS, MAX_HARDEST, MIN_REVIEWS, type HardPhrase, type Hardest, type HardestQuery } from './contracts/coverage.js';
import type { Language } from './contracts/languages.js';
import { catalogue, lessonKey, lessonOfPhrase, type CourseTree } from './coverage.js';

/** One stored counter: a phrase's grades of one day. */
export interface GradeCount {
  level_id: string;
  lesson_id: string;
  phrase_id: string;
  reviews: number;
  again: number;
}

const phraseKey = (p: { level_id: string; lesson_id: string }, id: string) => `${lessonOfPhrase(p)}/${id}`;

/** Hardest first: enough reviews before too few, then the rate, then how often forgotten, then more evidence. */
export const byHardest = (a: HardPhrase, b: HardPhrase) => Number(b.enough) - Number(a.enough) || b.rate - a.rate || b.again - a.again || b.reviews - a.reviews;

export function hardestPhrases(language: Pick<Language, 'id' | 'name'>, tree: CourseTree, counts: GradeCount[], scope: HardestQuery = {}): Hardest {
  const totals = new Map<string, { reviews: number; again: number }>();
  for (const c of counts) {
    const key = phraseKey(c, c.phrase_id);
    const t = totals.get(key) ?? { reviews: 0, again: 0 };
    t.reviews += c.reviews;
    t.again += c.again;
    totals.set(key, t);
  }
  const { lessons, phrases, lesson, phrase } = catalogue(language, tree);
  const inScope = (p: { level_id: string; lesson_id: string }) =>
    (!scope.level || p.level_id === scope.level) && (!scope.lesson || p.lesson_id === scope.lesson);
  const counted = phrases.filter((p) => totals.has(phraseKey(p, p.id)));
  const scoped = counted.filter(inScope);
  const forgotten = scoped
    .map((p): HardPhrase => {
      const t = totals.get(phraseKey(p, p.id)) ?? { reviews: 0, again: 0 };
      return { ...phrase(p), reviews: t.reviews, again: t.again, rate: t.reviews ? Math.min(1, t.again / t.reviews) : 0, enough: t.reviews >= MIN_REVIEWS };
    })
    .filter((h) => h.again > 0 && h.reviews > 0);
  // Ties keep the catalogue's order (the sort is stable and `scoped` is in it).
  const ranked = forgotten.sort(byHardest);
  const withCounters = new Set(counted.map(lessonOfPhrase));
  return {
    language: { id: language.id, name: language.name },
    days: HARDEST_DAYS,
    min_reviews: MIN_REVIEWS,
    reviews: scoped.reduce((n, p) => n + (totals.get(phraseKey(p, p.id))?.reviews ?? 0), 0),
    count: ranked.length,
    items: ranked.slice(0, MAX_HARDEST),
    lessons: lessons.filter((l) => withCounters.has(lessonKey(l))).map(lesson),
  };
}

/** '40%': a rate as the screen shows it. */
export const ratePercent = (rate: number) => `${Math.round(rate * 100)}%`;
