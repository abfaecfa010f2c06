/**
 * The analytics resource: the events a page sends (only daily counts are stored) and the daily
 * counts the back office reads. The limits are in ../analytics-limits.ts (no zod: the tracker reads them).
 */
import * as z from 'zod';
import { MAX_ANALYTICS_BATCH, MAX_ANALYTICS_PATH, MAX_GRADE_BATCH } from '../analytics-limits.js';
import { phraseRefSchema, ratingSchema } from './reviews.js';

/** GET /api/admin/analytics: one day's page views, and the count of every event of that day. */
export const analyticsDaySchema = z.object({ date: z.string(), page_views: z.number().int(), events: z.record(z.string(), z.number()) });
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

export const ANALYTICS_EVENTS = ['page_view', 'scroll', 'time_on_page', 'consent_status', 'minimal_interaction', 'app_initialized', 'app_error'] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

/** One event; extra properties are accepted and dropped (only daily counts are stored). */
export const analyticsEventSchema = z.object({
  name: z.enum(ANALYTICS_EVENTS),
  /** Accepted but not stored (only daily counts are); the client cuts it to this length. */
  path: z.string().max(MAX_ANALYTICS_PATH).optional(),
  /** Finite: zod 4's number() refuses Infinity and NaN by itself. */
  value: z.number().optional(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/**
 * One practice grade (sent with consent 'all' only): it adds to its phrase's daily counters of
 * reviews and 'Again' answers (docs/learners.md "Hardest phrases"). No one's id travels with it.
 */
export const gradeEventSchema = phraseRefSchema.extend({ rating: ratingSchema });
export type GradeEvent = z.infer<typeof gradeEventSchema>;

export const EMPTY_BATCH_TEXT = 'Send at least one event or grade';

/** POST /api/analytics: events, practice grades, or both (the sender batches them together). */
export const analyticsBatchSchema = z
  .object({
    events: z.array(analyticsEventSchema).max(MAX_ANALYTICS_BATCH, `At most ${MAX_ANALYTICS_BATCH} events per request`).default([]),
    grades: z.array(gradeEventSchema).max(MAX_GRADE_BATCH, `At most ${MAX_GRADE_BATCH} grades per request`).default([]),
  })
  .refine((b) => b.events.length + b.grades.length > 0, { message: EMPTY_BATCH_TEXT, path: ['events'] });
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;
