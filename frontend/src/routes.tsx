/**
 * The one route table of the SPA. Every page is its own lazily loaded chunk, so a public page
 * never downloads admin code (or Amplify, which only the auth flow imports).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface AppRoute {
  path: string;
  Component: LazyExoticComponent<ComponentType>;
}

/** Pages inside the public layout (header, footer). The router ranks static segments above :params. */
export const siteRoutes: AppRoute[] = [
  { path: '/', Component: lazy(() => import('./pages/HomePage')) },
  { path: '/languages', Component: lazy(() => import('./pages/LanguagesPage')) },
  { path: '/locked-content', Component: lazy(() => import('./pages/LockedContentPage')) },
  { path: '/download', Component: lazy(() => import('./pages/DownloadPage')) },
  { path: '/blog', Component: lazy(() => import('./pages/blog/BlogListPage')) },
  { path: '/blog/:slug', Component: lazy(() => import('./pages/blog/BlogPostPage')) },
  { path: '/faq', Component: lazy(() => import('./pages/FaqPage')) },
  { path: '/support', Component: lazy(() => import('./pages/SupportPage')) },
  { path: '/privacy-policy', Component: lazy(() => import('./pages/PrivacyPolicyPage')) },
  { path: '/terms-of-use', Component: lazy(() => import('./pages/TermsOfUsePage')) },
  { path: '/profile', Component: lazy(() => import('./pages/ProfilePage')) },
  { path: '/auth', Component: lazy(() => import('./pages/AuthPage')) },
  { path: '/admin/*', Component: lazy(() => import('./admin/AdminApp')) },
  { path: '/:language', Component: lazy(() => import('./pages/course/LanguagePage')) },
  { path: '/:language/:level', Component: lazy(() => import('./pages/course/LevelPage')) },
  { path: '/:language/:level/:lesson', Component: lazy(() => import('./pages/course/LessonPage')) },
  { path: '*', Component: lazy(() => import('./pages/NotFoundPage')) },
];
