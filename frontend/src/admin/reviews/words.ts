/** How the review step reads in the back office (docs/back-office.md "Reviews"): states, comment targets. */
import { fieldLabel } from '@shared/history-words';
import type { Approval, ApprovalComment } from '@shared/contracts/approvals';
import type { BadgeProps } from '@fluentui/react-components';

/** A review's state in words, and its badge's colour; a draft edited since reads as such. */
export function stateOf(a: Pick<Approval, 'state' | 'current'>): { text: string; color: BadgeProps['color'] } {
  if (a.state === 'approved') return a.current ? { text: 'Approved', color: 'success' } : { text: 'Changed since approval', color: 'warning' };
  if (a.state === 'requested') return a.current ? { text: 'In review', color: 'informative' } : { text: 'Changed since the request', color: 'warning' };
  if (a.state === 'changes_requested') return { text: 'Changes requested', color: 'danger' };
  return { text: 'Published', color: 'subtle' };
}

/** What a comment is about, as the editor reads it: a field by its form's name, a phrase by its text. */
export function targetOf(c: Pick<ApprovalComment, 'target'>, phrases: ReadonlyMap<string, string> = new Map()): string {
  if (!c.target) return 'General';
  if (c.target.startsWith('phrase:')) {
    const text = phrases.get(c.target.slice('phrase:'.length));
    return text ? `Phrase "${text}"` : 'Phrase';
  }
  return fieldLabel(c.target);
}

/** The comments on each field of a draft (its form's names), the others (general, phrases) apart. */
export function commentsByField(comments: readonly ApprovalComment[]) {
  const fields: Record<string, string[]> = {};
  const others: ApprovalComment[] = [];
  for (const c of comments) {
    if (c.target && !c.target.startsWith('phrase:')) (fields[c.target] ??= []).push(c.text);
    else others.push(c);
  }
  return { fields, others };
}

export const STEP_WORDS = { request: 'Requested review', approve: 'Approved', request_changes: 'Requested changes', publish: 'Published' } as const;
