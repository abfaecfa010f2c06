/**
 * The one scheduler of spaced review, shared by the practice island (on the device) and the
 * reviews API (which schedules every review it is sent again, instead of trusting a device's
 * result): FSRS by ts-fsrs with its default parameters, desired retention 0.9 and its same-day
 * learning steps (1 min and 10 min; a lapse relearns in 10 min), no fuzz, so both sides agree.
 * Pure: the time is always passed in.
 */
import { createEmptyCard, fsrs, generatorParameters, Rating, State, type Card, type Grade } from 'ts-fsrs';
import type { CardState, LogEntry, Schedule } from './contracts/reviews.js';
import { MAX_LOG_PER_CARD } from './review-limits.js';

export const DESIRED_RETENTION = 0.9;
const scheduler = fsrs(generatorParameters({ request_retention: DESIRED_RETENTION, enable_short_term: true, enable_fuzz: false }));

/** ts-fsrs numbers states; the API names them. */
const STATE_OF: Record<State, CardState> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};
const STATE: Record<CardState, State> = { new: State.New, learning: State.Learning, review: State.Review, relearning: State.Relearning };
const GRADE: Partial<Record<number, Grade>> = { 1: Rating.Again, 2: Rating.Hard, 3: Rating.Good, 4: Rating.Easy };

// ts-fsrs 5 derives the days since the last review itself: its deprecated elapsed_days comes from the empty card.
const toCard = (s: Schedule): Card => ({
  ...createEmptyCard(new Date(s.due)),
  due: new Date(s.due),
  stability: s.stability,
  difficulty: s.difficulty,
  scheduled_days: s.scheduled_days,
  learning_steps: s.learning_steps,
  reps: s.reps,
  lapses: s.lapses,
  state: STATE[s.state],
  last_review: s.last_review ? new Date(s.last_review) : undefined,
});

const fromCard = (c: Card): Schedule => ({
  due: c.due.toISOString(),
  stability: c.stability,
  difficulty: c.difficulty,
  scheduled_days: c.scheduled_days,
  learning_steps: c.learning_steps,
  reps: c.reps,
  lapses: c.lapses,
  state: STATE_OF[c.state],
  last_review: c.last_review ? c.last_review.toISOString() : null,
});

/** A card never reviewed, due at once. */
export const newSchedule = (now: Date): Schedule => fromCard(createEmptyCard(now));

/** The card after a review graded `rating` (1 Again … 4 Easy) at `at`, and its log entry. */
export function review(card: Schedule, rating: number, at: Date): { schedule: Schedule; entry: LogEntry } {
  const grade = GRADE[rating];
  if (grade === undefined) throw new RangeError(`Not a grade: ${rating}`);
  const { card: next, log } = scheduler.next(toCard(card), at, grade);
  return {
    schedule: fromCard(next),
    entry: { rating, state: STATE_OF[log.state], reviewed_at: at.toISOString(), scheduled_days: next.scheduled_days },
  };
}

/** When the card would be due after each grade (the buttons' hints). */
export function preview(card: Schedule, at: Date): Record<1 | 2 | 3 | 4, Date> {
  const all = scheduler.repeat(toCard(card), at);
  return { 1: all[1].card.due, 2: all[2].card.due, 3: all[3].card.due, 4: all[4].card.due };
}

export const isDue = (s: Schedule, now: Date) => Date.parse(s.due) <= now.getTime();

/**
 * The merge rule of two copies of one card (two devices, or a device and the server): the
 * schedule of the later review wins (ties keep `mine`), and the logs are appended: every entry of
 * both, once, oldest first, the newest MAX_LOG_PER_CARD kept.
 */
export function mergeCard<T extends { schedule: Schedule; log: LogEntry[] }>(mine: T, theirs: { schedule: Schedule; log: LogEntry[] }): T {
  const at = (s: Schedule) => (s.last_review ? Date.parse(s.last_review) : -Infinity);
  return { ...mine, schedule: at(theirs.schedule) > at(mine.schedule) ? theirs.schedule : mine.schedule, log: mergeLogs(mine.log, theirs.log) };
}

export function mergeLogs(a: LogEntry[], b: LogEntry[]): LogEntry[] {
  const byKey = new Map<string, LogEntry>();
  for (const e of [...a, ...b]) byKey.set(`${e.reviewed_at}#${e.rating}`, e);
  return [...byKey.values()].sort((x, y) => x.reviewed_at.localeCompare(y.reviewed_at)).slice(-MAX_LOG_PER_CARD);
}
