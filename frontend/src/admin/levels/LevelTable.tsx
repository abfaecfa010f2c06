/** The levels of one language: Level, CEFR, Order, Lock Status, Actions (move, lock, edit, delete). */
import {
  Badge,
  Caption1,
  makeStyles,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableCellLayout,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import type { Level } from '@shared/types';
import { CourseIcon } from '../components/CourseIcon';
import { IconAction } from '../components/IconAction';

const useStyles = makeStyles({
  // Narrow screens scroll the table inside its container, not the page.
  scroll: { overflowX: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground1 },
  table: { minWidth: '640px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  lock: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

export interface LevelActions {
  busy: string | undefined;
  move(level: Level, direction: 'up' | 'down'): void;
  toggleLock(level: Level): void;
  edit(level: Level): void;
  remove(level: Level): void;
}

export function LevelTable({ levels, languageName, actions }: { levels: Level[]; languageName: string; actions: LevelActions }) {
  const s = useStyles();
  return (
    <div className={s.scroll}>
      <Table className={s.table} aria-label={`${languageName} levels`}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Level</TableHeaderCell>
            <TableHeaderCell>CEFR</TableHeaderCell>
            <TableHeaderCell>Order</TableHeaderCell>
            <TableHeaderCell>Lock Status</TableHeaderCell>
            <TableHeaderCell>Actions</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {levels.map((l, i) => {
            const busy = actions.busy === `${l.language_id}/${l.id}`;
            return (
              <TableRow key={l.id}>
                <TableCell>
                  <TableCellLayout media={<CourseIcon url={l.icon_url} size={32} />} description={l.id}>
                    {l.title}
                  </TableCellLayout>
                </TableCell>
                <TableCell>
                  <Badge appearance="tint" color="brand">
                    {l.cefr_label}
                  </Badge>
                </TableCell>
                <TableCell>{l.order_index ?? 'Not set'}</TableCell>
                <TableCell>
                  <div className={s.lock}>
                    <Switch checked={l.is_locked} disabled={busy} aria-label={`Lock ${l.title}`} onChange={() => actions.toggleLock(l)} />
                    <Caption1>{l.is_locked ? 'Locked' : 'Unlocked'}</Caption1>
                  </div>
                </TableCell>
                <TableCell>
                  <div className={s.actions}>
                    <IconAction icon={<ArrowUpRegular />} label={`Move ${l.title} up`} disabled={busy || i === 0} onClick={() => actions.move(l, 'up')} />
                    <IconAction icon={<ArrowDownRegular />} label={`Move ${l.title} down`} disabled={busy || i === levels.length - 1} onClick={() => actions.move(l, 'down')} />
                    <IconAction icon={<EditRegular />} label={`Edit ${l.title}`} onClick={() => actions.edit(l)} />
                    <IconAction icon={<DeleteRegular />} label={`Delete ${l.title}`} onClick={() => actions.remove(l)} />
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
