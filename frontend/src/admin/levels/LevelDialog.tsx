/**
 * Add Level / Edit Level dialog. When editing, the id is read-only and the language fixed (a level
 * lives in its language's partition); the version read travels along for the conditional write.
 */
import { Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, makeStyles, Select, tokens } from '@fluentui/react-components';
import { useEffect, type FormEvent } from 'react';
import type { Language } from '@shared/contracts/languages';
import { levelCreateSchema, levelUpdateSchema, type Level } from '@shared/contracts/levels';
import { createLevel, updateLevel } from '../../api/levels';
import { useForm } from '../../components/useForm';
import { IconField } from '../components/IconField';
import { useSubmit } from '../components/useSubmit';
import { FormActions } from '../components/FormActions';
import { draftableSubmission, usePendingDraft } from '../publishing/drafts';
import { DraftNotice } from '../publishing/DraftNotice';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  pair: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', '& > *': { minWidth: 0 } },
});

export const CEFR_LABELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'];
const empty = { id: '', language_id: '', title: '', cefr_label: '', icon_url: '' };

export function LevelDialog(props: { open: boolean; level?: Level; languages: Language[]; onClose: () => void }) {
  const { open, level, languages, onClose } = props;
  const s = useStyles();
  const form = useForm(empty);
  const { busy: saving, submit } = useSubmit(form, onClose);
  const editing = !!level;
  const labels = CEFR_LABELS.includes(form.values.cefr_label) || !form.values.cefr_label ? CEFR_LABELS : [...CEFR_LABELS, form.values.cefr_label];

  const ref = level && ({ kind: 'level', language_id: level.language_id, level_id: level.id } as const);
  const pending = usePendingDraft(ref);
  const pendingFields = pending?.fields as Partial<typeof empty> | undefined;

  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    reset(
      level
        ? { id: level.id, language_id: level.language_id, title: level.title, cefr_label: level.cefr_label, icon_url: level.icon_url, ...pendingFields }
        : empty,
    );
  }, [open, level, pendingFields, reset]);

  const onSubmit = (e: FormEvent) =>
    void submit(
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
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <form onSubmit={onSubmit} noValidate>
          <DialogBody>
            <DialogTitle>{editing ? 'Edit Level' : 'Add Level'}</DialogTitle>
            <DialogContent className={s.form}>
              <DraftNotice noun="level" isDraft={!!level?.is_draft} pending={pending} saveLabel="Update Level" />
              <div className={s.pair}>
                <Field
                  label="Level ID"
                  required
                  validationMessage={form.errors.id}
                  hint={editing ? 'The ID cannot be changed' : 'Lowercase letters, numbers and hyphens, e.g. beginner'}
                >
                  <Input value={form.values.id} readOnly={editing} onChange={(_, d) => form.set('id', d.value)} />
                </Field>
                <Field label="Language" required validationMessage={form.errors.language_id}>
                  <Select value={form.values.language_id} disabled={editing} onChange={(_, d) => form.set('language_id', d.value)}>
                    <option value="">Select a language</option>
                    {languages.map((l) => (
                      <option key={l.id} value={l.id}>
                        {l.name}
                      </option>
                    ))}
                  </Select>
                </Field>
              </div>
              <div className={s.pair}>
                <Field label="Title" required validationMessage={form.errors.title}>
                  <Input value={form.values.title} onChange={(_, d) => form.set('title', d.value)} />
                </Field>
                <Field label="CEFR label" required validationMessage={form.errors.cefr_label}>
                  <Select value={form.values.cefr_label} onChange={(_, d) => form.set('cefr_label', d.value)}>
                    <option value="">Select a CEFR label</option>
                    {labels.map((c) => (
                      <option key={c}>{c}</option>
                    ))}
                  </Select>
                </Field>
              </div>
              <IconField kind="level-icon" value={form.values.icon_url} error={form.errors.icon_url} onChange={(v) => form.set('icon_url', v)} />
            </DialogContent>
            <FormActions
              onCancel={onClose}
              busy={saving}
              busyLabel="Saving..."
              label={editing ? 'Update Level' : 'Add Level'}
              draftLabel={level?.is_draft ? undefined : 'Save as draft'}
            />
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
