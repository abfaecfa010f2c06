/** One lesson in its group: drag handle, icon, titles, order, and the move/lock/edit/delete actions. */
import { Caption1, Card, makeStyles, mergeClasses, Switch, Text, tokens } from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular, DeleteRegular, EditRegular, ReOrderDotsVerticalRegular } from '@fluentui/react-icons';
import type { KeyboardEvent, Ref } from 'react';
import type { Lesson } from '@shared/types';
import { CourseIcon } from '../components/CourseIcon';
import { IconAction } from '../components/IconAction';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'row', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', padding: tokens.spacingHorizontalM },
  dragging: { opacity: 0.5, outline: `2px dashed ${tokens.colorBrandStroke1}` },
  handle: { cursor: 'grab', flexShrink: 0 },
  text: { display: 'flex', flexDirection: 'column', flex: '1 1 160px', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap', marginLeft: 'auto' },
});

export interface LessonActions {
  busy: string | undefined;
  move(lesson: Lesson, direction: 'up' | 'down'): void;
  toggleLock(lesson: Lesson): void;
  edit(lesson: Lesson): void;
  remove(lesson: Lesson): void;
}

export const lessonKey = (l: Lesson) => `${l.language_id}/${l.level_id}/${l.id}`;

export function LessonCard(props: {
  lesson: Lesson;
  first: boolean;
  last: boolean;
  /** Unsaved drag order: the swap buttons wait until it is saved or reset. */
  reordering: boolean;
  dragging: boolean;
  actions: LessonActions;
  handleRef: Ref<HTMLButtonElement>;
  instructionsId: string;
  onHandleKey(e: KeyboardEvent): void;
}) {
  const { lesson: l, actions } = props;
  const s = useStyles();
  const busy = actions.busy === lessonKey(l);
  return (
    <Card className={mergeClasses(s.card, props.dragging && s.dragging)} aria-label={l.title}>
      <IconAction
        ref={props.handleRef}
        className={s.handle}
        icon={<ReOrderDotsVerticalRegular />}
        label={`Reorder ${l.title}`}
        aria-describedby={props.instructionsId}
        onKeyDown={props.onHandleKey}
      />
      <CourseIcon url={l.icon_url} />
      <div className={s.text}>
        <Text weight="semibold">{l.title}</Text>
        <Caption1 className={s.muted}>{l.translated_title}</Caption1>
        <Caption1 className={s.muted}>Order: {l.order_index ?? 'Not set'}</Caption1>
      </div>
      <div className={s.actions}>
        <IconAction icon={<ArrowUpRegular />} label={`Move ${l.title} up`} disabled={busy || props.reordering || props.first} onClick={() => actions.move(l, 'up')} />
        <IconAction icon={<ArrowDownRegular />} label={`Move ${l.title} down`} disabled={busy || props.reordering || props.last} onClick={() => actions.move(l, 'down')} />
        <Switch checked={l.is_locked} disabled={busy} label={l.is_locked ? 'Locked' : 'Unlocked'} aria-label={`Lock ${l.title}`} onChange={() => actions.toggleLock(l)} />
        <IconAction icon={<EditRegular />} label={`Edit ${l.title}`} onClick={() => actions.edit(l)} />
        <IconAction icon={<DeleteRegular />} label={`Delete ${l.title}`} onClick={() => actions.remove(l)} />
      </div>
    </Card>
  );
}
