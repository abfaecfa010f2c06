/**
 * The scheduler (shared/schedule.ts: ts-fsrs, default parameters, retention 0.9,
 * same-day learning steps) with a fixed clock, its merge rule, and a practice session's order
 * (frontend/src/practice/queue.ts).
 */
import { describe, expect, it } from 'vitest';
import { reviewInputSchema, scheduleSchema, type LogEntry } from '../../shared/contracts/reviews.js';
import { MAX_LOG_PER_CARD } from '../../shared/review-limits.js';
import { isDue, mergeCard, mergeLogs, newSchedule, preview, review } from '../../shared/schedule.js';
import { current, graded, isOver, moved, newQueue, position, total } from '../../frontend/src/practice/queue.js';

const T0 = new Date('2026-03-02T09:00:00.000Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);
const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

describe('scheduling (fixed clock)', () => {
  it('a new card is due at once', () => {
    const s = newSchedule(T0);
    expect(s.state).toBe('new');
    expect(isDue(s, T0)).toBe(true);
    expect(scheduleSchema.safeParse(s).success).toBe(true);
  });

  it("'Again' brings a card back within the session's learning step (1 minute), 'Good' after the next step (10 minutes)", () => {
    const again = review(newSchedule(T0), 1, T0).schedule;
    expect(again.state).toBe('learning');
    expect(Date.parse(again.due) - T0.getTime()).toBe(60_000);
    expect(isDue(again, minutes(0.5))).toBe(false);
    expect(isDue(again, minutes(1))).toBe(true);

    const good = review(newSchedule(T0), 3, T0).schedule;
    expect(good.state).toBe('learning');
    expect(Date.parse(good.due) - T0.getTime()).toBe(10 * 60_000);
  });

  it("a 'Good' card past its learning steps is due in days, and each further 'Good' waits longer", () => {
    const learning = review(newSchedule(T0), 3, T0).schedule;
    const first = review(learning, 3, minutes(10)).schedule;
    expect(first.state).toBe('review');
    expect(days(first.last_review!, first.due)).toBeGreaterThanOrEqual(1);
    const second = review(first, 3, new Date(first.due)).schedule;
    expect(days(second.last_review!, second.due)).toBeGreaterThan(days(first.last_review!, first.due));
    // 'Easy' skips the learning steps: days at once.
    const easy = review(newSchedule(T0), 4, T0).schedule;
    expect(easy.state).toBe('review');
    expect(days(T0.toISOString(), easy.due)).toBeGreaterThanOrEqual(1);
  });

  it("'Again' on a review card is a lapse: relearnt in 10 minutes", () => {
    const known = review(review(newSchedule(T0), 3, T0).schedule, 3, minutes(10)).schedule;
    const lapsed = review(known, 1, new Date(known.due));
    expect(lapsed.schedule.state).toBe('relearning');
    expect(lapsed.schedule.lapses).toBe(1);
    expect(Date.parse(lapsed.schedule.due) - Date.parse(known.due)).toBe(10 * 60_000);
    expect(lapsed.entry).toEqual({ rating: 1, state: 'review', reviewed_at: known.due, scheduled_days: 0 });
  });

  it('previews each grade as the card would be after it, and every result is a card the API accepts', () => {
    const card = newSchedule(T0);
    const p = preview(card, T0);
    expect(p[1] < p[2] && p[2] < p[3] && p[3] < p[4]).toBe(true);
    for (const rating of [1, 2, 3, 4]) {
      const next = review(card, rating, T0).schedule;
      expect(next.due).toBe(p[rating as 1].toISOString());
      expect(
        reviewInputSchema.safeParse({
          language_id: 'es',
          level_id: 'a1',
          lesson_id: 'x',
          phrase_id: '01ABC',
          rating,
          reviewed_at: minutes(20).toISOString(),
          card: next,
        }).success,
      ).toBe(true);
    }
  });
});

describe('merge rule', () => {
  const entry = (m: number, rating = 3): LogEntry => ({ rating, state: 'new', reviewed_at: minutes(m).toISOString(), scheduled_days: 0 });

  it('the later review of a card wins; the logs are appended once each, oldest first', () => {
    const a = { id: 'x', schedule: review(newSchedule(T0), 3, minutes(1)).schedule, log: [entry(1)] };
    const b = { id: 'x', schedule: review(newSchedule(T0), 1, minutes(5)).schedule, log: [entry(5, 1)] };
    expect(mergeCard(a, b).schedule).toEqual(b.schedule);
    expect(mergeCard(b, a).schedule).toEqual(b.schedule);
    expect(mergeCard(a, b).log).toEqual([entry(1), entry(5, 1)]);
    expect(mergeCard(a, a).log).toEqual([entry(1)]);
  });

  it('keeps the newest entries of a long log only', () => {
    const long = Array.from({ length: MAX_LOG_PER_CARD + 20 }, (_, i) => entry(i));
    const merged = mergeLogs(long.slice(0, 70), long.slice(50));
    expect(merged).toHaveLength(MAX_LOG_PER_CARD);
    expect(merged.at(-1)).toEqual(long.at(-1));
    expect(merged[0]).toEqual(long[20]);
  });
});

describe('a practice session', () => {
  it("goes through every card once; 'Again' brings a card back later and adds its return to the line", () => {
    let q = newQueue(['a', 'b', 'c', 'd', 'e']);
    expect([current(q), position(q), total(q)]).toEqual(['a', 1, 5]);
    q = graded(q, 1); // a: Again → after three more cards
    expect([current(q), position(q), total(q)]).toEqual(['b', 2, 6]);
    q = graded(graded(graded(q, 3), 3), 3);
    expect([current(q), position(q), total(q)]).toEqual(['a', 5, 6]);
    q = graded(q, 1); // again: now near the end
    expect(q.order.slice(q.at)).toEqual(['e', 'a']);
    q = graded(graded(q, 4), 2);
    expect(isOver(q)).toBe(true);
    expect([position(q), total(q)]).toEqual([7, 7]);
  });

  it("never shows the same number for two cards, 'Again' or not", () => {
    let q = newQueue(['a', 'b', 'c', 'd', 'e']);
    const lines = [`${position(q)} of ${total(q)}`];
    for (const rating of [3, 1, 1, 3, 3, 3, 3]) {
      q = graded(q, rating);
      if (!isOver(q)) lines.push(`${position(q)} of ${total(q)}`);
    }
    expect(isOver(q)).toBe(true);
    const numbers = lines.map((l) => Number(l.split(' ')[0]));
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(lines.at(-1)).toBe('7 of 7');
  });

  it('moves on without a grade (hands-free, the lock screen) and back', () => {
    let q = moved(newQueue(['a', 'b', 'c']), 1);
    expect([current(q), position(q)]).toEqual(['b', 2]);
    q = moved(q, -1);
    expect([current(q), position(q)]).toEqual(['a', 1]);
    q = moved(moved(moved(q, 1), 1), 1);
    expect(isOver(q)).toBe(true);
  });
});
