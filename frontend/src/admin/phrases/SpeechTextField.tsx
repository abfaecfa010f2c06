/**
 * A phrase row's 'How to say it' (docs/back-office.md "Marks"): behind a small disclosure so the
 * rows stay compact, the phrase with marks that become SSML, its field error (the contract's, as
 * the API's 400 gives it), and 'Listen' to the row as it will sound before anything is saved.
 */
import { Button, Field, Input, makeStyles, tokens, useId } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular, Speaker2Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { markedSpeechText } from '@shared/phrase-groups';
import type { Speaker } from '@shared/contracts/speech';
import { escapeMarks, keptSpeechText, MARKS_HINT, speechTextProblem } from '@shared/speech-marks';
import { ApiError } from '../../api/client';
import { previewSpeech } from '../../api/speech';
import { useListen } from '../speech/listen';
import type { SchemaForm } from '../components/useSchemaForm';
import { speechTextField, type PhraseRow, type PhrasesForm, type RowSpeech } from './rows';

const useStyles = makeStyles({
  root: { gridColumn: '1 / -1', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  toggle: { alignSelf: 'flex-start', minWidth: 0, paddingLeft: 0, fontWeight: tokens.fontWeightRegular },
  panel: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start', flexWrap: 'wrap' },
  field: { flex: '1 1 280px', minWidth: 0 },
  // Lined up with the input, under the field's label; under the field on a phone.
  listen: { marginTop: '26px', '@media (max-width: 600px)': { marginTop: 0 } },
});

export function SpeechTextField(props: {
  index: number;
  row: PhraseRow;
  error?: string;
  onChange: (speechText: string) => void;
  onListen: () => void;
  /** Why 'Listen' cannot run yet (no language chosen, no text), if so. */
  listenBlocked?: string;
  listening: boolean;
}) {
  const { index, row, error } = props;
  const s = useStyles();
  const panelId = useId('how-to-say');
  const [opened, setOpened] = useState(false);
  // A message on the field keeps it open: the admin sees what to fix (and the form focuses it).
  const open = opened || !!error;
  // Marked: it says more than the text (a text without marks is not kept).
  const marked = keptSpeechText(row.speech_text) !== undefined;
  // Its name starts with what it shows (the row's number follows, for a screen reader).
  const shown = `How to say it${marked && !open ? ' (marked)' : ''}`;

  function toggle() {
    // Opened empty, it starts from the phrase's text: marks go in between its words.
    if (!open && !row.speech_text.trim() && row.original_text.trim()) props.onChange(escapeMarks(row.original_text.trim()));
    setOpened(!open);
  }

  return (
    <div className={s.root}>
      <Button
        className={s.toggle}
        appearance="transparent"
        size="small"
        icon={open ? <ChevronDownRegular /> : <ChevronRightRegular />}
        aria-label={`${shown}, phrase ${index + 1}`}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
      >
        {shown}
      </Button>
      {open && (
        <div id={panelId} className={s.panel}>
          <Field className={s.field} label={`How to say it ${index + 1}`} validationMessage={error} hint={MARKS_HINT}>
            <Input value={row.speech_text} onChange={(_, d) => props.onChange(d.value)} placeholder="The phrase with marks, e.g. Hola,{pause} ¿qué tal?" />
          </Field>
          <Button
            className={s.listen}
            icon={<Speaker2Regular />}
            aria-label={`Listen to phrase ${index + 1}`}
            title={props.listenBlocked}
            disabledFocusable={!!props.listenBlocked || props.listening}
            onClick={props.onListen}
          >
            {props.listening ? 'Listening...' : 'Listen'}
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * The dialog's side of the rows' 'How to say it': each row's message, and 'Listen' to one row as
 * the group's audio would say it (POST /api/speech/{language}/preview, in the chosen voice): a
 * mark that is wrong is shown on its field instead, and so is one the API refuses.
 */
export function useRowSpeech(form: SchemaForm<PhrasesForm>, speaker: Speaker): RowSpeech {
  const languageId = form.values.language_id;
  const player = useListen(languageId);
  function listen(row: PhraseRow, index: number) {
    const field = speechTextField(index);
    const problem = speechTextProblem(row.original_text, row.speech_text);
    if (problem) return form.showErrors({ ...form.errors, [field]: problem });
    void player.play(row.key, async () => {
      try {
        return await previewSpeech(languageId, markedSpeechText([row]), speaker);
      } catch (e) {
        if (e instanceof ApiError && e.fields?.text) form.showErrors({ ...form.errors, [field]: e.fields.text });
        throw e;
      }
    });
  }
  return {
    errorOf: (index) => form.errors[speechTextField(index)] || undefined,
    listen,
    listening: player.busy,
    blocked: languageId ? undefined : 'Choose a language first',
  };
}
