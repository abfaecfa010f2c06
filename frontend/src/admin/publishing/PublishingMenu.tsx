/**
 * An item's publishing state and actions in a back-office list: a 'Draft' badge (a new item not
 * public yet, or a public item with changes waiting), a 'Scheduled' badge with its time, a review
 * badge, and one menu with Preview, Publish now, Schedule / Change / Cancel the release, Discard
 * draft and History. In a language with reviewers (docs/back-office.md "Reviews"), 'Request review'
 * and a reviewer's 'Review...'; Publish and Schedule only once the draft is approved as it is.
 */
import { Badge, Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, makeStyles, Tooltip, tokens } from '@fluentui/react-components';
import {
  CalendarClockRegular,
  DeleteRegular,
  DismissCircleRegular,
  EyeRegular,
  HistoryRegular,
  MoreHorizontalRegular,
  PeopleCheckmarkRegular,
  SendRegular,
} from '@fluentui/react-icons';
import { useCallback, useState } from 'react';
import { RELEASE_KINDS, type ItemRef } from '@shared/contracts/publishing';
import { publishRefusal, requestRefusal, type ApprovalItem } from '@shared/contracts/approvals';
import { approvalOf, useApprovals } from '../../api/approvals';
import { RequestReviewDialog } from '../reviews/RequestReviewDialog';
import { ReviewDialog } from '../reviews/ReviewDialog';
import { stateOf } from '../reviews/words';
import { cancelRelease, discardDraft, publishingOf, publishItem, usePublishing } from '../../api/publishing';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useItemAction } from '../components/useItemAction';
import { mayPublishPosts } from '@shared/roles';
import { useAuth } from '../../auth/AuthContext';
import { HistoryDialog } from './HistoryDialog';
import { PreviewDialog } from './PreviewDialog';
import { ScheduleDialog } from './ScheduleDialog';
import { formatReleaseTime } from './time';

const useStyles = makeStyles({
  row: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  // The release's time may wrap on a phone: the badge grows with it.
  wraps: { height: 'auto', minHeight: '20px', whiteSpace: 'normal', textAlign: 'start' },
  // 44 px touch target on phones.
  trigger: { '@media (max-width: 767px)': { minWidth: '44px', minHeight: '44px' } },
});

/** A new item saved as a draft: `is_draft` (a post: not published). */
export function PublishingBadges(props: { item: ItemRef; isDraft: boolean }) {
  const { data } = usePublishing();
  const { draft, release } = publishingOf(data, props.item);
  const { approval } = approvalOf(useApprovals().data, props.item);
  const s = useStyles();
  const review = approval && approval.state !== 'published' ? stateOf(approval) : undefined;
  if (!props.isDraft && !draft && !release && !review) return null;
  return (
    <span className={s.row}>
      {review && (
        <Badge appearance="tint" color={review.color} icon={<PeopleCheckmarkRegular />} className={s.wraps}>
          {review.text}
        </Badge>
      )}
      {(props.isDraft || draft) && (
        <Tooltip content={props.isDraft ? 'Not public yet' : `Changes not public yet (saved by ${draft?.updated_by})`} relationship="description">
          <Badge appearance="tint" color="warning">
            Draft
          </Badge>
        </Tooltip>
      )}
      {release && (
        <Badge appearance="tint" color="brand" icon={<CalendarClockRegular />} className={s.wraps}>
          Scheduled {formatReleaseTime(release.publish_at)}
        </Badge>
      )}
    </span>
  );
}

export function PublishingMenu(props: { item: ItemRef; label: string; isDraft: boolean }) {
  const { item, label, isDraft } = props;
  const s = useStyles();
  const { data } = usePublishing();
  const { draft, release } = publishingOf(data, item);
  const { busy, run } = useItemAction();
  const [previewing, setPreviewing] = useState<ItemRef>();
  const [viewingHistory, setViewingHistory] = useState<ItemRef>();
  const [scheduling, setScheduling] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const closePreview = useCallback(() => setPreviewing(undefined), []);
  const closeHistory = useCallback(() => setViewingHistory(undefined), []);
  const waiting = isDraft || !!draft;
  const reviews = approvalOf(useApprovals().data, item);
  const facts = reviews.approval && { ...reviews.approval, requested_by_sub: '' };
  // Without reviewers, nothing changes; with them, a draft goes public only approved as it is (the API refuses otherwise).
  const approved = !reviews.reviewed || !publishRefusal(facts);
  const mayRequest = reviews.reviewed && waiting && !requestRefusal(facts);
  const [requesting, setRequesting] = useState(false);
  const [answering, setAnswering] = useState(false);
  // What the role may do (shared/roles.ts): a post goes public only with the right to
  // publish posts; History reads the audit log, which is an administrator's.
  const { role } = useAuth();
  const mayPublish = item.kind !== 'post' || mayPublishPosts(role);
  const key = `publish:${label}`;

  const publish = () =>
    void run(key, {
      work: () => publishItem(item),
      ok: item.kind === 'level' ? `${label} and its draft lessons are live` : `${label} is live`,
      failed: `Failed to publish ${label}`,
    });
  const cancel = () => release && void run(key, { work: () => cancelRelease(release.id), ok: 'Release cancelled', failed: 'Failed to cancel the release' });
  const discard = async () => {
    if (await run(key, { work: () => discardDraft(item), ok: 'Draft discarded', failed: 'Failed to discard the draft' })) setDiscarding(false);
  };

  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Tooltip content={`Publishing: ${label}`} relationship="label" withArrow>
            <Button appearance="subtle" className={s.trigger} icon={<MoreHorizontalRegular />} disabled={busy === key} />
          </Tooltip>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem icon={<EyeRegular />} onClick={() => setPreviewing(item)}>
              Preview
            </MenuItem>
            {mayRequest && (
              <MenuItem icon={<PeopleCheckmarkRegular />} onClick={() => setRequesting(true)}>
                Request review...
              </MenuItem>
            )}
            {reviews.approval?.may_answer && (
              <MenuItem icon={<PeopleCheckmarkRegular />} onClick={() => setAnswering(true)}>
                Review...
              </MenuItem>
            )}
            {waiting && mayPublish && approved && (
              <MenuItem icon={<SendRegular />} onClick={publish}>
                Publish now
              </MenuItem>
            )}
            {((waiting && approved) || release) && mayPublish && (RELEASE_KINDS as readonly string[]).includes(item.kind) && (
              <MenuItem icon={<CalendarClockRegular />} onClick={() => setScheduling(true)}>
                {release ? 'Change release...' : 'Schedule release...'}
              </MenuItem>
            )}
            {release && mayPublish && (
              <MenuItem icon={<DismissCircleRegular />} onClick={cancel}>
                Cancel release
              </MenuItem>
            )}
            {draft && (
              <MenuItem icon={<DeleteRegular />} onClick={() => setDiscarding(true)}>
                Discard draft
              </MenuItem>
            )}
            {role.role === 'admin' && (
              <MenuItem icon={<HistoryRegular />} onClick={() => setViewingHistory(item)}>
                History
              </MenuItem>
            )}
          </MenuList>
        </MenuPopover>
      </Menu>
      <PreviewDialog item={previewing} label={label} onClose={closePreview} />
      <HistoryDialog item={viewingHistory} label={label} onClose={closeHistory} />
      <RequestReviewDialog item={requesting ? (item as ApprovalItem) : undefined} label={label} onClose={() => setRequesting(false)} />
      <ReviewDialog approval={answering ? reviews.approval : undefined} onClose={() => setAnswering(false)} />
      <ScheduleDialog open={scheduling} item={item} label={label} release={release} onClose={() => setScheduling(false)} />
      <ConfirmDialog
        open={discarding}
        title="Discard draft"
        text={`Discard the changes saved as a draft of ${label}? The public version stays as it is.`}
        confirmLabel="Discard"
        busyLabel="Discarding..."
        busy={busy === key}
        onConfirm={() => void discard()}
        onCancel={() => setDiscarding(false)}
      />
    </>
  );
}
