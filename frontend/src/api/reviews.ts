/**
 * Spaced review on the server (/api/me/reviews) for a signed-in person: the device's unsent
 * reviews go up (oldest first, MAX_REVIEWS_PER_REQUEST at a time), then every card comes down and
 * is merged into the device store by the merge rule (the later review of a card wins, logs are
 * appended). Imported by the practice island only, and only called when a session is stored.
 */
import type { ReviewCards, ReviewInput, ReviewResult } from '@shared/contracts/reviews';
import { MAX_REVIEWS_PER_REQUEST } from '@shared/review-limits';
import { mergeIn, outbox, sent } from '../practice/store';
import { ApiError, apiFetch } from './client';
import { api } from '@shared/urls';

export const REVIEWS = api.reviews;

export const sendReviews = (reviews: ReviewInput[]) => apiFetch<ReviewResult>(REVIEWS, { method: 'POST', body: { reviews }, auth: true });
export const fetchCards = () => apiFetch<ReviewCards>(REVIEWS, { auth: true });

/** Sends what this device has not sent yet, then takes in every card of the account. */
export async function syncReviews(): Promise<void> {
  const pending = await outbox();
  for (let i = 0; i < pending.length; i += MAX_REVIEWS_PER_REQUEST) {
    const chunk = pending.slice(i, i + MAX_REVIEWS_PER_REQUEST);
    try {
      await sendReviews(chunk.map((o) => o.review));
    } catch (e) {
      // Refused as invalid (a device clock far ahead, say): sending it again cannot help.
      if (!(e instanceof ApiError && e.status === 400)) throw e;
      console.error('Reviews refused by the server, dropped', e.fields);
    }
    await sent(chunk.map((o) => o.key));
  }
  await mergeIn((await fetchCards()).cards);
}
