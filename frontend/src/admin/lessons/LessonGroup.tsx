/**
 * The lessons of one level, headed 'language - level title'. A card is dragged by its handle with a
 * mouse, a finger (press and hold) or the keyboard (Space, arrows, Space); each drop is saved at once
 * in one all-or-nothing call, and its toast offers Undo (see ManageLessons and docs/back-office.md).
 */
import { makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import type { Lesson } from '@shared/contracts/lessons';
import { useCourseGroupsStyles } from '../components/CourseGroups';
import { SortableArea, SortableListItem } from '../components/sortable';
import { LessonCard, type LessonActions } from './LessonCard';

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', minHeight: '32px' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  lifted: { position: 'relative', zIndex: 1 },
});

export function LessonGroup(props: {
  id: string;
  title: string;
  /** The cards shown, in catalogue order (a search or lock filter may leave some out). */
  lessons: Lesson[];
  /** The ids of the level's first and last lessons: their up/down buttons are disabled. */
  ends: { first?: string; last?: string };
  actions: LessonActions;
  /** Drag reordering; `disabled` while the group is filtered; `saving` while its order is saved. */
  reorder: { disabled: boolean; saving: boolean; onMove: (from: number, to: number) => void };
}) {
  const s = useStyles();
  const g = useCourseGroupsStyles();
  const { lessons, reorder } = props;
  const ids = lessons.map((l) => l.id);
  const nameOf = (id: string) => lessons.find((l) => l.id === id)?.title ?? id;
  return (
    <section aria-labelledby={`${props.id}-title`}>
      <div className={s.head}>
        <Subtitle2 as="h3" id={`${props.id}-title`}>
          {props.title}
        </Subtitle2>
      </div>
      {lessons.length === 0 && <p className={g.empty}>No lessons found for this level.</p>}
      <SortableArea ids={ids} nameOf={nameOf} onMove={reorder.onMove} disabled={reorder.disabled || reorder.saving}>
        <ul className={s.list} aria-label={`Lessons of ${props.title}`}>
          {lessons.map((l) => (
            <SortableListItem key={l.id} id={l.id} className={s.lifted}>
              {(dragging) => (
                <LessonCard
                  lesson={l}
                  first={l.id === props.ends.first}
                  last={l.id === props.ends.last}
                  reordering={reorder.saving}
                  dragging={dragging}
                  actions={props.actions}
                />
              )}
            </SortableListItem>
          ))}
        </ul>
      </SortableArea>
    </section>
  );
}
