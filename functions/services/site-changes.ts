/**
 * The one owner of "which cached pages did this write change" (docs/architecture.md, "What a write
 * changes"). A writer describes what it changed as a SiteChange and runs its write through
 * changeSite (or calls siteChanged after a write whose pages need nothing read before it); this
 * module reads what the path rules need before and after the write (a language's sequence, the
 * pages under what a delete takes away, the posts that sample it), works out every page and public
 * read the change shows on (the rules of ../lib/cdn-paths.ts) and invalidates them in ONE request
 * (../lib/cdn.ts). The route table names the kinds each write route changes (`changes`, ../routes.ts).
 */
import { getPost, listPublished } from '../data/blog.js';
import { courseSequence, listLanguageLessons, listLessons, listLevels } from '../data/course.js';
import { invalidate } from '../lib/cdn.js';
import {
  languagePaths,
  lessonOrderPaths,
  lessonPaths,
  levelOrderPaths,
  levelPaths,
  linkedPostPaths,
  neighbourPaths,
  phrasePaths,
  postPaths,
  allPostPaths,
  settingsPaths,
  type CourseTree,
  type LinkablePost,
  type SequenceTree,
} from '../lib/cdn-paths.js';
import { config } from '../lib/config.js';
import { logger } from '../lib/powertools.js';
import type { SiteChangeKind } from '../routes.js';
import type { LessonRef } from '../../shared/contracts/lessons.js';
import type { ItemRef } from '../../shared/contracts/publishing.js';
import { api, apiPath } from '../../shared/urls.js';

type Verb = 'create' | 'edit' | 'lock' | 'delete';
/** A post as the rules see it: only a published one is public. */
export type PostState = Pick<LinkablePost, 'slug' | 'published'>;

/** What each kind of change names; `T` is the write's answer (a restore's items are known from it). */
interface Details<T> {
  /** A language created, edited (name, flag) or deleted. */
  language: { language: string; how: 'create' | 'edit' | 'delete' };
  /** A level created, edited, locked or unlocked, deleted; or its language's levels reordered (`order`). */
  level: { language: string } & ({ how: Verb; level: string } | { how: 'order' });
  /** A lesson created, edited, locked or unlocked, deleted; or its level's lessons reordered (`order`). */
  lesson: { language: string; level: string } & ({ how: Verb; lesson: string } | { how: 'order' });
  /** Phrases added, edited or deleted in these lessons (a group moved: the lesson it joined and the one it left). */
  phrases: { lessons: readonly LessonRef[] };
  /** A post created (no `before`), edited or deleted (no `after`): drafts are not public. */
  post: { before?: PostState; after?: PostState };
  /** The site settings: on every page. */
  settings: unknown;
  /** A backup imported: anything may have changed. */
  import: unknown;
  /**
   * Whole items that appear or change at once (published, released, restored from the Trash, bulk
   * work), or that bulk work deleted (`deleted`: their pages are read before the write). `items` may
   * be known only from the write's answer (what an Undo restored); `language` then names whose
   * sequence is read around it.
   */
  items: { items: readonly ItemRef[] | ((result: T) => readonly ItemRef[]); language?: string; deleted?: boolean };
}
/** What a write changed. Every kind of the route table's `changes` has its variant (a missing one fails to compile). */
export type SiteChange<T = never> = { [K in SiteChangeKind]: { kind: K } & Details<T>[K] }[SiteChangeKind];
/** A change with its items known (after the write). */
export type KnownChange = Exclude<SiteChange, { kind: 'items' }> | ({ kind: 'items'; items: readonly ItemRef[] } & Omit<Details<never>['items'], 'items'>);
/** A change whose pages need nothing read before the write: siteChanged takes it after. */
export type ChangeAfter = Extract<SiteChange, { kind: 'phrases' | 'post' | 'settings' | 'import' }>;

/** One read the rules take: a language's public sequence or tree, a level's lessons, the published posts, a post. */
export type Read = ['sequence', string] | ['tree', string] | ['lessons', string, string] | ['posts'] | ['post', string];
/** What the reads found; a missing entry is unknown (not read, or the read failed), which the rules cover with wildcards. */
export interface Seen {
  sequences?: Record<string, SequenceTree>;
  trees?: Record<string, CourseTree>;
  /** By `language/level`. */
  lessons?: Record<string, string[]>;
  /** The published posts. */
  posts?: LinkablePost[];
  /** Posts named by items, by id (`null`: gone, so not public). */
  items?: Record<string, LinkablePost | null>;
}
/** A rule: what it reads before and after the write, and the paths from what they found. */
interface Rule {
  before: Read[];
  after: Read[];
  paths: (before: Seen, after: Seen) => string[];
}

const lessonPath = (l: LessonRef) => `${l.language_id}/${l.level_id}/${l.lesson_id}`;
/** The lesson pages whose Previous/Next links moved in `lang` (both reads of its sequence). */
const moved = (lang: string, before: Seen, after: Seen) => neighbourPaths(lang, before.sequences?.[lang], after.sequences?.[lang]);
/** The rule of a course change that may move lessons in `lang`'s sequence. */
const inSequence = (lang: string, rule: { before?: Read[]; after?: Read[]; paths: (before: Seen, after: Seen) => string[] }): Rule => ({
  before: [['sequence', lang], ...(rule.before ?? [])],
  after: [['sequence', lang], ...(rule.after ?? [])],
  paths: (b, a) => [...rule.paths(b, a), ...moved(lang, b, a)],
});

/** The pages an item is on, from `seen` (after a write that shows it; before one that deletes it). */
function itemPaths(item: ItemRef, seen: Seen): string[] {
  if (item.kind === 'post') {
    const post = seen.items?.[item.post_id];
    if (post === undefined) return allPostPaths();
    return post?.published ? postPaths(post.slug) : [];
  }
  const lang = item.language_id;
  if (item.kind === 'language') return [...languagePaths(lang, seen.trees?.[lang]), ...linkedPostPaths(seen.posts, `${lang}/`)];
  const level = item.level_id;
  if (item.kind === 'level') return [...levelPaths(lang, level, seen.lessons?.[`${lang}/${level}`]), ...linkedPostPaths(seen.posts, `${lang}/${level}/`)];
  return [...lessonPaths(lang, level, item.lesson_id, { countChanged: true }), ...linkedPostPaths(seen.posts, lessonPath(item))];
}
/** What itemPaths reads for `item`. */
function itemReads(item: ItemRef): Read[] {
  if (item.kind === 'post') return [['post', item.post_id]];
  if (item.kind === 'language') return [['tree', item.language_id], ['posts']];
  return item.kind === 'level' ? [['lessons', item.language_id, item.level_id], ['posts']] : [['posts']];
}

function itemsRule(c: Extract<KnownChange, { kind: 'items' }>): Rule {
  const reads = c.items.flatMap(itemReads);
  const langs = new Set([...(c.language ? [c.language] : []), ...c.items.flatMap((i) => (i.kind === 'level' || i.kind === 'lesson' ? [i.language_id] : []))]);
  const sequences = [...langs].map((l): Read => ['sequence', l]);
  return {
    before: [...sequences, ...(c.deleted ? reads : [])],
    after: [...sequences, ...(c.deleted ? [] : reads)],
    paths: (b, a) => [...c.items.flatMap((i) => itemPaths(i, c.deleted ? b : a)), ...[...langs].flatMap((l) => moved(l, b, a))],
  };
}

function languageRule(c: Extract<KnownChange, { kind: 'language' }>): Rule {
  const lang = c.language;
  if (c.how === 'create') return { before: [], after: [], paths: () => languagePaths(lang, { levels: [], lessons: [] }) };
  // A name or flag shows on every page under the language; posts show no language name.
  if (c.how === 'edit') return { before: [], after: [['tree', lang]], paths: (_, a) => languagePaths(lang, a.trees?.[lang]) };
  // What is under it is read before it goes.
  return {
    before: [['tree', lang], ['posts']],
    after: [],
    paths: (b) => [...languagePaths(lang, b.trees?.[lang]), ...linkedPostPaths(b.posts, `${lang}/`)],
  };
}

function levelRule(c: Extract<KnownChange, { kind: 'level' }>): Rule {
  const lang = c.language;
  if (c.how === 'order') return inSequence(lang, { paths: () => levelOrderPaths(lang) });
  const level = c.level;
  const under = `${lang}/${level}/`;
  const lessons = (s: Seen) => s.lessons?.[`${lang}/${level}`];
  const read: Read[] = [['lessons', lang, level]];
  switch (c.how) {
    // A new level has no lessons: nothing moves in the sequence.
    case 'create':
      return { before: [], after: [], paths: () => levelPaths(lang, level, []) };
    case 'edit':
      return inSequence(lang, { after: read, paths: (_, a) => levelPaths(lang, level, lessons(a)) });
    // Posts sample a level's lessons only while it is unlocked.
    case 'lock':
      return inSequence(lang, { after: [...read, ['posts']], paths: (_, a) => [...levelPaths(lang, level, lessons(a)), ...linkedPostPaths(a.posts, under)] });
    case 'delete':
      return inSequence(lang, { before: [...read, ['posts']], paths: (b) => [...levelPaths(lang, level, lessons(b)), ...linkedPostPaths(b.posts, under)] });
  }
}

function lessonRule(c: Extract<KnownChange, { kind: 'lesson' }>): Rule {
  const [lang, level] = [c.language, c.level];
  if (c.how === 'order') return inSequence(lang, { paths: () => lessonOrderPaths(lang, level) });
  const lesson = c.lesson;
  // Created or deleted: the language page's level cards count lessons. Locked or deleted: posts sample it no more.
  const own = lessonPaths(lang, level, lesson, { countChanged: c.how === 'create' || c.how === 'delete' });
  if (c.how === 'create' || c.how === 'edit') return inSequence(lang, { paths: () => own });
  return inSequence(lang, { after: [['posts']], paths: (_, a) => [...own, ...linkedPostPaths(a.posts, `${lang}/${level}/${lesson}`)] });
}

/** The rule of a change: what to read around the write, and the pages it shows on. */
function ruleOf(c: KnownChange): Rule {
  switch (c.kind) {
    case 'language':
      return languageRule(c);
    case 'level':
      return levelRule(c);
    case 'lesson':
      return lessonRule(c);
    case 'phrases':
      return {
        before: [],
        after: [['posts']],
        paths: (_, a) => c.lessons.flatMap((l) => [...phrasePaths(l.language_id, l.level_id, l.lesson_id), ...linkedPostPaths(a.posts, lessonPath(l))]),
      };
    case 'post': {
      const { before, after } = c;
      const now = after ?? before;
      // Drafts are not public: only a post that is or was published changes what visitors see.
      const shown = !!now && (!!before?.published || !!after?.published);
      return { before: [], after: [], paths: () => (shown ? postPaths(now.slug, before?.slug) : []) };
    }
    case 'settings':
    case 'import':
      // On every page and read (an import: anything): the whole distribution, one wildcard.
      return { before: [], after: [], paths: settingsPaths };
    case 'items':
      return itemsRule(c);
  }
}

/** What a change reads before and after its write (pure: the rules' unit tests check them). */
export const readsOf = (c: KnownChange) => {
  const { before, after } = ruleOf(c);
  return { before, after };
};
/**
 * A language's search index (GET /api/search-index/{language}) lists its lessons' titles (locked
 * ones too) and the phrases of the unlocked ones, with its levels' titles and its name: exactly what
 * a write that shows on its lessons changes, and every such write names the language's catalogue
 * (lib/cdn-paths.ts: a lesson's or level's titles, lock, order, phrases, publishing, the language's
 * name). So wherever a catalogue is named, the index of its language is named beside it.
 */
export function withSearchIndexes(paths: string[]): string[] {
  const catalogues = apiPath(api.catalogue(''));
  return paths.flatMap((p) => {
    const lang = p.startsWith(catalogues) ? p.slice(catalogues.length) : '';
    return lang && !lang.includes('/') && !lang.includes('*') ? [p, apiPath(api.searchIndex(decodeURIComponent(lang)))] : [p];
  });
}

/** Every cached path a change shows on, from what was read before and after its write (pure). */
export const pathsOf = (c: KnownChange, before: Seen, after: Seen) => [...new Set(withSearchIndexes(ruleOf(c).paths(before, after)))];

/**
 * One read for the rules; undefined when it fails (logged): the rules then cover the unknown pages
 * with wildcards, and the write still answers.
 */
export async function lookup<T>(what: string, read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (e) {
    logger.error('CDN path lookup failed', { what, error: e as Error });
    return undefined;
  }
}

/** Takes `reads` (each once, side by side); what fails stays unknown. */
async function read(reads: Read[]): Promise<Seen> {
  const seen: Required<Omit<Seen, 'posts'>> & Seen = { sequences: {}, trees: {}, lessons: {}, items: {} };
  const keep = <T>(into: Record<string, T>, key: string, value: T | undefined) => {
    if (value !== undefined) into[key] = value;
  };
  const tree = async (lang: string) => ({ levels: await listLevels(lang), lessons: await listLanguageLessons(lang) });
  const lessonIds = async (lang: string, level: string) => (await listLessons(lang, level)).map((l) => l.id);
  const unique = [...new Map(reads.map((r) => [r.join('/'), r])).values()];
  await Promise.all(
    unique.map(async (r) => {
      if (r[0] === 'sequence') keep(seen.sequences, r[1], await lookup('course sequence', () => courseSequence(r[1])));
      if (r[0] === 'tree') keep(seen.trees, r[1], await lookup('course tree', () => tree(r[1])));
      if (r[0] === 'lessons') keep(seen.lessons, `${r[1]}/${r[2]}`, await lookup('lessons of a level', () => lessonIds(r[1], r[2])));
      if (r[0] === 'posts') seen.posts = await lookup('published posts', () => listPublished());
      if (r[0] === 'post') keep(seen.items, r[1], await lookup('post', async () => (await getPost(r[1])) ?? null));
    }),
  );
  return seen;
}

/** An answer that says the write changed nothing: not found (`undefined`, `false`) or nothing moved (`[]`). */
const nothing = (result: unknown) => result === undefined || result === false || (Array.isArray(result) && !result.length);

/** The change with its items known: `items(of)` answers those a function of the write's answer names. */
function settle<T>(change: SiteChange<T>, items: (of: (result: T) => readonly ItemRef[]) => readonly ItemRef[]): KnownChange {
  if (change.kind !== 'items') return change;
  return { ...change, items: typeof change.items === 'function' ? items(change.items) : change.items };
}

/**
 * Runs `write` and then invalidates, in one request, every cached path `change` shows on, reading
 * what the rules need before and after it. A write that throws or answers nothing (see `nothing`)
 * invalidates nothing. Without a CDN (unit tests, scripts) it reads nothing and only runs the write.
 */
export async function changeSite<T>(change: SiteChange<T>, write: () => Promise<T>): Promise<T> {
  if (!config.cdn.distributionId) return write();
  // Items named only by the answer are read after it (only a delete's items are read before, and it names them).
  const before = await read(readsOf(settle(change, () => [])).before);
  const result = await write();
  if (nothing(result)) return result;
  const known = settle(change, (of) => of(result));
  await invalidate(pathsOf(known, before, await read(readsOf(known).after)));
  return result;
}

/** After a write whose pages need nothing read before it (a post, phrases, the settings, an import): invalidates its paths. */
export async function siteChanged(change: ChangeAfter): Promise<void> {
  if (!config.cdn.distributionId) return;
  await invalidate(pathsOf(change, {}, await read(readsOf(change).after)));
}
