/** /{language}: 'Choose a Level' with the language's level cards, in catalogue order (sorted by the API). */
import { Button, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { ArrowUpRegular } from '@fluentui/react-icons';
import { useRef } from 'react';
import { useParams } from 'react-router-dom';
import { isNotFound } from '../../api/client';
import { useLanguagePage } from '../../api/pages';
import { PageState } from '../../components/PageState';
import { CourseNav } from './CourseNav';
import { CourseSkeleton, LoadFailed } from './CourseStates';
import { LevelCard } from './LevelCard';

const useStyles = makeStyles({
  heading: { ...typographyStyles.title1, textAlign: 'center', margin: `0 0 ${tokens.spacingVerticalXL}`, ':focus': { outline: 'none' } },
  list: {
    listStyleType: 'none',
    padding: 0,
    margin: 0,
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
    '@media (max-width: 419px)': { gridTemplateColumns: '1fr' },
  },
  top: { display: 'flex', justifyContent: 'center', marginTop: tokens.spacingVerticalXXL },
});

export default function LanguagePage() {
  const s = useStyles();
  const { language = '' } = useParams();
  const { data, error, isLoading } = useLanguagePage(language);
  const heading = useRef<HTMLHeadingElement>(null);

  if (isLoading) return <CourseSkeleton label="Loading levels" />;
  if (isNotFound(error))
    return (
      <PageState
        titleLevel="h1"
        title="Language not found"
        text="The language you're looking for doesn't exist."
        action={{ label: 'Back to Languages', to: '/languages' }}
      />
    );
  if (error || !data) return <LoadFailed />;

  const backToTop = () => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    heading.current?.focus({ preventScroll: true });
  };

  return (
    <>
      <CourseNav crumbs={[{ label: 'Languages', to: '/languages' }, { label: data.language.name }]} back="/languages" />
      {/* Focus target of 'Back to top', so keyboard users land where the view scrolls. */}
      <h1 className={s.heading} ref={heading} tabIndex={-1}>
        Choose a Level
      </h1>
      {data.levels.length === 0 ? (
        <PageState text="No levels available for this language yet. Check back soon!" />
      ) : (
        <ul className={s.list} aria-label={`${data.language.name} levels`}>
          {data.levels.map((l) => (
            <li key={l.id}>
              <LevelCard level={l} />
            </li>
          ))}
        </ul>
      )}
      <div className={s.top}>
        <Button appearance="secondary" icon={<ArrowUpRegular />} onClick={backToTop}>
          Back to top
        </Button>
      </div>
    </>
  );
}
