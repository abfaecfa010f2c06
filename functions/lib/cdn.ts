/**
 * Ends the CDN's copies of the pages and public reads a write changed (which ones:
 * ./cdn-paths.ts), in ONE CreateInvalidation per request, awaited before the handler answers (a
 * Lambda is frozen once it has answered). The local twin's gateway implements the same API, so this
 * code runs unchanged there. Nothing here fails a write: it has already happened, and the pages'
 * `s-maxage` bounds how long a missed invalidation can show stale content (alarmed: InvalidationFailures).
 */
import { randomUUID } from 'node:crypto';
import { fitBatch, neighbourPaths, type SequenceTree } from './cdn-paths.js';
import { cloudFront } from './clients.js';
import { config } from './config.js';
import { countFailure, logger } from './powertools.js';

const logError = (msg: string, detail: Record<string, unknown>, e: unknown) => logger.error(msg, { ...detail, error: e as Error });

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
        logError('CDN invalidation failed', { distributionId, paths: items, attempts: attempt + 1 }, e);
        countFailure('InvalidationFailures');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, backoff[attempt]));
    }
  }
}

/**
 * Reads what a write's paths depend on (a level's lessons, the posts that sample a lesson) with
 * the data layer. `undefined` when there is no CDN (nothing is read) or the read failed (logged):
 * the path rules then cover the unknown pages with wildcards, and the write still answers.
 */
export async function lookup<T>(what: string, read: () => Promise<T>): Promise<T | undefined> {
  if (!config.cdn.distributionId) return undefined;
  try {
    return await read();
  } catch (e) {
    logError('CDN path lookup failed', { what }, e);
    return undefined;
  }
}

/**
 * Runs a level or lesson write between two reads of its language's sequence and returns, with its
 * result, the lesson pages whose Previous/Next links it moved (neighbourPaths). Nothing is read
 * without a CDN.
 */
export async function withNeighbours<T>(lang: string, read: () => Promise<SequenceTree>, write: () => Promise<T>): Promise<{ result: T; moved: string[] }> {
  const before = await lookup('course sequence', read);
  const result = await write();
  const after = before && (await lookup('course sequence', read));
  return { result, moved: config.cdn.distributionId ? neighbourPaths(lang, before, after) : [] };
}
