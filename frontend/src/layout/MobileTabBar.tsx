/** Bottom tab bar under 768 px: Home, Languages, Blog, Download. */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, BookRegular, GlobeRegular, HomeRegular } from '@fluentui/react-icons';
import { NavLink } from 'react-router-dom';
import { pages } from '@shared/urls';

const TABS = [
  { to: pages.home, label: 'Home', Icon: HomeRegular },
  { to: pages.languages, label: 'Languages', Icon: GlobeRegular },
  { to: pages.blog, label: 'Blog', Icon: BookRegular },
  { to: pages.download, label: 'Download', Icon: ArrowDownloadRegular },
];

const useStyles = makeStyles({
  bar: {
    display: 'grid',
    gridTemplateColumns: 'repeat(4, 1fr)',
    backgroundColor: tokens.colorNeutralBackground1,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    paddingBottom: 'env(safe-area-inset-bottom)',
  },
  tab: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2px',
    minHeight: '56px',
    color: tokens.colorNeutralForeground2,
    textDecoration: 'none',
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
  },
  icon: { fontSize: '22px' },
  active: { color: tokens.colorBrandForeground1 },
});

export function MobileTabBar() {
  const s = useStyles();
  return (
    <nav aria-label="Tabs" className={s.bar}>
      {TABS.map(({ to, label, Icon }) => (
        <NavLink key={to} to={to} end={to === pages.home} className={({ isActive }) => mergeClasses(s.tab, isActive && s.active)}>
          <Icon className={s.icon} aria-hidden />
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
