/**
 * Sticky site header: Home, Languages, Download App, Blog, and 'Admin Dashboard' for admins only.
 * Turns translucent with a shadow once the page scrolls past 10 px. Under 768 px it is a top bar
 * with the logo and a slide-out menu (SiteMenu; the bottom tab bar does the rest).
 */
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowRepeatAllRegular } from '@fluentui/react-icons';
import { NavLink } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { config } from '../config';
import { PAGE_WIDTH } from '../theme/styles';
import { SiteLogo } from './branding';
import { NAV } from './nav';
import { SearchBox } from './SearchBox';
import { SiteMenu } from './SiteMenu';
import { pages } from '@shared/urls';
import { SITE, attr, sel } from '@shared/markup';

const useStyles = makeStyles({
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 10,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    transitionProperty: 'background-color, box-shadow',
    transitionDuration: tokens.durationNormal,
    // Set by the page's script once it scrolls past 10 px (islands/instant.ts).
    [`&${sel(SITE.scrolled)}`]: {
      backgroundColor: 'rgba(255, 255, 255, 0.85)',
      backdropFilter: 'blur(8px)',
      boxShadow: tokens.shadow8,
    },
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
  review: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minHeight: '44px', boxSizing: 'border-box' },
  reviewIcon: { fontSize: '20px' },
});

export function Header() {
  const s = useStyles();
  const { role } = useAuth();
  const product = config().productName;
  // The server renders the 'Admin Dashboard' links hidden (the cached page is the same for
  // everyone); a signed-in admin's or editor's page shows them (islands/visitor.ts), as the app does here.
  const admin = { hidden: role.role === 'learner', ...attr(SITE.adminOnly) };
  return (
    <header className={s.header} {...attr(SITE.header)}>
      <div className={s.inner}>
        <NavLink to={pages.home} className={s.brand} aria-label={`${product} home`}>
          <SiteLogo className={s.logo} />
          <span>{product}</span>
        </NavLink>
        <nav aria-label="Main" className={s.nav}>
          {NAV.map((n) => (
            <NavLink key={n.to} to={n.to} end={n.to === pages.home} className={({ isActive }) => mergeClasses(s.link, isActive && s.active)}>
              {n.label}
            </NavLink>
          ))}
        </nav>
        {/* Search (issue 33): a GET form to /search; on phones the menu's link to that page. */}
        <SearchBox />
        {/* Spaced review (issue 21): beside the other links, on phones too. */}
        <NavLink to={pages.review} className={({ isActive }) => mergeClasses(s.link, s.review, isActive && s.active)}>
          <ArrowRepeatAllRegular aria-hidden className={s.reviewIcon} />
          Review
        </NavLink>
        {/* A wrapper, so its phone rule is not outweighed by the button's own display. */}
        <span className={s.desktopOnly} {...admin}>
          <Button as="a" href={pages.admin} appearance="primary">
            Admin Dashboard
          </Button>
        </span>
        <SiteMenu title={product} activeClassName={s.active} admin={admin} />
      </div>
    </header>
  );
}
