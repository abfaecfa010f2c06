/** Bounds of POST /api/analytics, in a module without zod so the browser's analytics client can import them. */
export const MAX_ANALYTICS_BATCH = 25;
export const MAX_ANALYTICS_PATH = 512;
/** Most practice grades in one POST /api/analytics (they are counted per phrase and day, nothing else kept). */
export const MAX_GRADE_BATCH = 25;
