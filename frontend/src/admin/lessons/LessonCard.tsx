/** One lesson in its group: drag handle, icon, titles, order, draft state, and the move/lock/publishing/edit/delete actions. */
import { Caption1, Card, makeStyles, mergeClasses, Switch, Text, tokens } from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import type { Lesson } from '@shared/contracts/lessons';
import { CourseIcon } from '../components/CourseIcon';
import { IconAction } from '../components/IconAction';
import { DragHandle } from '../components/sortable';
import { PublishingBadges, PublishingMenu } from '../publishing/PublishingMenu';
import type { ItemActions } from '../components/useCourseItemWrites';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'row', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', padding: tokens.spacingHorizontalM },
  // Lifted while dragged, above its neighbours.
  dragging: { boxShadow: tokens.shadow16, outline: `2px solid ${tokens.colorBrandStroke1}` },
  text: { display: 'flex', flexDirection: 'column', flex: '1 1 160px', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap', marginLeft: 'auto' },
  // The whole switch (track and label) is the touch target: 44 px tall on phones.
  switch: { '@media (max-width: 767px)': { minHeight: '44px', alignItems: 'center' } },
});

export type LessonActions = ItemActions<Lesson>;

export const lessonKey = (l: Lesson) => `${l.language_id}/${l.level_id}/${l.id}`;

export function LessonCard(props: {
  lesson: Lesson;
  first: boolean;
  last: boolean;
  /** The group's order is being saved: the swap buttons wait. */
  reordering: boolean;
  dragging: boolean;
  actions: LessonActions;
}) {
  const { lesson: l, actions } = props;
  const s = useStyles();
  const busy = actions.busy === lessonKey(l);
  const ref = { kind: 'lesson', language_id: l.language_id, level_id: l.level_id, lesson_id: l.id } as const;
  return (
    <Card className={mergeClasses(s.card, props.dragging && s.dragging)} aria-label={l.title}>
      <DragHandle label={`Reorder ${l.title}`} />
      <CourseIcon url={l.icon_url} />
      <div className={s.text}>
        <Text weight="semibold">{l.title}</Text>
        <Caption1 className={s.muted}>{l.translated_title}</Caption1>
        <Caption1 className={s.muted}>Order: {l.order_index ?? 'Not set'}</Caption1>
        <PublishingBadges item={ref} isDraft={!!l.is_draft} />
      </div>
      <div className={s.actions}>
        <IconAction
          icon={<ArrowUpRegular />}
          label={`Move ${l.title} up`}
          disabled={busy || props.reordering || props.first}
          onClick={() => actions.move(l, 'up')}
        />
        <IconAction
          icon={<ArrowDownRegular />}
          label={`Move ${l.title} down`}
          disabled={busy || props.reordering || props.last}
          onClick={() => actions.move(l, 'down')}
        />
        <Switch
          className={s.switch}
          checked={l.is_locked}
          disabled={busy}
          label={l.is_locked ? 'Locked' : 'Unlocked'}
          aria-label={`Lock ${l.title}`}
          onChange={() => actions.toggleLock(l)}
        />
        <PublishingMenu item={ref} label={l.title} isDraft={!!l.is_draft} />
        <IconAction icon={<EditRegular />} label={`Edit ${l.title}`} onClick={() => actions.edit(l)} />
        <IconAction icon={<DeleteRegular />} label={`Delete ${l.title}`} onClick={() => actions.remove(l)} />
      </div>
    </Card>
  );
}
