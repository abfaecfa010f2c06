/**
 * The release function: a scheduled release's one-time EventBridge Scheduler schedule invokes it
 * at the release's time with `{ release_id }` (functions/lib/scheduler.ts). It publishes the
 * release's item (functions/services/releases.ts). Throwing on an outage makes the scheduler
 * retry; a release that is gone or has nothing to publish ends quietly.
 */
import { releaseIdSchema } from '../../shared/contracts/publishing.js';
import { logger } from '../lib/powertools.js';
import { runRelease } from '../services/releases.js';

export async function handler(event: { release_id?: unknown }): Promise<void> {
  const id = releaseIdSchema.safeParse(event.release_id);
  if (!id.success) {
    logger.error('release function invoked without a release id', { event });
    return;
  }
  const outcome = await runRelease(id.data);
  logger.info('scheduled release ran', { release: id.data, outcome: outcome ?? 'gone' });
}
