/**
 * 'Reviews' (docs/back-office.md "Reviews"): what waits for the signed-in person's answer (requests
 * of the languages they review, not their own), then their own requests with the answers, then the
 * other reviews under way in their languages. An editor never sees another language's reviews.
 */
import { Badge, Button, Caption1, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { PeopleCheckmarkRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ListedApproval } from '@shared/contracts/approvals';
import { refKey } from '@shared/contracts/publishing';
import { useApprovals } from '../../api/approvals';
import { AdminList, actionsColumn, type ListColumn } from '../components/AdminList';
import { AdminSection } from '../components/AdminSection';
import { formatWhen } from '../audit/format';
import { ReviewDialog } from './ReviewDialog';
import { stateOf, targetOf } from './words';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', minWidth: 0, wordBreak: 'break-word' },
  muted: { color: tokens.colorNeutralForeground3 },
  part: { marginTop: tokens.spacingVerticalXL },
  heading: { display: 'block', marginBottom: tokens.spacingVerticalS },
  comments: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
});

const KIND: Record<ListedApproval['item']['kind'], string> = { language: 'Language', level: 'Level', lesson: 'Lesson' };
const placeOf = (a: ListedApproval) =>
  [a.item.language_id, 'level_id' in a.item ? a.item.level_id : '', 'lesson_id' in a.item ? a.item.lesson_id : ''].filter(Boolean).join(' / ');
/** The admin screen that lists the item, where its edit dialog and publishing menu are. */
function whereOf(a: ListedApproval): string {
  if (a.item.kind === 'language') return '/admin/languages';
  const q = new URLSearchParams({ language: a.item.language_id, ...(a.item.kind === 'lesson' ? { level: a.item.level_id } : {}) });
  return `/admin/${a.item.kind === 'level' ? 'levels' : 'lessons'}?${q}`;
}

export default function ReviewsScreen() {
  const s = useStyles();
  const list = useApprovals();
  const [answering, setAnswering] = useState<ListedApproval>();
  const all = list.data?.approvals ?? [];
  const loading = !list.data && !list.error;
  const failed = list.error ? `Failed to load the reviews: ${list.error.message}` : undefined;

  const item: ListColumn<ListedApproval> = {
    id: 'item',
    label: 'Draft',
    minWidth: 220,
    render: (a) => (
      <span className={s.stack}>
        <Link to={whereOf(a)}>
          {KIND[a.item.kind]}: {a.label}
        </Link>
        <Caption1 className={s.muted}>{placeOf(a)}</Caption1>
      </span>
    ),
  };
  const requested: ListColumn<ListedApproval> = {
    id: 'requested',
    label: 'Requested',
    minWidth: 200,
    render: (a) => (
      <span className={s.stack}>
        <time dateTime={a.requested_at}>{formatWhen(a.requested_at)}</time>
        <Caption1 className={s.muted}>by {a.requested_by}</Caption1>
        {a.note && <Caption1>&ldquo;{a.note}&rdquo;</Caption1>}
      </span>
    ),
  };
  const state: ListColumn<ListedApproval> = {
    id: 'state',
    label: 'State',
    minWidth: 240,
    render: (a) => (
      <span className={s.stack}>
        <Badge appearance="tint" color={stateOf(a).color}>
          {stateOf(a).text}
        </Badge>
        {a.answered_by && <Caption1 className={s.muted}>by {a.answered_by}</Caption1>}
        {a.state === 'changes_requested' && (
          <ul className={s.comments} aria-label={`Comments on ${a.label}`}>
            {a.comments.map((c, n) => (
              <li key={n}>
                {targetOf(c)}: {c.text}
              </li>
            ))}
          </ul>
        )}
      </span>
    ),
  };
  const answer = actionsColumn<ListedApproval>(120, (a) => (
    <Button icon={<PeopleCheckmarkRegular />} aria-label={`Review ${a.label}`} onClick={() => setAnswering(a)}>
      Review
    </Button>
  ));
  const rowId = (a: ListedApproval) => refKey(a.item);
  const others = all.filter((a) => !a.may_answer && !a.mine);

  return (
    <AdminSection
      id="reviews-title"
      title="Reviews"
      intro={
        <>
          {list.data?.reviewed_languages.length
            ? `Drafts of ${list.data.reviewed_languages.join(', ')} are published once a reviewer approved them.`
            : 'None of your languages has reviewers: drafts are published directly. An administrator names reviewers in Users.'}
        </>
      }
    >
      <Subtitle2 as="h3" className={s.heading}>
        Waiting for your review
      </Subtitle2>
      <AdminList
        label="Waiting for your review"
        items={all.filter((a) => a.may_answer)}
        loading={loading}
        columns={[item, requested, answer]}
        getRowId={rowId}
        empty="Nothing waits for your review."
        failed={failed}
      />
      <div className={s.part}>
        <Subtitle2 as="h3" className={s.heading}>
          Your requests
        </Subtitle2>
        <AdminList
          label="Your requests"
          items={all.filter((a) => a.mine)}
          loading={loading}
          columns={[item, requested, state]}
          getRowId={rowId}
          empty="You have no review under way."
        />
      </div>
      {others.length > 0 && (
        <div className={s.part}>
          <Subtitle2 as="h3" className={s.heading}>
            Other reviews in your languages
          </Subtitle2>
          <AdminList label="Other reviews in your languages" items={others} loading={false} columns={[item, requested, state]} getRowId={rowId} empty="" />
        </div>
      )}
      <ReviewDialog approval={answering} onClose={() => setAnswering(undefined)} />
    </AdminSection>
  );
}
