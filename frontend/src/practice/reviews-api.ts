/**
 * Spaced review on the server (/api/me/reviews) for a signed-in person: the device's unsent
 * reviews go up (oldest first, MAX_REVIEWS_PER_REQUEST at a time), then every card comes down and
 * is merged into the device store by the merge rule (the later review of a card wins, logs are
 * appended). Imported by the practice island only, and only called when a session is stored.
 */
import type { ReviewCards, ReviewInput, ReviewResult } from '@shared/contracts/reviews';
import { MAX_REVIEWS_PER_REQUEST } from '@shared/review-limits';
import { mergeIn, outbox, sent } from './device-store';
import { ApiError, apiFetch } from '../api/client';
import { api } from '@shared/urls';

export const REVIEWS = api.reviews;

export const sendReviews = (reviews: ReviewInput[]) => apiFetch<ReviewResult>(REVIEWS, { method: 'POST', body: { reviews }, auth: true });
export const fetchCards = () => apiFetch<ReviewCards>(REVIEWS, { auth: true });

/**
 * Sends one request's reviews. Refused as invalid (a device clock far ahead, say): sending them
 * again cannot help, they are dropped. Refused because some phrases are no longer public (a lesson
 * locked or unpublished since: 404 naming them): those are dropped and the others sent again.
 */
async function sendChunk(reviews: ReviewInput[]): Promise<void> {
  try {
    await sendReviews(reviews);
  } catch (e) {
    if (!(e instanceof ApiError && (e.status === 400 || e.status === 404))) throw e;
    console.error('Reviews refused by the server, dropped', e.fields);
    const hidden = new Set(Object.keys(e.fields ?? {}).map((f) => Number(/^reviews\.(\d+)\./.exec(f)?.[1])));
    const rest = reviews.filter((_, n) => !hidden.has(n));
    if (e.status === 404 && rest.length && rest.length < reviews.length) await sendChunk(rest);
  }
}

/** Sends what this device has not sent yet, then takes in every card of the account. */
export async function syncReviews(): Promise<void> {
  const pending = await outbox();
  for (let i = 0; i < pending.length; i += MAX_REVIEWS_PER_REQUEST) {
    const chunk = pending.slice(i, i + MAX_REVIEWS_PER_REQUEST);
    await sendChunk(chunk.map((o) => o.review));
    await sent(chunk.map((o) => o.key));
  }
  await mergeIn((await fetchCards()).cards);
}
