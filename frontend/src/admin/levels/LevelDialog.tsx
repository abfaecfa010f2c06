/**
 * Add Level / Edit Level dialog. When editing, the id is read-only and the language fixed (a level
 * lives in its language's partition); the version read travels along for the conditional write.
 */
import type { Language } from '@shared/contracts/languages';
import { levelCreateSchema, levelUpdateSchema, type Level } from '@shared/contracts/levels';
import { createLevel, updateLevel } from '../../api/levels';
import { IconField } from '../components/IconField';
import { FieldPair, SelectField, TextField } from '../components/SchemaForm';
import { DraftableDialog, draftableSpec, IdField, useDraftableForm } from '../publishing/DraftableDialog';

export const CEFR_LABELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'];
const spec = draftableSpec({
  noun: 'level',
  empty: { id: '', language_id: '', title: '', cefr_label: '', icon_url: '' },
  refOf: (l: Level) => ({ kind: 'level', language_id: l.language_id, level_id: l.id }),
  languageOf: (v) => v.language_id,
  create: { schema: levelCreateSchema, send: createLevel },
  update: { schema: levelUpdateSchema.omit({ version: true, language_id: true }), send: (l, data) => updateLevel(l.language_id, l.id, data) },
});

export function LevelDialog(props: { open: boolean; level?: Level; languages: Language[]; onClose: () => void }) {
  const { open, level, languages, onClose } = props;
  const editing = !!level;
  const draftable = useDraftableForm(spec, { open, onClose, item: level });
  const { form } = draftable;
  const labels = CEFR_LABELS.includes(form.values.cefr_label) || !form.values.cefr_label ? CEFR_LABELS : [...CEFR_LABELS, form.values.cefr_label];

  return (
    <DraftableDialog draftable={draftable} open={open} onClose={onClose}>
      <FieldPair>
        <IdField draftable={draftable} example="beginner" />
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
    </DraftableDialog>
  );
}
