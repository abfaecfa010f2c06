/**
 * The back office's section navigation, from the one tab table (../tabs.ts): on wide screens a row of
 * links that wraps rather than scrolls; below 768 px a 'Sections' button that opens a drawer listing
 * them. The current section is marked `aria-current="page"` (NavLink) and underlined. Every link is a
 * 44 px touch target.
 */
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { NavigationRegular } from '@fluentui/react-icons';
import { NavLink, useLocation } from 'react-router-dom';
import { MenuDrawer, useMenu, useMenuDrawerStyles } from '../../components/MenuDrawer';
import { ADMIN_TABS } from '../tabs';
import { useTabs } from '../useTabs';

export const NAV_LABEL = 'Admin sections';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: `0 ${tokens.spacingHorizontalXS}`,
    '@media (max-width: 767px)': { display: 'none' },
  },
  link: {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: '44px',
    padding: `0 ${tokens.spacingHorizontalM}`,
    boxSizing: 'border-box',
    color: tokens.colorNeutralForeground2,
    textDecoration: 'none',
    fontWeight: tokens.fontWeightSemibold,
    borderBottom: '3px solid transparent',
    ':hover': { color: tokens.colorNeutralForeground1, backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  active: { color: tokens.colorBrandForeground1, borderBottomColor: tokens.colorBrandStroke1 },
  menuButton: { minHeight: '44px', '@media (min-width: 768px)': { display: 'none' } },
  drawerActive: { color: tokens.colorBrandForeground1, backgroundColor: tokens.colorBrandBackground2 },
});

/** The current tab: the longest path that the location starts with (Overview at /admin). */
export function useCurrentTab() {
  const { pathname } = useLocation();
  return ADMIN_TABS.find((t) => t.path !== '/admin' && pathname.startsWith(t.path)) ?? ADMIN_TABS[0];
}

function Links({ linkClass, activeClass, onNavigate }: { linkClass: string; activeClass: string; onNavigate?: () => void }) {
  return useTabs().map((t) => (
    <NavLink
      key={t.value}
      to={t.path}
      end={t.path === '/admin'}
      onClick={onNavigate}
      className={({ isActive }) => mergeClasses(linkClass, isActive && activeClass)}
    >
      {t.label}
    </NavLink>
  ));
}

/** The row of section links (wide screens). */
export function AdminNavBar() {
  const s = useStyles();
  return (
    <nav aria-label={NAV_LABEL} className={s.bar}>
      <Links linkClass={s.link} activeClass={s.active} />
    </nav>
  );
}

/** The 'Sections' button and its drawer (narrow screens). */
export function AdminNavMenu() {
  const s = useStyles();
  const m = useMenuDrawerStyles();
  const current = useCurrentTab();
  const menu = useMenu();
  return (
    <>
      <Button
        className={s.menuButton}
        icon={<NavigationRegular />}
        aria-label={`Sections: ${current.label}`}
        aria-haspopup="dialog"
        aria-expanded={menu.open}
        onClick={menu.show}
      >
        {current.label}
      </Button>
      <MenuDrawer menu={menu} position="start" label={NAV_LABEL} title="Admin Dashboard" navLabel={NAV_LABEL}>
        {/* Closes also when the link is the current section (the path does not change). */}
        <Links linkClass={m.link} activeClass={s.drawerActive} onNavigate={() => menu.setOpen(false)} />
      </MenuDrawer>
    </>
  );
}
