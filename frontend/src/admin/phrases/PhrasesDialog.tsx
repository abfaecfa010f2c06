/**
 * Add Phrases / Edit Phrases: where the phrases go (language → level → lesson), the audio they share
 * (a URL, an uploaded file or audio generated from the phrases), and the phrase rows. Editing keeps
 * the group in its lesson and sends the group as read, so a concurrent change gets 409.
 * For a public lesson, 'Save as draft' keeps the change in the lesson's draft (the public lesson
 * is unchanged until it is published); once a lesson's phrases have a draft, every change goes to it.
 */
import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  tokens,
} from '@fluentui/react-components';
import { SparkleRegular } from '@fluentui/react-icons';
import { useEffect, useState, type FormEvent } from 'react';
import type { Language } from '@shared/contracts/languages';
import type { Lesson } from '@shared/contracts/lessons';
import type { Level } from '@shared/contracts/levels';
import { phraseGroupUpdateSchema, phrasesCreateSchema, type Phrase } from '@shared/contracts/phrases';
import { generateSpeech } from '../../api/media';
import { createPhrases, createPhrasesDraft, updatePhraseGroup, updatePhraseGroupDraft } from '../../api/phrases';
import { publishingOf, usePublishing } from '../../api/publishing';
import { submittedAsDraft } from '../publishing/drafts';
import { useNotify } from '../../components/notify';
import { useForm } from '../../components/useForm';
import { AdminAudioPlayer } from '../components/AdminAudioPlayer';
import { CourseSelects, type CoursePick } from '../components/CourseSelects';
import { audioTexts, FileUpload } from '../components/FileUpload';
import { useSubmit } from '../components/useSubmit';
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

/** The group being edited, with where it lives; `draft`: as the lesson's draft has it. */
export interface EditedGroup {
  audio_url: string;
  phrases: Phrase[];
  draft?: boolean;
}

/** Whether a lesson is public, and whether its phrases already have a draft (then every change goes to it). */
function useLessonState(lessons: Lesson[], where: { language_id: string; level_id: string; lesson_id: string }) {
  const publishing = usePublishing();
  const lesson = lessons.find((l) => l.language_id === where.language_id && l.level_id === where.level_id && l.id === where.lesson_id);
  const pending = lesson && publishingOf(publishing.data, { kind: 'lesson', ...where }).draft;
  return { isPublic: !!lesson && !lesson.is_draft, phraseDraft: pending?.phrases !== undefined };
}

/** What the form edits; the rows' local keys are dropped by the schema, so rows go without ids. */
type PhrasesForm = Required<CoursePick> & { audio_url: string; phrases: PhraseRow[] };

const formOf = (group?: EditedGroup): PhrasesForm => {
  const first = group?.phrases[0];
  return {
    language_id: first?.language_id ?? '',
    level_id: first?.level_id ?? '',
    lesson_id: first?.lesson_id ?? '',
    audio_url: group?.audio_url ?? '',
    phrases: group?.phrases.length ? group.phrases.map((p) => newRow(p.original_text, p.translated_text)) : [newRow()],
  };
};

const blank = formOf();

/** An edit checks the form's fields; where the group is now and its phrases as read come from the group. */
const editedFields = phraseGroupUpdateSchema.omit({ old_language_id: true, old_level_id: true, old_lesson_id: true, old_audio_url: true, old_phrases: true });

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
  const form = useForm(blank);
  const { values, errors } = form;
  const { busy: saving, submit } = useSubmit(form, onClose);
  const [generating, setGenerating] = useState(false);
  const editing = !!group;
  const lessonState = useLessonState(props.lessons, values);

  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    reset(formOf(group));
  }, [open, group, reset]);

  async function generate() {
    const text = speechText(values.phrases);
    if (!text) return notify('Please enter at least one phrase to generate audio', { intent: 'error' });
    setGenerating(true);
    notify('Generating audio...', { intent: 'info' });
    try {
      const url: unknown = await generateSpeech(text, values.language_id || undefined);
      if (typeof url !== 'string' || !url) return notify('Invalid response from text-to-speech service', { intent: 'error' });
      form.set('audio_url', url);
      notify('Audio generated successfully');
    } catch (e) {
      notify(`Failed to generate audio: ${(e as Error).message}`, { intent: 'error' });
    } finally {
      setGenerating(false);
    }
  }

  // The server pairs the rows with the group's phrases in order (existing ones updated pairwise, extras
  // created, surplus deleted), so the group keeps the order of the rows.
  const asDraft = (e: FormEvent) => submittedAsDraft(e) || lessonState.phraseDraft;
  const draftToasts = { ok: 'Draft saved: the public lesson is unchanged', failed: 'Failed to save draft' };
  const onSubmit = (e: FormEvent) =>
    void (group
      ? submit(e, {
          schema: editedFields,
          send: (data) =>
            (asDraft(e) ? updatePhraseGroupDraft : updatePhraseGroup)({
              ...data,
              old_audio_url: group.audio_url,
              // Where the group lives now: the selects may move it to another lesson.
              old_language_id: group.phrases[0]?.language_id,
              old_level_id: group.phrases[0]?.level_id,
              old_lesson_id: group.phrases[0]?.lesson_id,
              old_phrases: group.phrases.map((p) => ({ id: p.id, version: p.version })),
            }),
          ...(asDraft(e) ? draftToasts : { ok: 'Phrases updated successfully', failed: 'Failed to update phrases' }),
        })
      : submit(e, {
          schema: phrasesCreateSchema,
          send: asDraft(e) ? createPhrasesDraft : createPhrases,
          ...(asDraft(e) ? draftToasts : { ok: (created: Phrase[]) => `${created.length} phrases added successfully`, failed: 'Failed to add phrases' }),
        }));

  const busy = saving || generating;
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={s.surface}>
        <form onSubmit={onSubmit} noValidate className={s.form}>
          <DialogBody className={s.body}>
            <DialogTitle>{editing ? 'Edit Phrases' : 'Add Phrases'}</DialogTitle>
            <DialogContent className={s.content}>
              {lessonState.phraseDraft && (
                <MessageBar intent="warning">
                  <MessageBarBody>
                    This lesson&rsquo;s phrases have a draft: changes are saved to it, and the public lesson is unchanged until it is published (Publishing menu
                    in Manage Lessons).
                  </MessageBarBody>
                </MessageBar>
              )}
              <CourseSelects
                value={values}
                languages={props.languages}
                levels={props.levels}
                lessons={props.lessons}
                errors={errors}
                disabled={editing}
                onChange={(v) => {
                  form.set('language_id', v.language_id);
                  form.set('level_id', v.level_id);
                  form.set('lesson_id', v.lesson_id ?? '');
                }}
              />
              <div className={s.audio}>
                <Field className={s.url} label="Audio URL" required validationMessage={errors.audio_url} hint="Shared by all the phrases below">
                  <Input type="url" value={values.audio_url} placeholder="https://..." onChange={(_, d) => form.set('audio_url', d.value)} />
                </Field>
                <div className={s.audioButtons}>
                  <FileUpload
                    kind="audio"
                    accept="audio/*"
                    label="Upload Audio"
                    texts={audioTexts}
                    disabled={busy}
                    onUploaded={(url) => form.set('audio_url', url)}
                  />
                  <Button icon={<SparkleRegular />} disabled={busy} onClick={() => void generate()}>
                    {generating ? 'Generating...' : 'Generate audio'}
                  </Button>
                </div>
              </div>
              {values.audio_url && !errors.audio_url && <AdminAudioPlayer url={values.audio_url} label="Preview" />}
              <PhraseRowsEditor rows={values.phrases} error={errors.phrases} onChange={(r) => form.set('phrases', r)} />
            </DialogContent>
            <FormActions
              onCancel={onClose}
              busy={busy}
              busyLabel={saving ? 'Saving...' : undefined}
              label={editing ? 'Update Phrases' : 'Add Phrases'}
              draftLabel={lessonState.isPublic ? 'Save as draft' : undefined}
              draftOnly={lessonState.phraseDraft}
            />
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
