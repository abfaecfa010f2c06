/**
 * 'Hardest phrases' on the Coverage screen (GET /api/coverage/{language}/hardest): the phrases
 * learners forgot most often in the last days, each with its rate ('Again' answers over reviews)
 * and how many reviews it rests on, linked to where the phrase is edited. A rate resting on too few
 * reviews is marked and listed after the others. A lesson picker narrows the list to one lesson.
 */
import { Caption1, Field, makeStyles, Select, Subtitle2, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { HardPhrase } from '@shared/contracts/coverage';
import { ratePercent } from '@shared/hardest';
import { countOf } from '@shared/plural';
import { useHardest } from '../../api/coverage';
import { PageState } from '../../components/PageState';
import { FindingSection } from './FindingSection';
import { phraseLink, type FindingRow } from './findings';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0, marginTop: tokens.spacingVerticalXXL },
  heading: { margin: 0 },
  hint: { color: tokens.colorNeutralForeground2 },
  picker: { maxWidth: '320px', minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' },
  select: { minWidth: 0, '& select': { minHeight: '44px', minWidth: 0, width: '100%', textOverflow: 'ellipsis' } },
});

/** '3 of 12 reviews were Again (25%)', marked when it rests on too few reviews. */
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

export function HardestSection({ language }: { language: string }) {
  const s = useStyles();
  // '' for the whole language, else `{level}/{lesson}`.
  const [lesson, setLesson] = useState('');
  const [level_id, lesson_id] = lesson ? lesson.split('/') : [];
  // The whole language's answer names the lessons to choose from (the same read when none is chosen).
  const all = useHardest(language, {});
  const hardest = useHardest(language, { level: level_id, lesson: lesson_id });
  const lessons = all.data?.lessons ?? [];
  const data = hardest.data;

  return (
    <section className={s.section} aria-labelledby="coverage-hardest">
      <Subtitle2 as="h3" id="coverage-hardest" className={s.heading}>
        Hardest phrases
      </Subtitle2>
      <Caption1 className={s.hint}>
        What learners forget most: how often a practice grade was &apos;Again&apos;, over the last {data?.days ?? 30} days, counted only for visitors who
        accepted all cookies (counts, no one&apos;s identity). A rate resting on fewer than {data?.min_reviews ?? 10} reviews is marked and listed after the
        others.
      </Caption1>
      {lessons.length > 1 && (
        <Field label="Lesson" className={s.picker}>
          <Select className={s.select} value={lesson} onChange={(_, d) => setLesson(d.value)}>
            <option value="">All lessons</option>
            {lessons.map((l) => (
              <option key={`${l.level_id}/${l.lesson_id}`} value={`${l.level_id}/${l.lesson_id}`}>
                {l.level_title} › {l.title}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {hardest.error ? (
        <PageState text="Hardest phrases could not be loaded. Please try again later." />
      ) : !data ? (
        <PageState text="Loading..." />
      ) : !data.count ? (
        <PageState
          text={data.reviews ? `No phrase was forgotten in ${countOf(data.reviews, 'review')}.` : `No practice grades counted in the last ${data.days} days.`}
        />
      ) : (
        <FindingSection
          id="coverage-hardest-list"
          title={`Forgotten phrases (${countOf(data.reviews, 'review')} counted)`}
          hint="Hardest first. Edit a phrase whose text, translation or audio may confuse learners."
          count={data.count}
          rows={data.items.map(rowOf(data.min_reviews))}
          language={language}
        />
      )}
    </section>
  );
}
