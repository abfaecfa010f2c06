/**
 * The metrics the code emits when something fails that must not fail silently (CloudWatch embedded
 * metric format through Powertools, ./powertools.ts), and where they land: the functions count
 * them, infra/cdk/constructs/monitoring.ts alarms on them. One list, so the two never drift apart.
 */
export const METRICS_NAMESPACE = 'ParrotPhrases';
export const METRICS_SERVICE = 'parrot-phrases';

export const FAILURE_METRICS = {
  /** A page the render function could not make (a read failed: 503; a defect: 500). */
  RenderFailures: 'RenderFailures',
  /** A CDN invalidation that still failed after its retries: pages may be stale up to a day. */
  InvalidationFailures: 'InvalidationFailures',
  /** A support message stored but not mailed to the team. */
  SupportMailFailures: 'SupportMailFailures',
  /** An admin write made but not recorded in the audit log. */
  AuditWriteFailures: 'AuditWriteFailures',
} as const;
export type FailureMetric = keyof typeof FAILURE_METRICS;
