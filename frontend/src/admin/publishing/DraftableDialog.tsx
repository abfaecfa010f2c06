/**
 * The add/edit dialog of a course item (language, level, lesson) with 'Save as draft': the form
 * starts from the item, or from its pending draft's changes; the submit is ./drafts.ts'
 * `draftableSubmission`; the footer and the draft notice are worded from the noun. A course
 * dialog declares its fields, its contract schemas and its API calls, nothing else.
 */
import { useMemo, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import type { ItemRef, PendingDraft } from '@shared/contracts/publishing';
import { FormDialog, TextField, type TextKey } from '../components/SchemaForm';
import { useSchemaForm, type SchemaForm } from '../components/useSchemaForm';
import { DraftNotice } from './DraftNotice';
import { ReviewNotes, useDraftReview } from '../reviews/ReviewNotice';
import { useApprovals } from '../../api/approvals';
import { draftableSubmission, usePendingDraft } from './drafts';

interface Draftable {
  version: number;
  is_draft?: boolean;
}

/** What `useDraftableForm` gives its `DraftableDialog`. */
export interface DraftableForm<T extends object> {
  form: SchemaForm<T>;
  onSubmit: (e: FormEvent) => unknown;
  pending: PendingDraft | undefined;
  item: Draftable | undefined;
  /** Capitalised: 'Lesson'. */
  noun: string;
  /** The item's ref (undefined when adding one): its review's comments show beside the fields. */
  ref: ItemRef | undefined;
  /** The language the item is (or is being added) in: in one with reviewers, only 'Save as draft' goes public later. */
  language: string | undefined;
}

/** What 'Save as draft' needs to know of one kind of course item; declared once, at module scope. */
export interface DraftableSpec<I extends Draftable, T extends object, C extends z.ZodType<object>, U extends z.ZodType<object>> {
  /** Lower-case, for the toasts and the labels: 'lesson'. */
  noun: string;
  /** A new item's values; an edited item's are its fields of these names. */
  empty: T;
  refOf: (item: I) => ItemRef;
  /** The contract's create, sent with `is_draft` when saved as a draft. */
  create: { schema: C; send: (data: z.infer<C>) => Promise<unknown> };
  /** The contract's update (live at once), sent with the item's version. */
  update: { schema: U; send: (item: I, data: z.infer<U> & { version: number }) => Promise<unknown> };
  /** The language a new item is added to, from the form (a level's or lesson's; none for a new language, which is empty). */
  languageOf?: (values: T) => string;
}

/** Infers a spec's types from its values. */
export const draftableSpec = <I extends Draftable, T extends object, C extends z.ZodType<object>, U extends z.ZodType<object>>(
  spec: DraftableSpec<I, T, C, U>,
) => spec;

const languageOfRef = (r: ItemRef) => (r.kind === 'post' ? undefined : r.language_id);
const fieldsOf = <T extends object>(empty: T, item: object) =>
  Object.fromEntries(Object.keys(empty).map((k) => [k, (item as Record<string, unknown>)[k]])) as T;

export function useDraftableForm<I extends Draftable, T extends object, C extends z.ZodType<object>, U extends z.ZodType<object>>(
  spec: DraftableSpec<I, T, C, U>,
  o: { open: boolean; onClose: () => void; /** The item edited; undefined when adding one. */ item: I | undefined },
): DraftableForm<T> {
  const { noun, empty, create, update } = spec;
  const { item, open, onClose } = o;
  const ref = item && spec.refOf(item);
  const pending = usePendingDraft(ref);
  const initial = useMemo(() => (item ? { ...fieldsOf(empty, item), ...(pending?.fields as Partial<T> | undefined) } : empty), [item, pending, empty]);
  const form = useSchemaForm(initial, { open, onDone: onClose });
  const Noun = `${noun[0].toUpperCase()}${noun.slice(1)}`;

  const onSubmit = (e: FormEvent) =>
    form.submit(
      e,
      draftableSubmission(e, {
        noun,
        create: {
          schema: create.schema,
          send: (data: z.infer<C>, isDraft) => create.send({ ...data, is_draft: isDraft || undefined }),
          ok: `${Noun} added successfully`,
          failed: `Failed to add ${noun}`,
        },
        editing: item &&
          ref && {
            ref,
            version: item.version,
            hadDraft: !!pending,
            update: {
              schema: update.schema,
              send: (data: z.infer<U>) => update.send(item, { ...data, version: item.version }),
              ok: `${Noun} updated successfully`,
              failed: `Failed to update ${noun}`,
            },
          },
      }),
    );

  return { form, onSubmit, pending, item, noun: Noun, ref, language: ref ? languageOfRef(ref) : spec.languageOf?.(form.values) || undefined };
}

/** The dialog of a `useDraftableForm`: Cancel, 'Save as draft' (unless already a draft), Add/Update, and the draft notice above the fields. */
export function DraftableDialog<T extends object>(props: {
  draftable: DraftableForm<T>;
  open: boolean;
  onClose: () => void;
  /** Defaults to 'Edit Lesson' / 'Add Lesson'. */
  title?: { add: string };
  children: ReactNode;
}) {
  const { form, onSubmit, pending, item, noun, language } = props.draftable;
  const update = `Update ${noun}`;
  // In a language with reviewers, a public item's changes and a new item wait as a draft for a reviewer; the
  // server refuses the direct write of what is public (docs/back-office.md "Reviews"). A new item may
  // belong to a level still a draft: saved as a draft too, it goes public with it all the same.
  const review = useDraftReview(props.open ? props.draftable.ref : undefined);
  const reviewedLanguages = useApprovals().data?.reviewed_languages;
  const reviewed = !!language && !!reviewedLanguages?.includes(language);
  return (
    <FormDialog
      form={form}
      open={props.open}
      onClose={props.onClose}
      onSubmit={onSubmit}
      title={item ? `Edit ${noun}` : (props.title?.add ?? `Add ${noun}`)}
      actions={{
        busyLabel: 'Saving...',
        label: item ? update : `Add ${noun}`,
        draftLabel: item?.is_draft ? undefined : 'Save as draft',
        draftOnly: reviewed && !item?.is_draft,
      }}
    >
      <DraftNotice noun={noun.toLowerCase()} isDraft={!!item?.is_draft} pending={pending} saveLabel={update} />
      <ReviewNotes approval={review.approval}>{props.children}</ReviewNotes>
    </FormDialog>
  );
}

/** The item's ID: typed when adding one, read-only once it exists (it is the item's key). */
export function IdField<T extends { id: string }>({ draftable, example }: { draftable: DraftableForm<T>; example: string }) {
  const editing = !!draftable.item;
  return (
    <TextField
      form={draftable.form}
      name={'id' as TextKey<T>}
      label={`${draftable.noun} ID`}
      required
      readOnly={editing}
      hint={editing ? 'The ID cannot be changed' : `Lowercase letters, numbers and hyphens, e.g. ${example}`}
    />
  );
}
