/** Bounds of spaced review (/api/me/reviews, the device store), in a module without zod so the practice island can import them. */
/** Most reviews in one request. */
export const MAX_REVIEWS_PER_REQUEST = 100;
/** Most log entries kept per card (the oldest go first). */
export const MAX_LOG_PER_CARD = 100;
