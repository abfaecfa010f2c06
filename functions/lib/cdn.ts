/**
 * Ends the CDN's copies of the pages and public reads a write changed (which ones:
 * functions/services/site-changes.ts, by the rules of ./cdn-paths.ts), in ONE CreateInvalidation
 * per request, awaited before the handler answers (a Lambda is frozen once it has answered). The
 * local twin's gateway implements the same API, so this code runs unchanged there. Nothing here
 * fails a write: it has already happened, and the pages' `s-maxage` bounds how long a missed
 * invalidation can show stale content (alarmed: InvalidationFailures).
 */
import { randomUUID } from 'node:crypto';
import { fitBatch } from './cdn-paths.js';
import { cloudFront } from './clients.js';
import { config } from './config.js';
import { countFailure, logger } from './powertools.js';

/** Waits before each retry of a refused invalidation (ms): about 2 s in all, well inside the write's timeout. */
export const INVALIDATION_BACKOFF_MS = [200, 600, 1200];

/**
 * Invalidates `paths` (deduplicated and fitted into one batch by `fitBatch`) with one
 * CreateInvalidation, retried with backoff when refused (e.g. TooManyInvalidationsInProgress: 15
 * wildcard paths already in progress) or failed; one that still fails is logged and counted
 * (InvalidationFailures, alarmed). A no-op without a distribution (unit tests, scripts).
 */
export async function invalidate(paths: string[], backoff = INVALIDATION_BACKOFF_MS): Promise<void> {
  const distributionId = config.cdn.distributionId;
  if (!distributionId) return;
  const items = fitBatch(paths);
  if (!items.length) return;
  const { CreateInvalidationCommand } = await import('@aws-sdk/client-cloudfront');
  // One CallerReference for every attempt: CloudFront treats a repeat as the same invalidation, never two.
  const command = new CreateInvalidationCommand({
    DistributionId: distributionId,
    InvalidationBatch: { CallerReference: randomUUID(), Paths: { Quantity: items.length, Items: items } },
  });
  for (let attempt = 0; ; attempt++) {
    try {
      await (await cloudFront()).send(command);
      return;
    } catch (e) {
      if (attempt >= backoff.length) {
        logger.error('CDN invalidation failed', { distributionId, paths: items, attempts: attempt + 1, error: e as Error });
        countFailure('InvalidationFailures');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, backoff[attempt]));
    }
  }
}
