/** One level on /{language}: icon, title, CEFR label, lesson count; locked levels lead to /locked-content. */
import { Badge, Body1, Card, makeStyles, mergeClasses, Subtitle1, tokens } from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import { Link } from 'react-router-dom';
import type { LevelWithCount } from '@shared/contracts/levels';
import { pages } from '@shared/urls';
import { useCardLinkStyles } from '../../components/cardLink';
import { CourseIcon } from './CourseIcon';

const useStyles = makeStyles({
  card: { height: '100%', flexDirection: 'row', alignItems: 'center', gap: tokens.spacingHorizontalL, padding: tokens.spacingVerticalL },
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0, flex: 1 },
  meta: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', color: tokens.colorNeutralForeground2 },
  // Block, as the flex item it was before the link wrapped it (Fluent's Text is inline).
  title: { margin: 0, display: 'block' },
});

export const lessonCountText = (n: number) => `${n} ${n === 1 ? 'lesson' : 'lessons'}`;

export function LevelCard({ level }: { level: LevelWithCount }) {
  const s = useStyles();
  const c = useCardLinkStyles();
  const to = level.is_locked ? pages.lockedLevel(level.language_id, level.id) : pages.level(level.language_id, level.id);
  return (
    <Card className={mergeClasses(c.card, s.card)} data-testid="level-card">
      <CourseIcon url={level.icon_url} />
      <div className={s.text}>
        {/* The link holds the title only (its name) and covers the whole card (cardLink.ts). */}
        <Link to={to} className={c.link}>
          <Subtitle1 as="h2" className={s.title}>
            {level.title}
          </Subtitle1>
        </Link>
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
  );
}
