import { FluentProvider, makeStyles, Spinner } from '@fluentui/react-components';
import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { AuthProvider } from './auth/AuthContext';
import { NotifyProvider } from './components/notify';
import { SiteLayout } from './layout/SiteLayout';
import { siteRoutes } from './routes';
import { theme } from './theme/theme';

const useStyles = makeStyles({ fallback: { padding: '64px 0' } });

function PageFallback() {
  return <Spinner className={useStyles().fallback} label="Loading..." />;
}

export function App() {
  return (
    <FluentProvider theme={theme}>
      <SWRConfig value={{ revalidateOnFocus: true, errorRetryCount: 3 }}>
        <NotifyProvider>
          <AuthProvider>
            <BrowserRouter>
              <Routes>
                <Route element={<SiteLayout />}>
                  {siteRoutes.map(({ path, Component }) => (
                    <Route
                      key={path}
                      path={path}
                      element={
                        <Suspense fallback={<PageFallback />}>
                          <Component />
                        </Suspense>
                      }
                    />
                  ))}
                </Route>
              </Routes>
            </BrowserRouter>
          </AuthProvider>
        </NotifyProvider>
      </SWRConfig>
    </FluentProvider>
  );
}
