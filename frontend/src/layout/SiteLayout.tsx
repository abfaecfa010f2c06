/**
 * Public page frame: header, main content, footer; under 768 px a bottom dock with the promo bar
 * (not on /download, until dismissed) and the tab bar; the cookie banner. Rendered by the server
 * for public pages, and by the app for sign-in and profile (which also keeps their title, favicon
 * and analytics page views as it moves between them).
 */
import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { PROMO_DISMISSED_ATTR } from '@shared/head-script';
import { Outlet, useLocation } from 'react-router-dom';
import { useAnalytics } from '../analytics/useAnalytics';
import { PageFrame } from '../components/PageFrame';
import { useFavicon } from './branding';
import { CookieConsent } from './CookieConsent';
import { DOCK } from './dock';
import { Footer } from './Footer';
import { Header } from './Header';
import { MobileTabBar } from './MobileTabBar';
import { PromoBar } from './PromoBar';
import { Toast } from './Toast';
import { SUPPORT_TOAST_TEXT } from '@shared/contracts/support';
import { usePostedForm } from '../ssr/posted';
import { useRouteChrome } from './useDocumentTitle';
import { pages } from '@shared/urls';

const { tabBar: TAB_BAR, promo: PROMO } = DOCK;

const useStyles = makeStyles({
  // Room for the mobile dock (tab bar), always there on the public site.
  shell: { '@media (max-width: 767px)': { paddingBottom: `${TAB_BAR}px` } },
  // Until the visitor dismisses the bar (the head script or the dismiss button marks <html>).
  withPromo: {
    '@media (max-width: 767px)': { paddingBottom: `${TAB_BAR + PROMO}px` },
    [`:global(html[${PROMO_DISMISSED_ATTR}])`]: { '@media (max-width: 767px)': { paddingBottom: `${TAB_BAR}px` } },
  },
  dock: { position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 9, '@media (min-width: 768px)': { display: 'none' } },
});

export function SiteLayout() {
  const s = useStyles();
  const { pathname } = useLocation();
  const posted = usePostedForm();
  useRouteChrome();
  useFavicon();
  useAnalytics();
  // The back office has a layout of its own (admin/layout/AdminLayout.tsx): this one is the public site's.
  const showPromo = pathname !== pages.download;
  return (
    <PageFrame
      header={<Header />}
      className={mergeClasses(s.shell, showPromo && s.withPromo)}
      after={
        <>
          <Footer />
          <div className={s.dock}>
            {showPromo && <PromoBar />}
            <MobileTabBar />
          </div>
          <CookieConsent />
          <Toast initial={posted?.result?.ok === false ? { title: SUPPORT_TOAST_TEXT, intent: 'error' } : undefined} />
        </>
      }
    >
      <Outlet />
    </PageFrame>
  );
}
