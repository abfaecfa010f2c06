/**
 * Scheduled releases: "publish this lesson, level or post at ...". One item per release, listed
 * soonest first in GSI1 `RELEASES`; at most one per item. On AWS each release has its own one-time
 * EventBridge Scheduler schedule (../lib/scheduler.ts) that invokes the release function; the twin
 * runs the same function for every due release on its own timer. Running a release publishes its
 * item (./publishing.ts), then removes the release (../services/releases.ts).
 */
import { ulid } from 'ulid';
import { conflict, invalid, notFound } from '../lib/errors.js';
import { GSI1, keys } from '../lib/keys.js';
import { schedule, unschedule } from '../lib/scheduler.js';
import { refKey, RELEASE_GONE_TEXT, RELEASE_TIME_TEXT, type Release, type ReleaseIn } from '../../shared/contracts/publishing.js';
import { itemKey, labelOf } from './publishing.js';
import { asItem, deleteItem, getRaw, isConditionFailed, putItem, queryAll, queryList, updateRaw, versionIs } from './table.js';

export const ALREADY_SCHEDULED_TEXT = 'This item already has a scheduled release: change or cancel that one.';

function toRelease(raw: Record<string, unknown>): Release {
  const { id, item, label, publish_at, created_by, created_at, attempts, last_error, failed_at } = asItem<Release>(raw);
  return { id, item, label, publish_at, created_by, created_at, ...(last_error ? { attempts, last_error, failed_at } : {}) };
}

/** What a run leaves on a release: how many runs started, and why the last one failed. A new time clears them. */
const RUN_STATE = ['attempts', 'last_error', 'failed_at', 'running_until'] as const;

function inFuture(publishAt: string, now = new Date()) {
  if (publishAt <= now.toISOString()) throw invalid(RELEASE_TIME_TEXT, 'publish_at');
}

/** Every release waiting, soonest first. */
export async function listReleases(): Promise<Release[]> {
  return (await queryList(keys.releaseListPk)).map(toRelease).sort((a, b) => a.publish_at.localeCompare(b.publish_at) || a.id.localeCompare(b.id));
}

/** Who scheduled a release: their Cognito `sub` (kept for the audit log of its run) and name. */
export interface Scheduler {
  sub: string;
  name: string;
}

/** Schedules the item's publication. 404 no item, 409 one already scheduled, 400 a time not in the future. */
export async function createRelease(input: ReleaseIn, by: Scheduler, reviewed = false): Promise<Release> {
  inFuture(input.publish_at);
  const [live, waiting] = await Promise.all([getRaw(itemKey(input.item)), listReleases()]);
  if (!live) throw notFound('Not found');
  if (waiting.some((r) => refKey(r.item) === refKey(input.item))) throw conflict(ALREADY_SCHEDULED_TEXT);
  const id = ulid();
  const release: Release = {
    id,
    item: input.item,
    label: labelOf(live),
    publish_at: input.publish_at,
    created_by: by.name,
    created_at: new Date().toISOString(),
  };
  // `reviewed`: scheduled in a language with reviewers, so its run publishes only a draft still approved.
  await putItem({
    ...keys.release(id),
    ...keys.releaseList(release.publish_at, id),
    entity: 'release',
    ...release,
    created_by_sub: by.sub,
    reviewed,
    version: 1,
  });
  try {
    await schedule(id, release.publish_at, false);
  } catch (e) {
    // No schedule, no release: the admin sees the failure and nothing is left half made.
    await deleteItem(keys.release(id));
    throw e;
  }
  return release;
}

/** Moves a release to another time. 404 when it already ran or was cancelled. */
export async function moveRelease(id: string, publishAt: string): Promise<Release> {
  inFuture(publishAt);
  const raw = await getRaw(keys.release(id), { ConsistentRead: true });
  if (!raw) throw notFound(RELEASE_GONE_TEXT);
  const version = raw.version as number;
  const kept = Object.fromEntries(Object.entries(raw).filter(([k]) => !(RUN_STATE as readonly string[]).includes(k)));
  const next = { ...kept, ...keys.releaseList(publishAt, id), publish_at: publishAt, version: version + 1 };
  await schedule(id, publishAt, true);
  await putItem(next, versionIs(version), () => conflict());
  return toRelease(next);
}

/** Cancels a release: its item stays a draft. Answers the release, or undefined when there was none. */
export async function cancelRelease(id: string): Promise<Release | undefined> {
  const raw = await getRaw(keys.release(id), { ConsistentRead: true });
  if (!raw) return undefined;
  await unschedule(id);
  await deleteItem(keys.release(id));
  return toRelease(raw);
}

/** A release with the `sub` of who scheduled it, or undefined when it is gone (ran or cancelled). */
export async function getRelease(id: string): Promise<{ release: Release; by: Scheduler; reviewed: boolean } | undefined> {
  const raw = await getRaw(keys.release(id), { ConsistentRead: true });
  return raw && withScheduler(raw);
}

function withScheduler(raw: Record<string, unknown>): { release: Release; by: Scheduler; reviewed: boolean } {
  const release = toRelease(raw);
  return { release, by: { sub: typeof raw.created_by_sub === 'string' ? raw.created_by_sub : '', name: release.created_by }, reviewed: raw.reviewed === true };
}

/** Removes a release that ran (its schedule deletes itself after running). */
export const endRelease = (id: string) => deleteItem(keys.release(id));

/** How long a run holds its release: longer than the release function's timeout (60 s). */
export const RELEASE_LEASE_MS = 120_000;

/**
 * Takes release `id` for one run, counting the attempt: the scheduler's run, the sweep's and a
 * 'Retry' may meet, and only one publishes. `busy` while another run holds it (its lease ends on
 * its own if that run died); undefined when it is gone.
 */
export async function claimRelease(id: string, now = new Date()): Promise<{ release: Release; by: Scheduler; reviewed: boolean; busy: boolean } | undefined> {
  try {
    const raw = await updateRaw({
      Key: keys.release(id),
      UpdateExpression: 'SET attempts = if_not_exists(attempts, :zero) + :one, running_until = :lease, version = version + :one',
      ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(running_until) OR running_until < :now)',
      ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':now': now.toISOString(), ':lease': new Date(now.getTime() + RELEASE_LEASE_MS).toISOString() },
      ReturnValues: 'ALL_NEW',
    });
    return raw && { ...withScheduler(raw), busy: false };
  } catch (e) {
    if (!isConditionFailed(e)) throw e;
    const raw = await getRaw(keys.release(id), { ConsistentRead: true });
    return raw && { ...withScheduler(raw), busy: true };
  }
}

/** Records why a run failed and lets the release go, to be run again; nothing when it is gone meanwhile. */
export async function failRelease(id: string, reason: string, now = new Date()): Promise<void> {
  try {
    await updateRaw({
      Key: keys.release(id),
      UpdateExpression: 'SET last_error = :reason, failed_at = :now, version = version + :one REMOVE running_until',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':reason': reason, ':now': now.toISOString(), ':one': 1 },
    });
  } catch (e) {
    if (!isConditionFailed(e)) throw e;
  }
}

/** The releases due at `now`, with the runs each has had (the sweep's and the twin timer's). */
export async function dueReleases(now: Date): Promise<{ id: string; attempts: number }[]> {
  const items = await queryAll({
    IndexName: GSI1,
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK <= :now',
    ExpressionAttributeValues: { ':pk': keys.releaseListPk, ':now': `${now.toISOString()}#~` },
  });
  return items.map((i) => ({ id: String(i.id), attempts: typeof i.attempts === 'number' ? i.attempts : 0 }));
}
