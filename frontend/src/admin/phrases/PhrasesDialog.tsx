/**
 * Add Phrases / Edit Phrases: where the phrases go (language → level → lesson), the audio they share
 * (a URL, an uploaded file or audio generated from the phrases), and the phrase rows. Editing keeps
 * the group in its lesson and sends the group as read, so a concurrent change gets 409.
 * For a public lesson, 'Save as draft' keeps the change in the lesson's draft (the public lesson
 * is unchanged until it is published); once a lesson's phrases have a draft, every change goes to it.
 */
import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, type FormEvent } from 'react';
import type { Language } from '@shared/contracts/languages';
import type { Lesson } from '@shared/contracts/lessons';
import type { Level } from '@shared/contracts/levels';
import { phraseGroupUpdateSchema, phrasesCreateSchema, type Phrase, type PhrasesCreate } from '@shared/contracts/phrases';
import type { z } from 'zod';
import { createPhrases, createPhrasesDraft, updatePhraseGroup, updatePhraseGroupDraft } from '../../api/phrases';
import { phraseDraftOf, usePublishing } from '../../api/publishing';
import { useApprovals } from '../../api/approvals';
import { submittedAsDraft } from '../publishing/drafts';
import { CourseSelects } from '../components/CourseSelects';
import { FormDialog } from '../components/SchemaForm';
import { useSchemaForm, type SchemaForm } from '../components/useSchemaForm';
import type { Submission } from '../components/useSubmit';
import { newRow, type PhrasesForm } from './rows';
import { PhraseAudioField, useGenerateAudio } from './PhraseAudioField';
import { PhraseRowsEditor } from './PhraseRowsEditor';
import { useRowSpeech } from './SpeechTextField';
import type { FormErrors } from '../components/formErrors';

const useStyles = makeStyles({
  // At most 90% of the viewport high; the content scrolls inside.
  surface: { maxHeight: '90vh', maxWidth: 'min(860px, calc(100vw - 24px))', display: 'flex', flexDirection: 'column', boxSizing: 'border-box' },
  form: { display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 },
  body: { maxHeight: 'calc(90vh - 48px)' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** The group being edited, with where it lives; `draft`: as the lesson's draft has it. */
export interface EditedGroup {
  audio_url: string;
  phrases: Phrase[];
  draft?: boolean;
}

/**
 * Whether a lesson is public, and whether every change goes to its draft: once its phrases have
 * one, and always in a language with reviewers, whose server refuses a direct write of a public
 * lesson's phrases (docs/back-office.md "Reviews").
 */
function useLessonState(lessons: Lesson[], where: { language_id: string; level_id: string; lesson_id: string }) {
  const publishing = usePublishing();
  const reviewed = !!useApprovals().data?.reviewed_languages.includes(where.language_id);
  const lesson = lessons.find((l) => l.language_id === where.language_id && l.level_id === where.level_id && l.id === where.lesson_id);
  const isPublic = !!lesson && !lesson.is_draft;
  const phraseDraft = !!lesson && !!phraseDraftOf(publishing.data, where);
  return { isPublic, phraseDraft, draftOnly: phraseDraft || (isPublic && reviewed) };
}

const formOf = (group?: EditedGroup): PhrasesForm => {
  const first = group?.phrases[0];
  return {
    language_id: first?.language_id ?? '',
    level_id: first?.level_id ?? '',
    lesson_id: first?.lesson_id ?? '',
    audio_url: group?.audio_url ?? '',
    phrases: group?.phrases.length ? group.phrases.map((p) => newRow(p.original_text, p.translated_text, p.speech_text ?? '')) : [newRow()],
  };
};

/** The rows' message under the list, unless it is a row's 'How to say it' message (shown on its field). */
const listError = (errors: FormErrors) =>
  Object.entries(errors).some(([k, m]) => /^phrases\.\d+\.speech_text$/.test(k) && m === errors.phrases) ? undefined : errors.phrases;

/** An edit checks the form's fields; where the group is now and its phrases as read come from the group. */
const editedFields = phraseGroupUpdateSchema.omit({ old_language_id: true, old_level_id: true, old_lesson_id: true, old_audio_url: true, old_phrases: true });

/** The submission of the form, by the button pressed: the live save, or the lesson's draft (always, when `draftOnly`). */
function submissionOf(e: FormEvent, group: EditedGroup | undefined, draftOnly: boolean): Submission<z.ZodType, Phrase[]> {
  const asDraft = submittedAsDraft(e) || draftOnly;
  const draftToasts = { ok: 'Draft saved: the public lesson is unchanged', failed: 'Failed to save draft' };
  if (!group)
    return {
      schema: phrasesCreateSchema,
      send: (data) => (asDraft ? createPhrasesDraft : createPhrases)(data as PhrasesCreate),
      ...(asDraft ? draftToasts : { ok: (created: Phrase[]) => `${created.length} phrases added successfully`, failed: 'Failed to add phrases' }),
    };
  // The server pairs the rows with the group's phrases in order (existing ones updated pairwise,
  // extras created, surplus deleted), so the group keeps the order of the rows.
  const first = group.phrases.at(0);
  return {
    schema: editedFields,
    send: (data) =>
      (asDraft ? updatePhraseGroupDraft : updatePhraseGroup)({
        ...(data as z.output<typeof editedFields>),
        old_audio_url: group.audio_url,
        // Where the group lives now.
        old_language_id: first?.language_id,
        old_level_id: first?.level_id,
        old_lesson_id: first?.lesson_id,
        old_phrases: group.phrases.map((p) => ({ id: p.id, version: p.version })),
      }),
    ...(asDraft ? draftToasts : { ok: 'Phrases updated successfully', failed: 'Failed to update phrases' }),
  };
}

/** Where the phrases go: the selects set the three ids together (a language change clears the level and lesson). */
function Placement(props: { form: SchemaForm<PhrasesForm>; editing: boolean; languages: Language[]; levels: Level[]; lessons: Lesson[] }) {
  const { form } = props;
  return (
    <CourseSelects
      value={form.values}
      languages={props.languages}
      levels={props.levels}
      lessons={props.lessons}
      errors={form.errors}
      disabled={props.editing}
      onChange={(v) => {
        form.set('language_id', v.language_id);
        form.set('level_id', v.level_id);
        form.set('lesson_id', v.lesson_id ?? '');
      }}
    />
  );
}

export function PhrasesDialog(props: { open: boolean; group?: EditedGroup; languages: Language[]; levels: Level[]; lessons: Lesson[]; onClose: () => void }) {
  const { open, group, onClose } = props;
  const s = useStyles();
  const initial = useMemo(() => formOf(group), [group]);
  const form = useSchemaForm(initial, { open, onDone: onClose });
  const audio = useGenerateAudio(form);
  const speech = useRowSpeech(form, audio.speaker);
  const lessonState = useLessonState(props.lessons, form.values);
  const editing = !!group;

  return (
    <FormDialog
      form={form}
      open={open}
      onClose={onClose}
      onSubmit={(e) => form.submit(e, submissionOf(e, group, lessonState.draftOnly))}
      title={editing ? 'Edit Phrases' : 'Add Phrases'}
      busy={form.busy || audio.generating}
      surfaceClassName={s.surface}
      formClassName={s.form}
      bodyClassName={s.body}
      contentClassName={s.content}
      actions={{
        busyLabel: form.busy ? 'Saving...' : undefined,
        label: editing ? 'Update Phrases' : 'Add Phrases',
        draftLabel: lessonState.isPublic ? 'Save as draft' : undefined,
        draftOnly: lessonState.draftOnly,
      }}
    >
      {lessonState.phraseDraft && (
        <MessageBar intent="warning">
          <MessageBarBody>
            This lesson&rsquo;s phrases have a draft: changes are saved to it, and the public lesson is unchanged until it is published (Publishing menu in
            Manage Lessons).
          </MessageBarBody>
        </MessageBar>
      )}
      <Placement form={form} editing={editing} languages={props.languages} levels={props.levels} lessons={props.lessons} />
      <PhraseAudioField form={form} audio={audio} />
      <PhraseRowsEditor rows={form.values.phrases} error={listError(form.errors)} speech={speech} onChange={(r) => form.set('phrases', r)} />
    </FormDialog>
  );
}
