/**
 * The one owner of what a write changes (functions/services/site-changes.ts): each rule, from what
 * was read before and after the write, and the route table's declaration of what each write route
 * changes, held against the handlers that make the change.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { routes, routeKey } from '../../functions/routes.js';
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
  type SequenceTree,
} from '../../functions/lib/cdn-paths.js';
import { changeSite, lookup, pathsOf, readsOf, withSearchIndexes, type KnownChange, type Seen } from '../../functions/services/site-changes.js';
import { config } from '../../functions/lib/config.js';
import { logger } from '../../functions/lib/powertools.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const sorted = (paths: string[]) => [...new Set(paths)].sort();
/** What a rule's paths come to once the search indexes of the languages whose catalogue they name are added (tested on its own below). */
const expected = (paths: string[]) => sorted(withSearchIndexes(paths));

// A language `es`: levels a1 (lessons x, y) and a2 (lesson z), in that order.
const lv = (id: string, order: number, title = id.toUpperCase()) => ({ id, title, order_index: order, is_locked: false });
const ls = (level_id: string, id: string, order: number, title = id, is_locked = false) => ({
  id,
  level_id,
  language_id: 'es',
  title,
  translated_title: '',
  order_index: order,
  is_locked,
});
const sequence: SequenceTree = { levels: [lv('a1', 0), lv('a2', 1)], lessons: [ls('a1', 'x', 0), ls('a1', 'y', 1), ls('a2', 'z', 0)] };
const tree = { levels: [{ id: 'a1' }, { id: 'a2' }], lessons: sequence.lessons };
const posts = [
  { slug: 'on-y', lesson_path: 'es/a1/y', published: true },
  { slug: 'on-z', lesson_path: 'es/a2/z', published: true },
  { slug: 'draft-on-y', lesson_path: 'es/a1/y', published: false },
];
const seen = (s: SequenceTree, more: Seen = {}): Seen => ({ sequences: { es: s }, trees: { es: tree }, lessons: { 'es/a1': ['x', 'y'] }, posts, ...more });
/** Lesson pages of `es` (its page and its read). */
const lessonPages = (...keys: string[]) => keys.flatMap((k) => [`/es/${k}`, `/api/pages/lesson/es/${k}`]);

describe('what a write changes: each rule', () => {
  it('a lesson rename: its level page, its own pages, its neighbours (their links show its title) and the sitemap', () => {
    const change: KnownChange = { kind: 'lesson', language: 'es', level: 'a1', lesson: 'y', how: 'edit' };
    const renamed = { ...sequence, lessons: [ls('a1', 'x', 0), ls('a1', 'y', 1, 'Hello'), ls('a2', 'z', 0)] };
    const paths = pathsOf(change, seen(sequence), seen(renamed));
    expect(paths).toEqual(
      expect.arrayContaining(['/es/a1', '/api/pages/level/es/a1', '/es/a1/y', '/es/a1/y/practice', '/sitemap.xml', ...lessonPages('a1/x', 'a2/z')]),
    );
    // The lesson count on the language page did not change; no post samples a title.
    expect(paths).not.toContain('/es');
    expect(paths).not.toContain('/blog/on-y');
    expect(sorted(paths)).toEqual(expected([...lessonPaths('es', 'a1', 'y'), ...neighbourPaths('es', sequence, renamed)]));
    expect(readsOf(change)).toEqual({ before: [['sequence', 'es']], after: [['sequence', 'es']] });
  });

  it('a lesson created or deleted: also the language page (its level cards count lessons); deleted: the posts that sampled it', () => {
    const without = { ...sequence, lessons: [ls('a1', 'x', 0), ls('a2', 'z', 0)] };
    const created = pathsOf({ kind: 'lesson', language: 'es', level: 'a1', lesson: 'y', how: 'create' }, seen(without), seen(sequence));
    expect(sorted(created)).toEqual(expected([...lessonPaths('es', 'a1', 'y', { countChanged: true }), ...lessonPages('a1/x', 'a2/z')]));
    expect(created).toContain('/es');
    const deleted: KnownChange = { kind: 'lesson', language: 'es', level: 'a1', lesson: 'y', how: 'delete' };
    expect(sorted(pathsOf(deleted, seen(sequence), seen(without)))).toEqual(
      expected([...lessonPaths('es', 'a1', 'y', { countChanged: true }), ...lessonPages('a1/x', 'a2/z'), '/blog/on-y', '/api/blog/on-y']),
    );
    expect(readsOf(deleted).after).toContainEqual(['posts']);
  });

  it('a lesson locked or unlocked: its pages, its neighbours and the posts that sample it (a post shows no sample of a locked lesson)', () => {
    const locked = { ...sequence, lessons: [ls('a1', 'x', 0), ls('a1', 'y', 1, 'y', true), ls('a2', 'z', 0)] };
    const paths = pathsOf({ kind: 'lesson', language: 'es', level: 'a1', lesson: 'y', how: 'lock' }, seen(sequence), seen(locked));
    expect(sorted(paths)).toEqual(expected([...lessonPaths('es', 'a1', 'y'), ...lessonPages('a1/x', 'a2/z'), '/blog/on-y', '/api/blog/on-y']));
    expect(paths).not.toContain('/blog/draft-on-y');
  });

  it('lessons reordered or moved: their level page, the lessons whose links moved and the sitemap; answering none changes nothing', () => {
    const swapped = { ...sequence, lessons: [ls('a1', 'x', 1), ls('a1', 'y', 0), ls('a2', 'z', 0)] };
    const paths = pathsOf({ kind: 'lesson', language: 'es', level: 'a1', how: 'order' }, seen(sequence), seen(swapped));
    expect(sorted(paths)).toEqual(expected([...lessonOrderPaths('es', 'a1'), ...lessonPages('a1/x', 'a1/y', 'a2/z')]));
    expect(paths).not.toContain('/es/a1/x/practice');
  });

  it("a level edited: its language's page, its page, every lesson page under it (breadcrumbs), its neighbours and the sitemap", () => {
    const change: KnownChange = { kind: 'level', language: 'es', level: 'a1', how: 'edit' };
    const renamed = { ...sequence, levels: [lv('a1', 0, 'Basics'), lv('a2', 1)] };
    const paths = pathsOf(change, seen(sequence), seen(renamed));
    expect(paths).toEqual(expect.arrayContaining(['/es', '/es/a1', '/es/a1/x', '/es/a1/y/practice', '/sitemap.xml', ...lessonPages('a2/z')]));
    expect(sorted(paths)).toEqual(expected([...levelPaths('es', 'a1', ['x', 'y']), ...neighbourPaths('es', sequence, renamed)]));
    expect(readsOf(change).after).toContainEqual(['lessons', 'es', 'a1']);
    // Its lessons unknown (the read failed): wildcards under the level, never the whole site.
    expect(pathsOf(change, seen(sequence), { sequences: { es: renamed } })).toEqual(expect.arrayContaining(['/es/a1/*', '/api/pages/lesson/es/a1/*']));
  });

  it('a level deleted: what was under it is read before it goes, with the posts that sampled it', () => {
    const change: KnownChange = { kind: 'level', language: 'es', level: 'a1', how: 'delete' };
    expect(readsOf(change).before).toEqual(expect.arrayContaining([['lessons', 'es', 'a1'], ['posts'], ['sequence', 'es']]));
    const after = { levels: [lv('a2', 1)], lessons: [ls('a2', 'z', 0)] };
    const paths = pathsOf(change, seen(sequence), { sequences: { es: after } });
    expect(sorted(paths)).toEqual(
      expected([...levelPaths('es', 'a1', ['x', 'y']), ...linkedPostPaths(posts, 'es/a1/'), ...neighbourPaths('es', sequence, after)]),
    );
    expect(paths).toContain('/blog/on-y');
  });

  it('a level locked: its pages, its lessons, the posts sampling them; created: its card and page, nothing read', () => {
    const locked = { levels: [{ ...lv('a1', 0), is_locked: true }, lv('a2', 1)], lessons: sequence.lessons };
    const paths = pathsOf({ kind: 'level', language: 'es', level: 'a1', how: 'lock' }, seen(sequence), seen(locked));
    expect(sorted(paths)).toEqual(expected([...levelPaths('es', 'a1', ['x', 'y']), ...neighbourPaths('es', sequence, locked), '/blog/on-y', '/api/blog/on-y']));
    const created: KnownChange = { kind: 'level', language: 'es', level: 'b1', how: 'create' };
    expect(readsOf(created)).toEqual({ before: [], after: [] });
    expect(sorted(pathsOf(created, {}, {}))).toEqual(expected(levelPaths('es', 'b1', [])));
  });

  it('levels reordered: only the language page lists them in order, the lessons whose links moved, the sitemap', () => {
    const swapped = { ...sequence, levels: [lv('a1', 1), lv('a2', 0)] };
    const paths = pathsOf({ kind: 'level', language: 'es', how: 'order' }, seen(sequence), seen(swapped));
    expect(sorted(paths)).toEqual(expected([...levelOrderPaths('es'), ...neighbourPaths('es', sequence, swapped)]));
    expect(paths).not.toContain('/es/a1');
  });

  it('a language: created, its lists; edited, every page under it (read after); deleted, read before, with the posts under it', () => {
    expect(sorted(pathsOf({ kind: 'language', language: 'fr', how: 'create' }, {}, {}))).toEqual(expected(languagePaths('fr', { levels: [], lessons: [] })));
    const edit: KnownChange = { kind: 'language', language: 'es', how: 'edit' };
    expect(readsOf(edit)).toEqual({ before: [], after: [['tree', 'es']] });
    const edited = pathsOf(edit, {}, seen(sequence));
    expect(edited).toEqual(expect.arrayContaining(['/', '/languages', '/es', '/es/a2/z', '/api/languages/es', '/sitemap.xml']));
    expect(edited).not.toContain('/blog/on-z');
    const del: KnownChange = { kind: 'language', language: 'es', how: 'delete' };
    expect(readsOf(del)).toEqual({ before: [['tree', 'es'], ['posts']], after: [] });
    expect(sorted(pathsOf(del, seen(sequence), {}))).toEqual(expected([...languagePaths('es', tree), ...linkedPostPaths(posts, 'es/')]));
  });

  it('phrases: the pages of every lesson they left or joined, the posts that sample those, no list or sitemap', () => {
    const moved = {
      kind: 'phrases',
      lessons: [
        { language_id: 'es', level_id: 'a2', lesson_id: 'z' },
        { language_id: 'es', level_id: 'a1', lesson_id: 'y' },
      ],
    } as const;
    const paths = pathsOf(moved, {}, seen(sequence));
    expect(sorted(paths)).toEqual(
      expected([
        ...phrasePaths('es', 'a2', 'z'),
        ...phrasePaths('es', 'a1', 'y'),
        ...lessonPages(),
        '/blog/on-y',
        '/api/blog/on-y',
        '/blog/on-z',
        '/api/blog/on-z',
      ]),
    );
    expect(paths).not.toContain('/sitemap.xml');
    expect(paths).not.toContain('/es/a1');
  });

  it('a post published: the blog index, the home page, the post, the feed, the sitemap; a draft changes nothing public', () => {
    const draft = { slug: 'hola', published: false };
    const published = pathsOf({ kind: 'post', before: draft, after: { ...draft, published: true } }, {}, {});
    expect(published).toEqual(expect.arrayContaining(['/', '/blog', '/blog/hola', '/blog/rss.xml', '/sitemap.xml', '/api/blog*']));
    expect(pathsOf({ kind: 'post', after: draft }, {}, {})).toEqual([]);
    expect(pathsOf({ kind: 'post', before: draft, after: { ...draft, slug: 'adios' } }, {}, {})).toEqual([]);
    // Renamed while published: the old address too (now a 404); unpublished or deleted: its pages go.
    expect(pathsOf({ kind: 'post', before: { slug: 'old', published: true }, after: { slug: 'new', published: true } }, {}, {})).toEqual(
      postPaths('new', 'old'),
    );
    expect(pathsOf({ kind: 'post', before: { slug: 'hola', published: true }, after: draft }, {}, {})).toContain('/blog/hola');
    expect(pathsOf({ kind: 'post', before: { slug: 'hola', published: true } }, {}, {})).toEqual(postPaths('hola'));
    expect(pathsOf({ kind: 'post', before: draft }, {}, {})).toEqual([]);
  });

  it('the settings and an import: the whole site, one wildcard', () => {
    expect(pathsOf({ kind: 'settings' }, {}, {})).toEqual(['/*']);
    expect(pathsOf({ kind: 'import' }, {}, {})).toEqual(['/*']);
  });

  it('items published, released or restored: each item as it is after (a lesson: as a created one, with its posts and neighbours)', () => {
    const lesson = { kind: 'lesson', language_id: 'es', level_id: 'a1', lesson_id: 'y' } as const;
    const without = { ...sequence, lessons: [ls('a1', 'x', 0), ls('a2', 'z', 0)] };
    const change: KnownChange = { kind: 'items', items: [lesson] };
    expect(readsOf(change)).toEqual({ before: [['sequence', 'es']], after: [['sequence', 'es'], ['posts']] });
    expect(sorted(pathsOf(change, seen(without), seen(sequence)))).toEqual(
      expected([...lessonPaths('es', 'a1', 'y', { countChanged: true }), ...lessonPages('a1/x', 'a2/z'), '/blog/on-y', '/api/blog/on-y']),
    );
    const level: KnownChange = { kind: 'items', items: [{ kind: 'level', language_id: 'es', level_id: 'a1' }] };
    expect(sorted(pathsOf(level, seen(sequence), seen(sequence)))).toEqual(
      expected([...levelPaths('es', 'a1', ['x', 'y']), ...linkedPostPaths(posts, 'es/a1/')]),
    );
    const language: KnownChange = { kind: 'items', items: [{ kind: 'language', language_id: 'es' }] };
    expect(readsOf(language).before).toEqual([]);
    expect(sorted(pathsOf(language, {}, seen(sequence)))).toEqual(expected([...languagePaths('es', tree), ...linkedPostPaths(posts, 'es/')]));
  });

  it('a post item: its pages when it is public after; none when it is a draft or gone; every post when its read failed', () => {
    const change: KnownChange = { kind: 'items', items: [{ kind: 'post', post_id: 'p1' }] };
    expect(readsOf(change)).toEqual({ before: [], after: [['post', 'p1']] });
    const post = { slug: 'hola', lesson_path: null, published: true };
    expect(pathsOf(change, {}, { items: { p1: post } })).toEqual(postPaths('hola'));
    expect(pathsOf(change, {}, { items: { p1: { ...post, published: false } } })).toEqual([]);
    expect(pathsOf(change, {}, { items: { p1: null } })).toEqual([]);
    expect(pathsOf(change, {}, {})).toEqual(expect.arrayContaining(['/', '/blog', '/blog/*', '/blog/rss.xml', '/sitemap.xml', '/api/blog*']));
  });

  it("items deleted by bulk work: their pages read before (a level's lessons), with the language's neighbours", () => {
    const change: KnownChange = { kind: 'items', items: [{ kind: 'level', language_id: 'es', level_id: 'a1' }], language: 'es', deleted: true };
    expect(readsOf(change)).toEqual({ before: [['sequence', 'es'], ['lessons', 'es', 'a1'], ['posts']], after: [['sequence', 'es']] });
    const after = { levels: [lv('a2', 1)], lessons: [ls('a2', 'z', 0)] };
    expect(sorted(pathsOf(change, seen(sequence), { sequences: { es: after } }))).toEqual(
      expected([...levelPaths('es', 'a1', ['x', 'y']), ...linkedPostPaths(posts, 'es/a1/'), ...lessonPages('a2/z')]),
    );
  });

  it('a sequence that could not be read covers the language with wildcards', () => {
    const paths = pathsOf({ kind: 'lesson', language: 'es', level: 'a1', how: 'order' }, {}, seen(sequence));
    expect(paths).toEqual(expect.arrayContaining(['/es/*', '/api/pages/lesson/es/*']));
  });
});

describe("a language's search index changes with the lessons it covers", () => {
  it('named beside every catalogue a rule names (a lesson renamed, locked, its phrases; a level; the language), nowhere else', () => {
    const index = '/api/search-index/es';
    const renamed = { ...sequence, lessons: [ls('a1', 'x', 0), ls('a1', 'y', 1, 'Hello'), ls('a2', 'z', 0)] };
    const locked = { ...sequence, lessons: [ls('a1', 'x', 0), ls('a1', 'y', 1, 'y', true), ls('a2', 'z', 0)] };
    expect(pathsOf({ kind: 'lesson', language: 'es', level: 'a1', lesson: 'y', how: 'edit' }, seen(sequence), seen(renamed))).toContain(index);
    expect(pathsOf({ kind: 'lesson', language: 'es', level: 'a1', lesson: 'y', how: 'lock' }, seen(sequence), seen(locked))).toContain(index);
    expect(pathsOf({ kind: 'phrases', lessons: [{ language_id: 'es', level_id: 'a1', lesson_id: 'y' }] }, {}, seen(sequence))).toContain(index);
    expect(pathsOf({ kind: 'level', language: 'es', level: 'a1', how: 'lock' }, seen(sequence), seen(sequence))).toContain(index);
    expect(pathsOf({ kind: 'language', language: 'es', how: 'edit' }, {}, seen(sequence))).toContain(index);
    expect(
      pathsOf({ kind: 'items', items: [{ kind: 'lesson', language_id: 'es', level_id: 'a1', lesson_id: 'y' }] }, seen(sequence), seen(sequence)),
    ).toContain(index);
    // A post changes no course: no index.
    expect(pathsOf({ kind: 'post', after: { slug: 'hola', published: true } }, {}, {}).some((p) => p.startsWith('/api/search-index/'))).toBe(false);
  });

  it("names the catalogue's own language, encoded once, and leaves wildcards alone", () => {
    expect(withSearchIndexes(['/api/catalogue/espa%C3%B1ol', '/es/a1'])).toEqual(['/api/catalogue/espa%C3%B1ol', '/api/search-index/espa%C3%B1ol', '/es/a1']);
    expect(withSearchIndexes(['/*', '/api/catalogue/*', '/api/pages/lesson/es/a1/x'])).toEqual(['/*', '/api/catalogue/*', '/api/pages/lesson/es/a1/x']);
  });
});

describe('changeSite', () => {
  const previous = config.cdn.distributionId;
  afterEach(() => {
    config.cdn.distributionId = previous;
    vi.restoreAllMocks();
  });

  it('a read for the rules answers undefined when it fails (logged), so the write still answers', async () => {
    expect(await lookup('lessons', () => Promise.resolve(['hello']))).toEqual(['hello']);
    const log = vi.spyOn(logger, 'error').mockImplementation(() => {});
    expect(await lookup('lessons', () => Promise.reject(new Error('throttled')))).toBeUndefined();
    expect(log).toHaveBeenCalledWith('CDN path lookup failed', expect.objectContaining({ what: 'lessons' }));
  });

  it('invalidates once, after the write, what its rule names; a write that answers nothing (not found, nothing moved) invalidates nothing', async () => {
    // No CloudFront runs in unit tests: its client is mocked (a language's creation reads nothing, so no table is needed).
    const cloudFront = mockClient(CloudFrontClient);
    cloudFront.on(CreateInvalidationCommand).resolves({});
    config.cdn.distributionId = 'E2EXAMPLE1234';
    const created = { kind: 'language', language: 'fr', how: 'create' } as const;
    for (const answer of [undefined, false, []]) expect(await changeSite(created, () => Promise.resolve(answer))).toEqual(answer);
    expect(cloudFront.commandCalls(CreateInvalidationCommand)).toHaveLength(0);
    await expect(changeSite(created, () => Promise.reject(new Error('conflict')))).rejects.toThrow('conflict');
    expect(cloudFront.commandCalls(CreateInvalidationCommand)).toHaveLength(0);
    expect(await changeSite(created, () => Promise.resolve({ id: 'fr' }))).toEqual({ id: 'fr' });
    const calls = cloudFront.commandCalls(CreateInvalidationCommand);
    expect(calls).toHaveLength(1);
    expect(sorted(calls[0].args[0].input.InvalidationBatch?.Paths?.Items ?? [])).toEqual(expected(languagePaths('fr', { levels: [], lessons: [] })));
    cloudFront.restore();
  });

  it('without a CDN (unit tests, scripts) only runs the write: nothing is read', async () => {
    config.cdn.distributionId = undefined;
    const log = vi.spyOn(logger, 'error').mockImplementation(() => {});
    const write = vi.fn(() => Promise.resolve('done'));
    expect(await changeSite({ kind: 'level', language: 'es', level: 'a1', how: 'delete' }, write)).toBe('done');
    expect(write).toHaveBeenCalledTimes(1);
    expect(log).not.toHaveBeenCalled();
  });
});

describe('the route table names what each write changes', () => {
  const writes = routes.filter((r) => r.method !== 'GET');

  it('every write route declares the kinds it changes, or nothing; no read does', () => {
    expect(writes.length).toBeGreaterThan(40);
    expect(writes.filter((r) => r.changes === undefined).map(routeKey)).toEqual([]);
    expect(routes.filter((r) => r.method === 'GET' && r.changes !== undefined).map(routeKey)).toEqual([]);
    // The course structure, the blog and the settings are public: each of their writes changes something.
    const course = writes.filter((r) => ['languages', 'levels', 'lessons', 'settings', 'blog'].includes(r.fn));
    expect(course.filter((r) => r.changes === 'nothing').map(routeKey)).toEqual([]);
  });

  /** A handler module's text for one route: from its key to the next route's key. */
  const bodyOf = (fn: string, key: string) => {
    const source = readFileSync(path.join(ROOT, `functions/handlers/${fn}.ts`), 'utf8');
    const start = source.indexOf(`'${key}':`);
    const next = source.slice(start + key.length).search(/'(GET|POST|PUT|PATCH|DELETE) \//);
    return start < 0 ? '' : source.slice(start, next < 0 ? undefined : start + key.length + next);
  };
  // Services a handler calls that make a change through site-changes themselves.
  const THROUGH_SERVICES: Record<string, { file: string; kinds: string[] }> = {
    'runRelease(': { file: 'functions/services/releases.ts', kinds: ['items'] },
    'regenerate(': { file: 'functions/services/voice-change.ts', kinds: ['phrases'] },
  };

  it("each write route's handler hands exactly the declared kinds to the site-changes service", () => {
    const wrong: string[] = [];
    for (const r of writes) {
      const body = bodyOf(r.fn, routeKey(r));
      if (!body) wrong.push(`${routeKey(r)}: no handler in functions/handlers/${r.fn}.ts`);
      const service = Object.entries(THROUGH_SERVICES).find(([call]) => body.includes(call));
      const told = /\b(changeSite|siteChanged)\(/.test(body) || !!service;
      const kinds = new Set([...body.matchAll(/kind: '(\w+)'/g)].map((m) => m[1]).concat(service?.[1].kinds ?? []));
      if (r.changes === 'nothing') {
        if (told) wrong.push(`${routeKey(r)}: declares 'nothing' but changes the site`);
      } else if (!told || [...(r.changes ?? [])].sort().join() !== [...kinds].sort().join()) {
        wrong.push(`${routeKey(r)}: declares ${JSON.stringify(r.changes)}, hands ${JSON.stringify([...kinds])}`);
      }
    }
    expect(wrong).toEqual([]);
    for (const { file, kinds } of Object.values(THROUGH_SERVICES)) {
      const source = readFileSync(path.join(ROOT, file), 'utf8');
      for (const kind of kinds) expect(source).toMatch(new RegExp(`(changeSite|siteChanged)\\(\\{ kind: '${kind}'`));
    }
  });
});
