/** One lesson on /{language}/{level}: icon, title, translated title; a locked lesson leads to /locked-content. */
import { Badge, Body1, Card, makeStyles, mergeClasses, Subtitle1, tokens } from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import { Link } from 'react-router-dom';
import type { Lesson } from '@shared/contracts/lessons';
import { pages } from '@shared/urls';
import { useCardLinkStyles } from '../../components/cardLink';
import { CourseIcon } from './CourseIcon';
import { languageTag } from './languageTag';

const useStyles = makeStyles({
  card: { height: '100%', flexDirection: 'row', alignItems: 'center', gap: tokens.spacingHorizontalL, padding: tokens.spacingVerticalL },
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0, flex: 1 },
  // Block, as the flex item it was before the link wrapped it (Fluent's Text is inline).
  title: { margin: 0, display: 'block' },
  translated: { color: tokens.colorNeutralForeground2 },
  lock: { alignSelf: 'flex-start' },
});

export function LessonCard({ lesson }: { lesson: Lesson }) {
  const s = useStyles();
  const c = useCardLinkStyles();
  const to = lesson.is_locked
    ? pages.lockedLesson(lesson.language_id, lesson.level_id, lesson.id)
    : pages.lesson(lesson.language_id, lesson.level_id, lesson.id);
  return (
    <Card className={mergeClasses(c.card, s.card)} data-testid="lesson-card">
      <CourseIcon url={lesson.icon_url} />
      <div className={s.text}>
        {/* The link holds the title only (its name) and covers the whole card (cardLink.ts). The title is in the course's language, the translated title in English. */}
        <Link to={to} className={c.link}>
          <Subtitle1 as="h2" className={s.title} lang={languageTag({ id: lesson.language_id })}>
            {lesson.title}
          </Subtitle1>
        </Link>
        <Body1 className={s.translated} lang="en">
          {lesson.translated_title}
        </Body1>
        {lesson.is_locked && (
          <Badge className={s.lock} appearance="outline" color="warning" icon={<LockClosedRegular />}>
            Locked
          </Badge>
        )}
      </div>
    </Card>
  );
}
