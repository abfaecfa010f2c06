/**
 * The question before a level or lesson is locked or unlocked: visitors notice at once (a locked one
 * sends them to the locked-content page), so the switch asks first; the toast after it offers Undo.
 */
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListFilter } from './ListToolbar';

/** The lists' lock filter: '' (all), 'locked' or 'unlocked'. */
const LOCK_FILTER = [
  { value: 'locked', label: 'Locked' },
  { value: 'unlocked', label: 'Unlocked' },
] as const;
export const lockMatches = (filter: string, isLocked: boolean) => !filter || (filter === 'locked') === isLocked;

/** The lock filter of the level and lesson lists. */
export function LockFilter(props: { value: string; onChange: (value: string) => void }) {
  return <ListFilter label="Lock status" allLabel="Locked and unlocked" value={props.value} onChange={props.onChange} options={LOCK_FILTER} />;
}

export interface LockTarget {
  title: string;
  is_locked: boolean;
}

export function LockConfirm(props: { kind: 'level' | 'lesson'; target: LockTarget | undefined; onConfirm: () => void; onCancel: () => void }) {
  const { kind, target } = props;
  const locking = !target?.is_locked;
  const name = target ? `"${target.title}"` : `This ${kind}`;
  return (
    <ConfirmDialog
      open={!!target}
      tone="neutral"
      title={locking ? `Lock this ${kind}?` : `Unlock this ${kind}?`}
      text={
        locking
          ? `${name} will be locked. Visitors will be sent to the locked-content page, which invites them to get it in the free app.`
          : `${name} will be unlocked. Visitors will see it on the site again.`
      }
      confirmLabel={locking ? `Lock ${kind}` : `Unlock ${kind}`}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
    />
  );
}
