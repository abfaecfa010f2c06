/**
 * Manage Lessons: lesson cards grouped by language and level, with search and language, level and
 * lock filters (kept in the URL), add, edit, move, drag reordering (saved once per drop, with
 * Undo), the lock switch (asks first, then Undo) and delete. Only the groups that match are built,
 * a page of them at a time, so a course of hundreds of lessons stays quick.
 */
import { Button, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useState } from 'react';
import { byOrder } from '@shared/order';
import type { Lesson } from '@shared/contracts/lessons';
import { deleteLesson, moveLesson, reorderLessons, setLessonLock, useLessons } from '../../api/lessons';
import { useLevels } from '../../api/levels';
import { useAdminLanguages } from '../../api/languages';
import { PageState } from '../../components/PageState';
import { CourseGroups } from '../components/CourseGroups';
import { LanguageFilter, ListFilter, ListToolbar } from '../components/ListToolbar';
import { LockFilter } from '../components/LockConfirm';
import { useListParams } from '../components/useListParams';
import { useCourseItemWrites } from '../components/useCourseItemWrites';
import { lessonKey } from './LessonCard';
import { groupLessons, isFiltered, pageOfGroups, shownCount } from './lessonGroups';
import { LessonDialog } from './LessonDialog';
import { LessonGroup } from './LessonGroup';
import { AdminSection } from '../components/AdminSection';

const useStyles = makeStyles({
  more: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalS, marginTop: tokens.spacingVerticalXL },
});

const MISSING_ORDER = 'Cannot reorder: missing order index';
const PARAMS = ['q', 'language', 'level', 'locked'] as const;
/** Groups are built until this many lessons are on screen; 'Show more' adds as many again. */
const LESSONS_PER_PAGE = 40;

/** The lesson list's writes: lock, move, drag reorder and delete, each with its toasts (useCourseItemWrites). */
function useLessonWrites(onEdit: (lesson: Lesson) => void) {
  return useCourseItemWrites<Lesson>(
    {
      kind: 'lesson',
      keyOf: lessonKey,
      lock: (l, isLocked) => setLessonLock(l.language_id, l.level_id, l.id, isLocked),
      move: (l, direction) => ({
        work: () => moveLesson(l.language_id, l.level_id, l.id, direction),
        ok: 'Lesson order updated',
        failed: (e: unknown) => ((e as Error).message === MISSING_ORDER ? MISSING_ORDER : 'Failed to update lesson order'),
        bare: (title: string) => title === MISSING_ORDER,
      }),
      // A level group's key is `{language}/{level}` (slugs never hold a '/').
      reorder: (group, ids) => {
        const [language_id, level_id] = group.split('/');
        return {
          work: () => reorderLessons({ language_id, level_id, lesson_ids: ids }),
          ok: 'Lesson order updated successfully',
          failed: 'Failed to update lesson order',
        };
      },
      remove: (l) => deleteLesson(l.language_id, l.level_id, l.id),
      trashRef: (l) => ({ kind: 'lesson', language_id: l.language_id, level_id: l.level_id, lesson_id: l.id }),
      deleteText: 'Are you sure you want to delete this lesson? This will also delete all associated phrases.',
    },
    onEdit,
  );
}

export default function ManageLessons() {
  const s = useStyles();
  const languages = useAdminLanguages();
  const levels = useLevels();
  const lessons = useLessons();
  const [params, setParams] = useListParams(PARAMS);
  const [dialog, setDialog] = useState<{ open: boolean; lesson?: Lesson }>({ open: false });
  const [budget, setBudget] = useState(LESSONS_PER_PAGE);
  const loading = languages.isLoading || levels.isLoading || lessons.isLoading;
  const failed = !!(languages.error || levels.error || lessons.error);
  const noLevels = !loading && !failed && !levels.data?.length;
  const filtered = isFiltered(params);

  const { actions, onDrop, draft, saving, dialogs } = useLessonWrites((lesson) => setDialog({ open: true, lesson }));

  const groups = useMemo(
    () => groupLessons({ languages: languages.data ?? [], levels: levels.data ?? [], lessons: lessons.data ?? [] }, params, draft),
    [languages.data, levels.data, lessons.data, params, draft],
  );

  // A new search or filter starts again at the first page of groups.
  useEffect(() => setBudget(LESSONS_PER_PAGE), [params]);
  const page = pageOfGroups(groups, budget);
  const count = shownCount(groups);
  const onPage = shownCount(page);
  const total = lessons.data?.length ?? 0;
  const levelChoices = (levels.data ?? []).filter((lv) => lv.language_id === params.language).sort(byOrder);

  return (
    <AdminSection
      id="manage-lessons"
      title="Manage Lessons"
      actions={
        <Button appearance="primary" icon={<AddRegular />} disabled={loading || noLevels} onClick={() => setDialog({ open: true })}>
          Add New Lesson
        </Button>
      }
    >
      {loading ? (
        <PageState text="Loading..." />
      ) : failed ? (
        <PageState text="Lessons could not be loaded. Please try again later." />
      ) : noLevels ? (
        <PageState text="Add languages and levels first before creating lessons." />
      ) : !total ? (
        <PageState text="No lessons found. Add your first lesson to get started." />
      ) : (
        <>
          <ListToolbar
            q={params.q}
            onSearch={(q) => setParams({ q })}
            placeholder="Search lessons"
            count={count === total ? `${total} ${total === 1 ? 'lesson' : 'lessons'}` : `Showing ${count} of ${total} lessons`}
          >
            <LanguageFilter
              languages={languages.data}
              value={params.language}
              // The level choices belong to the language: a new language clears the level.
              onChange={(language) => setParams({ language, level: '' })}
            />
            <ListFilter
              label="Level"
              // The levels belong to a language: the select waits for one.
              allLabel="All levels"
              value={params.level}
              disabled={!params.language}
              onChange={(level) => setParams({ level })}
              options={levelChoices.map((lv) => ({ value: lv.id, label: lv.cefr_label ? `${lv.title} (${lv.cefr_label})` : lv.title }))}
            />
            <LockFilter value={params.locked} onChange={(locked) => setParams({ locked })} />
          </ListToolbar>
          <CourseGroups filtered={filtered} count={groups.length} noMatch="No lessons match the search.">
            {page.map((g) => (
              <LessonGroup
                key={g.key}
                id={`lessons-${g.key.replace('/', '--')}`}
                title={g.title}
                lessons={g.shown}
                ends={{ first: g.list[0]?.id, last: g.list.at(-1)?.id }}
                actions={actions}
                reorder={{ disabled: filtered, saving: saving(g.key), onMove: (from, to) => void onDrop(g.key, g.list, from, to) }}
              />
            ))}
          </CourseGroups>
          {page.length < groups.length && (
            <div className={s.more}>
              <Caption1>
                Showing {onPage} of {count} lessons
              </Caption1>
              <Button onClick={() => setBudget((b) => b + LESSONS_PER_PAGE)}>Show more</Button>
            </div>
          )}
        </>
      )}
      <LessonDialog
        open={dialog.open}
        lesson={dialog.lesson}
        languages={languages.data ?? []}
        levels={levels.data ?? []}
        onClose={() => setDialog({ open: false })}
      />
      {dialogs}
    </AdminSection>
  );
}
