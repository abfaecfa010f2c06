/**
 * Add Phrases / Edit Phrases: where the phrases go (language → level → lesson), the audio they share
 * (a URL, an uploaded file or audio generated from the phrases), and the phrase rows. Editing keeps
 * the group in its lesson and sends the group as read, so a concurrent change gets 409.
 */
import { Button, Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { SparkleRegular } from '@fluentui/react-icons';
import { useEffect, useState, type FormEvent } from 'react';
import * as z from 'zod';
import { fieldErrors } from '@shared/contracts/common';
import type { Language } from '@shared/contracts/languages';
import type { Lesson } from '@shared/contracts/lessons';
import type { Level } from '@shared/contracts/levels';
import { phraseGroupUpdateSchema, phrasesCreateSchema, type Phrase } from '@shared/contracts/phrases';
import { generateSpeech } from '../../api/media';
import { createPhrases, updatePhraseGroup } from '../../api/phrases';
import { useNotify } from '../../components/notify';
import { AdminAudioPlayer } from '../components/AdminAudioPlayer';
import { CourseSelects, type CoursePick } from '../components/CourseSelects';
import { failureBody } from '../components/failure';
import { audioTexts, FileUpload } from '../components/FileUpload';
import { newRow, type PhraseRow } from './rows';
import { PhraseRowsEditor } from './PhraseRowsEditor';
import { FormActions } from '../components/FormActions';

const useStyles = makeStyles({
  // At most 90% of the viewport high; the content scrolls inside.
  surface: { maxHeight: '90vh', maxWidth: 'min(860px, calc(100vw - 24px))', display: 'flex', flexDirection: 'column', boxSizing: 'border-box' },
  form: { display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 },
  body: { maxHeight: 'calc(90vh - 48px)' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
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

/** The group being edited, with where it lives. */
export interface EditedGroup {
  audio_url: string;
  phrases: Phrase[];
}

const noPick: Required<CoursePick> = { language_id: '', level_id: '', lesson_id: '' };

/** Sentences joined so the speech engine pauses between phrases. */
const speechText = (rows: PhraseRow[]) =>
  rows
    .map((r) => r.original_text.trim())
    .filter(Boolean)
    .map((t) => (/[.!?。！？]$/.test(t) ? t : `${t}.`))
    .join(' ');

export function PhrasesDialog(props: { open: boolean; group?: EditedGroup; languages: Language[]; levels: Level[]; lessons: Lesson[]; onClose: () => void }) {
  const { open, group, onClose } = props;
  const s = useStyles();
  const notify = useNotify();
  const [pick, setPick] = useState<Required<CoursePick>>(noPick);
  const [audioUrl, setAudioUrl] = useState('');
  const [rows, setRows] = useState<PhraseRow[]>([newRow()]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [generating, setGenerating] = useState(false);
  const editing = !!group;

  useEffect(() => {
    if (!open) return;
    const first = group?.phrases[0];
    setPick(first ? { language_id: first.language_id, level_id: first.level_id, lesson_id: first.lesson_id } : noPick);
    setAudioUrl(group?.audio_url ?? '');
    setRows(group?.phrases.length ? group.phrases.map((p) => newRow(p.original_text, p.translated_text)) : [newRow()]);
    setErrors({});
  }, [open, group]);

  const clear = (...fields: string[]) => setErrors((e) => ({ ...e, ...Object.fromEntries(fields.map((f) => [f, ''])) }));

  async function generate() {
    const text = speechText(rows);
    if (!text) return notify('Please enter at least one phrase to generate audio', { intent: 'error' });
    setGenerating(true);
    notify('Generating audio...', { intent: 'info' });
    try {
      const url: unknown = await generateSpeech(text, pick.language_id || undefined);
      if (typeof url !== 'string' || !url) return notify('Invalid response from text-to-speech service', { intent: 'error' });
      setAudioUrl(url);
      clear('audio_url');
      notify('Audio generated successfully');
    } catch (e) {
      notify(`Failed to generate audio: ${(e as Error).message}`, { intent: 'error' });
    } finally {
      setGenerating(false);
    }
  }

  function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> | undefined {
    const r = schema.safeParse(input);
    if (r.success) return r.data;
    setErrors(fieldErrors(r.error));
    return undefined;
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    // Rows go without ids: the server pairs them with the group's phrases in order (spec: updated
    // pairwise, extras created, surplus deleted), so the group keeps the order of the rows.
    const phrases = rows.map((r) => ({ original_text: r.original_text, translated_text: r.translated_text }));
    setSaving(true);
    try {
      if (group) {
        const data = validate(phraseGroupUpdateSchema, {
          ...pick,
          audio_url: audioUrl,
          old_audio_url: group.audio_url,
          // Where the group lives now: the selects may move it to another lesson.
          old_language_id: group.phrases[0]?.language_id,
          old_level_id: group.phrases[0]?.level_id,
          old_lesson_id: group.phrases[0]?.lesson_id,
          old_phrases: group.phrases.map((p) => ({ id: p.id, version: p.version })),
          phrases,
        });
        if (!data) return;
        await updatePhraseGroup(data);
        notify('Phrases updated successfully');
      } else {
        const data = validate(phrasesCreateSchema, { ...pick, audio_url: audioUrl, phrases });
        if (!data) return;
        const created = await createPhrases(data);
        notify(`${created.length} phrases added successfully`);
      }
      onClose();
    } catch (err) {
      notify(editing ? 'Failed to update phrases' : 'Failed to add phrases', { body: failureBody(err), intent: 'error' });
    } finally {
      setSaving(false);
    }
  }

  const busy = saving || generating;
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={s.surface}>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className={s.form}>
          <DialogBody className={s.body}>
            <DialogTitle>{editing ? 'Edit Phrases' : 'Add Phrases'}</DialogTitle>
            <DialogContent className={s.content}>
              <CourseSelects
                value={pick}
                languages={props.languages}
                levels={props.levels}
                lessons={props.lessons}
                errors={errors}
                disabled={editing}
                onChange={(v) => {
                  setPick({ ...noPick, ...v });
                  clear('language_id', 'level_id', 'lesson_id');
                }}
              />
              <div className={s.audio}>
                <Field className={s.url} label="Audio URL" required validationMessage={errors.audio_url} hint="Shared by all the phrases below">
                  <Input
                    type="url"
                    value={audioUrl}
                    placeholder="https://..."
                    onChange={(_, d) => {
                      setAudioUrl(d.value);
                      clear('audio_url');
                    }}
                  />
                </Field>
                <div className={s.audioButtons}>
                  <FileUpload
                    kind="audio"
                    accept="audio/*"
                    label="Upload Audio"
                    texts={audioTexts}
                    disabled={busy}
                    onUploaded={(url) => {
                      setAudioUrl(url);
                      clear('audio_url');
                    }}
                  />
                  <Button icon={<SparkleRegular />} disabled={busy} onClick={() => void generate()}>
                    {generating ? 'Generating...' : 'Generate audio'}
                  </Button>
                </div>
              </div>
              {audioUrl && !errors.audio_url && <AdminAudioPlayer url={audioUrl} label="Preview" />}
              <PhraseRowsEditor
                rows={rows}
                error={errors.phrases}
                onChange={(r) => {
                  setRows(r);
                  clear('phrases');
                }}
              />
            </DialogContent>
            <FormActions onCancel={onClose} busy={busy} busyLabel={saving ? 'Saving...' : undefined} label={editing ? 'Update Phrases' : 'Add Phrases'} />
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
