/**
 * 'Hardest phrases' on the Coverage screen (GET /api/coverage/{language}/hardest): the phrases
 * learners forgot most often in the last days, each with its rate ('Again' answers over reviews)
 * and how many reviews it rests on, linked to where the phrase is edited. A rate resting on too few
 * reviews is marked and listed after the others. A lesson picker narrows the list to one lesson.
 */
import { Caption1, Field, makeStyles, Select, Subtitle2, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { HARDEST_DAYS, MIN_REVIEWS, type HardPhrase, type Hardest } from '@shared/contracts/coverage';
import { ratePercent } from '@shared/hardest';
import { countOf } from '@shared/plural';
import { useHardest } from '../../api/coverage';
import { PageState } from '../../components/PageState';
import { FindingSection } from './FindingSection';
import { phraseLink, type FindingRow } from './findings';

const ID = 'coverage-hardest';
const TITLE = 'Hardest phrases';
const HINT = `What learners forget most: how often their practice grade was 'Again' over the last ${HARDEST_DAYS} days, counted only for visitors who accepted all cookies (counts, never who). A rate resting on fewer than ${MIN_REVIEWS} reviews is marked and listed after the others.`;

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  heading: { margin: 0 },
  hint: { color: tokens.colorNeutralForeground2 },
  picker: { maxWidth: '320px', minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' },
  select: { minWidth: 0, '& select': { minHeight: '44px', minWidth: 0, width: '100%', textOverflow: 'ellipsis' } },
});

/** "'Again' 3 of 12 reviews (25%)", marked when it rests on too few reviews. */
export function rateLine(h: Pick<HardPhrase, 'again' | 'reviews' | 'rate' | 'enough'>, minReviews: number) {
  const line = `'Again' ${h.again} of ${countOf(h.reviews, 'review')} (${ratePercent(h.rate)})`;
  return h.enough ? line : `${line}: too few reviews to rely on (fewer than ${minReviews})`;
}

const rowOf =
  (minReviews: number) =>
  (h: HardPhrase): FindingRow => ({
    key: `${h.level_id}/${h.lesson_id}/${h.phrase_id}`,
    title: h.original_text || '(no text)',
    place: `${h.level_title} › ${h.lesson_title} · ${rateLine(h, minReviews)}`,
    action: 'Edit phrase',
    to: phraseLink(h),
  });

/** The lessons with counters, to narrow the list to one ('' is the whole language, else `{level}/{lesson}`). */
function LessonPicker({ lessons, value, onChange }: { lessons: Hardest['lessons']; value: string; onChange: (v: string) => void }) {
  const s = useStyles();
  if (lessons.length < 2) return null;
  return (
    <Field label="Lesson" className={s.picker}>
      <Select className={s.select} value={value} onChange={(_, d) => onChange(d.value)}>
        <option value="">All lessons</option>
        {lessons.map((l) => (
          <option key={`${l.level_id}/${l.lesson_id}`} value={`${l.level_id}/${l.lesson_id}`}>
            {l.level_title} › {l.title}
          </option>
        ))}
      </Select>
    </Field>
  );
}

export function HardestSection({ language }: { language: string }) {
  const s = useStyles();
  const [lesson, setLesson] = useState('');
  const [level_id, lesson_id] = lesson ? lesson.split('/') : [];
  // The whole language's answer names the lessons to choose from (the same read while none is chosen).
  const all = useHardest(language, {});
  const hardest = useHardest(language, { level: level_id, lesson: lesson_id });
  const data = hardest.data;
  const picker = <LessonPicker lessons={all.data?.lessons ?? []} value={lesson} onChange={setLesson} />;

  if (data?.count)
    return (
      <FindingSection
        id={ID}
        title={TITLE}
        hint={`${HINT} Hardest first, from ${countOf(data.reviews, 'review')}.`}
        count={data.count}
        rows={data.items.map(rowOf(data.min_reviews))}
        language={language}
        tools={picker}
      />
    );
  const state = hardest.error
    ? 'Hardest phrases could not be loaded. Please try again later.'
    : !data
      ? 'Loading...'
      : data.reviews
        ? `No phrase was forgotten in ${countOf(data.reviews, 'review')}.`
        : `No practice grades counted in the last ${data.days} days.`;
  return (
    <section className={s.section} aria-labelledby={ID}>
      <Subtitle2 as="h3" id={ID} className={s.heading}>
        {TITLE}
      </Subtitle2>
      <Caption1 className={s.hint}>{HINT}</Caption1>
      {picker}
      <PageState text={state} />
    </section>
  );
}
