/**
 * The review step's rules (shared/contracts/approvals.ts), which the data layer enforces and the
 * back office shows: when a review may be requested, who may answer it, when a draft may be
 * published; and the answer's input (a change needs a comment).
 */
import { describe, expect, it } from 'vitest';
import {
  ALREADY_APPROVED_TEXT,
  ALREADY_REQUESTED_TEXT,
  answerRefusal,
  approvalAnswerSchema,
  approvalRequestSchema,
  CHANGED_SINCE_APPROVAL_TEXT,
  CHANGED_SINCE_REQUEST_TEXT,
  CHANGES_NEED_COMMENT_TEXT,
  NOT_APPROVED_TEXT,
  NOT_REQUESTED_TEXT,
  OWN_REQUEST_TEXT,
  publishRefusal,
  requestRefusal,
  type ApprovalFacts,
} from '../../shared/contracts/approvals.js';
import { fieldErrors } from '../../shared/contracts/common.js';

const item = { kind: 'lesson', language_id: 'fr', level_id: 'a1', lesson_id: 'hello' };
const facts = (state: ApprovalFacts['state'], current = true): ApprovalFacts => ({ state, current, requested_by_sub: 'editor' });

describe('the review states', () => {
  it('a review is requested once per draft; a changed draft or one sent back starts a new round', () => {
    expect(requestRefusal(undefined)).toBeUndefined();
    expect(requestRefusal(facts('requested'))).toBe(ALREADY_REQUESTED_TEXT);
    expect(requestRefusal(facts('approved'))).toBe(ALREADY_APPROVED_TEXT);
    expect(requestRefusal(facts('requested', false))).toBeUndefined();
    expect(requestRefusal(facts('approved', false))).toBeUndefined();
    expect(requestRefusal(facts('changes_requested'))).toBeUndefined();
    expect(requestRefusal(facts('published'))).toBeUndefined();
  });

  it('only a waiting request is answered, by someone else, and only the draft that was requested is approved', () => {
    expect(answerRefusal(undefined, 'approve', 'reviewer')).toBe(NOT_REQUESTED_TEXT);
    for (const state of ['changes_requested', 'approved', 'published'] as const)
      expect(answerRefusal(facts(state), 'approve', 'reviewer')).toBe(NOT_REQUESTED_TEXT);
    expect(answerRefusal(facts('requested'), 'approve', 'editor')).toBe(OWN_REQUEST_TEXT);
    expect(answerRefusal(facts('requested'), 'approve', 'reviewer')).toBeUndefined();
    expect(answerRefusal(facts('requested', false), 'approve', 'reviewer')).toBe(CHANGED_SINCE_REQUEST_TEXT);
    // Changes may still be asked of a draft edited meanwhile.
    expect(answerRefusal(facts('requested', false), 'request_changes', 'reviewer')).toBeUndefined();
  });

  it('only a draft approved as it is now is published', () => {
    expect(publishRefusal(undefined)).toBe(NOT_APPROVED_TEXT);
    for (const state of ['requested', 'changes_requested', 'published'] as const) expect(publishRefusal(facts(state))).toBe(NOT_APPROVED_TEXT);
    expect(publishRefusal(facts('approved', false))).toBe(CHANGED_SINCE_APPROVAL_TEXT);
    expect(publishRefusal(facts('approved'))).toBeUndefined();
  });
});

describe('the inputs', () => {
  it("'Request changes' needs a comment; each comment has a text and names a field, a phrase or nothing", () => {
    const bad = approvalAnswerSchema.safeParse({ item, decision: 'request_changes', comments: [] });
    expect(bad.success || fieldErrors(bad.error)).toEqual({ comments: CHANGES_NEED_COMMENT_TEXT });
    const comment = approvalAnswerSchema.safeParse({ item, decision: 'request_changes', comments: [{ target: 'phrase:01ABC', text: '  Too formal ' }] });
    expect(comment.data?.comments).toEqual([{ target: 'phrase:01ABC', text: 'Too formal' }]);
    const odd = approvalAnswerSchema.safeParse({ item, decision: 'approve', comments: [{ target: 'PK', text: '' }] });
    expect(odd.success || Object.keys(fieldErrors(odd.error)).sort()).toEqual(['comments.0.target', 'comments.0.text']);
    expect(approvalAnswerSchema.safeParse({ item, decision: 'approve' }).success).toBe(true);
  });

  it('a post is not reviewed (the blog right makes it public); a long note is refused with its limit', () => {
    expect(approvalRequestSchema.safeParse({ item: { kind: 'post', post_id: 'x' } }).success).toBe(false);
    const long = approvalRequestSchema.safeParse({ item, note: 'x'.repeat(1001) });
    expect(long.success || fieldErrors(long.error)).toEqual({ note: 'A note has at most 1000 characters' });
  });
});
