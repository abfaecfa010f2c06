/** What a download holds (frontend/src/offline/plan.ts): a lesson's or a level's pages and reads, the files a page shows, sizes. */
import { describe, expect, it } from 'vitest';
import { filesOf, formatBytes, lessonUrls, levelOf, levelUrls, unshared } from '../../../frontend/src/offline/plan';

const ORIGIN = 'https://phrases.example';

describe('a download plan', () => {
  it('a lesson: its page, its practice page, the review page and its one read; a level: its page and read', () => {
    expect(lessonUrls('/spanish/beginner/greetings')).toEqual({
      pages: ['/spanish/beginner/greetings', '/spanish/beginner/greetings/practice', '/review'],
      data: ['/api/pages/lesson/spanish/beginner/greetings', '/api/languages', '/api/search-index/spanish'],
    });
    expect(levelUrls('/spanish/beginner')).toEqual({ pages: ['/spanish/beginner'], data: ['/api/pages/level/spanish/beginner'] });
    expect(levelOf('/spanish/beginner/greetings')).toBe('/spanish/beginner');
  });

  it("a page's files: images, audio, scripts, its stylesheet, its icon and icon sheet, of this site only, once each", () => {
    const html = `<html><head><link rel="icon" href="/favicon.svg"><link rel="canonical" href="/x"><link rel="manifest" href="/manifest.webmanifest">
      <script type="module" src="/static/i-loader-1.js"></script><script type="application/ld+json">{}</script><link rel="stylesheet" href="/static/site-1.css"></head>
      <body><svg><use href="/static/icons-1.svg#PlayRegular"></use></svg><svg><use href="/static/icons-1.svg#StarFilled"></use></svg>
      <img src="/media/content/icons/a.png?v=1&amp;w=2" alt=""><img src="data:image/png;base64,xx" alt="">
      <img src="https://elsewhere.example/x.png" alt=""><audio src="/media/content/audio/1.mp3" preload="metadata"></audio>
      <audio src="/media/content/audio/1.mp3#t=2"></audio><a href="/spanish/beginner/next">Next</a></body></html>`;
    expect(filesOf(html, `${ORIGIN}/spanish/beginner/greetings`, ORIGIN)).toEqual([
      `${ORIGIN}/favicon.svg`,
      `${ORIGIN}/manifest.webmanifest`,
      `${ORIGIN}/static/i-loader-1.js`,
      `${ORIGIN}/static/site-1.css`,
      `${ORIGIN}/static/icons-1.svg`,
      `${ORIGIN}/media/content/icons/a.png?v=1&w=2`,
      `${ORIGIN}/media/content/audio/1.mp3`,
    ]);
  });

  it('sizes as storage settings show them', () => {
    expect(formatBytes(0)).toBe('1 KB');
    expect(formatBytes(363_400)).toBe('363 KB');
    expect(formatBytes(1_460_000)).toBe('1.5 MB');
  });

  it('removing a download frees only what no other download holds', () => {
    expect(unshared(['/a', '/b', '/review'], [['/review', '/c'], ['/b']])).toEqual(['/a']);
    expect(unshared(['/a'], [])).toEqual(['/a']);
  });
});
