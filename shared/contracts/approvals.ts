/**
 * The review step of a draft (docs/back-office.md "Reviews"), called an approval in code so it is
 * never taken for a learner's spaced-review card (./reviews.ts). While a language has reviewers
 * (shared/roles.ts), a draft of its course (a language, a level with its draft lessons, a lesson) is
 * sent with 'Request review'; a reviewer answers 'Approve' or 'Request changes' with comments on its
 * fields or phrases; only a draft approved as it is now can be published or scheduled.
 *
 * What was reviewed is a stamp of the draft's content (every stored version it would publish): any
 * edit after the request or the approval changes it, so the approval no longer holds (`current`).
 */
import * as z from 'zod';
import { itemRefSchema, type ItemRef } from './publishing.js';

/** What can be reviewed: course items. A post is made public by the blog right instead. */
export const APPROVAL_KINDS = ['language', 'level', 'lesson'] as const;
export const APPROVAL_KIND_TEXT = 'Only a language, a level or a lesson is reviewed';
export type ApprovalItem = Exclude<ItemRef, { kind: 'post' }>;
const isApprovalItem = (r: ItemRef): r is ApprovalItem => (APPROVAL_KINDS as readonly string[]).includes(r.kind);
export const approvalItemSchema = itemRefSchema.refine(isApprovalItem, APPROVAL_KIND_TEXT);

export const APPROVAL_STATES = ['requested', 'changes_requested', 'approved', 'published'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

export const NOTE_MAX = 1000;
export const COMMENT_MAX = 1000;
export const COMMENTS_MAX = 20;
/** A comment's target: a field of the draft (`title`), one of its phrases (`phrase:{id}`), or the draft as a whole (''). */
export const COMMENT_TARGET = /^([a-z_]{1,40}|phrase:[A-Za-z0-9_-]{1,64})?$/;
export const COMMENT_TEXT = 'Write the comment';
export const CHANGES_NEED_COMMENT_TEXT = 'Say what to change: add at least one comment';

export const approvalCommentSchema = z.object({
  target: z.string({ error: 'Choose what the comment is about' }).trim().regex(COMMENT_TARGET, 'Choose what the comment is about').default(''),
  text: z.string({ error: COMMENT_TEXT }).trim().min(1, COMMENT_TEXT).max(COMMENT_MAX, `A comment has at most ${COMMENT_MAX} characters`),
});
export type ApprovalComment = z.output<typeof approvalCommentSchema>;

/** POST /api/admin/approvals/request: 'Request review', with an optional note for the reviewers. */
export const approvalRequestSchema = z.object({
  item: approvalItemSchema,
  note: z
    .string()
    .trim()
    .max(NOTE_MAX, `A note has at most ${NOTE_MAX} characters`)
    .optional()
    .transform((v) => v || undefined),
});
export type ApprovalRequest = z.input<typeof approvalRequestSchema>;

export const APPROVAL_DECISIONS = ['approve', 'request_changes'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];
/** POST /api/admin/approvals/answer: a reviewer's 'Approve' or 'Request changes' (at least one comment). */
export const approvalAnswerSchema = z
  .object({
    item: approvalItemSchema,
    decision: z.enum(APPROVAL_DECISIONS, { error: 'Choose Approve or Request changes' }),
    comments: z.array(approvalCommentSchema).max(COMMENTS_MAX, `At most ${COMMENTS_MAX} comments at once`).default([]),
  })
  .refine((a) => a.decision === 'approve' || a.comments.length > 0, { path: ['comments'], message: CHANGES_NEED_COMMENT_TEXT });
export type ApprovalAnswer = z.input<typeof approvalAnswerSchema>;

/** One step of an item's reviews, as History keeps it. */
export const approvalStepSchema = z.object({
  action: z.enum(['request', 'approve', 'request_changes', 'publish']),
  by: z.string(),
  at: z.string(),
  note: z.string().optional(),
  comments: z.array(approvalCommentSchema).optional(),
});
export type ApprovalStep = z.infer<typeof approvalStepSchema>;
/** The steps an item's record keeps (its newest). */
export const STEPS_KEPT = 50;

export const approvalSchema = z.object({
  item: approvalItemSchema,
  label: z.string(),
  state: z.enum(APPROVAL_STATES),
  /** Whether the draft is still what was requested (or approved): false once edited since. */
  current: z.boolean(),
  requested_by: z.string(),
  requested_at: z.string(),
  note: z.string().optional(),
  answered_by: z.string().optional(),
  answered_at: z.string().optional(),
  /** The comments of the latest answer. */
  comments: z.array(approvalCommentSchema),
  /** Every step so far, oldest first. */
  steps: z.array(approvalStepSchema),
});
export type Approval = z.infer<typeof approvalSchema>;

/** GET /api/admin/approval?kind=...: an item's review, and whether its language has reviewers. */
export const itemApprovalSchema = z.object({ reviewed: z.boolean(), approval: approvalSchema.nullable() });
export type ItemApproval = z.infer<typeof itemApprovalSchema>;
export const approvalQuerySchema = approvalItemSchema;

/**
 * GET /api/admin/approvals, the 'Reviews' screen and the publishing menus: every review under way in
 * the caller's languages (an editor never sees another language's), each with whether the caller
 * asked for it and whether they may answer it (a reviewer of its language, not its requester), and
 * which of the caller's languages have reviewers.
 */
export const listedApprovalSchema = approvalSchema.extend({ mine: z.boolean(), may_answer: z.boolean() });
export type ListedApproval = z.infer<typeof listedApprovalSchema>;
export const approvalsSchema = z.object({ approvals: z.array(listedApprovalSchema), reviewed_languages: z.array(z.string()) });
export type Approvals = z.infer<typeof approvalsSchema>;

/** What 'Request review' and an answer say of the mail they sent: to whom it went, or that SES refused it. */
export const approvalWriteSchema = approvalSchema.extend({ mail: z.enum(['sent', 'failed', 'none']) });
export type ApprovalWrite = z.infer<typeof approvalWriteSchema>;

// ---- The rules, one place (the data layer enforces them; the back office shows what they allow) ----

export const NO_REVIEWERS_TEXT = 'This language has no reviewers: publish the draft directly.';
export const ALREADY_REQUESTED_TEXT = 'A review of this draft is already requested.';
export const ALREADY_APPROVED_TEXT = 'This draft is already approved: publish or schedule it.';
export const NOTHING_TO_REVIEW_TEXT = 'There is nothing to review: this item has no draft.';
export const NOT_REQUESTED_TEXT = 'No review of this draft is requested.';
export const CHANGED_SINCE_REQUEST_TEXT = 'The draft changed after review was requested: its editor asks for a review again.';
export const OWN_REQUEST_TEXT = 'You requested this review: another reviewer answers it.';
export const NOT_REVIEWER_TEXT = 'Needs the right to review this language: an administrator names reviewers in User Management.';
export const NOT_APPROVED_TEXT = "This language's drafts are published once a reviewer approved them: use 'Request review'.";
export const CHANGED_SINCE_APPROVAL_TEXT = "The draft changed after it was approved: use 'Request review' again.";
/** A direct write of what the public sees now (a public item's fields, a public lesson's phrases) in a language with reviewers. */
export const DRAFT_ONLY_TEXT = "This language's changes are reviewed before they go public: use 'Save as draft'.";

/** A stored review as the rules read it: its state, whether the draft is unchanged since, who requested it. */
export interface ApprovalFacts {
  state: ApprovalState;
  current: boolean;
  requested_by_sub: string;
}

/** Why 'Request review' is refused (undefined: allowed). A request after changes, or of a changed draft, starts a new round. */
export function requestRefusal(found: ApprovalFacts | undefined): string | undefined {
  if (!found || !found.current) return undefined;
  if (found.state === 'requested') return ALREADY_REQUESTED_TEXT;
  if (found.state === 'approved') return ALREADY_APPROVED_TEXT;
  return undefined;
}

/**
 * Why `sub` may not answer (undefined: allowed): only a request waits for an answer, never one's own
 * (a second person reads every draft), and only the draft that was requested is approved.
 */
export function answerRefusal(found: ApprovalFacts | undefined, decision: ApprovalDecision, sub: string): string | undefined {
  if (!found || found.state !== 'requested') return NOT_REQUESTED_TEXT;
  if (found.requested_by_sub === sub) return OWN_REQUEST_TEXT;
  if (decision === 'approve' && !found.current) return CHANGED_SINCE_REQUEST_TEXT;
  return undefined;
}

/** Why a draft of a language with reviewers may not be published or scheduled (undefined: it may). */
export function publishRefusal(found: ApprovalFacts | undefined): string | undefined {
  if (!found || found.state !== 'approved') return NOT_APPROVED_TEXT;
  if (!found.current) return CHANGED_SINCE_APPROVAL_TEXT;
  return undefined;
}
