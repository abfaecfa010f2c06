/**
 * The words of the practice screen's end and of /review: pure, so the session's counts, plurals
 * and due times are tested without a browser. The island only puts them into the page.
 */
import { isDue } from '@shared/schedule';
import type { StoredCard } from './device-store';
import { inWords } from './due-words';

const phrases = (n: number) => `${n} ${n === 1 ? 'phrase' : 'phrases'}`;

/** 'Session complete''s line: what was practised, or that a hands-free run schedules nothing. */
export function doneSummary(n: number, again: number, graded: boolean): string {
  return graded
    ? `You practised ${phrases(n)}${again ? ` (${again} needed another try)` : ''}.`
    : `You listened to ${phrases(n)} hands-free. Hands-free is not graded: practise with the grades to schedule reviews.`;
}

/** The soonest of these due times (ISO strings sort as times), if any. */
export const soonest = (dues: (string | undefined)[]) => dues.filter((d): d is string => !!d).sort()[0];

/** 'Session complete''s next review, with its day and time; nothing when no grade scheduled one. */
export function nextReviewLine(due: string | undefined, now: Date, graded: boolean): string {
  if (!graded || !due) return '';
  const at = new Date(due);
  return `Next review: ${inWords(at, now)} (${at.toLocaleString('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit' })}).`;
}

/** /review's line under 'Nothing to review right now': when the device's next card is due, if it has one. */
export function nextDueLine(due: string | undefined, now: Date): string {
  if (!due) return 'Practise a lesson, and its phrases come back here when they are due.';
  const at = new Date(due);
  return `Your next card is due ${inWords(at, now)} (${at.toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })}).`;
}

export const dueCount = (n: number) => `${n} ${n === 1 ? 'card' : 'cards'} due`;

/** The cards due at `now`, soonest first, grouped by language (in the order of each language's soonest card). */
export function dueByLanguage(all: readonly StoredCard[], now: Date): StoredCard[][] {
  const due = all.filter((c) => isDue(c.schedule, now)).sort((a, b) => a.schedule.due.localeCompare(b.schedule.due));
  const byLanguage = new Map<string, StoredCard[]>();
  due.forEach((c) => byLanguage.set(c.language_id, [...(byLanguage.get(c.language_id) ?? []), c]));
  return [...byLanguage.values()];
}
