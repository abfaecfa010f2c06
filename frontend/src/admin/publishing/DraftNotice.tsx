/** What an edit dialog says about the item's draft: not public yet, or a public item's changes waiting. */
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import type { PendingDraft } from '@shared/contracts/publishing';
import { formatReleaseTime } from './time';

export function DraftNotice(props: { noun: string; isDraft: boolean; pending?: PendingDraft; saveLabel: string }) {
  if (props.isDraft)
    return (
      <MessageBar intent="warning">
        <MessageBarBody>This {props.noun} is a draft: it is not public until you publish it (Publishing menu in the list).</MessageBarBody>
      </MessageBar>
    );
  if (!props.pending) return null;
  return (
    <MessageBar intent="warning">
      <MessageBarBody>
        Showing the draft saved by {props.pending.updated_by} on {formatReleaseTime(props.pending.updated_at)}. &lsquo;{props.saveLabel}&rsquo; makes it public
        now; &lsquo;Save as draft&rsquo; keeps it waiting.
      </MessageBarBody>
    </MessageBar>
  );
}
