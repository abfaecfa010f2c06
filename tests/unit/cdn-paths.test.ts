import { describe, expect, it } from 'vitest';
import {
  fitBatch,
  languagePaths,
  lessonOrderPaths,
  lessonPaths,
  levelOrderPaths,
  levelPaths,
  linkedPostPaths,
  MAX_BATCH,
  MAX_WILDCARDS,
  phrasePaths,
  postPaths,
  settingsPaths,
  neighbourPaths,
  type CourseTree,
  type SequenceTree,
} from '../../functions/lib/cdn-paths.js';

const sorted = (paths: string[]) => [...paths].sort();
const wildcards = (paths: string[]) => paths.filter((p) => p.includes('*'));

/** A language with `levels` levels of `lessons` lessons each. */
function tree(levels: number, lessons: number): CourseTree {
  const levelIds = Array.from({ length: levels }, (_, i) => `l${i + 1}`);
  return {
    levels: levelIds.map((id) => ({ id })),
    lessons: levelIds.flatMap((level_id) => Array.from({ length: lessons }, (_, i) => ({ level_id, id: `s${i + 1}` }))),
  };
}

const posts = [
  { slug: 'a', lesson_path: 'es/a1/hello', published: true },
  { slug: 'b', lesson_path: 'es/a1/hello-again', published: true },
  { slug: 'c', lesson_path: 'es/a2/bye', published: true },
  { slug: 'd', lesson_path: 'es/a1/hello', published: false },
  { slug: 'e', lesson_path: null, published: true },
  { slug: 'f', lesson_path: 'esx/a1/hello', published: true },
  { slug: 'español-básico', lesson_path: 'es/a1/hello', published: true },
];

/** Every rule with every kind of input, as one request would send it (after fitBatch). */
const batches: [string, string[]][] = [
  ['language created', languagePaths('es', { levels: [], lessons: [] })],
  ['language edited (small tree)', languagePaths('es', tree(2, 3))],
  ['language edited (large tree)', languagePaths('es', tree(6, 20))],
  ['language edited (tree unknown)', languagePaths('es', undefined)],
  ['language deleted', [...languagePaths('es', tree(6, 20)), ...linkedPostPaths(posts, 'es/')]],
  ['level created', levelPaths('es', 'a1', [])],
  ['level edited', levelPaths('es', 'a1', ['hello', 'bye'])],
  [
    'level edited (large)',
    levelPaths(
      'es',
      'a1',
      tree(1, 80).lessons.map((l) => l.id),
    ),
  ],
  ['level edited (lessons unknown)', levelPaths('es', 'a1', undefined)],
  ['level deleted', [...levelPaths('es', 'a1', ['hello']), ...linkedPostPaths(undefined, 'es/a1/')]],
  ['levels moved', levelOrderPaths('es')],
  ['lesson edited', lessonPaths('es', 'a1', 'hello')],
  ['lesson created', lessonPaths('es', 'a1', 'hello', { countChanged: true })],
  ['lessons reordered', lessonOrderPaths('es', 'a1')],
  ['phrases moved', [...phrasePaths('es', 'a1', 'hello'), ...phrasePaths('es', 'a2', 'bye'), ...linkedPostPaths(posts, 'es/a1/hello')]],
  ['post renamed', postPaths('new-slug', 'old-slug')],
  ['settings', settingsPaths()],
];

describe('CDN invalidation paths', () => {
  it.each(batches)('%s: absolute paths, a wildcard only at the end, few wildcards, a bounded batch', (name, paths) => {
    const batch = fitBatch(paths);
    expect(batch.length).toBeGreaterThan(0);
    for (const p of [...paths, ...batch]) {
      expect(p.startsWith('/'), p).toBe(true);
      expect(p.slice(0, -1), p).not.toContain('*');
      expect(p, p).not.toMatch(/[?#\s]/);
    }
    expect(new Set(batch).size).toBe(batch.length);
    // Three only where a read failed and the whole language is unknown.
    expect(wildcards(batch).length).toBeLessThanOrEqual(name === 'language edited (tree unknown)' ? 3 : MAX_WILDCARDS);
    expect(batch.length).toBeLessThanOrEqual(MAX_BATCH);
  });

  it('a language: the language lists, its page, the sitemap, and every level and lesson page under it, exactly', () => {
    const own = ['/', '/languages', '/es', '/api/languages', '/api/languages/es', '/api/pages/language/es', '/api/catalogue/es', '/sitemap.xml'];
    expect(sorted(languagePaths('es', { levels: [], lessons: [] }))).toEqual(sorted(own));
    const t = { levels: [{ id: 'a1' }, { id: 'a2' }], lessons: [{ level_id: 'a1', id: 'hello' }] };
    expect(sorted(languagePaths('es', t))).toEqual(
      sorted([
        ...own,
        '/es/a1',
        '/api/pages/level/es/a1',
        '/es/a2',
        '/api/pages/level/es/a2',
        '/es/a1/hello',
        '/es/a1/hello/practice',
        '/api/pages/lesson/es/a1/hello',
      ]),
    );
    // Unknown tree (the read failed): everything under the language, and only under it.
    expect(languagePaths('es', undefined)).toEqual(expect.arrayContaining(['/es/*', '/api/pages/level/es/*', '/api/pages/lesson/es/*']));
    expect(languagePaths('es', undefined)).not.toContain('/es*');
  });

  it('a level: its card on the language page, its page, its lessons (breadcrumb, lock redirect) and the sitemap', () => {
    expect(sorted(levelPaths('es', 'a1', ['hello', 'bye']))).toEqual(
      sorted([
        '/es',
        '/api/pages/language/es',
        '/es/a1',
        '/api/pages/level/es/a1',
        '/api/catalogue/es',
        '/sitemap.xml',
        '/es/a1/hello',
        '/es/a1/hello/practice',
        '/api/pages/lesson/es/a1/hello',
        '/es/a1/bye',
        '/es/a1/bye/practice',
        '/api/pages/lesson/es/a1/bye',
      ]),
    );
    expect(wildcards(levelPaths('es', 'a1', []))).toEqual([]);
    expect(wildcards(levelPaths('es', 'a1', undefined))).toEqual(['/es/a1/*', '/api/pages/lesson/es/a1/*']);
    expect(sorted(levelOrderPaths('es'))).toEqual(sorted(['/es', '/api/pages/language/es', '/api/catalogue/es', '/sitemap.xml']));
  });

  it('a lesson: its level page and its own page; the language page only when the lesson count changes', () => {
    const edited = [
      '/es/a1',
      '/api/pages/level/es/a1',
      '/es/a1/hello',
      '/es/a1/hello/practice',
      '/api/pages/lesson/es/a1/hello',
      '/api/catalogue/es',
      '/sitemap.xml',
    ];
    expect(sorted(lessonPaths('es', 'a1', 'hello'))).toEqual(sorted(edited));
    expect(sorted(lessonPaths('es', 'a1', 'hello', { countChanged: true }))).toEqual(sorted([...edited, '/es', '/api/pages/language/es']));
    expect(sorted(lessonOrderPaths('es', 'a1'))).toEqual(sorted(['/es/a1', '/api/pages/level/es/a1', '/api/catalogue/es', '/sitemap.xml']));
    expect(phrasePaths('es', 'a1', 'hello')).toEqual(['/es/a1/hello', '/es/a1/hello/practice', '/api/pages/lesson/es/a1/hello', '/api/catalogue/es']);
  });

  it("a lesson's neighbours: exactly the lesson pages whose Previous/Next links change", () => {
    const lv = (id: string, order: number, is_locked = false) => ({ id, title: id.toUpperCase(), order_index: order, is_locked });
    const ls = (level_id: string, id: string, order: number, is_locked = false) => ({
      id,
      level_id,
      language_id: 'es',
      title: id,
      translated_title: '',
      order_index: order,
      is_locked,
    });
    const before: SequenceTree = {
      levels: [lv('a1', 0), lv('a2', 1), lv('b1', 2)],
      lessons: [ls('a1', 'x', 0), ls('a1', 'y', 1), ls('a2', 'z', 0), ls('b1', 'w', 0), ls('b1', 'v', 1)],
    };
    const pages = (...ids: string[]) => sorted(ids.flatMap((id) => [`/es/${id}`, `/api/pages/lesson/es/${id}`]));
    expect(neighbourPaths('es', before, before)).toEqual([]);
    // Locking a2 joins y and w; z itself redirects (its own page is lessonPaths' or levelPaths').
    const locked = { ...before, levels: [lv('a1', 0), lv('a2', 1, true), lv('b1', 2)] };
    expect(sorted(neighbourPaths('es', before, locked))).toEqual(pages('a1/y', 'b1/w'));
    // Swapping x and y: both, and z (its previous is now x).
    const swapped = { ...before, lessons: [ls('a1', 'x', 1), ls('a1', 'y', 0), ...before.lessons.slice(2)] };
    expect(sorted(neighbourPaths('es', before, swapped))).toEqual(pages('a1/x', 'a1/y', 'a2/z'));
    // Renaming z's level: the links into it (y's next, w's previous) show the level's title.
    const renamed = { ...before, levels: [lv('a1', 0), { ...lv('a2', 1), title: 'New' }, lv('b1', 2)] };
    expect(sorted(neighbourPaths('es', before, renamed))).toEqual(pages('a1/y', 'b1/w'));
    // Unknown (a read failed): every lesson page of the language.
    expect(neighbourPaths('es', undefined, before)).toEqual(['/es/*', '/api/pages/lesson/es/*']);
  });

  it('a post: its old and new page, the home page, the list, the feed, the sitemap and every public blog read', () => {
    expect(sorted(postPaths('new-slug', 'old-slug'))).toEqual(
      sorted(['/', '/blog', '/blog/new-slug', '/blog/old-slug', '/blog/rss.xml', '/sitemap.xml', '/api/blog*']),
    );
    expect(postPaths('same', 'same').filter((p) => p === '/blog/same')).toHaveLength(1);
    expect(postPaths('only')).not.toContain('/blog/undefined');
    // `/api/blog` alone would miss `/api/blog?limit=3` (the home page's read) and `/api/blog/{slug}`.
    expect(postPaths('x')).not.toContain('/api/blog');
    expect(settingsPaths()).toEqual(['/*']);
  });

  it('slugs are named as browsers request them: percent-encoded UTF-8', () => {
    expect(postPaths('español-básico')).toContain('/blog/espa%C3%B1ol-b%C3%A1sico');
    expect(linkedPostPaths(posts, 'es/a1/hello')).toContain('/api/blog/espa%C3%B1ol-b%C3%A1sico');
  });

  it('finds the published posts that sample a lesson, or anything under a level or language, exactly', () => {
    const enc = '/blog/espa%C3%B1ol-b%C3%A1sico';
    expect(linkedPostPaths(posts, 'es/a1/hello')).toEqual(['/blog/a', '/api/blog/a', enc, `/api${enc}`]);
    expect(linkedPostPaths(posts, 'es/a1/')).toEqual(['/blog/a', '/api/blog/a', '/blog/b', '/api/blog/b', enc, `/api${enc}`]);
    expect(linkedPostPaths(posts, 'es/')).toEqual(['/blog/a', '/api/blog/a', '/blog/b', '/api/blog/b', '/blog/c', '/api/blog/c', enc, `/api${enc}`]);
    expect(linkedPostPaths(posts, 'fr/a1/hello')).toEqual([]);
    expect(linkedPostPaths(undefined, 'es/a1/hello')).toEqual(['/blog/*', '/api/blog/*']);
  });
});

describe('fitBatch: one request to CloudFront', () => {
  it('dedupes and drops what a wildcard of the batch already covers', () => {
    expect(fitBatch(['/es', '/es', '/api/blog/x', '/api/blog*', '/blog'])).toEqual(['/api/blog*', '/es', '/blog']);
    expect(fitBatch([...settingsPaths(), ...postPaths('x'), '/es/a1'])).toEqual(['/*']);
    expect(fitBatch([])).toEqual([]);
  });

  it(`keeps exact paths up to ${MAX_BATCH}, however many share a prefix`, () => {
    const paths = levelPaths(
      'es',
      'a1',
      tree(1, 14).lessons.map((l) => l.id),
    ); // 6 + 3 x 14 (each lesson's page, practice page and read)
    expect(paths.length).toBe(48);
    expect(fitBatch(paths)).toEqual(paths);
  });

  it("above that, collapses one prefix's list into its wildcard, the most specific that fits", () => {
    const ids = tree(1, 30).lessons.map((l) => l.id);
    const batch = fitBatch(levelPaths('es', 'a1', ids)); // 96 exact
    expect(wildcards(batch)).toHaveLength(1);
    // The level's lessons, not the whole language.
    expect(['/es/a1/*', '/api/pages/lesson/es/a1/*']).toContain(wildcards(batch)[0]);
    expect(batch.length).toBeLessThanOrEqual(MAX_BATCH);
    expect(batch).toEqual(expect.arrayContaining(['/es', '/es/a1', '/api/pages/level/es/a1', '/api/pages/language/es', '/sitemap.xml']));
  });

  it('uses two wildcards when one is not enough, and never a root that reaches other languages', () => {
    const big = fitBatch(languagePaths('es', tree(6, 20))); // 7 + 12 + 240 exact
    expect(sorted(wildcards(big))).toEqual(['/api/pages/lesson/es/*', '/es/*']);
    expect(big).toEqual(expect.arrayContaining(['/', '/languages', '/es', '/api/pages/level/es/l1', '/api/pages/level/es/l6']));
    expect(big.length).toBeLessThanOrEqual(MAX_BATCH);

    const level = fitBatch(
      levelPaths(
        'es',
        'a1',
        tree(1, 80).lessons.map((l) => l.id),
      ),
    );
    expect(sorted(wildcards(level))).toEqual(['/api/pages/lesson/es/a1/*', '/es/a1/*']);

    for (const batch of [big, level]) {
      for (const root of ['/*', '/api/*', '/api/pages/*', '/api/pages/lesson/*', '/api/pages/level/*']) expect(batch).not.toContain(root);
    }
  });

  it('prefers one wildcard over two, and a smaller one when it suffices', () => {
    const batch = fitBatch(languagePaths('es', tree(3, 8))); // 7 + 6 + 48 = 61 exact
    expect(wildcards(batch)).toEqual(['/es/*']);
  });

  it('counts wildcards already in the batch against the limit and never exceeds it', () => {
    const slugs = Array.from({ length: 60 }, (_, i) => `post-${i}`);
    const batch = fitBatch([...postPaths('x'), ...slugs.map((s) => `/blog/${s}`)]); // /api/blog* + 66 exact
    expect(wildcards(batch)).toHaveLength(MAX_WILDCARDS);
    expect(batch).toContain('/blog/*');
    expect(batch).not.toContain('/blog/rss.xml');
  });

  it('keeps exact paths when the wildcard budget is spent: costly, never wrong', () => {
    const exact = tree(1, 60).lessons.map((l) => `/es/l1/${l.id}`);
    const batch = fitBatch(['/api/blog*', '/blog/*', ...exact]);
    expect(batch).toHaveLength(62);
    expect(wildcards(batch)).toHaveLength(2);
  });
});
