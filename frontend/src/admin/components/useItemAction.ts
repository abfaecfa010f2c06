/**
 * One admin write on one item of a list (lock, move, reorder): the item is busy meanwhile, then a
 * success toast ('Level locked successfully'); with `undo` (or an undo made from the write's answer), the toast offers
 * 'Undo', which runs the reverse write the same way (its own toast, no further undo). A failure toasts its failure text ('Failed to lock level') with the
 * API's message below it.
 */
import { useCallback, useState } from 'react';
import { useNotify } from '../../components/notify';
import { failureBody } from './failure';

export interface ItemWrite {
  work: () => Promise<unknown>;
  /** The success toast. */
  ok: string;
  /** The failure toast (a function when it depends on the error). */
  failed: string | ((e: unknown) => string);
  /** No description under this failure title (when the title already says it all). */
  bare?: (title: string) => boolean;
}

export function useItemAction() {
  const notify = useNotify();
  const [busy, setBusy] = useState<string>();

  const run = useCallback(
    (key: string, write: ItemWrite, undo?: ItemWrite | ((answer: unknown) => ItemWrite)): Promise<boolean> => {
      const go = async (w: ItemWrite, reverse?: ItemWrite | ((answer: unknown) => ItemWrite)): Promise<boolean> => {
        setBusy(key);
        try {
          const answer = await w.work();
          // An Undo may need what the write answered (the Trash entries of a delete).
          const back = typeof reverse === 'function' ? reverse(answer) : reverse;
          notify(w.ok, back && { action: { label: 'Undo', onClick: () => void go(back) } });
          return true;
        } catch (e) {
          const title = typeof w.failed === 'string' ? w.failed : w.failed(e);
          notify(title, { body: w.bare?.(title) ? undefined : failureBody(e), intent: 'error' });
          return false;
        } finally {
          setBusy(undefined);
        }
      };
      return go(write, undo);
    },
    [notify],
  );
  return { busy, run };
}
