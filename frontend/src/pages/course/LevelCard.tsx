/** One level on /{language}: icon, title, CEFR label, lesson count; locked levels lead to /locked-content. */
import { Badge, Body1, Card, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import { Link } from 'react-router-dom';
import type { LevelWithCount } from '@shared/types';
import { CourseIcon } from './CourseIcon';
import { lockedLevelPath } from './paths';

const useStyles = makeStyles({
  link: { textDecoration: 'none', color: 'inherit', display: 'block', height: '100%', borderRadius: tokens.borderRadiusLarge },
  card: { height: '100%', flexDirection: 'row', alignItems: 'center', gap: tokens.spacingHorizontalL, padding: tokens.spacingVerticalL, ':hover': { boxShadow: tokens.shadow16 } },
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0, flex: 1 },
  meta: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', color: tokens.colorNeutralForeground2 },
  title: { margin: 0 },
});

export const lessonCountText = (n: number) => `${n} ${n === 1 ? 'lesson' : 'lessons'}`;

export function LevelCard({ level }: { level: LevelWithCount }) {
  const s = useStyles();
  const to = level.is_locked ? lockedLevelPath(level.language_id, level.id) : `/${level.language_id}/${level.id}`;
  return (
    <Link to={to} className={s.link} data-testid="level-card">
      {/* role none: the card's text names the link around it (a group would hide it). */}
      <Card className={s.card} role="none">
        <CourseIcon url={level.icon_url} />
        <div className={s.text}>
          <Subtitle1 as="h2" className={s.title}>
            {level.title}
          </Subtitle1>
          <div className={s.meta}>
            <Badge appearance="tint" color="brand">
              {level.cefr_label}
            </Badge>
            <Body1>{lessonCountText(level.lesson_count)}</Body1>
            {level.is_locked && (
              <Badge appearance="outline" color="warning" icon={<LockClosedRegular />}>
                Locked
              </Badge>
            )}
          </div>
        </div>
      </Card>
    </Link>
  );
}
