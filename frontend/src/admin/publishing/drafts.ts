/**
 * What the edit dialogs share for 'Save as draft' (docs/back-office.md "Drafts and releases"):
 * which submit button was pressed, and the writes of each case.
 *  - a new item: created with `is_draft` (public nowhere until published);
 *  - a public item: its changes kept as its pending draft (the public page stays);
 *  - a plain save of a public item with a pending draft: saved, and the draft (whose changes the
 *    form was showing) dropped.
 */
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { refKey, type ItemRef, type PendingDraft } from '@shared/contracts/publishing';
import { ApiError } from '../../api/client';
import { discardDraft, publishingOf, saveDraft, usePublishing } from '../../api/publishing';
import type { Submission } from '../components/useSubmit';

/** True when the form was sent with its 'Save as draft' button (FormActions' `draftLabel`). */
export const submittedAsDraft = (e: FormEvent) => ((e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.name === 'draft';

/** Saves a public item's changes as its draft; field errors come back under the form's own names. */
export async function saveAsDraft(item: ItemRef, version: number, fields: Record<string, unknown>) {
  try {
    return await saveDraft(item, version, fields);
  } catch (e) {
    if (!(e instanceof ApiError) || !e.fields) throw e;
    const fieldsOf = Object.fromEntries(Object.entries(e.fields).map(([k, v]) => [k.replace(/^fields\./, ''), v]));
    throw new ApiError(e.status, e.message, fieldsOf);
  }
}

/**
 * A plain save of an item that had a pending draft: the draft's fields (which the form showed) go
 * once the save succeeded; a lesson's phrase changes in it stay waiting for Publish.
 */
export async function saveThenDropDraft<R>(item: ItemRef, hadDraft: boolean, save: () => Promise<R>): Promise<R> {
  const saved = await save();
  if (hadDraft) await discardDraft(item, true);
  return saved;
}

const stampOf = (d: PendingDraft | undefined) => (d ? `${refKey(d.item)}@${d.updated_at}` : '');
/**
 * The pending draft of the item an edit dialog opens (none for a new item). The same object until
 * the draft itself changes: a revalidation of the list (window focus) must not reset the form.
 */
export function usePendingDraft(item: ItemRef | undefined): PendingDraft | undefined {
  const draft = publishingOf(usePublishing().data, item).draft;
  const [kept, setKept] = useState(draft);
  if (stampOf(kept) !== stampOf(draft)) setKept(draft);
  return stampOf(kept) === stampOf(draft) ? kept : draft;
}

type Send<S extends z.ZodType> = Omit<Submission<S, unknown>, 'send'> & { send: (data: z.infer<S>) => Promise<unknown> };

/**
 * The submission of an add/edit dialog, by the button pressed: a plain add or update (live at once), or 'Save
 * as draft' (a new item created as a draft; a public item's changes kept as its draft).
 */
export function draftableSubmission<C extends z.ZodType, U extends z.ZodType>(
  e: FormEvent,
  o: {
    /** Lower-case name for the toasts: 'lesson'. */
    noun: string;
    create: Omit<Send<C>, 'send'> & { send: (data: z.infer<C>, isDraft: boolean) => Promise<unknown> };
    /** The item edited (undefined: adding one): its version, whether it had a pending draft, and its plain update. */
    editing?: { ref: ItemRef; version: number; hadDraft: boolean; update: Send<U> };
  },
): Submission<z.ZodType, unknown> {
  const asDraft = submittedAsDraft(e);
  const { editing, create } = o;
  if (!editing) {
    const ok = asDraft ? `${o.noun[0].toUpperCase()}${o.noun.slice(1)} saved as a draft` : create.ok;
    return { ...create, ok, send: (data) => create.send(data as z.infer<C>, asDraft) };
  }
  if (asDraft)
    return {
      schema: editing.update.schema,
      send: (data) => saveAsDraft(editing.ref, editing.version, data as Record<string, unknown>),
      ok: `Draft saved: the public ${o.noun} is unchanged`,
      failed: 'Failed to save draft',
    };
  const { update } = editing;
  return { ...update, send: (data) => saveThenDropDraft(editing.ref, editing.hadDraft, () => update.send(data as z.infer<U>)) };
}
