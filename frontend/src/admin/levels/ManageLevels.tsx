/** Manage Levels: one table of levels per language, with add, edit, move, lock and delete. */
import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, Skeleton, SkeletonItem, Subtitle1, Subtitle2, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { byOrder } from '@shared/order';
import type { Level } from '@shared/types';
import { deleteLevel, moveLevel, setLevelLock, useLevels } from '../../api/course';
import { useLanguages } from '../../api/languages';
import { ButtonLink } from '../../components/ButtonLink';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useNotify } from '../../components/notify';
import { PageState } from '../../components/PageState';
import { failureBody } from '../components/failure';
import { LevelDialog } from './LevelDialog';
import { LevelTable, type LevelActions } from './LevelTable';

const useStyles = makeStyles({
  bar: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: tokens.spacingVerticalL, gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  groups: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXL },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  empty: { color: tokens.colorNeutralForeground3, margin: 0 },
});

export default function ManageLevels() {
  const s = useStyles();
  const notify = useNotify();
  const languages = useLanguages();
  const levels = useLevels();
  const [dialog, setDialog] = useState<{ open: boolean; level?: Level }>({ open: false });
  const [toDelete, setToDelete] = useState<Level>();
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState<string>();
  const loading = languages.isLoading || levels.isLoading;
  const noLanguages = !loading && !languages.error && !languages.data?.length;

  async function run(level: Level, work: () => Promise<unknown>, ok: string, failed: string) {
    setBusy(`${level.language_id}/${level.id}`);
    try {
      await work();
      notify(ok);
    } catch (e) {
      notify(failed, { body: failureBody(e), intent: 'error' });
    } finally {
      setBusy(undefined);
    }
  }

  const actions: LevelActions = {
    busy,
    move: (l, direction) => run(l, () => moveLevel(l.language_id, l.id, direction), 'Level order updated', 'Failed to update level order'),
    toggleLock: (l) =>
      l.is_locked
        ? run(l, () => setLevelLock(l.language_id, l.id, false), 'Level unlocked successfully', 'Failed to unlock level')
        : run(l, () => setLevelLock(l.language_id, l.id, true), 'Level locked successfully', 'Failed to lock level'),
    edit: (l) => setDialog({ open: true, level: l }),
    remove: setToDelete,
  };

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteLevel(toDelete.language_id, toDelete.id);
      notify('Level deleted successfully');
    } catch (e) {
      notify('Failed to delete level', { body: failureBody(e), intent: 'error' });
    } finally {
      setDeleting(false);
      setToDelete(undefined);
    }
  }

  return (
    <section aria-labelledby="manage-levels">
      <div className={s.bar}>
        <Subtitle1 as="h2" id="manage-levels">
          Manage Levels
        </Subtitle1>
        <Button appearance="primary" icon={<AddRegular />} disabled={loading || noLanguages} onClick={() => setDialog({ open: true })}>
          Add Level
        </Button>
      </div>
      {loading ? (
        <Skeleton aria-label="Loading levels" className={s.groups}>
          {Array.from({ length: 2 }, (_, i) => (
            <SkeletonItem key={i} shape="rectangle" style={{ height: 160 }} />
          ))}
        </Skeleton>
      ) : languages.error || levels.error ? (
        <PageState text="Levels could not be loaded. Please try again later." />
      ) : noLanguages ? (
        <MessageBar intent="warning">
          <MessageBarBody>You need to add languages first before creating levels</MessageBarBody>
          <MessageBarActions>
            <ButtonLink to="/admin/languages">Go to Languages</ButtonLink>
          </MessageBarActions>
        </MessageBar>
      ) : (
        <div className={s.groups}>
          {languages.data!.map((lang) => {
            const list = (levels.data ?? []).filter((l) => l.language_id === lang.id).sort(byOrder);
            return (
              <section key={lang.id} className={s.group} aria-labelledby={`levels-${lang.id}`}>
                <Subtitle2 as="h3" id={`levels-${lang.id}`}>
                  {lang.name}
                </Subtitle2>
                {list.length ? <LevelTable levels={list} languageName={lang.name} actions={actions} /> : <p className={s.empty}>No levels found for this language.</p>}
              </section>
            );
          })}
        </div>
      )}
      <LevelDialog open={dialog.open} level={dialog.level} languages={languages.data ?? []} onClose={() => setDialog({ open: false })} />
      <ConfirmDialog
        open={!!toDelete}
        title={`Delete ${toDelete?.title ?? 'level'}?`}
        text="Are you sure you want to delete this level? This will also delete all associated lessons and phrases."
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(undefined)}
      />
    </section>
  );
}
