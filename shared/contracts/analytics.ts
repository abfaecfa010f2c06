/**
 * The analytics resource: the events a page sends (only daily counts are stored) and the daily
 * counts the back office reads. The limits are in ../analytics-limits.ts (no zod: the tracker reads them).
 */
import * as z from 'zod';
import { MAX_ANALYTICS_BATCH, MAX_ANALYTICS_PATH } from '../analytics-limits.js';

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

/** POST /api/analytics. */
export const analyticsBatchSchema = z.object({
  events: z.array(analyticsEventSchema).min(1).max(MAX_ANALYTICS_BATCH, `At most ${MAX_ANALYTICS_BATCH} events per request`),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;
