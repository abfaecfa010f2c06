/**
 * Cookie-consent banner at the bottom while no choice is stored: 'Accept all' stores
 * 'all' (analytics allowed), 'Essential only' stores 'essential'. Not shown on /auth (nor in /admin,
 * which has its own layout). The HTML is the same for everyone: the buttons store the choice and
 * mark <html> (islands/instant.ts), the head script marks it on later pages before they paint, and
 * CSS hides the banner then, and in a browser without script (nothing is tracked there).
 */
import { Body1, Button, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { PROSE_LINK } from '../theme/styles';
import { Link, useLocation } from 'react-router-dom';
import { PROMO_DISMISSED_ATTR } from '@shared/head-script';
import { pages } from '@shared/urls';
import { DOCK } from './dock';
import { SITE, attr } from '@shared/markup';

const useStyles = makeStyles({
  banner: {
    position: 'fixed',
    left: tokens.spacingHorizontalL,
    right: tokens.spacingHorizontalL,
    bottom: tokens.spacingVerticalL,
    zIndex: 30,
    maxWidth: '960px',
    margin: '0 auto',
    '& a:not([class])': PROSE_LINK,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow28,
    '@media (max-width: 767px)': {
      flexDirection: 'column',
      alignItems: 'stretch',
      left: tokens.spacingHorizontalS,
      right: tokens.spacingHorizontalS,
      // Above the dock, so its links stay in sight and reachable (WCAG 2.4.11: focus not obscured).
      bottom: `calc(${DOCK.tabBar + DOCK.promo}px + ${tokens.spacingVerticalS})`,
      maxHeight: `calc(100dvh - ${DOCK.tabBar + DOCK.promo + 80}px)`,
      overflowY: 'auto',
      [`:global(html[${PROMO_DISMISSED_ATTR}])`]: { bottom: `calc(${DOCK.tabBar}px + ${tokens.spacingVerticalS})` },
    },
  },
  text: { flex: 1, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, '& h1, & h2, & h3, & p': { margin: 0 } },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexShrink: 0, '@media (max-width: 767px)': { '& > *': { flex: 1 } } },
});

export function CookieConsent() {
  const s = useStyles();
  const { pathname } = useLocation();
  // The question belongs to the public site: the admin sign-in stays uncovered (the back office has its own layout).
  if (pathname === pages.auth) return null;
  return (
    <section className={s.banner} aria-labelledby="cookie-title" data-cookie-banner>
      <div className={s.text}>
        <Subtitle2 as="h2" id="cookie-title">
          Cookies on this site
        </Subtitle2>
        <Body1>
          We use essential storage to run the site. With your permission we also count page visits to improve it; nothing is shared with third parties.{' '}
          <Link to={pages.privacyPolicy}>Privacy Policy</Link>
        </Body1>
      </div>
      <div className={s.actions}>
        <Button appearance="secondary" {...attr(SITE.consentChoice, 'essential')}>
          Essential only
        </Button>
        <Button appearance="primary" {...attr(SITE.consentChoice, 'all')}>
          Accept all
        </Button>
      </div>
    </section>
  );
}
