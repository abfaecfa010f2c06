/**
 * Running an import (docs/backup.md): the plan of backup.ts written transaction by transaction,
 * each conditional on what the plan read, until done or the request's deadline. A progress record
 * keyed by the document's sha256 counts the runs and writes; a lease keeps imports one at a time.
 */
import type { BackupDocument, ImportResult } from '../../shared/contracts/backup.js';
import { conflict, DomainError } from '../lib/errors.js';
import { keys } from '../lib/keys.js';
import { chunk, hashOf, planImport } from './backup.js';
import { deleteItem, getRaw, putItem, transact } from './table.js';

/** How long the lease of a running import lasts: longer than one request may run (30 s). */
const LEASE_MS = 120_000;
const KEEP_RUNS_DAYS = 30;
export const IMPORT_RUNNING_TEXT = 'Another import is running. Try again when it has finished.';
export const IMPORT_CHANGED_TEXT = 'The course changed while importing (someone edited it meanwhile).';

async function takeLease(hash: string) {
  const now = Date.now();
  await putItem(
    { ...keys.importLock(), entity: 'import_lock', hash, lease_until: now + LEASE_MS, ttl: Math.floor((now + LEASE_MS) / 1000) + 3600 },
    {
      // Free, expired, or ours (the same document sent again).
      ConditionExpression: 'attribute_not_exists(PK) OR lease_until < :now OR #h = :h',
      ExpressionAttributeNames: { '#h': 'hash' },
      ExpressionAttributeValues: { ':now': now, ':h': hash },
    },
    () => conflict(IMPORT_RUNNING_TEXT),
  );
}
const releaseLease = (hash: string) =>
  deleteItem(keys.importLock(), {
    ConditionExpression: '#h = :h',
    ExpressionAttributeNames: { '#h': 'hash' },
    ExpressionAttributeValues: { ':h': hash },
  }).catch(() => undefined);

interface RunRecord {
  hash: string;
  status: 'running' | 'partial' | 'done' | 'failed';
  runs: number;
  applied: number;
  by: string;
  started_at: string;
  updated_at: string;
  error?: string;
}
const saveRun = (r: RunRecord) =>
  putItem({ ...keys.importRun(r.hash), entity: 'import_run', ...r, ttl: Math.floor(Date.now() / 1000) + KEEP_RUNS_DAYS * 86_400 });

export interface RunOptions {
  /** Who imports (their sub): the progress record names them, and posts without an author get it. */
  by: string;
  /** Past this time (ms) no further transaction starts; at least one always runs, so every run progresses. */
  deadline: number;
  /** Called after each transaction: the caller then knows the course changed (CDN invalidation). */
  onWrite?: (applied: number) => void;
}

/**
 * Imports `doc`: plans, then writes transaction by transaction until done or the deadline. A
 * condition that fails (the course changed meanwhile) stops it with 409; what was written stays and
 * a re-run of the same document continues from there.
 */
export async function runImport(doc: BackupDocument, { by, deadline, onWrite }: RunOptions): Promise<ImportResult> {
  const hash = hashOf(doc);
  await takeLease(hash);
  try {
    const prior = (await getRaw(keys.importRun(hash), { ConsistentRead: true })) as RunRecord | undefined;
    const plan = await planImport(doc, by);
    const now = new Date().toISOString();
    const run: RunRecord = {
      hash,
      status: 'running',
      runs: (prior?.runs ?? 0) + 1,
      applied: prior?.applied ?? 0,
      by,
      started_at: prior?.started_at ?? now,
      updated_at: now,
    };
    await saveRun(run);
    let applied = 0;
    for (const [i, group] of chunk(plan.writes).entries()) {
      if (i > 0 && Date.now() > deadline) break;
      try {
        await transact(group.map((w) => w.tx));
      } catch (e) {
        await saveRun({ ...run, status: 'failed', applied: run.applied + applied, updated_at: new Date().toISOString(), error: (e as Error).message });
        if (!(e instanceof DomainError && e.kind === 'conflict')) throw e;
        const done = applied ? ` ${applied} of ${plan.writes.length} changes were made;` : ' Nothing was changed;';
        throw conflict(`${IMPORT_CHANGED_TEXT}${done} import the same file again to finish.`);
      }
      applied += group.length;
      onWrite?.(applied);
    }
    const status = applied === plan.writes.length ? 'done' : 'partial';
    await saveRun({ ...run, status, applied: run.applied + applied, updated_at: new Date().toISOString() });
    return { dry_run: false, status, hash, changes: plan.changes, applied, remaining: plan.writes.length - applied, previous_runs: prior?.runs ?? 0 };
  } finally {
    await releaseLease(hash);
  }
}

/** A dry run: what importing `doc` would change now, nothing written. */
export async function previewImport(doc: BackupDocument, by: string): Promise<ImportResult> {
  const plan = await planImport(doc, by);
  const prior = (await getRaw(keys.importRun(plan.hash))) as RunRecord | undefined;
  return {
    dry_run: true,
    status: 'planned',
    hash: plan.hash,
    changes: plan.changes,
    applied: 0,
    remaining: plan.writes.length,
    previous_runs: prior?.runs ?? 0,
  };
}
