/**
 * The writes levels and lessons share, in one place: move up/down and drag reorder (saved once per
 * drop, with Undo), the lock switch (asks first, then Undo) and delete (asks first, a red 'Delete';
 * its toast's Undo puts it back from the Trash).
 * A list screen gets `actions` for its rows, `onDrop` for its sortable groups and `dialogs` to render.
 */
import { arrayMove } from '@dnd-kit/sortable';
import { useState, type ReactNode } from 'react';
import type { TrashRef } from '../../api/trash';
import { LockConfirm } from './LockConfirm';
import { useItemAction, type ItemWrite } from './useItemAction';
import { useTrashDelete } from './useTrashDelete';

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
  /** Where a deleted item is found in the Trash (for its Undo). */
  trashRef: (item: T) => TrashRef;
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
  const { busy, run } = useItemAction();
  const [toLock, setToLock] = useState<T>();
  // Per group: the order of a drop while it is being saved (the list shows it at once).
  const [draft, setDraft] = useState<Record<string, string[]>>({});
  const Kind = writes.kind === 'level' ? 'Level' : 'Lesson';
  const deletion = useTrashDelete<T>({
    title: (item) => `Delete ${item?.title ?? writes.kind}?`,
    text: writes.deleteText,
    remove: (item) => ({ work: () => writes.remove(item), ok: `${Kind} deleted successfully`, failed: `Failed to delete ${writes.kind}` }),
    trashRef: writes.trashRef,
    restored: (item) => `Restored ${writes.kind} "${item.title}"`,
    restoreFailed: `Failed to restore ${writes.kind}`,
  });

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
    remove: deletion.ask,
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

  const dialogs: ReactNode = (
    <>
      <LockConfirm kind={writes.kind} target={toLock} onConfirm={confirmLock} onCancel={() => setToLock(undefined)} />
      {deletion.dialog}
    </>
  );
  /** Whether a group's order is being saved (its handles wait). */
  const saving = (group: string) => busy === `order/${group}`;
  return { actions, onDrop, draft, saving, dialogs };
}
