/**
 * Sticky site header: Home, Languages, Download App, Blog, and 'Admin Dashboard' for admins only.
 * Turns translucent with a shadow once the page scrolls past 10 px. Under 768 px it is a top bar
 * with the logo and a slide-out menu (the bottom tab bar does the rest).
 */
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { NavigationRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { ButtonLink } from '../components/ButtonLink';
import { MenuDrawer, useMenu, useMenuDrawerStyles } from '../components/MenuDrawer';
import { config } from '../config';
import { PAGE_WIDTH } from '../theme/styles';
import { SiteLogo } from './branding';

export const NAV = [
  { to: '/', label: 'Home' },
  { to: '/languages', label: 'Languages' },
  { to: '/download', label: 'Download App' },
  { to: '/blog', label: 'Blog' },
];

const useStyles = makeStyles({
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 10,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    transitionProperty: 'background-color, box-shadow',
    transitionDuration: tokens.durationNormal,
  },
  scrolled: {
    backgroundColor: 'rgba(255, 255, 255, 0.85)',
    backdropFilter: 'blur(8px)',
    boxShadow: tokens.shadow8,
  },
  inner: {
    maxWidth: PAGE_WIDTH,
    margin: '0 auto',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    minHeight: '56px',
    boxSizing: 'border-box',
  },
  brand: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase500,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    marginRight: 'auto',
  },
  logo: { height: '32px', width: 'auto', maxWidth: '120px', objectFit: 'contain' },
  nav: {
    display: 'flex',
    gap: tokens.spacingHorizontalXS,
    '@media (max-width: 767px)': { display: 'none' },
  },
  link: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    textDecoration: 'none',
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorNeutralForeground1 },
  },
  active: { color: tokens.colorBrandForeground2, backgroundColor: tokens.colorBrandBackground2 },
  desktopOnly: { '@media (max-width: 767px)': { display: 'none' } },
  mobileOnly: { '@media (min-width: 768px)': { display: 'none' } },
  drawerAdmin: { marginTop: tokens.spacingVerticalL, minHeight: '44px' },
});

export function Header() {
  const s = useStyles();
  const m = useMenuDrawerStyles();
  const { isAdmin } = useAuth();
  const [scrolled, setScrolled] = useState(false);
  const menu = useMenu();
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 10);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  const product = config().productName;

  return (
    <header className={mergeClasses(s.header, scrolled && s.scrolled)} data-scrolled={scrolled || undefined}>
      <div className={s.inner}>
        <NavLink to="/" className={s.brand} aria-label={`${product} home`}>
          <SiteLogo className={s.logo} />
          <span>{product}</span>
        </NavLink>
        <nav aria-label="Main" className={s.nav}>
          {NAV.map((n) => (
            <NavLink key={n.to} to={n.to} end={n.to === '/'} className={({ isActive }) => mergeClasses(s.link, isActive && s.active)}>
              {n.label}
            </NavLink>
          ))}
        </nav>
        {isAdmin && (
          <ButtonLink to="/admin" appearance="primary" className={s.desktopOnly}>
            Admin Dashboard
          </ButtonLink>
        )}
        <Button
          className={s.mobileOnly}
          appearance="subtle"
          size="large"
          icon={<NavigationRegular />}
          aria-label="Open menu"
          aria-expanded={menu.open}
          onClick={menu.show}
        />
      </div>
      <MenuDrawer menu={menu} position="end" label="Menu" title={product} navLabel="Mobile">
        {NAV.map((n) => (
          <NavLink key={n.to} to={n.to} end={n.to === '/'} className={({ isActive }) => mergeClasses(m.link, isActive && s.active)}>
            {n.label}
          </NavLink>
        ))}
        <NavLink to="/faq" className={({ isActive }) => mergeClasses(m.link, isActive && s.active)}>
          FAQ
        </NavLink>
        <NavLink to="/support" className={({ isActive }) => mergeClasses(m.link, isActive && s.active)}>
          Support
        </NavLink>
        {isAdmin && (
          <ButtonLink to="/admin" appearance="primary" className={s.drawerAdmin}>
            Admin Dashboard
          </ButtonLink>
        )}
      </MenuDrawer>
    </header>
  );
}
