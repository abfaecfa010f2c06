/** Add Language / Edit Language dialog. When editing, the id is read-only and the version travels along. */
import { makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, type FormEvent } from 'react';
import { languageCreateSchema, languageUpdateSchema, type Language } from '@shared/contracts/languages';
import { createLanguage, updateLanguage } from '../../api/languages';
import { FormDialog, TextField } from '../components/SchemaForm';
import { useSchemaForm } from '../components/useSchemaForm';
import { draftableSubmission, usePendingDraft } from '../publishing/drafts';
import { DraftNotice } from '../publishing/DraftNotice';

const useStyles = makeStyles({
  preview: { width: '72px', height: '48px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}` },
});

const empty = { id: '', name: '', flag_url: '' };

export function LanguageDialog({ open, language, onClose }: { open: boolean; language?: Language; onClose: () => void }) {
  const s = useStyles();
  const editing = !!language;
  const ref = language && ({ kind: 'language', language_id: language.id } as const);
  const pending = usePendingDraft(ref);
  const initial = useMemo(() => {
    const pendingFields = pending?.fields as Partial<typeof empty> | undefined;
    return language ? { id: language.id, name: language.name, flag_url: language.flag_url, ...pendingFields } : empty;
  }, [language, pending]);
  const form = useSchemaForm(initial, { open, onDone: onClose });

  const onSubmit = (e: FormEvent) =>
    form.submit(
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
    <FormDialog
      form={form}
      open={open}
      onClose={onClose}
      onSubmit={onSubmit}
      title={editing ? 'Edit Language' : 'Add Language'}
      actions={{
        busyLabel: 'Saving...',
        label: editing ? 'Update Language' : 'Add Language',
        draftLabel: language?.is_draft ? undefined : 'Save as draft',
      }}
    >
      <DraftNotice noun="language" isDraft={!!language?.is_draft} pending={pending} saveLabel="Update Language" />
      <TextField
        form={form}
        name="id"
        label="Language ID"
        required
        readOnly={editing}
        hint={editing ? undefined : 'Lowercase letters, numbers and hyphens, e.g. spanish'}
      />
      <TextField form={form} name="name" label="Name" required />
      <TextField form={form} name="flag_url" label="Flag image URL" required type="url" placeholder="https://..." />
      {form.values.flag_url && !form.errors.flag_url && <img src={form.values.flag_url} alt="Flag preview" className={s.preview} />}
    </FormDialog>
  );
}
