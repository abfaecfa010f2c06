/**
 * Powertools for AWS Lambda, one instance each per container: structured JSON logs carrying the
 * request's correlation id, and CloudWatch metrics in the embedded metric format (no API calls).
 * The router (./http.ts) wires both into every handler's middy chain.
 *
 * No Powertools Tracer: the functions already run with X-Ray active tracing (one segment per
 * invocation, infra/constructs/function.ts), and the Tracer's X-Ray SDK would add about 120 KB to
 * every bundle (pages: 160 KB to 282 KB minified) and its load time to every cold start, for
 * subsegments we do not need yet. See docs/infra.md.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';

const serviceName = 'parrot-phrases';
export const logger = new Logger({ serviceName });
export const metrics = new Metrics({ namespace: 'ParrotPhrases', serviceName });
