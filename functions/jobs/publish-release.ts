/**
 * The release function, invoked asynchronously by EventBridge Scheduler: by a release's one-time
 * schedule at its time with `{ release_id }` (functions/lib/scheduler.ts), and by the sweep schedule
 * every few minutes with SWEEP_EVENT, which runs every release due and not done (a run that failed,
 * a schedule that was lost). It publishes through functions/services/releases.ts.
 *
 * A release whose run failed is recorded on it (the back office shows it, with 'Retry'), and the
 * invocation then fails too: Lambda retries it twice, then sends it to the stage's dead-letter queue
 * (infra/cdk/constructs/releases.ts), and the function's error alarm fires. A release that is gone or
 * has nothing to publish ends quietly (audited). What the run counted (an invalidation or an audit
 * entry that failed) is flushed to CloudWatch by logMetrics, as the API's handlers do.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import middy from '@middy/core';
import { releaseIdSchema } from '../../shared/contracts/publishing.js';
import { logger, metrics } from '../lib/powertools.js';
import { SWEEP_EVENT } from '../lib/scheduler.js';
import { runDueReleases, runRelease, type ReleaseOutcome } from '../services/releases.js';

export type ReleaseEvent = { release_id?: unknown; sweep?: unknown };

const failures = (outcomes: ReleaseOutcome[]) => outcomes.flatMap((o) => (o && 'failed' in o ? [`${o.release.id}: ${o.failed}`] : []));

async function run(event: ReleaseEvent): Promise<void> {
  if (event.sweep === SWEEP_EVENT.sweep) {
    const outcomes = await runDueReleases();
    logger.info('release sweep ran', { ran: outcomes.filter(Boolean).length });
    const failed = failures(outcomes);
    if (failed.length) throw new Error(`${failed.length} due release(s) failed and stay to be run again: ${failed.join('; ')}`);
    return;
  }
  const id = releaseIdSchema.safeParse(event.release_id);
  if (!id.success) {
    logger.error('release function invoked without a release id', { event });
    return;
  }
  const outcome = await runRelease(id.data);
  logger.info('scheduled release ran', { release: id.data, outcome: outcome ?? 'gone' });
  const failed = failures([outcome]);
  if (failed.length) throw new Error(`Release ${failed[0]}`);
}

export const handler = middy(run)
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .use(logMetrics(metrics));
