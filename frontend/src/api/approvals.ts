/**
 * The review step of drafts for the back office (docs/back-office.md "Reviews"): the reviews under
 * way in the signed-in person's languages (one read, shared by the 'Reviews' screen and every
 * publishing menu), an item's own (comments and steps), and the two steps. A step refreshes them
 * and the publishing state.
 */
import useSWR, { mutate } from 'swr';
import { refKey, type ItemRef } from '@shared/contracts/publishing';
import type { ApprovalComment, ApprovalDecision, ApprovalItem, Approvals, ApprovalWrite, ItemApproval, ListedApproval } from '@shared/contracts/approvals';
import { api } from '@shared/urls';
import { apiFetch, authedFetcher } from './client';
import { PUBLISHING } from './publishing';

export const APPROVALS = api.approvals;
const APPROVAL_PREFIX = api.approval({});

export const useApprovals = () => useSWR<Approvals, Error>(APPROVALS, authedFetcher);

/** A course item's review as the list has it, and whether its language has reviewers (a post: never). */
export function approvalOf(state: Approvals | undefined, item: ItemRef | undefined): { reviewed: boolean; approval?: ListedApproval } {
  if (!item || item.kind === 'post') return { reviewed: false };
  return { reviewed: !!state?.reviewed_languages.includes(item.language_id), approval: state?.approvals.find((a) => refKey(a.item) === refKey(item)) };
}

/** An item's review with its comments and steps, once its language has reviewers (null: no read). */
export const useItemApproval = (item: ApprovalItem | null) => useSWR<ItemApproval, Error>(item && api.approval({ ...item }), authedFetcher);

async function step(path: string, body: unknown): Promise<ApprovalWrite> {
  try {
    return await apiFetch<ApprovalWrite>(path, { method: 'POST', body, auth: true });
  } finally {
    await Promise.all([mutate(APPROVALS), mutate(PUBLISHING), mutate((key) => typeof key === 'string' && key.startsWith(APPROVAL_PREFIX))]);
  }
}

/** 'Request review', with a note for the reviewers. */
export const requestReview = (item: ApprovalItem, note?: string) => step(api.approvalRequest, { item, note: note || undefined });
/** A reviewer's 'Approve' or 'Request changes'. */
export const answerReview = (item: ApprovalItem, decision: ApprovalDecision, comments: ApprovalComment[]) =>
  step(api.approvalAnswer, { item, decision, comments });
