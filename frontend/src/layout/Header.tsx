/**
 * Sticky site header: Home, Languages, Download App, Blog, and 'Admin Dashboard' for admins only.
 * Turns translucent with a shadow once the page scrolls past 10 px. Under 768 px it is a top bar
 * with the logo and a slide-out menu (the bottom tab bar does the rest).
 */
import { Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, makeStyles, mergeClasses, OverlayDrawer, tokens } from '@fluentui/react-components';
import { DismissRegular, NavigationRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { ButtonLink } from '../components/ButtonLink';
import { config } from '../config';
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
    maxWidth: '1200px',
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
  drawerNav: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  // The drawer is portalled outside #root, so index.html's phone touch-target rule does not reach it: 44 px here.
  drawerLink: {
    display: 'flex',
    alignItems: 'center',
    minHeight: '44px',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  drawerAdmin: { marginTop: tokens.spacingVerticalL, minHeight: '44px' },
  drawerClose: { minWidth: '44px', minHeight: '44px' },
});

export function Header() {
  const s = useStyles();
  const { isAdmin } = useAuth();
  const { pathname } = useLocation();
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  // The drawer mounts on first use: a mounted Fluent Dialog/Drawer (open or not) turns on Tabster's
  // modalizer, which puts aria-hidden yet focusable sentinels around the page (axe and Lighthouse:
  // aria-hidden-focus on every page). Once opened it stays mounted, for its closing animation.
  const [menuUsed, setMenuUsed] = useState(false);
  const openMenu = () => {
    setMenuUsed(true);
    setMenuOpen(true);
  };
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 10);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useEffect(() => setMenuOpen(false), [pathname]);
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
          aria-expanded={menuOpen}
          onClick={openMenu}
        />
      </div>
      {menuUsed && (
        <OverlayDrawer position="end" open={menuOpen} onOpenChange={(_, d) => setMenuOpen(d.open)} aria-label="Menu">
          <DrawerHeader>
            <DrawerHeaderTitle
              action={
                <Button appearance="subtle" aria-label="Close menu" icon={<DismissRegular />} className={s.drawerClose} onClick={() => setMenuOpen(false)} />
              }
            >
              {product}
            </DrawerHeaderTitle>
          </DrawerHeader>
          <DrawerBody>
            <nav aria-label="Mobile" className={s.drawerNav}>
              {NAV.map((n) => (
                <NavLink key={n.to} to={n.to} end={n.to === '/'} className={({ isActive }) => mergeClasses(s.drawerLink, isActive && s.active)}>
                  {n.label}
                </NavLink>
              ))}
              <NavLink to="/faq" className={({ isActive }) => mergeClasses(s.drawerLink, isActive && s.active)}>
                FAQ
              </NavLink>
              <NavLink to="/support" className={({ isActive }) => mergeClasses(s.drawerLink, isActive && s.active)}>
                Support
              </NavLink>
              {isAdmin && (
                <ButtonLink to="/admin" appearance="primary" className={s.drawerAdmin}>
                  Admin Dashboard
                </ButtonLink>
              )}
            </nav>
          </DrawerBody>
        </OverlayDrawer>
      )}
    </header>
  );
}
