/**
 * The writes levels and lessons share, in one place: move up/down and drag reorder (saved once per
 * drop, with Undo), the lock switch (asks first, then Undo) and delete (asks first, a red 'Delete').
 * A list screen gets `actions` for its rows, `onDrop` for its sortable groups and `dialogs` to render.
 */
import { arrayMove } from '@dnd-kit/sortable';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useNotify } from '../../components/notify';
import { failureBody } from './failure';
import { LockConfirm } from './LockConfirm';
import { useItemAction, type ItemWrite } from './useItemAction';

interface CourseItem {
  id: string;
  title: string;
  is_locked: boolean;
}

export interface CourseItemWrites<T extends CourseItem> {
  kind: 'level' | 'lesson';
  keyOf: (item: T) => string;
  lock: (item: T, isLocked: boolean) => Promise<unknown>;
  move: (item: T, direction: 'up' | 'down') => ItemWrite;
  /** Saves a group's whole order (ids in their new order). */
  reorder: (group: string, ids: string[]) => ItemWrite;
  remove: (item: T) => Promise<unknown>;
  /** The delete confirmation's text. */
  deleteText: string;
}

export interface ItemActions<T> {
  busy: string | undefined;
  move: (item: T, direction: 'up' | 'down') => void;
  toggleLock: (item: T) => void;
  edit: (item: T) => void;
  remove: (item: T) => void;
}

export function useCourseItemWrites<T extends CourseItem>(writes: CourseItemWrites<T>, edit: (item: T) => void) {
  const notify = useNotify();
  const { busy, run } = useItemAction();
  const [toDelete, setToDelete] = useState<T>();
  const [deleting, setDeleting] = useState(false);
  const [toLock, setToLock] = useState<T>();
  // Per group: the order of a drop while it is being saved (the list shows it at once).
  const [draft, setDraft] = useState<Record<string, string[]>>({});
  const Kind = writes.kind === 'level' ? 'Level' : 'Lesson';

  const lockWrite = (item: T, isLocked: boolean): ItemWrite => ({
    work: () => writes.lock(item, isLocked),
    ok: `${Kind} ${isLocked ? 'locked' : 'unlocked'} successfully`,
    failed: `Failed to ${isLocked ? 'lock' : 'unlock'} ${writes.kind}`,
  });

  const actions: ItemActions<T> = {
    busy,
    move: (item, direction) => void run(writes.keyOf(item), writes.move(item, direction), writes.move(item, direction === 'up' ? 'down' : 'up')),
    toggleLock: setToLock,
    edit,
    remove: setToDelete,
  };

  async function onDrop(group: string, list: T[], from: number, to: number) {
    const before = list.map((l) => l.id);
    const after = arrayMove(before, from, to);
    setDraft((d) => ({ ...d, [group]: after }));
    await run(`order/${group}`, writes.reorder(group, after), writes.reorder(group, before));
    setDraft(({ [group]: _, ...rest }) => rest);
  }

  function confirmLock() {
    const item = toLock;
    setToLock(undefined);
    if (item) void run(writes.keyOf(item), lockWrite(item, !item.is_locked), lockWrite(item, item.is_locked));
  }

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await writes.remove(toDelete);
      notify(`${Kind} deleted successfully`);
    } catch (e) {
      notify(`Failed to delete ${writes.kind}`, { body: failureBody(e), intent: 'error' });
    } finally {
      setDeleting(false);
      setToDelete(undefined);
    }
  }

  const dialogs: ReactNode = (
    <>
      <LockConfirm kind={writes.kind} target={toLock} onConfirm={confirmLock} onCancel={() => setToLock(undefined)} />
      <ConfirmDialog
        open={!!toDelete}
        title={`Delete ${toDelete?.title ?? writes.kind}?`}
        text={writes.deleteText}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(undefined)}
      />
    </>
  );
  /** Whether a group's order is being saved (its handles wait). */
  const saving = (group: string) => busy === `order/${group}`;
  return { actions, onDrop, draft, saving, dialogs };
}
