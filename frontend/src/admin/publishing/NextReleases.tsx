/** The Overview's list of the next scheduled releases, soonest first, each linking to where it is managed. */
import { Caption1, Card, makeStyles, tokens } from '@fluentui/react-components';
import { CalendarClockRegular } from '@fluentui/react-icons';
import { Link } from 'react-router-dom';
import type { Release } from '@shared/contracts/publishing';
import { usePublishing } from '../../api/publishing';
import { formatReleaseTime } from './time';

const useStyles = makeStyles({
  list: { listStyleType: 'none', padding: 0, margin: 0, display: 'grid', gap: tokens.spacingVerticalS },
  item: { display: 'flex', flexDirection: 'row', gap: tokens.spacingHorizontalS, alignItems: 'flex-start', padding: tokens.spacingHorizontalM },
  icon: { flexShrink: 0, marginTop: '2px', color: tokens.colorBrandForeground1 },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0, wordBreak: 'break-word' },
  muted: { color: tokens.colorNeutralForeground3 },
});

const SHOWN = 5;
const KIND: Record<Release['item']['kind'], { noun: string; path: string }> = {
  language: { noun: 'Language', path: '/admin/languages' },
  level: { noun: 'Level', path: '/admin/levels' },
  lesson: { noun: 'Lesson', path: '/admin/lessons' },
  post: { noun: 'Blog post', path: '/admin/blog' },
};

export function NextReleases() {
  const s = useStyles();
  const { data, error } = usePublishing();
  if (error) return <Caption1>Releases could not be loaded.</Caption1>;
  if (!data) return <Caption1>Loading releases...</Caption1>;
  if (!data.releases.length) return <Caption1>No releases scheduled. Schedule a draft lesson, level or post from its Publishing menu.</Caption1>;
  return (
    <ul className={s.list}>
      {data.releases.slice(0, SHOWN).map((r) => (
        <li key={r.id}>
          <Card className={s.item}>
            <CalendarClockRegular className={s.icon} aria-hidden />
            <span className={s.text}>
              <Link to={KIND[r.item.kind].path}>{r.label}</Link>
              <Caption1 className={s.muted}>
                {KIND[r.item.kind].noun} · {formatReleaseTime(r.publish_at)}
              </Caption1>
            </span>
          </Card>
        </li>
      ))}
    </ul>
  );
}
