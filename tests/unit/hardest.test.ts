/**
 * The learners' hardest phrases (shared/hardest.ts): daily counters summed per phrase, the rate
 * ('Again' over reviews), rates on too few reviews marked and ranked after the others, the scope
 * of a level or a lesson, phrases deleted since left out; answered as the route's contract says.
 */
import { describe, expect, it } from 'vitest';
import { checkAnswer } from '../../functions/lib/answer-check.js';
import { routeKey, routes } from '../../functions/routes.js';
import { MAX_HARDEST, MIN_REVIEWS, hardestQuerySchema } from '../../shared/contracts/coverage.js';
import { hardestPhrases, ratePercent, type GradeCount } from '../../shared/hardest.js';
import { LANG, lesson, level, phrase as treePhrase } from './course-tree.js';

const phrase = (level_id: string, lesson_id: string, id: string) => treePhrase(level_id, lesson_id, { id });
const count = (level_id: string, lesson_id: string, phrase_id: string, reviews: number, again: number): GradeCount => ({
  level_id,
  lesson_id,
  phrase_id,
  reviews,
  again,
});

const tree = {
  levels: [level('a1', 0), level('a2', 1)],
  lessons: [lesson('a1', 'hello', 0), lesson('a1', 'food', 1), lesson('a2', 'travel', 0)],
  phrases: [phrase('a1', 'hello', 'P1'), phrase('a1', 'hello', 'P2'), phrase('a1', 'food', 'P3'), phrase('a2', 'travel', 'P4'), phrase('a2', 'travel', 'P5')],
};

describe('hardestPhrases', () => {
  it("sums a phrase's days and rates it 'Again' over reviews", () => {
    const h = hardestPhrases(LANG, tree, [count('a1', 'hello', 'P1', 6, 3), count('a1', 'hello', 'P1', 6, 1)]);
    expect(h.items).toEqual([
      expect.objectContaining({ phrase_id: 'P1', reviews: 12, again: 4, rate: 4 / 12, enough: true, level_title: 'Level a1', lesson_title: 'Lesson hello' }),
    ]);
    expect(h).toMatchObject({ reviews: 12, count: 1, days: 30, min_reviews: MIN_REVIEWS });
    expect(ratePercent(4 / 12)).toBe('33%');
  });

  it('ranks rates on enough reviews first, highest first; rates on fewer follow, marked', () => {
    const h = hardestPhrases(LANG, tree, [
      count('a1', 'hello', 'P1', 20, 5), // 25%
      count('a1', 'hello', 'P2', 10, 6), // 60%
      count('a1', 'food', 'P3', 1, 1), // 100% but one review
      count('a2', 'travel', 'P4', 30, 0), // never forgotten: not listed
      count('a2', 'travel', 'P5', MIN_REVIEWS - 1, 2),
    ]);
    expect(h.items.map((i) => [i.phrase_id, i.enough])).toEqual([
      ['P2', true],
      ['P1', true],
      ['P3', false],
      ['P5', false],
    ]);
    expect(h.count).toBe(4);
    expect(h.reviews).toBe(20 + 10 + 1 + 30 + MIN_REVIEWS - 1);
  });

  it("narrows to a level or a lesson, and names the lessons with counters in the catalogue's order", () => {
    const counts = [count('a2', 'travel', 'P4', 3, 1), count('a1', 'food', 'P3', 2, 2), count('a1', 'hello', 'P1', 2, 1)];
    expect(hardestPhrases(LANG, tree, counts, { level: 'a1' }).items.map((i) => i.phrase_id)).toEqual(['P3', 'P1']);
    const one = hardestPhrases(LANG, tree, counts, { level: 'a1', lesson: 'food' });
    expect(one.items.map((i) => i.phrase_id)).toEqual(['P3']);
    expect(one.reviews).toBe(2);
    expect(one.lessons.map((l) => l.lesson_id)).toEqual(['hello', 'food', 'travel']);
  });

  it('leaves out counters of phrases deleted since, and lists at most MAX_HARDEST', () => {
    expect(hardestPhrases(LANG, tree, [count('a1', 'hello', 'GONE', 50, 50)])).toMatchObject({ count: 0, items: [], reviews: 0, lessons: [] });
    const many = Array.from({ length: MAX_HARDEST + 5 }, (_, i) => phrase('a1', 'hello', `Q${String(i).padStart(3, '0')}`));
    const h = hardestPhrases(
      LANG,
      { ...tree, phrases: many },
      many.map((p) => count('a1', 'hello', p.id, 2, 1)),
    );
    expect(h.count).toBe(MAX_HARDEST + 5);
    expect(h.items).toHaveLength(MAX_HARDEST);
  });

  it('answers as the route says; a lesson without its level is a field error', () => {
    const route = routes.find((r) => routeKey(r) === 'GET /api/coverage/{language}/hardest')!;
    expect(route).toMatchObject({ fn: 'analytics', access: 'editor' });
    expect(() => checkAnswer(route, hardestPhrases(LANG, tree, [count('a1', 'hello', 'P1', 2, 1)]), 200)).not.toThrow();
    const r = hardestQuerySchema.safeParse({ lesson: 'food' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['level'], message: 'Choose the level of the lesson too' });
  });
});
