/**
 * Running a scheduled release: the release function's work on AWS (functions/jobs/publish-release.ts,
 * invoked by the release's schedule and by the sweep every few minutes), the twin's timer's
 * (infra/twin/releases.ts) and the back office's 'Retry'. Its item is published as 'Publish' would,
 * the pages it changed invalidated in one request, the publication written to the audit log in the
 * name of the admin who scheduled it (the entry says it was the release), and the release removed.
 *
 * A run that fails (an outage, a defect) records on the release its attempt and the reason, and
 * leaves it to be run again (the schedule's retries, the next sweep, 'Retry'); a run that finds
 * nothing to publish (its item gone, published by hand, a draft made on a version saved over since)
 * or may not publish it (its language has reviewers, whenever they were named, and the draft is not
 * approved as it is) ends it, and the audit log says why.
 */
import { putEntry, type AuditRecord } from '../data/audit.js';
import { approvedWrites } from '../data/approvals.js';
import { publishItem, type PublishGate } from '../data/publishing.js';
import { claimRelease, dueReleases, endRelease, failRelease } from '../data/releases.js';
import { clip } from '../lib/audit.js';
import { withChange } from '../lib/change.js';
import { DomainError, errorName, isOutage } from '../lib/errors.js';
import { countFailure, logger } from '../lib/powertools.js';
import { auditTargetOf, refKey, type Release } from '../../shared/contracts/publishing.js';
import { changeSite } from './site-changes.js';
import { isReviewed } from './review-gate.js';

/** Outcomes that end a release unpublished: its item is gone, has nothing to publish, or its draft is stale. */
const ENDS_RELEASE = new Set(['invalid', 'not-found', 'conflict']);

/**
 * Runs after which the sweep leaves a failing release alone (about a quarter of an hour of the
 * schedule's, Lambda's and the sweep's retries): it stays in the back office as failed, with its
 * reason and 'Retry', instead of failing (and alarming) every five minutes for good.
 */
export const SWEEP_MAX_ATTEMPTS = 10;

export type ReleaseOutcome =
  | { release: Release; published: number }
  | { release: Release; skipped: string }
  | { release: Release; failed: string; error: unknown }
  /** Another run holds it right now. */
  | { release: Release; busy: true }
  | undefined;

/** Who a run's audit entry names: the admin who scheduled the release, or who pressed 'Retry'. */
export interface RunBy {
  sub: string;
  email: string;
}

/** The reason a failed run leaves on its release, for an editor to read (the log has the stack). */
export function failureReason(e: unknown): string {
  const name = typeof errorName(e) === 'string' ? String(errorName(e)) : 'Error';
  const message = e instanceof Error ? e.message : String(e);
  const what = isOutage(e) ? 'A service the release needs was unavailable' : 'The release failed';
  return clip(`${what} (${name}: ${message})`, 300);
}

/** An audit entry of a run; one that cannot be written is counted (AuditWriteFailures, alarmed), never a failed run. */
async function audited(entry: AuditRecord) {
  try {
    await putEntry(entry);
  } catch (e) {
    logger.error('audit write failed', { action: entry.action, entity_id: entry.entity_id, error: e as Error });
    countFailure('AuditWriteFailures');
  }
}

/** Runs release `id`: undefined when it is gone (ran, or was cancelled, meanwhile). */
export async function runRelease(id: string, opts: { by?: RunBy; now?: Date } = {}): Promise<ReleaseOutcome> {
  const claimed = await claimRelease(id, opts.now);
  if (!claimed) return undefined;
  const { release } = claimed;
  if (claimed.busy) return { release, busy: true };
  const { item } = release;
  const target = auditTargetOf(item);
  const actor = opts.by ?? { sub: claimed.by.sub, email: claimed.by.name };
  const how = opts.by ? "by 'Retry' of the release" : 'by the release';
  try {
    // The versions it replaces (History) name the release and who scheduled it (or pressed 'Retry').
    const change = { sub: actor.sub, name: actor.email, how: opts.by ? 'retry_release' : 'release' };
    // Its pages are invalidated as soon as it is published, before the release is ended.
    // Scheduled in a language with reviewers, or in one that has reviewers now (named after it was
    // scheduled): only a draft approved as it is now goes out, else the release ends, skipped, with the reason.
    const reviewed = claimed.reviewed || (item.kind !== 'post' && (await isReviewed(item.language_id)));
    const gate: PublishGate | undefined = reviewed ? (r, writes) => approvedWrites(r, writes, actor.email) : undefined;
    const names = await changeSite({ kind: 'items', items: [item] }, () => withChange(change, () => publishItem(item, gate)));
    await endRelease(id);
    await audited({
      actor,
      ...target,
      action: `${target.entity}.publish`,
      label: release.label,
      after: { published: names.join(', '), how: `${how} scheduled`, publish_at: release.publish_at },
    });
    return { release, published: names.length };
  } catch (e) {
    if (e instanceof DomainError && ENDS_RELEASE.has(e.kind)) {
      await endRelease(id);
      logger.warn('scheduled release had nothing to publish', { release: id, item: refKey(item), reason: e.message });
      await audited({ actor, ...target, action: `${target.entity}.skip_release`, label: release.label, after: { skipped: clip(e.message) } });
      return { release, skipped: e.message };
    }
    const reason = failureReason(e);
    logger.error('scheduled release failed', { release: id, item: refKey(item), attempts: release.attempts, error: e as Error });
    // The table may be what failed: the release then keeps its earlier state, and still runs again.
    await failRelease(id, reason).catch((why: unknown) => logger.error('could not record a failed release', { release: id, error: why as Error }));
    return { release: { ...release, last_error: reason }, failed: reason, error: e };
  }
}

/**
 * Runs every release due at `now` (the sweep, the twin's timer), each on its own: one that fails
 * does not hold back the others. Releases that failed SWEEP_MAX_ATTEMPTS times wait for 'Retry'.
 */
export async function runDueReleases(now = new Date()): Promise<ReleaseOutcome[]> {
  const outcomes: ReleaseOutcome[] = [];
  for (const due of await dueReleases(now)) {
    if (due.attempts >= SWEEP_MAX_ATTEMPTS) continue;
    outcomes.push(await runRelease(due.id));
  }
  return outcomes;
}
