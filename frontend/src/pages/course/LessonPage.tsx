/**
 * /{language}/{level}/{lesson}: one API request gives the lesson, its breadcrumb context and its
 * phrases grouped by audio; a signed-in learner's controls come with the learner island.
 */
import { Body1, makeStyles, Title1, tokens } from '@fluentui/react-components';
import { ArrowRepeatAllRegular, BrainCircuitRegular } from '@fluentui/react-icons';
import { pages } from '@shared/urls';
import { ButtonLink } from '../../components/ButtonLink';
import { PageState } from '../../components/PageState';
import { AppPromo } from './AppPromo';
import { CourseNav, levelCrumbs } from './CourseNav';
import { useRouteLesson } from './CourseStates';
import { LearnerControls } from './LearnerControls';
import { LessonLinks } from './LessonLinks';
import { OfflineDownload } from './OfflineDownload';
import { languageTag } from './languageTag';
import { PhraseGroups } from './PhraseGroups';
import { PhraseShare } from './PhraseShare';
import { READING_WIDTH } from '../../theme/styles';

const useStyles = makeStyles({
  head: {
    marginBottom: tokens.spacingVerticalXL,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    gap: tokens.spacingVerticalM,
  },
  titles: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  heading: { margin: 0 },
  line: { color: tokens.colorNeutralForeground2 },
  body: { maxWidth: READING_WIDTH, margin: '0 auto' },
  // Practice and Review (issue 21) beside a learner's 'Mark as completed'.
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  action: { minHeight: '44px' },
});

export default function LessonPage() {
  const s = useStyles();
  const { data, state } = useRouteLesson();
  if (state || !data) return state;

  const { language: lang, level: lvl, lesson: les, groups, previous, next } = data;
  const ref = { language_id: lang.id, level_id: lvl.id, lesson_id: les.id };
  return (
    <div className={s.body}>
      <CourseNav crumbs={[...levelCrumbs(lang, lvl), { label: les.translated_title || les.title }]} back={pages.level(lang.id, lvl.id)} />
      <header className={s.head}>
        <div className={s.titles}>
          <Title1 as="h1" className={s.heading}>
            {les.translated_title || les.title}
          </Title1>
          <Body1 className={s.line} data-testid="lesson-context">
            {lang.name} · {lvl.title} · {lvl.cefr_label}
          </Body1>
        </div>
        <div className={s.actions}>
          {groups.length > 0 && (
            <ButtonLink to={pages.practice(lang.id, lvl.id, les.id)} appearance="primary" icon={<BrainCircuitRegular />} className={s.action}>
              Practice this lesson
            </ButtonLink>
          )}
          <ButtonLink to={pages.review} icon={<ArrowRepeatAllRegular />} className={s.action}>
            Review
          </ButtonLink>
          <LearnerControls lesson={ref} />
        </div>
      </header>
      {groups.length === 0 ? (
        <PageState text="No phrases available for this lesson yet. Check back soon!" />
      ) : (
        <>
          <PhraseGroups groups={groups} lang={languageTag(lang)} />
          <PhraseShare />
        </>
      )}
      {/* After the phrases: it appears once its island finds a browser that can keep it, and moves nothing above it. */}
      {groups.length > 0 && <OfflineDownload kind="lesson" path={pages.lesson(lang.id, lvl.id, les.id)} />}
      <LessonLinks previous={previous} next={next} levelId={lvl.id} />
      <AppPromo />
    </div>
  );
}
