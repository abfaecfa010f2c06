/**
 * Ends the CDN's copies of the pages and public reads a write changed (which ones:
 * ./cdn-paths.ts), in ONE CreateInvalidation per request, awaited before the handler answers (a
 * Lambda is frozen once it has answered). The local twin's gateway implements the same API, so this
 * code runs unchanged there. Nothing here fails a write: it has already happened, and the pages'
 * `s-maxage` bounds how long a missed invalidation can show stale content.
 */
import { randomUUID } from 'node:crypto';
import { fitBatch, neighbourPaths, type SequenceTree } from './cdn-paths.js';
import { cloudFront } from './clients.js';
import { config } from './config.js';
import { logger } from './powertools.js';

const logError = (msg: string, detail: Record<string, unknown>, e: unknown) => logger.error(msg, { ...detail, error: e as Error });

/**
 * Invalidates `paths` (deduplicated and fitted into one batch by `fitBatch`) with one
 * CreateInvalidation. A no-op without a distribution (unit tests, scripts); a failure is logged.
 */
export async function invalidate(paths: string[]): Promise<void> {
  const distributionId = config.cdn.distributionId;
  if (!distributionId) return;
  const items = fitBatch(paths);
  if (!items.length) return;
  try {
    const { CreateInvalidationCommand } = await import('@aws-sdk/client-cloudfront');
    await (
      await cloudFront()
    ).send(
      new CreateInvalidationCommand({
        DistributionId: distributionId,
        InvalidationBatch: { CallerReference: randomUUID(), Paths: { Quantity: items.length, Items: items } },
      }),
    );
  } catch (e) {
    logError('CDN invalidation failed', { distributionId, paths: items }, e);
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
