/**
 * The one route table of the site, read by the server renderer (public pages) and by the back
 * office app in the browser (react-router: /admin, /auth, /profile; any other path it opens as a
 * page of its own, from the server). Each page is its own module, so neither side bundles the
 * other's pages. For each public route it also says which API reads the page needs (the server
 * answers them in-process) and when the page lives elsewhere (a locked level or lesson).
 */
import type { ComponentType } from 'react';
import type { Params } from 'react-router-dom';
import { okBody, type ApiAnswer } from '@shared/render';
import type { LessonPage, LevelPage } from '@shared/contracts/pages';
import { keys } from './api/keys';
import { pages } from '@shared/urls';

type PageModule = { default: ComponentType };
// The server renders public pages only: its bundle leaves out the back office, sign-in and profile;
// the app in the browser holds those three and no public page (public pages are never hydrated).
// Partial: a route may name a file the glob did not match (route() checks at startup).
const modules: Partial<Record<string, () => Promise<PageModule>>> = import.meta.env.SSR
  ? import.meta.glob<PageModule>(['./pages/**/*Page.tsx', './practice/*Page.tsx', '!./pages/AuthPage.tsx', '!./pages/ProfilePage.tsx'])
  : import.meta.glob<PageModule>(['./pages/AuthPage.tsx', './pages/ProfilePage.tsx', './admin/AdminApp.tsx']);

export interface AppRoute {
  path: string;
  /** The page module, a key of `modules` (its file, relative to src/). */
  page: string;
  /** Rendered on the server and cached by the CDN: the same HTML for every visitor. */
  ssr: boolean;
  /** API paths the page reads, besides the site settings every page reads. */
  data?: (params: Params, search: URLSearchParams) => (string | null)[];
  /** The page shows today's date (kept by the CDN only until midnight UTC). */
  daily?: boolean;
  /** Where the page lives instead, given its answers (a locked level or lesson). */
  redirect?: (params: Params, answers: Record<string, ApiAnswer>) => string | undefined;
  /** A 400 read is the visitor's own input (a search's query): the page shows the field error, with status 400. */
  badInput?: boolean;
  /** Search engines do not list it (the head says noindex). */
  noindex?: boolean;
  /** The page draws its own frame (the back office): rendered outside the public layout. */
  ownLayout?: boolean;
}

const p = (params: Params) => ({ language: params.language ?? '', level: params.level ?? '', lesson: params.lesson ?? '' });

const route = (path: string, page: string, rest: Partial<AppRoute> = {}): AppRoute => {
  const r = { path, page, ssr: true, ...rest };
  if (!modules[page] && r.ssr === import.meta.env.SSR) throw new Error(`Route ${path}: no page module ${page}`);
  return r;
};

/** A lesson's page and its practice page: the lesson's one API read; a locked lesson or level lives on the locked-content screen. */
const lessonRoute: Partial<AppRoute> = {
  data: (params) => [keys.lessonPage(p(params).language, p(params).level, p(params).lesson)],
  redirect: (params, answers) => {
    const { language, level, lesson } = p(params);
    const page = okBody(answers, keys.lessonPage(language, level, lesson)) as LessonPage | undefined;
    if (page?.lesson.is_locked) return pages.lockedLesson(language, level, lesson);
    return page?.level.is_locked ? pages.lockedLevel(language, level) : undefined;
  },
};

/** Every page; all but `ownLayout` ones sit inside the public layout (header, footer). The router ranks static segments above :params. */
export const siteRoutes: AppRoute[] = [
  route('/', './pages/HomePage.tsx', { data: () => [keys.languages, keys.posts(3)] }),
  route('/languages', './pages/LanguagesPage.tsx', { data: () => [keys.languages] }),
  route('/locked-content', './pages/LockedContentPage.tsx', { data: (_, search) => [keys.locked(search)] }),
  route('/download', './pages/DownloadPage.tsx'),
  // The public search (issue 33): answered by the server for any query; never stored by the CDN.
  route('/search', './pages/SearchPage.tsx', { data: (_, search) => [keys.search(search)], badInput: true, noindex: true }),
  route('/blog', './pages/blog/BlogListPage.tsx', { data: () => [keys.posts()] }),
  route('/blog/:slug', './pages/blog/BlogPostPage.tsx', { data: (params) => [keys.post(params.slug ?? '')] }),
  route('/faq', './pages/FaqPage.tsx'),
  route('/support', './pages/SupportPage.tsx'),
  route('/privacy-policy', './pages/PrivacyPolicyPage.tsx', { daily: true }),
  route('/terms-of-use', './pages/TermsOfUsePage.tsx', { daily: true }),
  // Spaced review: the cards are on the device, so the server sends the same shell to everyone.
  route('/review', './practice/ReviewPage.tsx'),
  // Offline lessons (issue 22): the downloads are on the device, so the same shell for everyone.
  route('/offline', './pages/OfflinePage.tsx'),
  route('/profile', './pages/ProfilePage.tsx', { ssr: false }),
  route('/auth', './pages/AuthPage.tsx', { ssr: false }),
  route('/admin/*', './admin/AdminApp.tsx', { ssr: false, ownLayout: true }),
  route('/:language', './pages/course/LanguagePage.tsx', { data: (params) => [keys.languagePage(p(params).language)] }),
  route('/:language/:level', './pages/course/LevelPage.tsx', {
    data: (params) => [keys.levelPage(p(params).language, p(params).level)],
    redirect: (params, answers) => {
      const { language, level } = p(params);
      return (okBody(answers, keys.levelPage(language, level)) as LevelPage | undefined)?.level.is_locked ? pages.lockedLevel(language, level) : undefined;
    },
  }),
  route('/:language/:level/:lesson', './pages/course/LessonPage.tsx', lessonRoute),
  // Practising a lesson: the lesson page's one request, and its redirect while locked.
  route('/:language/:level/:lesson/practice', './practice/PracticePage.tsx', lessonRoute),
  route('*', './pages/NotFoundPage.tsx'),
];

/** The not-found route: its page answers with status 404. */
export const NOT_FOUND_PATH = '*';

/** A promise React's `use()` can read at once once it is marked fulfilled. */
type TrackedPromise = Promise<PageModule> & { status?: 'fulfilled'; value?: PageModule };
const loaded = new Map<string, TrackedPromise>();

/**
 * A page module's promise, marked fulfilled once it resolves: React's `use()` then returns it at
 * once, so a page preloaded before hydration renders without suspending (no fallback flash).
 */
export function loadPage(page: string): Promise<PageModule> {
  const cached = loaded.get(page);
  if (cached) return cached;
  const load = modules[page];
  if (!load) throw new Error(`No page module ${page}`);
  const promise: TrackedPromise = load().then((m) => {
    promise.status = 'fulfilled';
    promise.value = m;
    return m;
  });
  loaded.set(page, promise);
  return promise;
}
