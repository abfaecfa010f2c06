/**
 * The review step (docs/back-office.md "Reviews"): who reviews a language (its Cognito group, read
 * live: ../lib/membership.ts), the records (../data/approvals.ts), and the mail each step sends
 * through SES to the people concerned: a request to the language's reviewers, an answer to the
 * editor who asked. The step is stored first; a mail SES refuses is logged and counted
 * (ReviewMailFailures, alarmed), never a failed step, and the answer says so (`mail: 'failed'`).
 */
import { answerApproval, approvedWrites, listApprovals, requestApproval, requireApproved, type Actor } from '../data/approvals.js';
import type { PublishGate } from '../data/publishing.js';
import { conflict, forbidden } from '../lib/errors.js';
import { sendMail } from '../lib/mail.js';
import { reviewersOf } from '../lib/membership.js';
import { config } from '../lib/config.js';
import { countFailure, logger } from '../lib/powertools.js';
import { mayEditLanguage, mayReview, type Role } from '../../shared/roles.js';
import { fieldLabel } from '../../shared/history-words.js';
import {
  NO_REVIEWERS_TEXT,
  NOT_REVIEWER_TEXT,
  type ApprovalComment,
  type ApprovalDecision,
  type ApprovalItem,
  type Approvals,
  type ApprovalWrite,
} from '../../shared/contracts/approvals.js';
import type { ItemRef } from '../../shared/contracts/publishing.js';
import { emailOf } from './audit.js';
import { isReviewed, reviewedAmong } from './review-gate.js';

/**
 * The gate of a publication in `language` (undefined: a post's): in a language with reviewers, each
 * item's approval, taken in the publication's transaction; none in a language without reviewers.
 */
export async function reviewGate(language: string | undefined, by: string): Promise<PublishGate | undefined> {
  if (language === undefined || !(await isReviewed(language))) return undefined;
  return (r, writes) => approvedWrites(r, writes, by);
}

/** Scheduling `item` in a language with reviewers needs its approval now; answers whether it needed one (the release keeps it). */
export async function requireReviewedForRelease(item: ItemRef): Promise<boolean> {
  if (item.kind === 'post' || !(await isReviewed(item.language_id))) return false;
  await requireApproved(item);
  return true;
}

// ---- Mail -----------------------------------------------------------------------------------------

const where = () => `${config.siteUrl ?? ''}/admin/reviews`;
const commentLines = (comments: ApprovalComment[]) => comments.map((c) => `- ${c.target ? `${targetInWords(c.target)}: ` : ''}${c.text}`).join('\n');
/** A comment's target as the editor reads it: a field by its form's name, a phrase as such. */
export const targetInWords = (target: string) => (target.startsWith('phrase:') ? 'Phrase' : fieldLabel(target));

/** Sends one step's mail; its outcome for the answer. */
async function mailed(to: string[], subject: string, text: string): Promise<ApprovalWrite['mail']> {
  const addresses = [...new Set(to.filter(Boolean))];
  if (!addresses.length) return 'none';
  try {
    await sendMail({ to: addresses, subject: `[${config.productName}] ${subject}`, text });
    return 'sent';
  } catch (e) {
    logger.error('review mail failed; the step is kept', { subject, error: e as Error });
    countFailure('ReviewMailFailures');
    return 'failed';
  }
}

// ---- Steps ------------------------------------------------------------------------------------------

/** 'Request review': the request stored, then mailed to the language's reviewers (not to the one asking). 409 no reviewers. */
export async function requestReview(item: ApprovalItem, by: Actor, note?: string): Promise<ApprovalWrite> {
  const reviewers = await reviewersOf(item.language_id);
  if (!reviewers.length) throw conflict(NO_REVIEWERS_TEXT);
  const approval = await requestApproval(item, by, note);
  const text = `${by.name} asks for a review of the draft of "${approval.label}".\n${note ? `\n${note}\n` : ''}\nOpen Reviews in the back office to approve it or request changes: ${where()}\n`;
  const mail = await mailed(
    reviewers.filter((r) => r.sub !== by.sub).map((r) => r.email),
    `Review requested: ${approval.label}`,
    text,
  );
  return { ...approval, mail };
}

/** A reviewer's answer, stored, then mailed to the editor who asked. 403 not a reviewer of the language. */
export async function answerReview(role: Role, item: ApprovalItem, by: Actor, decision: ApprovalDecision, comments: ApprovalComment[]): Promise<ApprovalWrite> {
  if (!mayReview(role, item.language_id)) throw forbidden(NOT_REVIEWER_TEXT);
  const { approval, requester } = await answerApproval(item, by, decision, comments);
  const verdict = decision === 'approve' ? 'approved' : 'asks for changes to';
  const next =
    decision === 'approve'
      ? 'It can be published or scheduled now.'
      : `The comments:\n${commentLines(comments)}\n\nThey are shown beside the fields when you open the draft.`;
  const mail = await mailed(
    [await emailOf(requester)],
    `${decision === 'approve' ? 'Approved' : 'Changes requested'}: ${approval.label}`,
    `${by.name} ${verdict} the draft of "${approval.label}".\n\n${next}\n\n${where()}\n`,
  );
  return { ...approval, mail };
}

/**
 * The reviews `role` (`sub`) may see: those of their languages, each with whether they asked for it
 * and may answer it (a reviewer of its language, not its requester); and which of `languages` have reviewers.
 */
export async function approvalsFor(role: Role, sub: string, languages: string[]): Promise<Approvals> {
  const all = (await listApprovals()).filter((a) => mayEditLanguage(role, a.approval.item.language_id));
  const reviewed = await reviewedAmong(languages.filter((l) => mayEditLanguage(role, l)));
  return {
    approvals: all.map(({ approval, requested_by_sub }) => ({
      ...approval,
      mine: requested_by_sub === sub,
      may_answer: approval.state === 'requested' && requested_by_sub !== sub && mayReview(role, approval.item.language_id),
    })),
    reviewed_languages: reviewed.sort(),
  };
}
