/**
 * Dependent selects language → level (→ lesson). Changing the language clears the level and lesson,
 * changing the level clears the lesson; each select is disabled until its parent is chosen and lists
 * only the parent's children.
 */
import { Field, makeStyles, Select, tokens } from '@fluentui/react-components';
import type { Language } from '@shared/contracts/languages';
import type { Lesson } from '@shared/contracts/lessons';
import type { Level } from '@shared/contracts/levels';
import { byOrder } from '@shared/order';

export interface CoursePick {
  language_id: string;
  level_id: string;
  lesson_id?: string;
}

const useStyles = makeStyles({
  grid: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', '& > *': { minWidth: 0 } },
});

export function CourseSelects(props: {
  value: CoursePick;
  onChange: (next: CoursePick) => void;
  languages: Language[];
  levels: Level[];
  /** Given: a lesson select is shown too. */
  lessons?: Lesson[];
  errors?: Record<string, string | undefined>;
  /** When editing an item whose place cannot change. */
  disabled?: boolean;
}) {
  const s = useStyles();
  const { value, errors = {} } = props;
  const hasLesson = props.lessons !== undefined;
  const levels = props.levels.filter((l) => l.language_id === value.language_id).sort(byOrder);
  const lessons = (props.lessons ?? []).filter((l) => l.language_id === value.language_id && l.level_id === value.level_id).sort(byOrder);
  const clearLesson = hasLesson ? { lesson_id: '' } : {};

  return (
    <div className={s.grid}>
      <Field label="Language" required validationMessage={errors.language_id}>
        <Select value={value.language_id} disabled={props.disabled} onChange={(_, d) => props.onChange({ language_id: d.value, level_id: '', ...clearLesson })}>
          <option value="">Select a language</option>
          {props.languages.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Level" required validationMessage={errors.level_id}>
        <Select
          value={value.level_id}
          disabled={props.disabled || !value.language_id}
          onChange={(_, d) => props.onChange({ ...value, level_id: d.value, ...clearLesson })}
        >
          <option value="">{value.language_id ? 'Select a level' : 'Choose a language first'}</option>
          {levels.map((l) => (
            <option key={l.id} value={l.id}>
              {l.title} ({l.cefr_label})
            </option>
          ))}
        </Select>
      </Field>
      {hasLesson && (
        <Field label="Lesson" required validationMessage={errors.lesson_id}>
          <Select
            value={value.lesson_id ?? ''}
            disabled={props.disabled || !value.level_id}
            onChange={(_, d) => props.onChange({ ...value, lesson_id: d.value })}
          >
            <option value="">{value.level_id ? 'Select a lesson' : 'Choose a level first'}</option>
            {lessons.map((l) => (
              <option key={l.id} value={l.id}>
                {l.title}
              </option>
            ))}
          </Select>
        </Field>
      )}
    </div>
  );
}
