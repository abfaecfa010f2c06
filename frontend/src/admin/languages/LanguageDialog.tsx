/** Add Language / Edit Language dialog. When editing, the id is read-only and the version travels along. */
import { Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState, type FormEvent } from 'react';
import { languageSchema, languageUpdateSchema } from '@shared/schemas';
import type { Language } from '@shared/types';
import { createLanguage, updateLanguage } from '../../api/languages';
import { useNotify } from '../../components/notify';
import { useForm } from '../../components/useForm';
import { FormActions } from '../components/FormActions';
import { failureBody } from '../components/failure';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  preview: { width: '72px', height: '48px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}` },
});

const empty = { id: '', name: '', flag_url: '' };

export function LanguageDialog({ open, language, onClose }: { open: boolean; language?: Language; onClose(): void }) {
  const s = useStyles();
  const notify = useNotify();
  const form = useForm(empty);
  const [saving, setSaving] = useState(false);
  const editing = !!language;

  useEffect(() => {
    if (open) form.reset(language ? { id: language.id, name: language.name, flag_url: language.flag_url } : empty);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, language]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    try {
      if (editing) {
        const data = form.validate(languageUpdateSchema.omit({ version: true }));
        if (!data) return;
        await updateLanguage(language.id, { ...data, version: language.version });
        notify('Language updated successfully');
      } else {
        const data = form.validate(languageSchema);
        if (!data) return;
        await createLanguage(data);
        notify('Language added successfully');
      }
      onClose();
    } catch (err) {
      form.showServerErrors(err);
      notify(editing ? 'Failed to update language' : 'Failed to add language', { body: failureBody(err), intent: 'error' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <form onSubmit={onSubmit} noValidate>
          <DialogBody>
            <DialogTitle>{editing ? 'Edit Language' : 'Add Language'}</DialogTitle>
            <DialogContent className={s.form}>
              <Field label="Language ID" required validationMessage={form.errors.id} hint={editing ? undefined : 'Lowercase letters, numbers and hyphens, e.g. spanish'}>
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
            <FormActions onCancel={onClose} busy={saving} busyLabel="Saving..." label={editing ? 'Update Language' : 'Add Language'} />
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
