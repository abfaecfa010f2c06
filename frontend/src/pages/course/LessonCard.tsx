/** One lesson on /{language}/{level}: icon, title, translated title; a locked lesson leads to /locked-content. */
import { Badge, Body1, Card, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import { Link } from 'react-router-dom';
import type { Lesson } from '@shared/types';
import { CourseIcon } from './CourseIcon';
import { lockedLessonPath } from './paths';

const useStyles = makeStyles({
  link: { textDecoration: 'none', color: 'inherit', display: 'block', height: '100%', borderRadius: tokens.borderRadiusLarge },
  card: { height: '100%', flexDirection: 'row', alignItems: 'center', gap: tokens.spacingHorizontalL, padding: tokens.spacingVerticalL, ':hover': { boxShadow: tokens.shadow16 } },
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0, flex: 1 },
  title: { margin: 0 },
  translated: { color: tokens.colorNeutralForeground2 },
  lock: { alignSelf: 'flex-start' },
});

export function LessonCard({ lesson }: { lesson: Lesson }) {
  const s = useStyles();
  const to = lesson.is_locked ? lockedLessonPath(lesson.language_id, lesson.level_id, lesson.id) : `/${lesson.language_id}/${lesson.level_id}/${lesson.id}`;
  return (
    <Link to={to} className={s.link} data-testid="lesson-card">
      {/* role none: the card's text names the link around it (a group would hide it). */}
      <Card className={s.card} role="none">
        <CourseIcon url={lesson.icon_url} />
        <div className={s.text}>
          <Subtitle1 as="h2" className={s.title}>
            {lesson.title}
          </Subtitle1>
          <Body1 className={s.translated}>{lesson.translated_title}</Body1>
          {lesson.is_locked && (
            <Badge className={s.lock} appearance="outline" color="warning" icon={<LockClosedRegular />}>
              Locked
            </Badge>
          )}
        </div>
      </Card>
    </Link>
  );
}
