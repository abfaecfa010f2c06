/**
 * Add Level / Edit Level dialog. When editing, the id is read-only and the language fixed (a level
 * lives in its language's partition); the version read travels along for the conditional write.
 */
import { useMemo, type FormEvent } from 'react';
import type { Language } from '@shared/contracts/languages';
import { levelCreateSchema, levelUpdateSchema, type Level } from '@shared/contracts/levels';
import { createLevel, updateLevel } from '../../api/levels';
import { IconField } from '../components/IconField';
import { FieldPair, FormDialog, SelectField, TextField } from '../components/SchemaForm';
import { useSchemaForm } from '../components/useSchemaForm';
import { draftableSubmission, usePendingDraft } from '../publishing/drafts';
import { DraftNotice } from '../publishing/DraftNotice';

export const CEFR_LABELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'];
const empty = { id: '', language_id: '', title: '', cefr_label: '', icon_url: '' };

export function LevelDialog(props: { open: boolean; level?: Level; languages: Language[]; onClose: () => void }) {
  const { open, level, languages, onClose } = props;
  const editing = !!level;
  const ref = level && ({ kind: 'level', language_id: level.language_id, level_id: level.id } as const);
  const pending = usePendingDraft(ref);
  const initial = useMemo(() => {
    const pendingFields = pending?.fields as Partial<typeof empty> | undefined;
    return level
      ? { id: level.id, language_id: level.language_id, title: level.title, cefr_label: level.cefr_label, icon_url: level.icon_url, ...pendingFields }
      : empty;
  }, [level, pending]);
  const form = useSchemaForm(initial, { open, onDone: onClose });
  const labels = CEFR_LABELS.includes(form.values.cefr_label) || !form.values.cefr_label ? CEFR_LABELS : [...CEFR_LABELS, form.values.cefr_label];

  const onSubmit = (e: FormEvent) =>
    form.submit(
      e,
      draftableSubmission(e, {
        noun: 'level',
        create: {
          schema: levelCreateSchema,
          send: (data, isDraft) => createLevel({ ...data, is_draft: isDraft || undefined }),
          ok: 'Level added successfully',
          failed: 'Failed to add level',
        },
        editing: level &&
          ref && {
            ref,
            version: level.version,
            hadDraft: !!pending,
            update: {
              schema: levelUpdateSchema.omit({ version: true, language_id: true }),
              send: (data) => updateLevel(level.language_id, level.id, { ...data, version: level.version }),
              ok: 'Level updated successfully',
              failed: 'Failed to update level',
            },
          },
      }),
    );

  return (
    <FormDialog
      form={form}
      open={open}
      onClose={onClose}
      onSubmit={onSubmit}
      title={editing ? 'Edit Level' : 'Add Level'}
      actions={{ busyLabel: 'Saving...', label: editing ? 'Update Level' : 'Add Level', draftLabel: level?.is_draft ? undefined : 'Save as draft' }}
    >
      <DraftNotice noun="level" isDraft={!!level?.is_draft} pending={pending} saveLabel="Update Level" />
      <FieldPair>
        <TextField
          form={form}
          name="id"
          label="Level ID"
          required
          readOnly={editing}
          hint={editing ? 'The ID cannot be changed' : 'Lowercase letters, numbers and hyphens, e.g. beginner'}
        />
        <SelectField form={form} name="language_id" label="Language" required disabled={editing}>
          <option value="">Select a language</option>
          {languages.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </SelectField>
      </FieldPair>
      <FieldPair>
        <TextField form={form} name="title" label="Title" required />
        <SelectField form={form} name="cefr_label" label="CEFR label" required>
          <option value="">Select a CEFR label</option>
          {labels.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </SelectField>
      </FieldPair>
      <IconField kind="level-icon" value={form.values.icon_url} error={form.errors.icon_url} onChange={(v) => form.set('icon_url', v)} />
    </FormDialog>
  );
}
