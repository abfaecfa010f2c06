/**
 * Reviews of drafts, 'approvals' in code (docs/back-office.md "Reviews"; the rules are
 * shared/contracts/approvals.ts). One record per course item, beside it in its language's partition
 * (`APPROVAL#` + its sort key), listed in GSI1 `APPROVALS` while under way; it keeps its steps when
 * the draft is published, for History.
 *
 * What a reviewer approves is a stamp of the draft: the keys and versions of everything publishing
 * it would write (./publishing.ts publishWrites: the item, its draft, a level's draft lessons and
 * their drafts and phrase changes) and the phrases of the lessons it makes public. Every write bumps
 * a version, so any edit after a request or an approval changes the stamp, and the approval no
 * longer holds: nothing in the editing paths has to remember to reset it.
 */
import { createHash } from 'node:crypto';
import { conflict, DomainError, forbidden, invalid, notFound } from '../lib/errors.js';
import { keys } from '../lib/keys.js';
import { refKey } from '../../shared/contracts/publishing.js';
import {
  answerRefusal,
  NOT_REQUESTED_TEXT,
  NOTHING_TO_REVIEW_TEXT,
  OWN_REQUEST_TEXT,
  publishRefusal,
  requestRefusal,
  STEPS_KEPT,
  type Approval,
  type ApprovalComment,
  type ApprovalDecision,
  type ApprovalFacts,
  type ApprovalItem,
  type ApprovalStep,
} from '../../shared/contracts/approvals.js';
import { itemKey, labelOf, MISSING, publishWrites } from './publishing.js';
import { asItem, getRaw, putIfVersion, putNew, queryList, queryPartition, transact, type Raw, type TxItem } from './table.js';

/** Who takes a step: their Cognito `sub` and how they are named (their e-mail). */
export interface Actor {
  sub: string;
  name: string;
}

const approvalKey = (r: ApprovalItem) => keys.approval(itemKey(r));
const read = (r: ApprovalItem) => getRaw(approvalKey(r), { ConsistentRead: true });

/** A write's key and the version it is conditional on ('new' for a put that creates). */
function writeStamp(w: TxItem): string {
  const op = w.Put ?? w.Delete ?? w.Update ?? w.ConditionCheck;
  const key = (w.Put?.Item ?? w.Delete?.Key ?? w.Update?.Key ?? w.ConditionCheck?.Key ?? {}) as Raw;
  const version: unknown = op?.ExpressionAttributeValues?.[':v'];
  return `${String(key.PK)}|${String(key.SK)}@${typeof version === 'number' ? version : 'new'}`;
}

/**
 * The stamp of what publishing `r` would write now (`writes`), with the phrases of the lessons it
 * publishes: a new lesson's phrases go public with it without a write of their own.
 */
export async function stampOf(r: ApprovalItem, writes: TxItem[]): Promise<string> {
  const lessons = writes.map((w) => w.Put?.Item).filter((i): i is Raw => i?.entity === 'lesson');
  const phrases =
    r.kind === 'language' || !lessons.length
      ? []
      : await queryPartition(itemKey(r).PK, keys.phrasePrefix(r.language_id, r.level_id, r.kind === 'lesson' ? r.lesson_id : undefined).SKPrefix);
  const published = new Set(lessons.map((l) => String(l.id)));
  const parts = [...writes.map(writeStamp), ...phrases.filter((p) => published.has(String(p.lesson_id))).map((p) => `${String(p.SK)}@${String(p.version)}`)];
  return createHash('sha256').update(parts.sort().join('\n')).digest('base64url');
}

/** The draft of `r` as it is now: its stamp and name; undefined when it has nothing to publish. 404 no item. */
export async function draftStamp(r: ApprovalItem): Promise<{ stamp: string; label: string } | undefined> {
  const writes = await publishWrites(r);
  if (!writes.length) return undefined;
  return { stamp: await stampOf(r, writes), label: labelOf(writes[0].Put?.Item ?? {}) };
}

const facts = (raw: Raw | undefined, stamp: string | undefined): ApprovalFacts | undefined =>
  raw && { state: raw.state as ApprovalFacts['state'], current: !!stamp && raw.stamp === stamp, requested_by_sub: String(raw.requested_by_sub) };

/** A stored record as the API shows it; `stamp`: the draft's now (undefined: it has none). */
export function toApproval(raw: Raw, stamp: string | undefined): Approval {
  const { item, label, state, requested_by, requested_at, note, answered_by, answered_at } = asItem<Approval>(raw);
  const list = <T>(v: unknown) => (Array.isArray(v) ? (v as T[]) : []);
  return {
    item,
    label,
    state,
    current: state === 'published' || (!!stamp && raw.stamp === stamp),
    requested_by,
    requested_at,
    ...(note ? { note } : {}),
    ...(answered_by ? { answered_by, answered_at } : {}),
    comments: list<ApprovalComment>(raw.comments),
    steps: list<ApprovalStep>(raw.steps),
  };
}

const withStep = (raw: Raw | undefined, step: ApprovalStep) => [...((raw?.steps as ApprovalStep[] | undefined) ?? []), step].slice(-STEPS_KEPT);
/** The record written over `found` (or new), all or nothing and conditional on the version read. */
const save = (next: Raw, found: Raw | undefined) =>
  transact([found ? putIfVersion({ ...next, version: (found.version as number) + 1 }, found.version as number) : putNew({ ...next, version: 1 })]);

/** The item's review and its draft's stamp now (undefined: no draft). 404 no item. */
export async function getApproval(r: ApprovalItem): Promise<Approval | undefined> {
  const [found, stamp] = await Promise.all([read(r), stampForList(r)]);
  if (stamp === null) throw notFound(MISSING[r.kind]);
  return found && toApproval(found, stamp);
}

/** 'Request review' of the draft as it is now: a new round (earlier comments stay in its steps). 400 no draft, 409 already waiting or approved. */
export async function requestApproval(r: ApprovalItem, by: Actor, note?: string): Promise<Approval> {
  const [found, draft] = await Promise.all([read(r), draftStamp(r)]);
  if (!draft) throw invalid(NOTHING_TO_REVIEW_TEXT);
  const refusal = requestRefusal(facts(found, draft.stamp));
  if (refusal) throw conflict(refusal);
  const now = new Date().toISOString();
  const { answered_by: _b, answered_by_sub: _s, answered_at: _a, note: _n, ...kept } = found ?? {};
  const next: Raw = {
    ...kept,
    ...approvalKey(r),
    ...keys.approvalList(refKey(r)),
    entity: 'approval',
    item: r,
    label: draft.label,
    state: 'requested',
    stamp: draft.stamp,
    requested_by: by.name,
    requested_by_sub: by.sub,
    requested_at: now,
    ...(note ? { note } : {}),
    comments: [],
    steps: withStep(found, { action: 'request', by: by.name, at: now, ...(note ? { note } : {}) }),
  };
  await save(next, found);
  return toApproval(next, draft.stamp);
}

/** A reviewer's answer. 409 nothing waiting or (approve) a draft changed since the request; 403 one's own request. */
export async function answerApproval(
  r: ApprovalItem,
  by: Actor,
  decision: ApprovalDecision,
  comments: ApprovalComment[],
): Promise<{ approval: Approval; requester: string }> {
  const [found, stamp] = await Promise.all([read(r), stampForList(r)]);
  if (stamp === null) throw notFound(MISSING[r.kind]);
  const refusal = answerRefusal(facts(found, stamp), decision, by.sub);
  if (refusal === OWN_REQUEST_TEXT) throw forbidden(refusal);
  if (refusal || !found) throw conflict(refusal ?? NOT_REQUESTED_TEXT);
  const now = new Date().toISOString();
  const next: Raw = {
    ...found,
    state: decision === 'approve' ? 'approved' : 'changes_requested',
    answered_by: by.name,
    answered_by_sub: by.sub,
    answered_at: now,
    comments,
    steps: withStep(found, { action: decision, by: by.name, at: now, ...(comments.length ? { comments } : {}) }),
  };
  await save(next, found);
  return { approval: toApproval(next, stamp), requester: String(found.requested_by_sub) };
}

/**
 * The write that lets `r` be published with `writes` in a language with reviewers: its approval,
 * taken in the same transaction (conditional on its version: an answer at the same moment fails the
 * publication), its steps kept for History and the record off the list. 409 when the draft is not
 * approved as it is now.
 */
export async function approvedWrites(r: ApprovalItem, writes: TxItem[], by: string): Promise<TxItem[]> {
  const found = await read(r);
  const refusal = publishRefusal(facts(found, await stampOf(r, writes)));
  if (refusal || !found) throw conflict(refusal);
  const { GSI1PK: _pk, GSI1SK: _sk, ...kept } = found;
  const next = {
    ...kept,
    state: 'published',
    steps: withStep(found, { action: 'publish', by, at: new Date().toISOString() }),
    version: (found.version as number) + 1,
  };
  return [putIfVersion(next, found.version as number)];
}

/** Whether `r` may be scheduled now (its approval holds); the release's run checks again (approvedWrites). */
export async function requireApproved(r: ApprovalItem): Promise<void> {
  const [found, draft] = await Promise.all([read(r), draftStamp(r)]);
  const refusal = publishRefusal(facts(found, draft?.stamp));
  if (refusal) throw conflict(refusal);
}

/** The draft's stamp where a stale one is no error (a list, an answer): undefined when it cannot be published as it is (stale), null when the item is deleted. */
async function stampForList(r: ApprovalItem): Promise<string | undefined | null> {
  try {
    return (await draftStamp(r))?.stamp;
  } catch (e) {
    if (e instanceof DomainError && e.kind === 'not-found') return null;
    if (e instanceof DomainError) return undefined;
    throw e;
  }
}

/** Every review under way, newest request first, each with whether its draft is unchanged since and who asked (one GSI1 Query, then each draft's stamp). */
export async function listApprovals(): Promise<{ approval: Approval; requested_by_sub: string }[]> {
  const records = await queryList(keys.approvalListPk);
  const listed = await Promise.all(
    records.map(async (raw) => {
      const stamp = await stampForList(raw.item as ApprovalItem);
      // An item deleted since: its review is not listed (the Trash brings both back).
      return stamp === null ? [] : [{ approval: toApproval(raw, stamp), requested_by_sub: String(raw.requested_by_sub) }];
    }),
  );
  return listed.flat().sort((a, b) => b.approval.requested_at.localeCompare(a.approval.requested_at));
}
