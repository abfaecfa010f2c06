/**
 * Running a scheduled release: the release function's work on AWS (functions/jobs/publish-release.ts,
 * invoked by the release's schedule) and the twin's timer's (infra/twin/releases.ts). Its item is
 * published as 'Publish' would, the pages it changed invalidated in one request, the publication
 * written to the audit log in the name of the admin who scheduled it (the entry says it was the
 * release), and the release removed. An
 * outage leaves the release in place to be run again (the schedule's retries, the next tick); a run
 * that finds nothing to publish (a second run, an item published by hand or deleted) just ends it.
 */
import { putEntry } from '../data/audit.js';
import { publishItem } from '../data/publishing.js';
import { dueReleases, endRelease, getRelease } from '../data/releases.js';
import { invalidate } from '../lib/cdn.js';
import { DomainError } from '../lib/errors.js';
import { logger } from '../lib/powertools.js';
import { auditTargetOf, refKey, type Release } from '../../shared/contracts/publishing.js';
import { itemPaths, withItemSequence } from './item-paths.js';

/** Outcomes that end a release unpublished: its item is gone, has nothing to publish, or its draft is stale. */
const ENDS_RELEASE = new Set(['invalid', 'not-found', 'conflict']);

export type ReleaseOutcome = { release: Release; published: number } | { release: Release; skipped: string } | undefined;

/** Runs release `id`: undefined when it is gone (ran, or was cancelled, meanwhile). */
export async function runRelease(id: string): Promise<ReleaseOutcome> {
  const found = await getRelease(id);
  if (!found) return undefined;
  const { release, by } = found;
  const { item } = release;
  try {
    const { result: published, moved } = await withItemSequence(item, () => publishItem(item));
    await endRelease(id);
    await invalidate(await itemPaths(item, moved));
    await putEntry({
      actor: { sub: by.sub, email: by.name },
      ...auditTargetOf(item),
      action: `${auditTargetOf(item).entity}.publish`,
      label: release.label,
      after: { published: `by the release scheduled for ${release.publish_at}` },
    });
    return { release, published };
  } catch (e) {
    if (!(e instanceof DomainError) || !ENDS_RELEASE.has(e.kind)) throw e;
    await endRelease(id);
    logger.warn('scheduled release had nothing to publish', { release: release.id, item: refKey(item), reason: e.message });
    return { release, skipped: e.message };
  }
}

/** Runs every release due at `now` (the twin's timer). */
export async function runDueReleases(now = new Date()): Promise<ReleaseOutcome[]> {
  const outcomes: ReleaseOutcome[] = [];
  for (const id of await dueReleases(now)) outcomes.push(await runRelease(id));
  return outcomes;
}
