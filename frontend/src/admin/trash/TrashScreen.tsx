/**
 * Trash: what was deleted in the last 30 days (languages, levels, lessons, posts), newest first;
 * 'Restore' puts one back exactly as it was, with a link to where it is again. An editor sees their
 * languages' entries and the posts, and 'Restore' only where they may (shared/roles.ts
 * `restoreRefusal`); elsewhere the row says which right it needs.
 */
import { Button, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowUndoRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { TRASH_KEEP_DAYS, type TrashEntry, type TrashKind } from '@shared/contracts/trash';
import { countOf } from '@shared/plural';
import { restoreRefusal } from '@shared/roles';
import { useAuth } from '../../auth/AuthContext';
import { restoreFromTrash, useTrash } from '../../api/trash';
import { AdminList, actionsColumn, type ListColumn } from '../components/AdminList';
import { AdminSection } from '../components/AdminSection';
import { failureBody } from '../components/failure';
import { useNotify } from '../../components/notify';
import { formatWhen } from '../audit/format';

const KIND_LABEL: Record<TrashKind, string> = { language: 'Language', level: 'Level', lesson: 'Lesson', post: 'Blog post' };

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  wrap: { wordBreak: 'break-word' },
  // A count and its noun stay on one line ('3 items', never '3' above 'items').
  nowrap: { whiteSpace: 'nowrap' },
  note: { display: 'block', marginTop: tokens.spacingVerticalM, color: tokens.colorNeutralForeground3 },
  refusal: { color: tokens.colorNeutralForeground2, whiteSpace: 'normal' },
});

/** Where a deleted thing lived, as its admin screen filters it. */
const placeOf = (e: TrashEntry) => [e.language_id, e.level_id, e.lesson_id].filter(Boolean).join(' / ');

/** The admin screen that lists it again once restored. */
function whereNow(e: TrashEntry): string {
  if (e.kind === 'post') return '/admin/blog';
  if (e.kind === 'language') return '/admin/languages';
  const q = new URLSearchParams({ language: e.language_id ?? '', ...(e.kind === 'lesson' ? { level: e.level_id ?? '' } : {}) });
  return `/admin/${e.kind === 'level' ? 'levels' : 'lessons'}?${q}`;
}

export default function TrashScreen() {
  const s = useStyles();
  const trash = useTrash();
  const notify = useNotify();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string>();
  const { role } = useAuth();
  const isAdmin = role.role === 'admin';

  async function restore(e: TrashEntry) {
    setBusy(e.id);
    try {
      await restoreFromTrash(e);
      notify(`Restored ${KIND_LABEL[e.kind].toLowerCase()} "${e.label}"`, { action: { label: 'Show', onClick: () => void navigate(whereNow(e)) } });
    } catch (err) {
      notify('Failed to restore', { body: failureBody(err), intent: 'error' });
    } finally {
      setBusy(undefined);
    }
  }

  const columns: ListColumn<TrashEntry>[] = [
    {
      id: 'item',
      label: 'Item',
      minWidth: 220,
      render: (e) => (
        <span className={s.stack}>
          <span className={s.wrap}>
            {KIND_LABEL[e.kind]}: {e.label}
          </span>
          {/* A post's count would be its item and its slug's: nothing a person counts. */}
          {e.kind !== 'post' && (
            <Caption1 className={s.muted}>
              {placeOf(e)} · <span className={s.nowrap}>{countOf(e.items, 'item')}</span>
            </Caption1>
          )}
        </span>
      ),
    },
    {
      id: 'deleted',
      label: 'Deleted',
      minWidth: 200,
      render: (e) => (
        <span className={s.stack}>
          <time dateTime={e.deleted_at}>{formatWhen(e.deleted_at)}</time>
          <Caption1 className={s.muted}>by {e.deleted_by}</Caption1>
        </span>
      ),
    },
    { id: 'kept', label: 'Kept until', minWidth: 150, render: (e) => <time dateTime={e.expires_at}>{formatWhen(e.expires_at)}</time> },
    actionsColumn(130, (e) => {
      const refusal = restoreRefusal(role, e);
      return refusal ? (
        <Caption1 className={s.refusal}>{refusal}</Caption1>
      ) : (
        <Button
          icon={<ArrowUndoRegular />}
          disabled={busy !== undefined}
          aria-label={`Restore ${KIND_LABEL[e.kind].toLowerCase()} ${e.label}`}
          onClick={() => void restore(e)}
        >
          {busy === e.id ? 'Restoring…' : 'Restore'}
        </Button>
      );
    }),
  ];

  return (
    <AdminSection
      id="trash-title"
      title="Trash"
      intro={
        <>
          {isAdmin ? 'Deleted languages, levels, lessons and blog posts' : 'Deleted levels, lessons and blog posts of your languages'}, kept for{' '}
          {TRASH_KEEP_DAYS} days. Restore puts one back exactly as it was: a lesson with its phrases, order and audio; a level with its lessons.
        </>
      }
    >
      <AdminList
        label="Trash"
        items={trash.data ?? []}
        loading={!trash.data && !trash.error}
        columns={columns}
        getRowId={(e) => e.id}
        empty={`Nothing was deleted in the last ${TRASH_KEEP_DAYS} days.`}
        failed={trash.error ? `Failed to load the trash: ${trash.error.message}` : undefined}
      />
      {isAdmin && (
        <Caption1 className={s.note}>
          Looking for something else? Changes other than deletes are in <Link to="/admin/activity">Activity</Link>.
        </Caption1>
      )}
    </AdminSection>
  );
}
