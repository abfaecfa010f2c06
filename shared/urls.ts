/**
 * Every URL of the site, built here and nowhere else: the public pages (the frontend's route table,
 * frontend/src/routes.tsx) and the API (the route table, functions/routes.ts). The frontend's links,
 * API calls and SWR keys, the CDN invalidation paths, the sitemap and feed, the SEO head tags and
 * the tests all take their URLs from here, so a page is always named the same way: the browser
 * requests it, the CDN caches and invalidates it, and the crawlers list it under one spelling.
 * tests/unit/urls.test.ts checks each builder against both route tables.
 *
 * One encoding rule: every value put into a path is one segment, encoded by `seg()`:
 * encodeURIComponent (so `/`, `?`, `#`, `%`, spaces and every non-ASCII character become UTF-8
 * `%XX`: `español` is `espa%C3%B1ol`, as browsers send it), and also `*` (`%2A`: a CloudFront
 * invalidation path would read it as a wildcard) and a segment made only of dots (`.`, `..` become
 * `%2E`, `%2E%2E`: the path never holds a literal dot segment). The router decodes each segment
 * once (functions/routes.ts `matchRoute`), so any value comes back intact. Browsers still resolve
 * `%2E%2E` as `..` (WHATWG URL), which is why course ids and slugs are checked never to be one.
 * Query strings are built by URLSearchParams (form encoding: a space is `+`).
 *
 * Page paths start at the site's root (`/spanish/a1`). API paths start at the API's base
 * (`/languages`, what the frontend's `apiFetch` and its SWR keys take); `apiPath()` puts `/api` in
 * front for everything that names the full path (CDN paths, tests). `siteUrl()` makes either absolute.
 */

/** One path segment (see the rule above). */
export function seg(value: string): string {
  if (/^\.+$/.test(value)) return value.replace(/\./g, '%2E');
  return encodeURIComponent(value).replace(/\*/g, '%2A');
}

type QueryParams = Readonly<Record<string, string | number | boolean | undefined>>;

/** `?a=1&b=2` from the params given, in their order (undefined and '' left out, 0 and false kept), or '' when none is left. */
export function query(params: QueryParams): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** `path` with more params on its query (`/admin/blog?q=x` + cursor → `/admin/blog?q=x&cursor=...`). */
export function withQuery(path: string, params: QueryParams): string {
  const q = query(params);
  return q ? `${path}${path.includes('?') ? '&' : '?'}${q.slice(1)}` : path;
}

/** `/a/b/c` from raw values, each encoded as one segment. */
const path = (...values: string[]) => `/${values.map(seg).join('/')}`;

/** A lesson as the course names it (ids, not encoded). */
export interface LessonIds {
  language_id: string;
  level_id: string;
  lesson_id: string;
}

// ---- Public pages -----------------------------------------------------------------------------

export const pages = {
  home: '/',
  languages: '/languages',
  download: '/download',
  blog: '/blog',
  faq: '/faq',
  support: '/support',
  privacyPolicy: '/privacy-policy',
  termsOfUse: '/terms-of-use',
  review: '/review',
  offline: '/offline',
  profile: '/profile',
  auth: '/auth',
  admin: '/admin',
  lockedContent: '/locked-content',
  /** The public search; the header's box is a GET form to it. */
  search: '/search',
  /** Its answer to `q`, optionally in one `language`. */
  searchFor: (q: string, language?: string) => `/search${query({ q, language })}`,
  robots: '/robots.txt',
  sitemap: '/sitemap.xml',
  rss: '/blog/rss.xml',
  language: (language: string) => path(language),
  level: (language: string, level: string) => path(language, level),
  lesson: (language: string, level: string, lesson: string) => path(language, level, lesson),
  /** The lesson's practice page. */
  practice: (language: string, level: string, lesson: string) => `${path(language, level, lesson)}/practice`,
  /** A post's stored `lesson_path` (`language/level/lesson`, raw ids) as its lesson's page. */
  lessonAt: (lessonPath: string) => path(...lessonPath.split('/')),
  post: (slug: string) => `/blog/${seg(slug)}`,
  /** A preview link: an item's page with its drafts shown, for whoever holds the secret. */
  preview: (secret: string) => path('preview', secret),
  /** Where a locked level sends the visitor: the locked-content screen, told which item it is. */
  lockedLevel: (language: string, level: string) => `/locked-content${query({ type: 'level', id: level, languageId: language })}`,
  lockedLesson: (language: string, level: string, lesson: string) =>
    `/locked-content${query({ type: 'lesson', id: lesson, languageId: language, levelId: level })}`,
};

// ---- The API ----------------------------------------------------------------------------------

/** Where the API is served on the site (the public config's `apiBase`). */
export const API_BASE = '/api';

/** The full path of an API path: `/api/languages`. */
export const apiPath = (apiRelative: string) => `${API_BASE}${apiRelative}`;

/** The query of the locked-content screen, as `/pages/locked` takes it. */
export interface LockedQuery {
  type: 'level' | 'lesson';
  id: string;
  languageId: string;
  levelId?: string;
}

/** API paths below API_BASE, grouped as the route table is. */
export const api = {
  /** Review reminders (docs/learners.md "Reminders"). */
  reminders: '/reminders',
  reminder: (id: string) => `/reminders/${encodeURIComponent(id)}`,
  // Public reads (also the SWR keys of the public pages, and what the CDN caches).
  settings: '/settings',
  languages: '/languages',
  language: (id: string) => path('languages', id),
  posts: (limit?: number) => `/blog${query({ limit: limit || undefined })}`,
  post: (slug: string) => path('blog', slug),
  languagePage: (language: string) => path('pages', 'language', language),
  levelPage: (language: string, level: string) => path('pages', 'level', language, level),
  lessonPage: (language: string, level: string, lesson: string) => path('pages', 'lesson', language, level, lesson),
  locked: (q: LockedQuery) => `/pages/locked${query({ type: q.type, id: q.id, languageId: q.languageId, levelId: q.levelId })}`,
  /** The offline catalogue: everything published in the language. */
  catalogue: (language: string) => path('catalogue', language),
  /** A language's public search index (static: the CDN keeps it), and the search the /search page reads. */
  searchIndex: (language: string) => path('search-index', language),
  search: (q: string, language?: string) => `/search${query({ q, language })}`,
  support: '/support',
  analytics: '/analytics',
  openapi: '/openapi.json',

  // The course in the back office.
  adminLanguages: '/admin/languages',
  coverage: (language: string) => path('coverage', language),
  /** A language's hardest phrases; `level` and `lesson` narrow them. */
  hardest: (language: string, scope: { level?: string; lesson?: string } = {}) => `${path('coverage', language, 'hardest')}${query(scope)}`,
  levels: '/levels',
  levelsReorder: '/levels/reorder',
  level: (language: string, id: string) => path('levels', language, id),
  levelMove: (language: string, id: string) => `${path('levels', language, id)}/move`,
  levelLock: (language: string, id: string) => `${path('levels', language, id)}/lock`,
  lessons: '/lessons',
  lessonsNextOrder: '/lessons/next-order',
  lessonsReorder: '/lessons/reorder',
  lesson: (language: string, level: string, id: string) => path('lessons', language, level, id),
  lessonMove: (language: string, level: string, id: string) => `${path('lessons', language, level, id)}/move`,
  lessonLock: (language: string, level: string, id: string) => `${path('lessons', language, level, id)}/lock`,
  phrases: '/phrases',
  phraseCounts: '/phrases/counts',
  phraseGroup: '/phrases/group',
  phrase: (language: string, level: string, lesson: string, id: string) => path('phrases', language, level, lesson, id),
  /** A lesson's phrases as a draft: POST/PUT the draft, GET one lesson's. */
  phraseDraft: '/phrases/draft',
  lessonPhraseDraft: (language: string, level: string, lesson: string) => path('phrases', 'draft', language, level, lesson),
  uploads: '/media/uploads',
  tts: '/media/tts',
  /** A language's voices: read and save, 'Listen' samples, the regeneration after a change. */
  speech: (language: string) => path('speech', language),
  speechSample: (language: string) => `${path('speech', language)}/sample`,
  speechRegenerate: (language: string) => `${path('speech', language)}/regenerate`,
  pronunciations: (language: string) => `${path('speech', language)}/pronunciations`,
  speechPreview: (language: string) => `${path('speech', language)}/preview`,

  // The rest of the back office.
  adminBlog: '/admin/blog',
  adminPost: (id: string) => path('admin', 'blog', id),
  adminAnalytics: '/admin/analytics',
  adminUsers: '/admin/users',
  userAdmin: (sub: string) => `${path('admin', 'users', sub)}/admin`,
  userEditor: (sub: string) => `${path('admin', 'users', sub)}/editor`,
  admins: '/admin/admins',
  invitations: '/admin/invitations',
  userInvitation: (sub: string) => `${path('admin', 'users', sub)}/invitation`,
  userAccess: (sub: string) => `${path('admin', 'users', sub)}/access`,
  makeMeAdmin: '/me/make-admin',
  trash: '/admin/trash',
  trashRestore: (id: string) => `${path('admin', 'trash', id)}/restore`,
  publishing: '/admin/publishing',
  drafts: '/admin/drafts',
  draftsDiscard: '/admin/drafts/discard',
  publish: '/admin/publish',
  previews: '/admin/previews',
  /** An item's History: the item's ref as the query (`kind`, its ids). */
  history: (item: Record<string, string>) => `/admin/history${query(item)}`,
  historyRestore: (id: string) => `${path('admin', 'history', id)}/restore`,
  /** Reviews of drafts (docs/back-office.md "Reviews"): the list, an item's (its ref as the query), and the two steps. */
  approvals: '/admin/approvals',
  approval: (item: Record<string, string>) => `/admin/approval${query(item)}`,
  approvalRequest: '/admin/approvals/request',
  approvalAnswer: '/admin/approvals/answer',
  bulk: '/admin/bulk',
  bulkUndelete: '/admin/bulk/undelete',
  releases: '/admin/releases',
  release: (id: string) => path('admin', 'releases', id),
  releaseRetry: (id: string) => `${path('admin', 'releases', id)}/retry`,
  audit: '/admin/audit',
  export: '/admin/export',
  import: (dryRun = false) => `/admin/import${query({ dry_run: dryRun || undefined })}`,

  // A signed-in learner's own data.
  profile: '/me/profile',
  progress: '/me/progress',
  languageProgress: (language: string) => path('me', 'progress', language),
  lessonProgress: (r: LessonIds) => path('me', 'progress', r.language_id, r.level_id, r.lesson_id),
  myLesson: (r: LessonIds) => path('me', 'lessons', r.language_id, r.level_id, r.lesson_id),
  favorites: '/me/favorites',
  favorite: (r: LessonIds, phrase: string) => path('me', 'favorites', r.language_id, r.level_id, r.lesson_id, phrase),
  reviews: '/me/reviews',
  reviewLog: '/me/reviews/log',
};

/** Prefixes of API paths (not routes), for finding the cached reads below them: every page read, every coverage, the back office. */
export const apiPrefixes = { pages: '/pages', coverage: '/coverage', admin: '/admin/' };

/**
 * The prefixes under which a language's or a level's pages and reads live, for wildcards (`${...}/*`)
 * and prefix checks: `/{language}`, `/api/pages/level/{language}`, `/api/pages/lesson/{language}[/{level}]`.
 */
export const under = {
  language: (language: string) => pages.language(language),
  level: (language: string, level: string) => pages.level(language, level),
  levelPages: (language: string) => apiPath(path('pages', 'level', language)),
  lessonPages: (language: string, level?: string) =>
    apiPath(level === undefined ? path('pages', 'lesson', language) : path('pages', 'lesson', language, level)),
};

/**
 * A page of the frontend's route table by its pattern (`/:language/:level`) and params, each param
 * encoded as one segment: the one spelling of whatever path reached the route (the canonical URL).
 */
export const fillRoute = (pattern: string, params: Readonly<Record<string, string | undefined>>) =>
  pattern.replace(/:(\w+)/g, (_, name: string) => seg(params[name] ?? ''));

/** An absolute URL: the site's `origin` (trailing slashes ignored) and a path built above. */
export const siteUrl = (origin: string, sitePath: string) => `${origin.trim().replace(/\/+$/, '')}${sitePath.startsWith('/') ? '' : '/'}${sitePath}`;
