/** Manage Lessons: lesson cards grouped by language and level, with add, edit, move, reorder, lock and delete. */
import { Button, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { byOrder } from '@shared/order';
import type { Lesson } from '@shared/types';
import { deleteLesson, moveLesson, reorderLessons, setLessonLock, useLessons, useLevels } from '../../api/course';
import { useLanguages } from '../../api/languages';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useNotify } from '../../components/notify';
import { PageState } from '../../components/PageState';
import { failureBody } from '../components/failure';
import { lessonKey, type LessonActions } from './LessonCard';
import { LessonDialog } from './LessonDialog';
import { LessonGroup } from './LessonGroup';

const useStyles = makeStyles({
  bar: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: tokens.spacingVerticalL, gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  groups: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXL },
});

const MISSING_ORDER = 'Cannot reorder: missing order index';

export default function ManageLessons() {
  const s = useStyles();
  const notify = useNotify();
  const languages = useLanguages();
  const levels = useLevels();
  const lessons = useLessons();
  const [dialog, setDialog] = useState<{ open: boolean; lesson?: Lesson }>({ open: false });
  const [toDelete, setToDelete] = useState<Lesson>();
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState<string>();
  const loading = languages.isLoading || levels.isLoading || lessons.isLoading;
  const failed = languages.error || levels.error || lessons.error;
  const noLevels = !loading && !failed && !levels.data?.length;

  async function run(l: Lesson, work: () => Promise<unknown>, ok: string, failedText: (e: unknown) => string) {
    setBusy(lessonKey(l));
    try {
      await work();
      notify(ok);
    } catch (e) {
      const title = failedText(e);
      notify(title, { body: title === MISSING_ORDER ? undefined : failureBody(e), intent: 'error' });
    } finally {
      setBusy(undefined);
    }
  }

  const actions: LessonActions = {
    busy,
    move: (l, direction) =>
      run(l, () => moveLesson(l.language_id, l.level_id, l.id, direction), 'Lesson order updated', (e) =>
        (e as Error).message === MISSING_ORDER ? MISSING_ORDER : 'Failed to update lesson order',
      ),
    toggleLock: (l) =>
      l.is_locked
        ? run(l, () => setLessonLock(l.language_id, l.level_id, l.id, false), 'Lesson unlocked successfully', () => 'Failed to unlock lesson')
        : run(l, () => setLessonLock(l.language_id, l.level_id, l.id, true), 'Lesson locked successfully', () => 'Failed to lock lesson'),
    edit: (l) => setDialog({ open: true, lesson: l }),
    remove: setToDelete,
  };

  async function saveOrder(language_id: string, level_id: string, lesson_ids: string[]) {
    try {
      await reorderLessons({ language_id, level_id, lesson_ids });
      notify('Lesson order updated successfully');
      return true;
    } catch (e) {
      notify('Failed to update lesson order', { body: failureBody(e), intent: 'error' });
      return false;
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteLesson(toDelete.language_id, toDelete.level_id, toDelete.id);
      notify('Lesson deleted successfully');
    } catch (e) {
      notify('Failed to delete lesson', { body: failureBody(e), intent: 'error' });
    } finally {
      setDeleting(false);
      setToDelete(undefined);
    }
  }

  // One group per level that has lessons, languages in their listed order, levels in catalogue order.
  const groups = (languages.data ?? []).flatMap((lang) =>
    (levels.data ?? [])
      .filter((lv) => lv.language_id === lang.id)
      .sort(byOrder)
      .map((lv) => ({
        key: `${lang.id}-${lv.id}`,
        title: `${lang.name} - ${lv.title}`,
        language_id: lang.id,
        level_id: lv.id,
        lessons: (lessons.data ?? []).filter((l) => l.language_id === lang.id && l.level_id === lv.id).sort(byOrder),
      }))
      .filter((g) => g.lessons.length),
  );

  return (
    <section aria-labelledby="manage-lessons">
      <div className={s.bar}>
        <Subtitle1 as="h2" id="manage-lessons">
          Manage Lessons
        </Subtitle1>
        <Button appearance="primary" icon={<AddRegular />} disabled={loading || noLevels} onClick={() => setDialog({ open: true })}>
          Add New Lesson
        </Button>
      </div>
      {loading ? (
        <PageState text="Loading..." />
      ) : failed ? (
        <PageState text="Lessons could not be loaded. Please try again later." />
      ) : noLevels ? (
        <PageState text="Add languages and levels first before creating lessons." />
      ) : !groups.length ? (
        <PageState text="No lessons found. Add your first lesson to get started." />
      ) : (
        <div className={s.groups}>
          {groups.map((g) => (
            <LessonGroup key={g.key} id={`lessons-${g.key}`} title={g.title} lessons={g.lessons} actions={actions} onSaveOrder={(ids) => saveOrder(g.language_id, g.level_id, ids)} />
          ))}
        </div>
      )}
      <LessonDialog open={dialog.open} lesson={dialog.lesson} languages={languages.data ?? []} levels={levels.data ?? []} onClose={() => setDialog({ open: false })} />
      <ConfirmDialog
        open={!!toDelete}
        title={`Delete ${toDelete?.title ?? 'lesson'}?`}
        text="Are you sure you want to delete this lesson? This will also delete all associated phrases."
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(undefined)}
      />
    </section>
  );
}
