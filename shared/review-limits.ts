/** Bounds of spaced review (/api/me/reviews, the device store), in a module without zod so the practice island can import them. */
/** Most reviews in one request. */
export const MAX_REVIEWS_PER_REQUEST = 100;
/** Most log entries kept per card (the oldest go first). */
export const MAX_LOG_PER_CARD = 100;
/**
 * Most reviews a device keeps waiting to be sent (an anonymous visitor's pile up until they sign
 * in). Past it the oldest go first, those of a card reviewed again later before the rest: a review
 * carries the card as it was before it, so the card's newest review still brings it up to date.
 */
export const MAX_OUTBOX = 1000;
