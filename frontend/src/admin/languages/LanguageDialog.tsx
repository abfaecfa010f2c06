/** Add Language / Edit Language dialog. When editing, the id is read-only and the version travels along. */
import { makeStyles, tokens } from '@fluentui/react-components';
import { languageCreateSchema, languageUpdateSchema, type Language } from '@shared/contracts/languages';
import { createLanguage, updateLanguage } from '../../api/languages';
import { TextField } from '../components/SchemaForm';
import { DraftableDialog, draftableSpec, IdField, useDraftableForm } from '../publishing/DraftableDialog';

const useStyles = makeStyles({
  preview: { width: '72px', height: '48px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}` },
});

const spec = draftableSpec({
  noun: 'language',
  empty: { id: '', name: '', flag_url: '' },
  refOf: (l: Language) => ({ kind: 'language', language_id: l.id }),
  create: { schema: languageCreateSchema, send: createLanguage },
  update: { schema: languageUpdateSchema.omit({ version: true }), send: (l, data) => updateLanguage(l.id, data) },
});

export function LanguageDialog({ open, language, onClose }: { open: boolean; language?: Language; onClose: () => void }) {
  const s = useStyles();
  const draftable = useDraftableForm(spec, { open, onClose, item: language });
  const { form } = draftable;

  return (
    <DraftableDialog draftable={draftable} open={open} onClose={onClose}>
      <IdField draftable={draftable} example="spanish" />
      <TextField form={form} name="name" label="Name" required />
      <TextField form={form} name="flag_url" label="Flag image URL" required type="url" placeholder="https://..." />
      {form.values.flag_url && !form.errors.flag_url && <img src={form.values.flag_url} alt="Flag preview" className={s.preview} />}
    </DraftableDialog>
  );
}
