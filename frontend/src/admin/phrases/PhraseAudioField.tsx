/**
 * The audio a phrase group shares: its URL, an uploaded file, or audio generated from the phrases
 * by the text-to-speech service in the language's voice A or B (docs/back-office.md "Voices"); and
 * a player once the URL is valid.
 */
import { Button, Field, Input, makeStyles, Select, tokens } from '@fluentui/react-components';
import type { Speaker } from '@shared/contracts/speech';
import { markedSpeechText } from '@shared/phrase-groups';
import { speechTextProblem } from '@shared/speech-marks';
import { SparkleRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { generateSpeech } from '../../api/media';
import { useNotify } from '../../components/notify';
import { AdminAudioPlayer } from '../components/AdminAudioPlayer';
import { audioTexts, FileUpload } from '../components/FileUpload';
import type { SchemaForm } from '../components/useSchemaForm';
import { speechTextField, type PhrasesForm } from './rows';

const useStyles = makeStyles({
  audio: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-start', flexWrap: 'wrap' },
  url: { flex: '1 1 260px', minWidth: 0 },
  audioButtons: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    paddingTop: '26px',
    '@media (max-width: 600px)': { paddingTop: 0 },
  },
});

/** Whether every row's 'How to say it' may be said (else its message is put on its field, the first one focused). */
function marksReady(form: SchemaForm<PhrasesForm>): boolean {
  const problems = Object.fromEntries(
    form.values.phrases.flatMap((r, i) => {
      const problem = speechTextProblem(r.original_text, r.speech_text);
      return problem ? [[speechTextField(i), problem]] : [];
    }),
  );
  if (!Object.keys(problems).length) return true;
  form.showErrors({ ...form.errors, ...problems });
  return false;
}

/** Generated audio said by voice B has it in its name (functions/services/speech.ts). */
const speakerOf = (url: string): Speaker => (/\/tts_[a-z]+_b_/.test(url) ? 'b' : 'a');

/**
 * 'Generate audio': the rows' text spoken in the chosen language by its voice A or B (a dialogue's
 * second voice), each row with its marks, its URL put in the form (the dialog is busy meanwhile).
 */
export function useGenerateAudio(form: SchemaForm<PhrasesForm>) {
  const notify = useNotify();
  const [generating, setGenerating] = useState(false);
  const [speaker, setSpeaker] = useState<Speaker>(() => speakerOf(form.values.audio_url));
  async function generate() {
    // Each row said with its marks: a row's mark that is wrong is shown on its field first.
    if (!marksReady(form)) return notify('Please fix how to say the phrases first', { intent: 'error' });
    const text = markedSpeechText(form.values.phrases);
    if (!text) return notify('Please enter at least one phrase to generate audio', { intent: 'error' });
    setGenerating(true);
    notify('Generating audio...', { intent: 'info' });
    try {
      const url: unknown = await generateSpeech(text, form.values.language_id || undefined, speaker);
      if (typeof url !== 'string' || !url) return notify('Invalid response from text-to-speech service', { intent: 'error' });
      form.set('audio_url', url);
      notify('Audio generated successfully');
    } catch (e) {
      notify(`Failed to generate audio: ${(e as Error).message}`, { intent: 'error' });
    } finally {
      setGenerating(false);
    }
  }
  return { generating, generate, speaker, setSpeaker };
}

export function PhraseAudioField({ form, audio }: { form: SchemaForm<PhrasesForm>; audio: ReturnType<typeof useGenerateAudio> }) {
  const s = useStyles();
  const { values, errors } = form;
  const busy = form.busy || audio.generating;
  return (
    <>
      <div className={s.audio}>
        <Field className={s.url} label="Audio URL" required validationMessage={errors.audio_url} hint="Shared by all the phrases below">
          <Input type="url" value={values.audio_url} placeholder="https://..." onChange={(_, d) => form.set('audio_url', d.value)} />
        </Field>
        <div className={s.audioButtons}>
          <FileUpload kind="audio" accept="audio/*" label="Upload Audio" texts={audioTexts} disabled={busy} onUploaded={(url) => form.set('audio_url', url)} />
          <Select aria-label="Voice" value={audio.speaker} disabled={busy} onChange={(_, d) => audio.setSpeaker(d.value as Speaker)}>
            <option value="a">Voice A</option>
            <option value="b">Voice B</option>
          </Select>
          <Button icon={<SparkleRegular />} disabled={busy} onClick={() => void audio.generate()}>
            {audio.generating ? 'Generating...' : 'Generate audio'}
          </Button>
        </div>
      </div>
      {values.audio_url && !errors.audio_url && <AdminAudioPlayer url={values.audio_url} label="Preview" />}
    </>
  );
}
