/** Overview: count cards and the Quick Access list of the other sections. */
import { Card, Caption1, makeStyles, Subtitle1, Title1, tokens } from '@fluentui/react-components';
import { ChevronRightRegular } from '@fluentui/react-icons';
import { Link } from 'react-router-dom';
import { useLanguages } from '../api/languages';
import { ADMIN_TABS } from './tabs';

const useStyles = makeStyles({
  counts: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', marginBottom: tokens.spacingVerticalXXL },
  count: { padding: tokens.spacingHorizontalL },
  quick: { listStyleType: 'none', padding: 0, margin: 0, display: 'grid', gap: tokens.spacingVerticalS, maxWidth: '520px' },
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
});

export function Overview() {
  const s = useStyles();
  const languages = useLanguages();
  const counts = [{ label: 'Languages', value: languages.data?.length }];
  return (
    <>
      <section className={s.counts} aria-label="Counts">
        {counts.map((c) => (
          <Card key={c.label} className={s.count}>
            <Caption1>{c.label}</Caption1>
            <Title1 as="p">{c.value ?? '–'}</Title1>
          </Card>
        ))}
      </section>
      <Subtitle1 as="h2" className={s.h}>
        Quick Access
      </Subtitle1>
      <ul className={s.quick}>
        {ADMIN_TABS.filter((t) => t.value !== 'overview').map((t) => (
          <li key={t.value}>
            <Link className={s.quickLink} to={t.path}>
              Manage {t.label}
              <ChevronRightRegular aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
