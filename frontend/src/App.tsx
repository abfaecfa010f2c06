/**
 * The whole site, rendered the same way on the server (StaticRouter at `location`, a per-request SWR
 * cache) and in the browser (BrowserRouter, SWR's global cache, which the admin screens mutate).
 */
import { FluentProvider, makeStyles, Spinner } from '@fluentui/react-components';
import { Suspense, use, useEffect } from 'react';
import { BrowserRouter, Route, Routes, StaticRouter } from 'react-router-dom';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { AuthProvider } from './auth/AuthContext';
import { HYDRATED_EVENT } from './ssr/hydrated';
import { NotifyProvider } from './components/notify';
import { SiteLayout } from './layout/SiteLayout';
import { loadPage, siteRoutes, type AppRoute } from './routes';
import { theme } from './theme/theme';

const useStyles = makeStyles({ fallback: { padding: '64px 0' } });

function PageFallback() {
  return <Spinner className={useStyles().fallback} label="Loading..." />;
}

function Page({ page }: { page: string }) {
  const { default: Component } = use(loadPage(page));
  // The page (inside its own Suspense boundary) is live: boot.ts replays a click held until now;
  // the attribute says so to anything outside (tests, extensions).
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '');
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return <Component />;
}

const pageRoute = ({ path, page }: AppRoute) => (
  <Route
    key={path}
    path={path}
    element={
      <Suspense fallback={<PageFallback />}>
        <Page page={page} />
      </Suspense>
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
