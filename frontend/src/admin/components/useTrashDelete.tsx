/**
 * A delete that goes to the Trash (docs/back-office.md "Trash"), one way for every list: it asks
 * first (the spec's confirmation, a red 'Delete'), deletes, and its success toast offers Undo, which
 * puts the item back from the Trash (the API checks the same rights as the Trash screen's Restore).
 */
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { undoDelete, type TrashRef } from '../../api/trash';
import { useItemAction, type ItemWrite } from './useItemAction';

export interface TrashDelete<T> {
  /** The confirmation's title (also while it closes, when there is no item) and text. */
  title: (item?: T) => string;
  text: string;
  /** The delete, with its toasts ('Lesson deleted successfully', 'Failed to delete lesson'). */
  remove: (item: T) => ItemWrite;
  /** Where the deleted item is found in the Trash, and how it is named once back. */
  trashRef: (item: T) => TrashRef;
  restored: (item: T) => string;
  /** The Undo's failure toast ('Failed to restore lesson'). */
  restoreFailed: string;
}

export function useTrashDelete<T>(d: TrashDelete<T>): { ask: (item: T) => void; dialog: ReactNode } {
  const { busy, run } = useItemAction();
  const [target, setTarget] = useState<T>();

  async function confirm() {
    if (target === undefined) return;
    const undo = { work: () => undoDelete(d.trashRef(target)), ok: d.restored(target), failed: d.restoreFailed };
    await run('delete', d.remove(target), undo);
    setTarget(undefined);
  }

  const dialog = (
    <ConfirmDialog
      open={target !== undefined}
      title={d.title(target)}
      text={d.text}
      busy={busy === 'delete'}
      onConfirm={() => void confirm()}
      onCancel={() => setTarget(undefined)}
    />
  );
  return { ask: setTarget, dialog };
}
