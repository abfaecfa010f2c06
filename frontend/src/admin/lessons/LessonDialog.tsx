/**
 * Add New Lesson / Edit Lesson dialog. Changing the language clears the level; the level select is
 * disabled until a language is chosen and lists only its levels. A new lesson's order comes from the
 * server (the next one of its level). When editing, the id is read-only and the lesson stays where it is.
 * 'Save as draft' keeps a new lesson, or a public lesson's changes, out of the public site until it
 * is published (../publishing/drafts.ts); a pending draft's changes fill the form.
 */
import { Field, Input } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { Language } from '@shared/contracts/languages';
import { lessonCreateSchema, lessonUpdateSchema, type Lesson } from '@shared/contracts/lessons';
import type { Level } from '@shared/contracts/levels';
import { createLesson, nextLessonOrder, updateLesson } from '../../api/lessons';
import { DraftableDialog, draftableSpec, IdField, useDraftableForm } from '../publishing/DraftableDialog';
import { CourseSelects } from '../components/CourseSelects';
import { IconField } from '../components/IconField';
import { FieldPair, TextField } from '../components/SchemaForm';

const spec = draftableSpec({
  noun: 'lesson',
  empty: { id: '', language_id: '', level_id: '', title: '', translated_title: '', icon_url: '' },
  refOf: (l: Lesson) => ({ kind: 'lesson', language_id: l.language_id, level_id: l.level_id, lesson_id: l.id }),
  languageOf: (v) => v.language_id,
  create: { schema: lessonCreateSchema, send: createLesson },
  update: {
    schema: lessonUpdateSchema.omit({ version: true, language_id: true, level_id: true }),
    send: (l, data) => updateLesson(l.language_id, l.level_id, l.id, data),
  },
});

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
  const draftable = useDraftableForm(spec, { open, onClose, item: lesson });
  const { form } = draftable;
  const nextOrder = useNextOrder(open && !editing ? form.values.language_id : '', form.values.level_id);

  return (
    <DraftableDialog draftable={draftable} open={open} onClose={onClose} title={{ add: 'Add New Lesson' }}>
      <IdField draftable={draftable} example="greetings" />
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
    </DraftableDialog>
  );
}
