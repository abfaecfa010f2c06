import { describe, expect, it } from 'vitest';
import { languagePaths, lessonOrderPaths, lessonPaths, levelOrderPaths, levelPaths, linkedPostPaths, phrasePaths, postPaths, settingsPaths } from '../../functions/lib/cdn-paths.js';

const all = [
  languagePaths('spanish'),
  levelPaths('spanish', 'a1'),
  levelOrderPaths('spanish'),
  lessonPaths('spanish', 'a1', 'hello'),
  lessonOrderPaths('spanish', 'a1'),
  phrasePaths('spanish', 'a1', 'hello'),
  postPaths('new-slug', 'old-slug'),
  settingsPaths(),
];

describe('CDN invalidation paths', () => {
  it('are valid CloudFront paths: absolute, a wildcard only at the end, few wildcards per write', () => {
    for (const paths of all) {
      for (const p of paths) {
        expect(p.startsWith('/')).toBe(true);
        expect(p.slice(0, -1)).not.toContain('*');
      }
      // At most 15 wildcard paths may be in progress per distribution: a write uses three at most.
      expect(paths.filter((p) => p.endsWith('*')).length).toBeLessThanOrEqual(3);
    }
  });

  it('a lesson edit reaches its page, its level and language pages, their API reads and the sitemap, and nothing else', () => {
    expect(lessonPaths('spanish', 'a1', 'hello').sort()).toEqual(
      [
        '/spanish',
        '/spanish/a1',
        '/spanish/a1/hello',
        '/api/pages/language/spanish',
        '/api/pages/level/spanish/a1',
        '/api/pages/lesson/spanish/a1/hello',
        '/sitemap.xml',
      ].sort(),
    );
    expect(phrasePaths('spanish', 'a1', 'hello')).toEqual(['/spanish/a1/hello', '/api/pages/lesson/spanish/a1/hello']);
  });

  it('a level or language change reaches every page under it (breadcrumbs), a reorder only the list that orders', () => {
    expect(levelPaths('spanish', 'a1')).toEqual(expect.arrayContaining(['/spanish/a1/*', '/api/pages/lesson/spanish/a1/*']));
    expect(languagePaths('spanish')).toEqual(expect.arrayContaining(['/', '/languages', '/spanish/*', '/api/languages', '/api/languages/spanish']));
    expect(levelOrderPaths('spanish')).toEqual(['/spanish', '/api/pages/language/spanish']);
    expect(lessonOrderPaths('spanish', 'a1')).toEqual(['/spanish/a1', '/api/pages/level/spanish/a1']);
  });

  it('a post reaches its old and new page, the lists, the feed and every public blog read', () => {
    const paths = postPaths('new-slug', 'old-slug');
    expect(paths).toEqual(expect.arrayContaining(['/', '/blog', '/blog/new-slug', '/blog/old-slug', '/blog/rss.xml', '/sitemap.xml', '/api/blog*']));
    expect(settingsPaths()).toEqual(['/*']);
  });

  it('finds the published posts that sample a lesson, a level or a language, exactly', () => {
    const posts = [
      { slug: 'a', lesson_path: 'spanish/a1/hello', published: true },
      { slug: 'b', lesson_path: 'spanish/a1/hello-again', published: true },
      { slug: 'c', lesson_path: 'spanish/a2/bye', published: true },
      { slug: 'd', lesson_path: 'spanish/a1/hello', published: false },
      { slug: 'e', lesson_path: null, published: true },
      { slug: 'f', lesson_path: 'spanishx/a1/hello', published: true },
    ];
    expect(linkedPostPaths(posts, 'spanish/a1/hello')).toEqual(['/blog/a', '/api/blog/a']);
    expect(linkedPostPaths(posts, 'spanish/a1/')).toEqual(['/blog/a', '/api/blog/a', '/blog/b', '/api/blog/b']);
    expect(linkedPostPaths(posts, 'spanish/')).toEqual(['/blog/a', '/api/blog/a', '/blog/b', '/api/blog/b', '/blog/c', '/api/blog/c']);
  });
});
