/**
 * The one route table of the SPA. Every page is its own lazily loaded chunk, so a public page
 * never downloads admin code (or Amplify, which only the auth flow imports).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

const HomePage = lazy(() => import('./pages/HomePage'));
const LanguagesPage = lazy(() => import('./pages/LanguagesPage'));
const AuthPage = lazy(() => import('./pages/AuthPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
const AdminApp = lazy(() => import('./admin/AdminApp'));

export interface AppRoute {
  path: string;
  Component: LazyExoticComponent<ComponentType>;
}

/** Pages inside the public layout (header, footer). Order matters only for readability: the router ranks paths. */
export const siteRoutes: AppRoute[] = [
  { path: '/', Component: HomePage },
  { path: '/languages', Component: LanguagesPage },
  { path: '/auth', Component: AuthPage },
  { path: '/admin/*', Component: AdminApp },
  { path: '*', Component: NotFoundPage },
];
