/**
 * Who is making the change under way, and how (docs/back-office.md "History"): the router sets it
 * around every guarded request, a scheduled release's run around its publication. The data layer's
 * one writer of transactions (functions/data/table.ts) reads it to stamp each version it keeps, so
 * no data function has to be told who calls it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface Change {
  /** The Cognito `sub` of who made it ('' when no one signed in did: a job). */
  sub: string;
  /** Their name or e-mail when known now (else History asks Cognito by `sub` when it lists). */
  name?: string;
  /** What made it, as the audit log names it: `lesson.update`, `lesson.publish`, `course.bulk_lock`, `release`... */
  how: string;
}

const current = new AsyncLocalStorage<Change>();

/** Runs `work` as `change`: every version a write inside it keeps names it. */
export const withChange = <T>(change: Change, work: () => Promise<T>): Promise<T> => current.run(change, work);

/** The change under way; outside any, an unnamed one (a script, the twin's seed). */
export const currentChange = (): Change => current.getStore() ?? { sub: '', how: 'system' };
