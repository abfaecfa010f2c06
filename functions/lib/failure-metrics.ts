/**
 * The metrics the code emits when something fails that must not fail silently (CloudWatch embedded
 * metric format through Powertools, ./powertools.ts), and where they land: the functions count
 * them, infra/cdk/constructs/monitoring/ alarms on them. One list, so the two never drift apart.
 */
export const METRICS_NAMESPACE = 'ParrotPhrases';
export const METRICS_SERVICE = 'parrot-phrases';
/**
 * Every metric also carries the stage it was counted in (config.stage, the functions' STAGE), so two
 * stages in one account publish separate series and each stage's alarms watch only its own.
 */
export const STAGE_DIMENSION = 'stage';

export const FAILURE_METRICS = {
  /** A page the render function could not make (a read failed: 503; a defect: 500). */
  RenderFailures: 'RenderFailures',
  /** A CDN invalidation that still failed after its retries: pages may be stale up to a day. */
  InvalidationFailures: 'InvalidationFailures',
  /** A support message stored but not mailed to the team. */
  SupportMailFailures: 'SupportMailFailures',
  /** A review step (docs/back-office.md "Reviews") stored but not mailed to the people concerned. */
  ReviewMailFailures: 'ReviewMailFailures',
  /** An admin write made but not recorded in the audit log. */
  AuditWriteFailures: 'AuditWriteFailures',
  /**
   * An API request refused for not carrying the origin secret (functions/lib/origin-secret.ts): a call
   * to the raw execute-api URL, or, many at once, CloudFront sending a value the functions do not
   * accept (a rotation that went wrong) while every /api/* answer is 403.
   */
  OriginRefusals: 'OriginRefusals',
} as const;
export type FailureMetric = keyof typeof FAILURE_METRICS;
