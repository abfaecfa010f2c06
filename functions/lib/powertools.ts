/**
 * Powertools for AWS Lambda, one instance each per container: structured JSON logs carrying the
 * request's correlation id, and CloudWatch metrics in the embedded metric format (no API calls).
 * The router (./http.ts) wires both into every handler's middy chain.
 *
 * No Powertools Tracer: the functions already run with X-Ray active tracing (one segment per
 * invocation, infra/cdk/constructs/function.ts), and the Tracer's X-Ray SDK would add about 120 KB to
 * every bundle (pages: 160 KB to 282 KB minified) and its load time to every cold start, for
 * subsegments we do not need yet. See docs/infra.md.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { config } from './config.js';
import { METRICS_NAMESPACE, METRICS_SERVICE, STAGE_DIMENSION, type FailureMetric } from './failure-metrics.js';

export const logger = new Logger({ serviceName: METRICS_SERVICE });
/** Dimensions of every metric: the service and the stage (dev and prod in one account stay apart). */
export const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: METRICS_SERVICE, defaultDimensions: { [STAGE_DIMENSION]: config.stage } });

/**
 * Counts a failure an alarm watches (./failure-metrics.ts). Published with the request's other
 * metrics by the router's middleware; `now` publishes at once (code outside the router).
 */
export function countFailure(name: FailureMetric, now = false): void {
  metrics.addMetric(name, MetricUnit.Count, 1);
  if (now) metrics.publishStoredMetrics();
}
