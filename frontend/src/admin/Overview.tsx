/** Overview: count cards, the Quick Access list of the seven sections, the next releases and 30 days of page views. */
import { Caption1, Card, makeStyles, mergeClasses, Subtitle1, Title1, tokens } from '@fluentui/react-components';
import { ChevronRightRegular } from '@fluentui/react-icons';
import { Link } from 'react-router-dom';
import type { AnalyticsDay } from '@shared/contracts/analytics';
import { useAnalytics } from '../api/analytics';
import { useBlogTotal } from '../api/blog';
import { useLevels } from '../api/levels';
import { usePhraseCounts } from '../api/phrases';
import { useAdminLanguages } from '../api/languages';
import { twoColumns, visuallyHidden } from '../theme/styles';
import { useTabs } from './useTabs';
import { useAuth } from '../auth/AuthContext';
import { NextReleases } from './publishing/NextReleases';

const useStyles = makeStyles({
  counts: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
    marginBottom: tokens.spacingVerticalXXL,
  },
  count: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalXS },
  value: { margin: 0 },
  columns: twoColumns('minmax(0, 2fr) minmax(0, 1fr)'),
  quick: { listStyleType: 'none', padding: 0, margin: 0, display: 'grid', gap: tokens.spacingVerticalS },
  quickLink: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  h: { display: 'block', marginBottom: tokens.spacingVerticalM },
  // A second heading in the column keeps its distance from the list above.
  hNext: { marginTop: tokens.spacingVerticalXXL },
  chartCard: { padding: tokens.spacingHorizontalL },
  figure: { margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  plot: { display: 'grid', gridTemplateColumns: '32px minmax(0, 1fr)', gap: tokens.spacingHorizontalS },
  yAxis: {
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'space-between',
    alignItems: 'flex-end',
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
    lineHeight: 1,
  },
  svg: { display: 'block', width: '100%', borderBottom: `1px solid ${tokens.colorNeutralStroke1}` },
  bar: { fill: tokens.colorBrandBackground },
  xAxis: { display: 'flex', justifyContent: 'space-between', marginLeft: '40px', fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  srOnly: visuallyHidden,
});

/**
 * Quick Access lists the spec's seven sections: not Overview itself, nor those added later (Coverage,
 * Voices, Pronunciations, Trash, Reviews, Activity), reached from the navigation.
 */
const LATER: readonly string[] = ['overview', 'coverage', 'voices', 'pronunciations', 'trash', 'reviews', 'activity'];

export function Overview() {
  const s = useStyles();
  const { role } = useAuth();
  const quickAccess = useTabs().filter((t) => !LATER.includes(t.value));
  const languages = useAdminLanguages();
  const levels = useLevels();
  // Counted by the API: the Overview never downloads the lessons, phrases or posts it counts.
  const phrases = usePhraseCounts();
  const blog = useBlogTotal();
  const counts = [
    { label: 'Languages', value: languages.data?.length },
    { label: 'Levels', value: levels.data?.length },
    { label: 'Lessons', value: levels.data?.reduce((n, l) => n + l.lesson_count, 0) },
    { label: 'Phrases', value: phrases.data?.total },
    { label: 'Blog Posts', value: blog.data?.total },
  ];
  return (
    <>
      <section className={s.counts} aria-label="Counts">
        {counts.map((c) => (
          <Card key={c.label} className={s.count}>
            <Caption1>{c.label}</Caption1>
            <Title1 as="p" className={s.value}>
              {c.value ?? '–'}
            </Title1>
          </Card>
        ))}
      </section>
      <div className={s.columns}>
        {/* Analytics are an administrator's (GET /api/admin/analytics). */}
        {role.role === 'admin' && (
          <section aria-labelledby="page-views">
            <Subtitle1 as="h2" id="page-views" className={s.h}>
              Page Views (last 30 days)
            </Subtitle1>
            <Card className={s.chartCard}>
              <PageViewsChart />
            </Card>
          </section>
        )}
        <section aria-labelledby="quick-access">
          <Subtitle1 as="h2" id="quick-access" className={s.h}>
            Quick Access
          </Subtitle1>
          <ul className={s.quick}>
            {quickAccess.map((t) => (
              <li key={t.value}>
                <Link className={s.quickLink} to={t.path}>
                  Manage {t.label}
                  <ChevronRightRegular aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
          <Subtitle1 as="h2" id="next-releases" className={mergeClasses(s.h, s.hNext)}>
            Next releases
          </Subtitle1>
          <NextReleases />
        </section>
      </div>
    </>
  );
}

/** The last 30 UTC days ending today, with 0 for days the API has no count for. */
export function last30Days(data: AnalyticsDay[], today = new Date()): Pick<AnalyticsDay, 'date' | 'page_views'>[] {
  const byDate = new Map(data.map((d) => [d.date.slice(0, 10), d.page_views]));
  return Array.from({ length: 30 }, (_, i) => {
    const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 29 + i));
    const date = d.toISOString().slice(0, 10);
    return { date, page_views: byDate.get(date) ?? 0 };
  });
}

const CHART_H = 180;

/**
 * A plain SVG bar chart (no chart library). The bars stretch to the card's width; the axis labels
 * are HTML so they stay legible at 390 px. Screen readers get the summary and a data table.
 */
function PageViewsChart() {
  const s = useStyles();
  const { data, error, isLoading } = useAnalytics();
  if (isLoading) return <Caption1>Loading page views...</Caption1>;
  if (error) return <Caption1>Page views could not be loaded.</Caption1>;
  const days = last30Days(Array.isArray(data) ? data : []);
  const peak = Math.max(0, ...days.map((d) => d.page_views));
  const max = Math.max(1, peak);
  const total = days.reduce((n, d) => n + d.page_views, 0);
  const step = 300 / days.length;
  const short = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return (
    <figure className={s.figure}>
      <div className={s.plot}>
        <div className={s.yAxis} aria-hidden>
          <span>{max}</span>
          <span>0</span>
        </div>
        <svg className={s.svg} viewBox={`0 0 300 ${CHART_H}`} preserveAspectRatio="none" height={CHART_H} role="img" aria-labelledby="pv-title">
          <title id="pv-title">{`Page views per day, ${short(days[0].date)} to ${short(days[29].date)}: ${total} in total, at most ${peak} in a day`}</title>
          {days.map((d, i) => {
            const h = (d.page_views / max) * CHART_H;
            return (
              <rect key={d.date} className={s.bar} x={i * step + step * 0.15} y={CHART_H - h} width={step * 0.7} height={h}>
                <title>{`${short(d.date)}: ${d.page_views}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      <div className={s.xAxis} aria-hidden>
        {[0, 14, 29].map((i) => (
          <span key={i}>{short(days[i].date)}</span>
        ))}
      </div>
      <figcaption>
        <Caption1>{total} page views in the last 30 days</Caption1>
      </figcaption>
      <table className={s.srOnly}>
        <caption>Page views per day</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Page views</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <td>{d.date}</td>
              <td>{d.page_views}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
