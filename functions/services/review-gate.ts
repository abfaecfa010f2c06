/**
 * Whether a language's changes go public only through a reviewer (docs/back-office.md "Reviews"),
 * and the gate that keeps direct writes from going around it. While a language has reviewers, what
 * visitors read changes only by publishing an approved draft: a direct write of course content
 * ('Update' of a public language, level or lesson; a new level or lesson added to what is public;
 * adding, editing or deleting a public lesson's live phrases) is refused with 409, whoever calls
 * (admins too, as for Publish), and goes in as a draft instead ('Save as draft'). Writes of what
 * is not public yet (a new draft, anything under one), the draft routes, and the structural writes
 * (order, lock, Trash, audio of text already public) stay direct. Its own module, so the course
 * functions that call it bundle neither the review mail nor its SES client.
 */
import { publicPlaces, type Place } from '../data/visibility.js';
import { conflict } from '../lib/errors.js';
import { reviewersOf } from '../lib/membership.js';
import { DRAFT_ONLY_TEXT } from '../../shared/contracts/approvals.js';

export type { Place };

/** Whether `language`'s drafts need an approval now: it has reviewers (read live, ../lib/membership.ts). */
export const isReviewed = async (language: string) => (await reviewersOf(language)).length > 0;

/** Which of `languages` have reviewers now, each asked once, in the order given. */
export async function reviewedAmong(languages: readonly string[]): Promise<string[]> {
  const unique = [...new Set(languages)];
  const flags = await Promise.all(unique.map(isReviewed));
  return unique.filter((_, i) => flags[i]);
}

/**
 * Refuses (409, DRAFT_ONLY_TEXT) a direct write that would change at once what visitors see in a
 * language with reviewers: one of `places` (where the write lands; for a new item, where it is
 * added) is public now. In a language without reviewers nothing of the course is read.
 */
export async function requireDraftWhileReviewed(...places: Place[]): Promise<void> {
  const reviewed = new Set(await reviewedAmong(places.map((p) => p.language_id)));
  const gated = places.filter((p) => reviewed.has(p.language_id));
  if (gated.length && (await publicPlaces(gated)).some(Boolean)) throw conflict(DRAFT_ONLY_TEXT);
}
