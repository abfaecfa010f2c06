/**
 * /review's calendar of days practised and the daily goal, pure (tests/unit/frontend/calendar.test.ts).
 * Days are the learner's own (the browser's time zone); a day counts the cards reviewed that day,
 * each once however often it was graded. No streak: a day without practice is just a day, shown
 * and said like any other.
 */
import type { StoredCard } from './device-store';

/** How many weeks the calendar shows, the current one last. */
export const WEEKS = 5;

/** The local day of `d`: `2026-11-28`. */
export const dayKey = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Cards reviewed per local day (a card graded three times in a day counts once). */
export function cardsByDay(cards: readonly StoredCard[]): Map<string, number> {
  const days = new Map<string, Set<string>>();
  for (const c of cards)
    for (const e of c.log) {
      const key = dayKey(new Date(e.reviewed_at));
      days.set(key, (days.get(key) ?? new Set()).add(c.id));
    }
  return new Map([...days].map(([k, ids]) => [k, ids.size]));
}

export interface Day {
  date: Date;
  key: string;
  /** Cards practised that day. */
  count: number;
  today: boolean;
  /** After today (the current week's rest): blank. */
  future: boolean;
}

/** The last WEEKS weeks, Monday first, ending with the week of `today`. */
export function calendarWeeks(today: Date, counts: Map<string, number>, weeks = WEEKS): Day[][] {
  const monday = today.getDate() - ((today.getDay() + 6) % 7);
  const todayKey = dayKey(today);
  return Array.from({ length: weeks }, (_, w) =>
    Array.from({ length: 7 }, (_, d) => {
      // Built from the calendar date, not by adding 24 h: a day of a clock change is 23 or 25 h long.
      const date = new Date(today.getFullYear(), today.getMonth(), monday - (weeks - 1 - w) * 7 + d, 12);
      const key = dayKey(date);
      return { date, key, count: counts.get(key) ?? 0, today: key === todayKey, future: key > todayKey };
    }),
  );
}

const cards = (n: number) => `${n} ${n === 1 ? 'card' : 'cards'}`;

/** A cell's words for a screen reader: 'Today, Saturday 28 November: 12 cards practised'. */
export function dayWords(day: Day): string {
  const name = day.date.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long' });
  if (day.future) return '';
  return `${day.today ? 'Today, ' : ''}${name}${day.count ? `: ${cards(day.count)} practised` : ''}`;
}

/** Today toward the daily goal (`goal` 0: off, nothing said). */
export function goalLine(goal: number, today: number): string {
  if (!goal) return '';
  if (today >= goal) return `Today: ${cards(today)}, your goal of ${goal} reached.`;
  return `Today: ${today} of ${cards(goal)}.`;
}
