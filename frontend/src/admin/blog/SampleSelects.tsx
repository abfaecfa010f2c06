/**
 * The post's sample phrases: language → level → lesson → phrase group. Choosing a
 * language resets level, lesson and group; a level resets lesson and group; a lesson resets the
 * group. Levels are derived from the lessons of the chosen language.
 */
import { Field, makeStyles, Select, tokens } from '@fluentui/react-components';
import { byOrder } from '@shared/order';
import { groupByAudio } from '@shared/phrase-groups';
import { useAdminLanguages } from '../../api/languages';
import { useLessons } from '../../api/lessons';
import { useLevels } from '../../api/levels';
import { useLessonPhrases } from '../../api/phrases';

export interface SamplePick {
  language_id: string;
  level_id: string;
  lesson_id: string;
  phrase_audio_url: string;
}
export const NO_SAMPLE: SamplePick = { language_id: '', level_id: '', lesson_id: '', phrase_audio_url: '' };

/** Preselection when editing: the post's lesson path `{language}/{level}/{lesson}`. */
export function pickFromPost(post: { lesson_path: string | null; phrase_audio_url: string | null }): SamplePick {
  const [language_id = '', level_id = '', lesson_id = ''] = post.lesson_path?.split('/') ?? [];
  return { language_id, level_id, lesson_id, phrase_audio_url: lesson_id ? (post.phrase_audio_url ?? '') : '' };
}

const useStyles = makeStyles({
  grid: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))' },
});

/** Why an item cannot be sampled (the API refuses a draft or locked lesson, or one under such a level or language). */
const hiddenNote = (item: { is_draft?: boolean; is_locked?: boolean } | undefined) => (item?.is_draft ? ' (draft)' : item?.is_locked ? ' (locked)' : '');

/** A short label for a group: its first phrases. */
const groupLabel = (texts: string[], i: number) => {
  const joined = texts.slice(0, 2).join(' / ');
  return `Group ${i + 1}: ${joined.length > 60 ? `${joined.slice(0, 57)}...` : joined}${texts.length > 2 ? ` (+${texts.length - 2})` : ''}`;
};

/** The chosen lesson's phrase groups (none until a lesson is chosen): the selects and the preview share them. */
export function useSampleGroups(value: SamplePick) {
  // Nothing is fetched until a lesson is chosen.
  const phrases = useLessonPhrases(value.lesson_id ? { language_id: value.language_id, level_id: value.level_id, lesson_id: value.lesson_id } : null);
  return value.lesson_id ? groupByAudio(phrases.data ?? []) : [];
}

export function SampleSelects({ value, onChange }: { value: SamplePick; onChange: (next: SamplePick) => void }) {
  const s = useStyles();
  const languages = useAdminLanguages();
  const lessons = useLessons(value.language_id ? { language_id: value.language_id } : {});
  const levels = useLevels(value.language_id || undefined);
  const groups = useSampleGroups(value);

  const ofLanguage = value.language_id ? (lessons.data ?? []).filter((l) => l.language_id === value.language_id) : [];
  const levelIds = [...new Set(ofLanguage.map((l) => l.level_id))];
  const levelInfo = new Map((levels.data ?? []).map((l) => [l.id, l]));
  const levelOptions = levelIds
    .map((id) => {
      const l = levelInfo.get(id);
      return { id, title: l?.title ?? id, cefr_label: l?.cefr_label ?? '', order_index: l?.order_index ?? null, note: hiddenNote(l) };
    })
    .sort(byOrder);
  const lessonOptions = ofLanguage.filter((l) => l.level_id === value.level_id).sort(byOrder);

  return (
    <div className={s.grid}>
      <Field label="Sample language">
        <Select value={value.language_id} onChange={(_, d) => onChange({ ...NO_SAMPLE, language_id: d.value })}>
          <option value="">No sample</option>
          {(languages.data ?? []).map((l) => (
            <option key={l.id} value={l.id}>
              {`${l.name}${hiddenNote(l)}`}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Sample level">
        <Select
          value={value.level_id}
          disabled={!value.language_id}
          onChange={(_, d) => onChange({ ...value, level_id: d.value, lesson_id: '', phrase_audio_url: '' })}
        >
          <option value="">{value.language_id ? 'Select a level' : 'Choose a language first'}</option>
          {levelOptions.map((l) => (
            <option key={l.id} value={l.id}>
              {`${l.cefr_label ? `${l.title} (${l.cefr_label})` : l.title}${l.note}`}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Sample lesson">
        <Select value={value.lesson_id} disabled={!value.level_id} onChange={(_, d) => onChange({ ...value, lesson_id: d.value, phrase_audio_url: '' })}>
          <option value="">{value.level_id ? 'Select a lesson' : 'Choose a level first'}</option>
          {lessonOptions.map((l) => (
            <option key={l.id} value={l.id}>
              {`${l.title}${hiddenNote(l)}`}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Phrase group">
        <Select value={value.phrase_audio_url} disabled={!value.lesson_id} onChange={(_, d) => onChange({ ...value, phrase_audio_url: d.value })}>
          <option value="">{value.lesson_id ? 'First group of the lesson' : 'Choose a lesson first'}</option>
          {groups.map((g, i) => (
            <option key={g.audio_url} value={g.audio_url}>
              {groupLabel(
                g.phrases.map((p) => p.original_text),
                i,
              )}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
