/**
 * /{language}/{level}/{lesson}/practice: the lesson's phrases one at a time, graded and scheduled
 * for review (the practice island). The same one request as the lesson page; a locked lesson goes
 * where the lesson page goes (the route table).
 */
import { Body1, makeStyles, Title1, tokens } from '@fluentui/react-components';
import { pages } from '@shared/urls';
import { PageState } from '../components/PageState';
import { CourseNav, levelCrumbs } from '../pages/course/CourseNav';
import { useRouteLesson } from '../pages/course/CourseStates';
import { languageTag } from '../pages/course/languageTag';
import { lessonDeck } from './deck';
import { PracticeScreen } from './PracticeScreen';
import { READING_WIDTH } from '../theme/styles';

const useStyles = makeStyles({
  body: { maxWidth: READING_WIDTH, margin: '0 auto' },
  head: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, marginBottom: tokens.spacingVerticalXL },
  heading: { margin: 0 },
  line: { color: tokens.colorNeutralForeground2 },
});

export default function PracticePage() {
  const s = useStyles();
  const { data, state } = useRouteLesson();
  if (state || !data) return state;

  const { language: lang, level: lvl, lesson: les } = data;
  const title = les.translated_title || les.title;
  const back = pages.lesson(lang.id, lvl.id, les.id);
  const deck = lessonDeck(data, languageTag(lang));
  return (
    <div className={s.body}>
      <CourseNav crumbs={[...levelCrumbs(lang, lvl), { label: title, to: back }, { label: 'Practice' }]} back={back} />
      <header className={s.head}>
        <Title1 as="h1" className={s.heading}>
          Practice: {title}
        </Title1>
        <Body1 className={s.line}>
          {lang.name} · {lvl.title} · {lvl.cefr_label}
        </Body1>
      </header>
      {deck.length === 0 ? <PageState text="No phrases available for this lesson yet. Check back soon!" /> : <PracticeScreen cards={deck} mode="lesson" />}
    </div>
  );
}
