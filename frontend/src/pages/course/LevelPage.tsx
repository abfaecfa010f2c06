/** /{language}/{level}: 'Lessons' with the CEFR badge and the lesson cards; a locked level goes to /locked-content. */
import { Badge, Body1, makeStyles, Title1, tokens } from '@fluentui/react-components';
import { useParams } from 'react-router-dom';
import { pages } from '@shared/urls';
import { isNotFound } from '../../api/client';
import { useLevelPage } from '../../api/pages';
import { CourseNav } from './CourseNav';
import { CourseCards, courseState } from './CourseStates';
import { LessonCard } from './LessonCard';
import { OfflineDownload } from './OfflineDownload';

const useStyles = makeStyles({
  head: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    marginBottom: tokens.spacingVerticalXL,
    textAlign: 'center',
  },
  titleRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  heading: { margin: 0 },
  sub: { color: tokens.colorNeutralForeground2 },
});

export default function LevelPage() {
  const s = useStyles();
  const { language = '', level = '' } = useParams();
  // A locked level never renders here: the route table sends it to /locked-content first.
  const { data, error, isLoading } = useLevelPage(language, level);
  const state = courseState('level', { pending: isLoading, notFound: isNotFound(error), error, data });
  if (state || !data) return state;

  const { language: lang, level: lvl, lessons } = data;
  return (
    <>
      <CourseNav crumbs={[{ label: lang.name, to: pages.language(lang.id) }, { label: lvl.title }]} back={pages.language(lang.id)} />
      <div className={s.head}>
        <div className={s.titleRow}>
          <Title1 as="h1" className={s.heading}>
            Lessons
          </Title1>
          <Badge size="large" appearance="filled" color="brand">
            {lvl.cefr_label}
          </Badge>
        </div>
        <Body1 className={s.sub}>
          {lang.name} · {lvl.title}
        </Body1>
      </div>
      <CourseCards items={lessons} label={`${lvl.title} lessons`} empty="No lessons available for this level yet. Check back soon!">
        {(l) => <LessonCard lesson={l} />}
      </CourseCards>
      {/* After the lessons: it appears once its island finds a browser that can keep it, and moves nothing above it. */}
      {lessons.some((l) => !l.is_locked) && <OfflineDownload kind="level" path={pages.level(lang.id, lvl.id)} centered />}
    </>
  );
}
