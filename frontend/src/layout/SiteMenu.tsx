/**
 * The public site's slide-out menu under 768 px: a popover opened by its button, so it opens,
 * closes ('Close menu', Escape, a tap outside) and is announced as expanded with no script at
 * all; the page's script only moves the focus into it when it opens (islands/instant.ts). The
 * back office's menus are Fluent drawers (components/MenuDrawer.tsx): that app is all script.
 */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { DismissRegular, NavigationRegular } from '@fluentui/react-icons';
import { NavLink } from 'react-router-dom';
import { useMenuDrawerStyles } from '../components/MenuDrawer';
import { NAV } from './nav';
import { pages } from '@shared/urls';
import { SITE, attr } from '@shared/markup';
import { ICON_BUTTON } from '../theme/styles';

export const SITE_MENU_ID = 'site-menu';

const useStyles = makeStyles({
  // A plain button: popovertarget is HTML's, and Fluent's Button does not pass it on.
  icon: { ...ICON_BUTTON, display: 'inline-grid', minWidth: '44px', minHeight: '44px', fontSize: '24px' },
  open: { '@media (min-width: 768px)': { display: 'none' } },
  panel: {
    position: 'fixed',
    inset: '0 0 0 auto',
    width: 'min(320px, 85vw)',
    height: '100%',
    maxHeight: 'none',
    margin: 0,
    padding: tokens.spacingHorizontalL,
    boxSizing: 'border-box',
    border: 'none',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow64,
    '::backdrop': { backgroundColor: 'rgba(0, 0, 0, 0.4)' },
  },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: tokens.spacingVerticalL },
  title: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, margin: 0 },
  admin: {
    marginTop: tokens.spacingVerticalL,
    justifyContent: 'center',
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover, color: tokens.colorNeutralForegroundOnBrand },
  },
});

const LINKS = [
  ...NAV,
  { to: pages.search, label: 'Search' },
  { to: pages.offline, label: 'Offline lessons' },
  { to: pages.faq, label: 'FAQ' },
  { to: pages.support, label: 'Support' },
];

export function SiteMenu({ title, activeClassName, admin }: { title: string; activeClassName: string; admin: { hidden: boolean } }) {
  const s = useStyles();
  // The nav and its links look like the back office's drawer menu.
  const m = useMenuDrawerStyles();
  return (
    <>
      <button type="button" className={mergeClasses(s.icon, s.open)} aria-label="Open menu" popoverTarget={SITE_MENU_ID}>
        <NavigationRegular />
      </button>
      <div id={SITE_MENU_ID} popover="auto" role="dialog" aria-label="Menu" className={s.panel} {...attr(SITE.menu)}>
        <div className={s.head}>
          <p className={s.title}>{title}</p>
          <button type="button" className={s.icon} aria-label="Close menu" popoverTarget={SITE_MENU_ID} popoverTargetAction="hide">
            <DismissRegular />
          </button>
        </div>
        <nav aria-label="Mobile" className={m.nav}>
          {LINKS.map((n) => (
            <NavLink key={n.to} to={n.to} end={n.to === pages.home} className={({ isActive }) => mergeClasses(m.link, isActive && activeClassName)}>
              {n.label}
            </NavLink>
          ))}
          <a href={pages.admin} className={mergeClasses(m.link, s.admin)} {...admin}>
            Admin Dashboard
          </a>
        </nav>
      </div>
    </>
  );
}
