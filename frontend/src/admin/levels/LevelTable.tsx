/**
 * The levels of one language (columns Level, CEFR, Order, Lock Status, Actions) on the admin list:
 * a grid on wide screens, cards on phones. Rows are dragged by their handle (pointer, touch or
 * keyboard) or moved with the up/down buttons; the lock switch asks first (see ManageLevels).
 */
import { Badge, Caption1, makeStyles, Switch, TableCellLayout, tokens } from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { MAX_LEVELS_PER_LANGUAGE, type Level } from '@shared/contracts/levels';
import { actionsColumn, AdminList, type ListColumn } from '../components/AdminList';
import { CourseIcon } from '../components/CourseIcon';
import { IconAction } from '../components/IconAction';
import { DragHandle } from '../components/sortable';
import { PublishingBadges, PublishingMenu } from '../publishing/PublishingMenu';
import type { ItemActions } from '../components/useCourseItemWrites';

const useStyles = makeStyles({
  level: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  lock: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  // The whole switch (track and label) is the touch target: 44 px tall on phones.
  switch: { '@media (max-width: 767px)': { minHeight: '44px', alignItems: 'center' } },
});

export type LevelActions = ItemActions<Level>;
export const levelKey = (l: Pick<Level, 'language_id' | 'id'>) => `${l.language_id}/${l.id}`;
const refOf = (l: Level) => ({ kind: 'level', language_id: l.language_id, level_id: l.id }) as const;

export function LevelTable(props: {
  /** The rows shown, in catalogue order (a search or filter may leave some out). */
  levels: Level[];
  /** The ids of the language's first and last levels: their up/down buttons are disabled. */
  ends: { first?: string; last?: string };
  languageName: string;
  actions: LevelActions;
  /** Drag reordering; `disabled` while the list is filtered or a save runs. */
  reorder: { disabled: boolean; onMove: (from: number, to: number) => void };
}) {
  const { actions, ends } = props;
  const s = useStyles();
  const columns: ListColumn<Level>[] = [
    {
      id: 'level',
      label: 'Level',
      minWidth: 260,
      render: (l) => (
        <div className={s.level}>
          <DragHandle label={`Reorder ${l.title}`} />
          <TableCellLayout
            media={<CourseIcon url={l.icon_url} size={32} />}
            description={
              <>
                {l.id} <PublishingBadges item={refOf(l)} isDraft={!!l.is_draft} />
              </>
            }
          >
            {l.title}
          </TableCellLayout>
        </div>
      ),
    },
    {
      id: 'cefr',
      label: 'CEFR',
      minWidth: 80,
      render: (l) => (
        <Badge appearance="tint" color="brand">
          {l.cefr_label}
        </Badge>
      ),
    },
    { id: 'order', label: 'Order', minWidth: 80, render: (l) => l.order_index ?? 'Not set' },
    {
      id: 'lock',
      label: 'Lock Status',
      minWidth: 150,
      render: (l) => (
        <div className={s.lock}>
          <Switch
            className={s.switch}
            checked={l.is_locked}
            disabled={actions.busy === levelKey(l)}
            aria-label={`Lock ${l.title}`}
            onChange={() => actions.toggleLock(l)}
          />
          <Caption1>{l.is_locked ? 'Locked' : 'Unlocked'}</Caption1>
        </div>
      ),
    },
    actionsColumn(240, (l) => {
      const busy = actions.busy === levelKey(l);
      return (
        <>
          <IconAction icon={<ArrowUpRegular />} label={`Move ${l.title} up`} disabled={busy || l.id === ends.first} onClick={() => actions.move(l, 'up')} />
          <IconAction
            icon={<ArrowDownRegular />}
            label={`Move ${l.title} down`}
            disabled={busy || l.id === ends.last}
            onClick={() => actions.move(l, 'down')}
          />
          <PublishingMenu item={refOf(l)} label={l.title} isDraft={!!l.is_draft} />
          <IconAction icon={<EditRegular />} label={`Edit ${l.title}`} onClick={() => actions.edit(l)} />
          <IconAction icon={<DeleteRegular />} label={`Delete ${l.title}`} onClick={() => actions.remove(l)} />
        </>
      );
    }),
  ];
  return (
    <AdminList<Level>
      label={`${props.languageName} levels`}
      items={props.levels}
      columns={columns}
      getRowId={(l) => l.id}
      empty="No levels match the search."
      // A language holds at most this many: all of them are shown, so every drop target is there.
      pageSize={MAX_LEVELS_PER_LANGUAGE}
      sortable={{ nameOf: (l) => l.title, onMove: props.reorder.onMove, disabled: props.reorder.disabled }}
    />
  );
}
