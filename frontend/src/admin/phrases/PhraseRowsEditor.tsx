/**
 * The phrase rows of the Add/Edit Phrases form: original + translation per row (and, behind a
 * disclosure, how to say it: ./SpeechTextField.tsx), add a row, remove a row (not the only one), and
 * a paste box that turns tab- or comma-separated lines into rows.
 */
import { Button, Field, Input, makeStyles, Textarea, tokens } from '@fluentui/react-components';
import { AddRegular, ClipboardPasteRegular, DeleteRegular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import { IconAction } from '../components/IconAction';
import { MAX_GROUP_PHRASES } from '@shared/contracts/phrases';
import { appendRows, newRow, parsePasted, type PhraseRow, type RowSpeech } from './rows';
import { SpeechTextField } from './SpeechTextField';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: tokens.spacingHorizontalS,
    maxHeight: '24rem',
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  row: {
    display: 'grid',
    gridTemplateColumns: '1fr 1fr auto',
    gap: tokens.spacingHorizontalS,
    alignItems: 'end',
    '@media (max-width: 600px)': { gridTemplateColumns: '1fr auto' },
  },
  // On phones the translation goes under the original, next to nothing.
  translation: { '@media (max-width: 600px)': { gridColumn: '1 / 2' } },
  remove: { '@media (max-width: 600px)': { gridRow: '1 / 3', gridColumn: '2', alignSelf: 'center' } },
  error: { color: tokens.colorPaletteRedForeground1, margin: 0 },
  add: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  limit: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  paste: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, alignItems: 'flex-start' },
  pasteBox: { width: '100%' },
});

export function PhraseRowsEditor(props: { rows: PhraseRow[]; onChange: (rows: PhraseRow[]) => void; error?: string; speech: RowSpeech }) {
  const { rows, onChange, error, speech } = props;
  const s = useStyles();
  const [pasted, setPasted] = useState('');
  const list = useRef<HTMLUListElement>(null);
  const set = (key: string, patch: Partial<PhraseRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  function addRow() {
    onChange([...rows, newRow()]);
    // Focus the new row's first field once it is rendered.
    requestAnimationFrame(() => list.current?.querySelector<HTMLInputElement>('li:last-child input')?.focus());
  }

  const full = rows.length >= MAX_GROUP_PHRASES;

  function addPasted() {
    const added = parsePasted(pasted);
    if (!added.length) return;
    // Past the group's limit the save is refused with the schema's text; the rows stay for editing.
    onChange(appendRows(rows, added));
    setPasted('');
  }

  return (
    <div className={s.root}>
      <ul ref={list} className={s.list} aria-label="Phrases">
        {rows.map((r, i) => (
          <li key={r.key} className={s.row}>
            <Field label={`Phrase ${i + 1}`}>
              <Input value={r.original_text} onChange={(_, d) => set(r.key, { original_text: d.value })} placeholder="Original text" />
            </Field>
            <Field label={`Translation ${i + 1}`} className={s.translation}>
              <Input value={r.translated_text} onChange={(_, d) => set(r.key, { translated_text: d.value })} placeholder="Translation" />
            </Field>
            <IconAction
              className={s.remove}
              icon={<DeleteRegular />}
              label={`Remove phrase ${i + 1}`}
              disabled={rows.length === 1}
              onClick={() => onChange(rows.filter((x) => x.key !== r.key))}
            />
            <SpeechTextField
              index={i}
              row={r}
              error={speech.errorOf(i)}
              onChange={(speech_text) => set(r.key, { speech_text })}
              onListen={() => speech.listen(r, i)}
              listening={speech.listening === r.key}
              listenBlocked={speech.blocked ?? (r.original_text.trim() ? undefined : 'Write the phrase first')}
            />
          </li>
        ))}
      </ul>
      {error && (
        <p className={s.error} role="alert">
          {error}
        </p>
      )}
      <div className={s.add}>
        <Button icon={<AddRegular />} onClick={addRow} disabled={full}>
          Add Phrase
        </Button>
        <span className={s.limit} data-testid="group-limit">
          {rows.length} of at most {MAX_GROUP_PHRASES} phrases per group (one audio file)
        </span>
      </div>
      <div className={s.paste}>
        <Field
          className={s.pasteBox}
          label="Paste phrases"
          hint='One phrase per line: original and translation separated by a tab (as copied from a spreadsheet) or a comma; quote a phrase that contains a comma, e.g. "Hola, amigo",Hello friend'
        >
          <Textarea value={pasted} onChange={(_, d) => setPasted(d.value)} rows={3} resize="vertical" />
        </Field>
        <Button icon={<ClipboardPasteRegular />} disabled={!pasted.trim()} onClick={addPasted}>
          Add pasted phrases
        </Button>
      </div>
    </div>
  );
}
