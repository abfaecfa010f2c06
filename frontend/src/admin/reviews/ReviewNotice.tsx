/**
 * What a draft's edit dialog says of its review (docs/back-office.md "Reviews"): its state, and the
 * reviewer's comments. Comments on a field show beside it (SchemaForm's FieldNotes); the others
 * (general, on a phrase) here, above the fields.
 */
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { ItemRef } from '@shared/contracts/publishing';
import type { Approval } from '@shared/contracts/approvals';
import { approvalOf, useApprovals, useItemApproval } from '../../api/approvals';
import { FieldNotes } from '../components/SchemaForm';
import { commentsByField, stateOf, targetOf } from './words';

/** The item's review when its language has reviewers (read when the dialog opens). */
export function useDraftReview(item: ItemRef | undefined) {
  const { reviewed } = approvalOf(useApprovals().data, item);
  const own = useItemApproval(reviewed && item && item.kind !== 'post' ? item : null);
  return { reviewed, approval: own.data?.approval ?? undefined };
}

/** The comments of the latest answer on the fields of the form (`children`), and the rest above them. */
export function ReviewNotes(props: { approval?: Approval; children: ReactNode }) {
  const { approval } = props;
  const answered = approval?.state === 'changes_requested' ? approval : undefined;
  const { fields, others } = commentsByField(answered?.comments ?? []);
  return (
    <FieldNotes.Provider value={fields}>
      {approval && approval.state !== 'published' && (
        <MessageBar intent={answered ? 'error' : 'info'}>
          <MessageBarBody>
            <MessageBarTitle>Review: {stateOf(approval).text}</MessageBarTitle>
            {answered ? `${answered.answered_by} asked for changes; their comments are beside the fields.` : `Requested by ${approval.requested_by}.`}
            {others.length > 0 && (
              <ul aria-label="Review comments">
                {others.map((c, n) => (
                  <li key={n}>
                    {targetOf(c)}: {c.text}
                  </li>
                ))}
              </ul>
            )}
          </MessageBarBody>
        </MessageBar>
      )}
      {props.children}
    </FieldNotes.Provider>
  );
}
