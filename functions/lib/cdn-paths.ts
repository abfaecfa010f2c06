/**
 * Which cached paths a change shows on: the public pages and the public API reads they are built
 * from (infra/cdk/cdn-rules.ts says what the CDN stores). Pure, so the rules are unit-tested.
 *
 * CloudFront's rules apply. A path is exact and the query string is part of the key (`/api/blog`
 * does not end `/api/blog?limit=3`); a `*` may only end a path and matches any rest; at most 15
 * wildcard paths may be in progress per distribution; every path beyond 1,000 a month is billed.
 * So the functions below name exact paths, and `fitBatch` (applied by ./cdn.ts to the whole
 * request's list) turns long lists under one prefix into that prefix's wildcard only when the
 * request would name more than MAX_BATCH paths, with at most MAX_WILDCARDS wildcards.
 * `/locked-content` and `/api/pages/locked` are never stored, so nothing names them.
 *
 * A list argument that is `undefined` means "not known" (the read that lists the pages under an
 * item failed, or there is no CDN): the pages under that item are then covered by wildcards.
 */
import { neighbourLinks } from '../../shared/course-sequence.js';
import type { BlogPost } from '../../shared/contracts/blog.js';
import type { Lesson } from '../../shared/contracts/lessons.js';
import type { Level } from '../../shared/contracts/levels.js';
import { api as urls, apiPath, pages, under as prefix } from '../../shared/urls.js';

/** A request naming more paths than this collapses its longest lists under one prefix into wildcards. */
export const MAX_BATCH = 50;
/** Wildcards one request may use when collapsing (15 may be in progress per distribution). */
export const MAX_WILDCARDS = 2;

/** A language's levels and lessons, as the data layer lists them. */
export interface CourseTree {
  levels: { id: string }[];
  lessons: { level_id: string; id: string }[];
}
/** A language's levels and lessons with what orders them and their links show (for neighbourPaths). */
export interface SequenceTree {
  levels: Pick<Level, 'id' | 'title' | 'order_index' | 'is_locked'>[];
  lessons: Pick<Lesson, 'id' | 'level_id' | 'language_id' | 'title' | 'translated_title' | 'order_index' | 'is_locked'>[];
}
export type LinkablePost = Pick<BlogPost, 'slug' | 'lesson_path' | 'published'>;

// Pages and reads, named by the one URL module (shared/urls.ts) as the frontend requests them: one
// encoding for links and invalidations (CloudFront matches these against the encoded URI).
const api = {
  languages: apiPath(urls.languages),
  language: (lang: string) => apiPath(urls.language(lang)),
  languagePage: (lang: string) => apiPath(urls.languagePage(lang)),
  levelPage: (lang: string, level: string) => apiPath(urls.levelPage(lang, level)),
  lessonPage: (lang: string, level: string, lesson: string) => apiPath(urls.lessonPage(lang, level, lesson)),
  post: (slug: string) => apiPath(urls.post(slug)),
  /** The offline catalogue: everything published in the language. */
  catalogue: (lang: string) => apiPath(urls.catalogue(lang)),
  /** The public list with any `?limit=` and every post read: the list's variants cannot be named one by one. */
  allBlog: `${apiPath(urls.posts())}*`,
  allPosts: `${apiPath(urls.posts())}/*`,
};
const SITEMAP = pages.sitemap;
const RSS = pages.rss;
/** Everything under a prefix of shared/urls.ts `under`. */
const all = (prefix: string) => `${prefix}/*`;

/**
 * A language created, renamed/re-flagged or deleted. Its name and flag are on `/` and `/languages`
 * (the language list), its own page, and every level and lesson page under it (breadcrumbs, titles,
 * descriptions), which are also the pages that appear or 404 when it is created or deleted. The
 * sitemap lists its pages and dates them by `updated_at`. A new language has nothing under it:
 * pass an empty tree.
 */
export function languagePaths(lang: string, tree: CourseTree | undefined): string[] {
  const under = tree
    ? [
        ...tree.levels.flatMap((v) => [pages.level(lang, v.id), api.levelPage(lang, v.id)]),
        ...tree.lessons.flatMap((s) => [pages.lesson(lang, s.level_id, s.id), pages.practice(lang, s.level_id, s.id), api.lessonPage(lang, s.level_id, s.id)]),
      ]
    : [all(prefix.language(lang)), all(prefix.levelPages(lang)), all(prefix.lessonPages(lang))];
  return [pages.home, pages.languages, pages.language(lang), api.languages, api.language(lang), api.languagePage(lang), api.catalogue(lang), SITEMAP, ...under];
}

/**
 * A level created, edited (title, CEFR label, icon, order), locked/unlocked or deleted. Its card
 * (title, CEFR, lock, lesson count, order) is on its language's page; its own page shows it and its
 * lessons; each of its lessons' pages shows its title in the breadcrumb and redirects while it is
 * locked. The sitemap lists only unlocked levels and dates them. `lessonIds`: the level's lessons
 * (`[]` for a new level).
 */
export function levelPaths(lang: string, level: string, lessonIds: string[] | undefined): string[] {
  const lessons = lessonIds
    ? lessonIds.flatMap((id) => [pages.lesson(lang, level, id), pages.practice(lang, level, id), api.lessonPage(lang, level, id)])
    : [all(prefix.level(lang, level)), all(prefix.lessonPages(lang, level))];
  return [pages.language(lang), api.languagePage(lang), pages.level(lang, level), api.levelPage(lang, level), api.catalogue(lang), SITEMAP, ...lessons];
}

/**
 * Levels swapped places: only the language page lists levels in order; the two levels' new
 * `updated_at` dates the sitemap. Their own pages and lessons show no order.
 */
export const levelOrderPaths = (lang: string) => [pages.language(lang), api.languagePage(lang), api.catalogue(lang), SITEMAP];

/**
 * A lesson edited (titles, icon, order) or locked/unlocked: its card on its level's page, its own
 * page (or the redirect that replaces it while locked), and the sitemap (unlocked lessons only, dated).
 * Created or deleted (`countChanged`): also its language's page, whose level cards count lessons;
 * the lesson's own page then appears or becomes a 404.
 */
export function lessonPaths(lang: string, level: string, lesson: string, { countChanged = false } = {}): string[] {
  return [
    ...(countChanged ? [pages.language(lang), api.languagePage(lang)] : []),
    pages.level(lang, level),
    api.levelPage(lang, level),
    pages.lesson(lang, level, lesson),
    pages.practice(lang, level, lesson),
    api.lessonPage(lang, level, lesson),
    api.catalogue(lang),
    SITEMAP,
  ];
}

/** Lessons changed places: only their level's page lists them in order; the moved lessons' `updated_at` dates the sitemap. */
export const lessonOrderPaths = (lang: string, level: string) => [pages.level(lang, level), api.levelPage(lang, level), api.catalogue(lang), SITEMAP];

/**
 * A lesson's phrases added, edited or deleted: only its own page shows phrases (cards show no
 * count, and phrases have no `updated_at` in the sitemap). Posts that sample them: linkedPostPaths.
 */
export const phrasePaths = (lang: string, level: string, lesson: string) => [
  pages.lesson(lang, level, lesson),
  pages.practice(lang, level, lesson),
  api.lessonPage(lang, level, lesson),
  api.catalogue(lang),
];

/**
 * The lessons whose Previous/Next links a level or lesson change moved (created, deleted, retitled,
 * reordered, locked or unlocked): those whose neighbours differ between the tree read before the
 * write and the one read after (../shared/course-sequence.ts orders both). A tree that could not be
 * read covers every lesson page of the language with wildcards.
 */
export function neighbourPaths(lang: string, before: SequenceTree | undefined, after: SequenceTree | undefined): string[] {
  if (!before || !after) return [all(prefix.language(lang)), all(prefix.lessonPages(lang))];
  const [was, now] = [neighbourLinks(before.levels, before.lessons), neighbourLinks(after.levels, after.lessons)];
  const moved = [...now].filter(([key, links]) => was.has(key) && JSON.stringify(was.get(key)) !== JSON.stringify(links)).map(([key]) => key);
  return moved.flatMap((key) => {
    const [level, lesson] = key.split('/');
    return [pages.lesson(lang, level, lesson), api.lessonPage(lang, level, lesson)];
  });
}

/**
 * A published post created, edited, deleted, published or unpublished (drafts are not public).
 * Its page (and the page of its previous slug, now a 404), `/` (the 3 newest posts), `/blog` (all),
 * the feed and the sitemap (both list published posts, dated), and every public blog read: the list
 * in every `?limit=` variant and the post's read, under one wildcard.
 */
export function postPaths(slug: string, previousSlug?: string): string[] {
  const posts = [slug, ...(previousSlug && previousSlug !== slug ? [previousSlug] : [])].map(pages.post);
  return [pages.home, pages.blog, ...posts, RSS, SITEMAP, api.allBlog];
}

/** Every post's pages and reads, when which post changed is not known (the read that names it failed). */
export const allPostPaths = () => [pages.home, pages.blog, all(pages.blog), RSS, SITEMAP, api.allBlog];

/**
 * Published posts whose sample shows phrases of the changed course part: `lessonPath` is a lesson
 * (`lang/level/lesson`: its phrases changed, or it was deleted) or, ending in `/`, everything
 * under a level or language (`lang/level/`, `lang/`: deleted). A post shows no sample while its
 * lesson or level is locked, so phrase changes, locks and deletes reach posts (titles do not).
 * Drafts are not public.
 * `posts` undefined (not known): every post page and read.
 */
export function linkedPostPaths(posts: LinkablePost[] | undefined, lessonPath: string): string[] {
  if (!posts) return [all(pages.blog), api.allPosts];
  const linked = (p: string) => (lessonPath.endsWith('/') ? p.startsWith(lessonPath) : p === lessonPath);
  return posts.filter((p) => p.published && p.lesson_path && linked(p.lesson_path)).flatMap((p) => [pages.post(p.slug), api.post(p.slug)]);
}

/** Site settings (branding, texts, links, banner) are on every page and in `/api/settings`: one wildcard for all. */
export const settingsPaths = () => [all('')];

// ---- One request's batch --------------------------------------------------------------------

/**
 * Directories whose wildcard would reach every language or the whole site: never collapse targets
 * (only settings, which are on every page, use `/*`).
 */
const ROOTS = ['/', '/api/', '/api/pages/', '/api/pages/language/', '/api/pages/level/', '/api/pages/lesson/'];
const isWildcard = (p: string) => p.endsWith('*');
const covers = (wildcard: string, p: string) => p.startsWith(wildcard.slice(0, -1));
/** How specific a directory is: its segments below the deepest root (`/es/a1/` and `/api/pages/lesson/es/a1/` are both 2). */
const depth = (dir: string) => {
  const root = ROOTS.filter((r) => dir.startsWith(r)).sort((a, b) => b.length - a.length)[0] ?? '/';
  return dir.slice(root.length).split('/').filter(Boolean).length;
};

/**
 * What one request asks CloudFront for: `paths` without duplicates and without exact paths (or
 * wildcards) another wildcard of the batch already covers. When that is more than MAX_BATCH paths,
 * the exact paths under one directory become `{directory}*`, choosing the fewest wildcards that
 * bring the batch within MAX_BATCH (at most MAX_WILDCARDS, counting those already in it), then the
 * most specific directories (a level's lessons before the whole language), then the shortest batch.
 * When no choice fits, the one that shortens the batch most is taken: exact paths cost money, but
 * they are never wrong.
 */
export function fitBatch(paths: string[]): string[] {
  const unique = [...new Set(paths)];
  const given = unique.filter(isWildcard);
  const wildcards = given.filter((w) => !given.some((o) => o !== w && covers(o, w)));
  const exact = unique.filter((p) => !isWildcard(p) && !wildcards.some((w) => covers(w, p)));
  const budget = MAX_WILDCARDS - wildcards.length;
  if (wildcards.length + exact.length <= MAX_BATCH || budget <= 0) return [...wildcards, ...exact];

  // Candidate directories: every ancestor of an exact path below the roots, with the paths it covers.
  const under = new Map<string, Set<string>>();
  for (const p of exact) {
    for (let i = p.indexOf('/', 1); i > 0; i = p.indexOf('/', i + 1)) {
      const dir = p.slice(0, i + 1);
      if (ROOTS.includes(dir)) continue;
      under.set(dir, (under.get(dir) ?? new Set<string>()).add(p));
    }
  }
  // Those covering two paths or more, in path order, with the number of paths a wildcard there saves.
  const dirs = [...under]
    .filter(([, covered]) => covered.size > 1)
    .map(([dir, covered]) => ({ dir, net: covered.size - 1, specificity: depth(dir) }))
    .sort((a, b) => (a.dir < b.dir ? -1 : 1));
  type Dir = (typeof dirs)[number];

  // Sets of one or two directories, neither inside the other (so they cover disjoint paths).
  type Choice = { dirs: string[]; size: number; specificity: number };
  const choice = (set: Dir[]): Choice => ({
    dirs: set.map((d) => d.dir),
    size: wildcards.length + exact.length - set.reduce((n, d) => n + d.net, 0),
    specificity: set.reduce((n, d) => n + d.specificity, 0),
  });
  const sets = (k: number) =>
    k === 1
      ? dirs.map((d) => [d])
      : dirs.flatMap((d, i) =>
          dirs
            .slice(i + 1)
            .filter((e) => !e.dir.startsWith(d.dir))
            .map((e) => [d, e]),
        );
  const moreSpecific = (a: Choice, b: Choice) => a.specificity > b.specificity || (a.specificity === b.specificity && a.size < b.size);
  const shorter = (a: Choice, b: Choice) => a.size < b.size || (a.size === b.size && a.specificity > b.specificity);

  let best: Choice | undefined;
  for (let k = 1; k <= Math.min(budget, 2); k++) {
    const options = sets(k).map(choice);
    const fitting = options.filter((o) => o.size <= MAX_BATCH);
    if (fitting.length) {
      best = fitting.reduce((a, b) => (moreSpecific(b, a) ? b : a));
      break;
    }
    const shortest = options.reduce<Choice | undefined>((a, b) => (!a || shorter(b, a) ? b : a), undefined);
    if (shortest && (!best || shorter(shortest, best))) best = shortest;
  }
  if (!best || best.size >= wildcards.length + exact.length) return [...wildcards, ...exact];
  const added = best.dirs.map((d) => `${d}*`);
  return [...wildcards, ...added, ...exact.filter((p) => !added.some((w) => covers(w, p)))];
}
