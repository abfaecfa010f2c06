/**
 * The Overview's list of the next scheduled releases, soonest first, each linking to where it is
 * managed. A release that failed or is overdue (due and not done: docs/back-office.md "Drafts and
 * releases") comes first, says why, and offers 'Retry', which runs it now.
 */
import { Badge, Button, Caption1, Card, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, CalendarClockRegular, WarningRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { releaseNeedsRetry, type Release } from '@shared/contracts/publishing';
import { mayPublishPosts } from '@shared/roles';
import { retryRelease, usePublishing } from '../../api/publishing';
import { useAuth } from '../../auth/AuthContext';
import { useItemAction } from '../components/useItemAction';
import { formatReleaseTime } from './time';

const useStyles = makeStyles({
  list: { listStyleType: 'none', padding: 0, margin: 0, display: 'grid', gap: tokens.spacingVerticalS },
  item: { display: 'flex', flexDirection: 'row', gap: tokens.spacingHorizontalS, alignItems: 'flex-start', padding: tokens.spacingHorizontalM },
  icon: { flexShrink: 0, marginTop: '2px', color: tokens.colorBrandForeground1 },
  warning: { flexShrink: 0, marginTop: '2px', color: tokens.colorPaletteDarkOrangeForeground1 },
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0, flexGrow: 1, wordBreak: 'break-word' },
  muted: { color: tokens.colorNeutralForeground3 },
  // The badge's text may wrap on a phone: it grows with it.
  badge: { alignSelf: 'flex-start', height: 'auto', minHeight: '20px', whiteSpace: 'normal', textAlign: 'start' },
  // 44 px touch target on phones.
  retry: { flexShrink: 0, '@media (max-width: 767px)': { minHeight: '44px' } },
});

const SHOWN = 5;
const KIND: Record<Release['item']['kind'], { noun: string; path: string }> = {
  language: { noun: 'Language', path: '/admin/languages' },
  level: { noun: 'Level', path: '/admin/levels' },
  lesson: { noun: 'Lesson', path: '/admin/lessons' },
  post: { noun: 'Blog post', path: '/admin/blog' },
};

/** What went wrong with a release, for the admin: its last failure, or that it did not run. */
function trouble(r: Release) {
  if (r.last_error) return { badge: `Failed ${r.attempts === 1 ? 'once' : `${r.attempts} times`}`, text: r.last_error };
  return { badge: 'Overdue', text: 'Its time has passed and it has not been published yet.' };
}

export function NextReleases() {
  const s = useStyles();
  const { data, error } = usePublishing();
  const { role } = useAuth();
  const { busy, run } = useItemAction();
  // The time the Overview was opened: what is overdue then (the list itself revalidates on focus).
  const [now] = useState(Date.now);
  if (error) return <Caption1>Releases could not be loaded.</Caption1>;
  if (!data) return <Caption1>Loading releases...</Caption1>;
  if (!data.releases.length) return <Caption1>No releases scheduled. Schedule a draft lesson, level or post from its Publishing menu.</Caption1>;
  // Those that need a hand first, then the next ones; both soonest first (the API's order).
  const needsRetry = (r: Release) => releaseNeedsRetry(r, now);
  const shown = [...data.releases.filter(needsRetry), ...data.releases.filter((r) => !needsRetry(r))].slice(0, SHOWN);
  const retry = (r: Release) =>
    void run(`retry:${r.id}`, {
      work: async () => {
        const ran = await retryRelease(r.id);
        if (ran.outcome === 'skipped') throw new Error(`Nothing was published: ${ran.reason ?? ''}`);
      },
      ok: `${r.label} is live`,
      failed: `Failed to publish ${r.label}`,
    });
  return (
    <ul className={s.list}>
      {shown.map((r) => {
        const problem = needsRetry(r) ? trouble(r) : undefined;
        // A post goes public only with the right to publish posts (shared/roles.ts; the API checks it too).
        const mayRetry = problem && (r.item.kind !== 'post' || mayPublishPosts(role));
        return (
          <li key={r.id}>
            <Card className={s.item}>
              {problem ? <WarningRegular className={s.warning} aria-hidden /> : <CalendarClockRegular className={s.icon} aria-hidden />}
              <span className={s.text}>
                <Link to={KIND[r.item.kind].path}>{r.label}</Link>
                <Caption1 className={s.muted}>
                  {KIND[r.item.kind].noun} · {formatReleaseTime(r.publish_at)}
                </Caption1>
                {problem && (
                  <>
                    <Badge appearance="tint" color={r.last_error ? 'danger' : 'warning'} className={s.badge}>
                      {problem.badge}
                    </Badge>
                    <Caption1>{problem.text}</Caption1>
                  </>
                )}
              </span>
              {mayRetry && (
                <Button
                  className={s.retry}
                  icon={<ArrowClockwiseRegular />}
                  aria-label={`Retry: ${r.label}`}
                  disabled={busy === `retry:${r.id}`}
                  onClick={() => retry(r)}
                >
                  Retry
                </Button>
              )}
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
