/**
 * Ends the CDN's copies of the pages and public reads a write changed (paths: ./cdn-paths.ts), in
 * one CreateInvalidation per request, awaited before the handler answers (Lambda freezes after).
 * The local twin's gateway implements the same API, so this code runs unchanged there. A failure is
 * logged and never fails the write: it already happened, and `s-maxage` bounds the staleness.
 */
import { randomUUID } from 'node:crypto';
import { listPublished } from '../data/blog.js';
import { cloudFront } from './clients.js';
import { config } from './config.js';
import { linkedPostPaths } from './cdn-paths.js';

export async function invalidate(...groups: string[][]): Promise<void> {
  const paths = [...new Set(groups.flat())];
  if (!config.cdn.distributionId || !paths.length) return;
  try {
    const { CreateInvalidationCommand } = await import('@aws-sdk/client-cloudfront');
    await (await cloudFront()).send(
      new CreateInvalidationCommand({
        DistributionId: config.cdn.distributionId,
        InvalidationBatch: { CallerReference: randomUUID(), Paths: { Quantity: paths.length, Items: paths } },
      }),
    );
  } catch (e) {
    console.error(JSON.stringify({ level: 'ERROR', msg: 'CDN invalidation failed', paths, error: String(e) }));
  }
}

/** Paths of the published posts that sample phrases under `lessonPath` (one Query of the post list). */
export async function linkedPosts(lessonPath: string): Promise<string[]> {
  if (!config.cdn.distributionId) return [];
  return linkedPostPaths(await listPublished(), lessonPath);
}
