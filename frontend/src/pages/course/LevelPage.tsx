/** /{language}/{level}: 'Lessons' with the CEFR badge and the lesson cards; a locked level goes to /locked-content. */
import { Badge, Body1, makeStyles, Title1, tokens } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { isNotFound } from '../../api/client';
import { useLevelPage } from '../../api/pages';
import { PageState } from '../../components/PageState';
import { CourseNav } from './CourseNav';
import { CourseSkeleton, LoadFailed } from './CourseStates';
import { LessonCard } from './LessonCard';
import { lockedLevelPath } from './paths';

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
  list: {
    listStyleType: 'none',
    padding: 0,
    margin: 0,
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
    '@media (max-width: 419px)': { gridTemplateColumns: '1fr' },
  },
});

export default function LevelPage() {
  const s = useStyles();
  const navigate = useNavigate();
  const { language = '', level = '' } = useParams();
  const { data, error, isLoading } = useLevelPage(language, level);
  const locked = data?.level.is_locked;

  useEffect(() => {
    if (locked) void navigate(lockedLevelPath(language, level), { replace: true });
  }, [locked, language, level, navigate]);

  if (isLoading || locked) return <CourseSkeleton label="Loading lessons" />;
  if (isNotFound(error))
    return (
      <PageState
        titleLevel="h1"
        title="Not found"
        text="The language or level you're looking for doesn't exist."
        action={{ label: 'Back to Languages', to: '/languages' }}
      />
    );
  if (error || !data) return <LoadFailed />;

  const { language: lang, level: lvl, lessons } = data;
  return (
    <>
      <CourseNav crumbs={[{ label: lang.name, to: `/${lang.id}` }, { label: lvl.title }]} back={`/${lang.id}`} />
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
      {lessons.length === 0 ? (
        <PageState text="No lessons available for this level yet. Check back soon!" />
      ) : (
        <ul className={s.list} aria-label={`${lvl.title} lessons`}>
          {lessons.map((l) => (
            <li key={l.id}>
              <LessonCard lesson={l} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
