/**
 * Public page frame: header, main content, footer; under 768 px a bottom dock with the promo bar
 * (not on /download, until dismissed) and the tab bar. Also: scroll to top and document title on
 * every route change, the settings favicon, analytics page views and the cookie banner.
 */
import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { Outlet, useLocation } from 'react-router-dom';
import { useAnalytics } from '../analytics/useAnalytics';
import { PageFrame } from '../components/PageFrame';
import { useFavicon } from './branding';
import { CookieConsent } from './CookieConsent';
import { Footer } from './Footer';
import { Header } from './Header';
import { MobileTabBar } from './MobileTabBar';
import { PromoBar, usePromoDismissed } from './PromoBar';
import { useRouteChrome } from './useDocumentTitle';

const TAB_BAR = 57;
const PROMO = 49;

const useStyles = makeStyles({
  // Room for the mobile dock (tab bar), always there on the public site.
  shell: { '@media (max-width: 767px)': { paddingBottom: `${TAB_BAR}px` } },
  withPromo: { '@media (max-width: 767px)': { paddingBottom: `${TAB_BAR + PROMO}px` } },
  dock: { position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 9, '@media (min-width: 768px)': { display: 'none' } },
});

export function SiteLayout() {
  const s = useStyles();
  const { pathname } = useLocation();
  useRouteChrome();
  useFavicon();
  useAnalytics();
  const [promoDismissed, dismissPromo] = usePromoDismissed();
  // The back office has a layout of its own (admin/layout/AdminLayout.tsx): this one is the public site's.
  const showPromo = !promoDismissed && pathname !== '/download';
  return (
    <PageFrame
      header={<Header />}
      className={mergeClasses(s.shell, showPromo && s.withPromo)}
      after={
        <>
          <Footer />
          <div className={s.dock}>
            {showPromo && <PromoBar onDismiss={dismissPromo} />}
            <MobileTabBar />
          </div>
          <CookieConsent />
        </>
      }
    >
      <Outlet />
    </PageFrame>
  );
}
