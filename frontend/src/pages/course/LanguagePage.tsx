/** /{language}: 'Choose a Level' with the language's level cards, in catalogue order (sorted by the API). */
import { Button, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { ArrowUpRegular } from '@fluentui/react-icons';
import { useParams } from 'react-router-dom';
import { isNotFound } from '../../api/client';
import { useLanguagePage } from '../../api/pages';
import { CourseNav } from './CourseNav';
import { CourseCards, courseState } from './CourseStates';
import { LevelCard } from './LevelCard';
import { pages } from '@shared/urls';
import { SITE, attr } from '@shared/markup';

const useStyles = makeStyles({
  heading: { ...typographyStyles.title1, textAlign: 'center', margin: `0 0 ${tokens.spacingVerticalXL}`, ':focus': { outline: 'none' } },
  top: { display: 'flex', justifyContent: 'center', marginTop: tokens.spacingVerticalXXL },
});

export default function LanguagePage() {
  const s = useStyles();
  const { language = '' } = useParams();
  const { data, error, isLoading } = useLanguagePage(language);

  const state = courseState('language', { pending: isLoading, notFound: isNotFound(error), error, data });
  if (state || !data) return state;

  return (
    <>
      <CourseNav crumbs={[{ label: 'Languages', to: pages.languages }, { label: data.language.name }]} back={pages.languages} />
      {/* Focus target of 'Back to top' (islands/instant.ts), so keyboard users land where the view scrolls. */}
      <h1 id="choose-level" className={s.heading} tabIndex={-1}>
        Choose a Level
      </h1>
      <CourseCards items={data.levels} label={`${data.language.name} levels`} empty="No levels available for this language yet. Check back soon!">
        {(l) => <LevelCard level={l} />}
      </CourseCards>
      <div className={s.top}>
        <Button appearance="secondary" icon={<ArrowUpRegular />} {...attr(SITE.toTop, 'choose-level')}>
          Back to top
        </Button>
      </div>
    </>
  );
}
