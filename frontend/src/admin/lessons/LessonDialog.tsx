/**
 * Add New Lesson / Edit Lesson dialog. Changing the language clears the level; the level select is
 * disabled until a language is chosen and lists only its levels. A new lesson's order comes from the
 * server (the next one of its level). When editing, the id is read-only and the lesson stays where it is.
 * 'Save as draft' keeps a new lesson, or a public lesson's changes, out of the public site until it
 * is published (../publishing/drafts.ts); a pending draft's changes fill the form.
 */
import { Field, Input } from '@fluentui/react-components';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { Language } from '@shared/contracts/languages';
import { lessonCreateSchema, lessonUpdateSchema, type Lesson } from '@shared/contracts/lessons';
import type { Level } from '@shared/contracts/levels';
import type { ItemRef } from '@shared/contracts/publishing';
import { createLesson, nextLessonOrder, updateLesson } from '../../api/lessons';
import { draftableSubmission, usePendingDraft } from '../publishing/drafts';
import { DraftNotice } from '../publishing/DraftNotice';
import { CourseSelects } from '../components/CourseSelects';
import { IconField } from '../components/IconField';
import { FieldPair, FormDialog, TextField } from '../components/SchemaForm';
import { useSchemaForm } from '../components/useSchemaForm';

const empty = { id: '', language_id: '', level_id: '', title: '', translated_title: '', icon_url: '' };

/** The order the server will give a new lesson of this level (shown, not sent). */
function useNextOrder(languageId: string, levelId: string) {
  const [order, setOrder] = useState<number>();
  useEffect(() => {
    setOrder(undefined);
    if (!languageId || !levelId) return;
    let live = true;
    nextLessonOrder(languageId, levelId).then(
      (n) => live && setOrder(n),
      () => undefined, // only a hint: the server assigns the order on save anyway
    );
    return () => {
      live = false;
    };
  }, [languageId, levelId]);
  return order;
}

export function LessonDialog(props: { open: boolean; lesson?: Lesson; languages: Language[]; levels: Level[]; onClose: () => void }) {
  const { open, lesson, onClose } = props;
  const editing = !!lesson;
  const ref: ItemRef | undefined = lesson && { kind: 'lesson', language_id: lesson.language_id, level_id: lesson.level_id, lesson_id: lesson.id };
  const pending = usePendingDraft(ref);
  const initial = useMemo(() => {
    const pendingFields = pending?.fields as Partial<typeof empty> | undefined;
    if (!lesson) return empty;
    const { id, language_id, level_id, title, translated_title, icon_url } = lesson;
    return { id, language_id, level_id, title, translated_title, icon_url, ...pendingFields };
  }, [lesson, pending]);
  const form = useSchemaForm(initial, { open, onDone: onClose });
  const nextOrder = useNextOrder(open && !editing ? form.values.language_id : '', form.values.level_id);

  const onSubmit = (e: FormEvent) =>
    form.submit(
      e,
      draftableSubmission(e, {
        noun: 'lesson',
        create: {
          schema: lessonCreateSchema,
          send: (data, isDraft) => createLesson({ ...data, is_draft: isDraft || undefined }),
          ok: 'Lesson added successfully',
          failed: 'Failed to add lesson',
        },
        editing: lesson &&
          ref && {
            ref,
            version: lesson.version,
            hadDraft: !!pending,
            update: {
              schema: lessonUpdateSchema.omit({ version: true, language_id: true, level_id: true }),
              send: (data) => updateLesson(lesson.language_id, lesson.level_id, lesson.id, { ...data, version: lesson.version }),
              ok: 'Lesson updated successfully',
              failed: 'Failed to update lesson',
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
      title={editing ? 'Edit Lesson' : 'Add New Lesson'}
      actions={{ busyLabel: 'Saving...', label: editing ? 'Update Lesson' : 'Add Lesson', draftLabel: lesson?.is_draft ? undefined : 'Save as draft' }}
    >
      <DraftNotice noun="lesson" isDraft={!!lesson?.is_draft} pending={pending} saveLabel="Update Lesson" />
      <TextField
        form={form}
        name="id"
        label="Lesson ID"
        required
        readOnly={editing}
        hint={editing ? 'The ID cannot be changed' : 'Lowercase letters, numbers and hyphens, e.g. greetings'}
      />
      <CourseSelects
        value={form.values}
        languages={props.languages}
        levels={props.levels}
        errors={form.errors}
        disabled={editing}
        onChange={(v) => {
          form.set('language_id', v.language_id);
          form.set('level_id', v.level_id);
        }}
      />
      <FieldPair>
        <TextField form={form} name="title" label="Title" required />
        <TextField form={form} name="translated_title" label="Translated title" required />
      </FieldPair>
      {!editing && (
        <Field label="Order" hint="Assigned by the server: the next position in the level">
          <Input readOnly value={nextOrder === undefined ? '' : String(nextOrder)} placeholder={form.values.level_id ? 'Loading...' : 'Choose a level first'} />
        </Field>
      )}
      <IconField kind="lesson-icon" value={form.values.icon_url} error={form.errors.icon_url} onChange={(v) => form.set('icon_url', v)} />
    </FormDialog>
  );
}
