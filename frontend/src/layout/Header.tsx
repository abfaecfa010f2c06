/**
 * Sticky site header: Home, Languages, Download App, Blog, and 'Admin Dashboard' for admins only.
 * Turns translucent with a shadow once the page scrolls past 10 px. Under 768 px the links move
 * into a menu.
 */
import { Button, makeStyles, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, mergeClasses, tokens } from '@fluentui/react-components';
import { NavigationRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { ButtonLink } from '../components/ButtonLink';
import { config } from '../config';

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
  logo: { width: '32px', height: '32px' },
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
});

export function Header() {
  const s = useStyles();
  const { isAdmin } = useAuth();
  const navigate = useNavigate();
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 10);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <header className={mergeClasses(s.header, scrolled && s.scrolled)}>
      <div className={s.inner}>
        <NavLink to="/" className={s.brand} aria-label={`${config().productName} home`}>
          <img src="/favicon.svg" alt="" className={s.logo} />
          <span>{config().productName}</span>
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
        <div className={s.mobileOnly}>
          <Menu>
            <MenuTrigger disableButtonEnhancement>
              <Button appearance="subtle" icon={<NavigationRegular />} aria-label="Open menu" />
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                {NAV.map((n) => (
                  <MenuItem key={n.to} onClick={() => navigate(n.to)}>
                    {n.label}
                  </MenuItem>
                ))}
                {isAdmin && <MenuItem onClick={() => navigate('/admin')}>Admin Dashboard</MenuItem>}
              </MenuList>
            </MenuPopover>
          </Menu>
        </div>
      </div>
    </header>
  );
}
