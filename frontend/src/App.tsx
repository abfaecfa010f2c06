/**
 * The site's React tree: on the server the public pages (StaticRouter at `location`, a per-request
 * SWR cache), in the browser the back office, sign-in and profile (BrowserRouter, SWR's global
 * cache, which the admin screens mutate). A public path reached inside the app is loaded as a page.
 */
import { FluentProvider, makeStyles, Spinner } from '@fluentui/react-components';
import { Suspense, use, useEffect } from 'react';
import { BrowserRouter, Route, Routes, StaticRouter, useLocation } from 'react-router-dom';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { AdminFrameSkeleton } from './components/AdminFrameSkeleton';
import { AuthProvider } from './auth/AuthContext';
import { NotifyProvider } from './components/notify';
import { config } from './config';
import { SiteLayout } from './layout/SiteLayout';
import { loadPage, siteRoutes, type AppRoute } from './routes';
import { theme } from './theme/theme';

const useStyles = makeStyles({ fallback: { padding: '64px 0' } });

function PageFallback() {
  return <Spinner className={useStyles().fallback} label="Loading..." />;
}

function Page({ page }: { page: string }) {
  const { default: Component } = use(loadPage(page));
  return <Component />;
}

/** Where this document was loaded: the app's own first page. */
const openedAt = typeof window === 'undefined' ? '' : window.location.pathname;

/**
 * A public page opened from inside the app (a link in the back office): the server's page replaces
 * this entry. The document's own path never is one (the server renders those), except on Vite's
 * dev server, which serves this app everywhere: public pages are the twin's there.
 */
function ServerPage() {
  const { pathname, search, hash } = useLocation();
  const own = pathname === openedAt;
  useEffect(() => {
    if (!own) window.location.replace(pathname + search + hash);
  }, [own, pathname, search, hash]);
  return own ? <p>Public pages are rendered by the server: open this path on the local twin's address.</p> : <PageFallback />;
}

const here = (r: AppRoute) => r.ssr === import.meta.env.SSR;
const pageRoute = (r: AppRoute) => (
  <Route
    key={r.path}
    path={r.path}
    element={
      here(r) ? (
        <Suspense fallback={r.ownLayout ? <AdminFrameSkeleton productName={config().productName} /> : <PageFallback />}>
          <Page page={r.page} />
        </Suspense>
      ) : (
        <ServerPage />
      )
    }
  />
);

export function App({ location, swr }: { location?: string; swr?: SWRConfiguration }) {
  // The back office has its own frame; every other page sits in the public one.
  const routes = (
    <Routes>
      {siteRoutes.filter((r) => r.ownLayout).map(pageRoute)}
      <Route element={<SiteLayout />}>{siteRoutes.filter((r) => !r.ownLayout).map(pageRoute)}</Route>
    </Routes>
  );
  return (
    <FluentProvider theme={theme}>
      <SWRConfig value={{ revalidateOnFocus: true, errorRetryCount: 3, ...swr }}>
        <NotifyProvider>
          <AuthProvider>
            {location === undefined ? <BrowserRouter>{routes}</BrowserRouter> : <StaticRouter location={location}>{routes}</StaticRouter>}
          </AuthProvider>
        </NotifyProvider>
      </SWRConfig>
    </FluentProvider>
  );
}
