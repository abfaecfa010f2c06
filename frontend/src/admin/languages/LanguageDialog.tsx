/** Add Language / Edit Language dialog. When editing, the id is read-only and the version travels along. */
import { Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, type FormEvent } from 'react';
import { languageCreateSchema, languageUpdateSchema, type Language } from '@shared/contracts/languages';
import { createLanguage, updateLanguage } from '../../api/languages';
import { useForm } from '../../components/useForm';
import { FormActions } from '../components/FormActions';
import { useSubmit } from '../components/useSubmit';
import { draftableSubmission, usePendingDraft } from '../publishing/drafts';
import { DraftNotice } from '../publishing/DraftNotice';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  preview: { width: '72px', height: '48px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}` },
});

const empty = { id: '', name: '', flag_url: '' };

export function LanguageDialog({ open, language, onClose }: { open: boolean; language?: Language; onClose: () => void }) {
  const s = useStyles();
  const form = useForm(empty);
  const { busy: saving, submit } = useSubmit(form, onClose);
  const editing = !!language;
  const ref = language && ({ kind: 'language', language_id: language.id } as const);
  const pending = usePendingDraft(ref);
  const pendingFields = pending?.fields as Partial<typeof empty> | undefined;

  const { reset } = form;
  useEffect(() => {
    if (open) reset(language ? { id: language.id, name: language.name, flag_url: language.flag_url, ...pendingFields } : empty);
  }, [open, language, pendingFields, reset]);

  const onSubmit = (e: FormEvent) =>
    void submit(
      e,
      draftableSubmission(e, {
        noun: 'language',
        create: {
          schema: languageCreateSchema,
          send: (data, isDraft) => createLanguage({ ...data, is_draft: isDraft || undefined }),
          ok: 'Language added successfully',
          failed: 'Failed to add language',
        },
        editing: language &&
          ref && {
            ref,
            version: language.version,
            hadDraft: !!pending,
            update: {
              schema: languageUpdateSchema.omit({ version: true }),
              send: (data) => updateLanguage(language.id, { ...data, version: language.version }),
              ok: 'Language updated successfully',
              failed: 'Failed to update language',
            },
          },
      }),
    );

  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <form onSubmit={onSubmit} noValidate>
          <DialogBody>
            <DialogTitle>{editing ? 'Edit Language' : 'Add Language'}</DialogTitle>
            <DialogContent className={s.form}>
              <DraftNotice noun="language" isDraft={!!language?.is_draft} pending={pending} saveLabel="Update Language" />
              <Field
                label="Language ID"
                required
                validationMessage={form.errors.id}
                hint={editing ? undefined : 'Lowercase letters, numbers and hyphens, e.g. spanish'}
              >
                <Input value={form.values.id} readOnly={editing} onChange={(_, d) => form.set('id', d.value)} />
              </Field>
              <Field label="Name" required validationMessage={form.errors.name}>
                <Input value={form.values.name} onChange={(_, d) => form.set('name', d.value)} />
              </Field>
              <Field label="Flag image URL" required validationMessage={form.errors.flag_url}>
                <Input type="url" value={form.values.flag_url} onChange={(_, d) => form.set('flag_url', d.value)} placeholder="https://..." />
              </Field>
              {form.values.flag_url && !form.errors.flag_url && <img src={form.values.flag_url} alt="Flag preview" className={s.preview} />}
            </DialogContent>
            <FormActions
              onCancel={onClose}
              busy={saving}
              busyLabel="Saving..."
              label={editing ? 'Update Language' : 'Add Language'}
              draftLabel={language?.is_draft ? undefined : 'Save as draft'}
            />
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
