/**
 * The one URL module (shared/urls.ts): each builder against the two route tables, with hostile
 * values (spaces, slashes, `?`, `#`, `%`, `*`, Unicode, dot segments) that must reach the router as
 * one segment each and come back intact.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { matchRoute, routes, type Method } from '../../functions/routes.js';
import { OFFLINE_PATH } from '../../frontend/src/offline/paths.js';
import { api, apiPath, fillRoute, pages, query, seg, siteUrl, under, withQuery } from '../../shared/urls.js';

const HOSTILE = ['spanish', 'a b', 'a/b', 'a?b#c', '100%', 'a*b', 'español', '日本語', '🦜', '..', '.', 'a..b', "it's (x)!"];
const ref = (v: string) => ({ language_id: `${v}-l`, level_id: `${v}-v`, lesson_id: `${v}-s` });

/** The API route `apiRelative` reaches with `method`: its table path and decoded params. */
function routed(method: Method, apiRelative: string) {
  const [pathname, search = ''] = apiPath(apiRelative).split('?');
  const found = matchRoute(method, pathname);
  return found && { route: found.route.path, params: found.params, query: Object.fromEntries(new URLSearchParams(search)) };
}

// The frontend's route table, read as text (importing it would bring in the pages).
const siteRoutes = [...readFileSync(new URL('../../frontend/src/routes.tsx', import.meta.url), 'utf8').matchAll(/route\('(\/[^']*)'/g)].map((m) => m[1]);

/** The frontend route `sitePath` reaches (static segments before `:params`, as react-router ranks them). */
function pageRoute(sitePath: string) {
  // Split by hand: a URL parser would resolve an encoded dot segment (`%2E%2E`) away.
  const parts = sitePath.split('?')[0].split('/').slice(1);
  const fits = siteRoutes.filter((r) => {
    const pattern = r.replace(/\/\*$/, '').split('/').slice(1);
    return pattern.length === parts.length && pattern.every((p, i) => p.startsWith(':') || p === parts[i]);
  });
  const best = fits.sort((a, b) => (a.match(/:/g)?.length ?? 0) - (b.match(/:/g)?.length ?? 0))[0];
  if (!best) return undefined;
  const params: Record<string, string> = {};
  best.split('/').forEach((p, i) => {
    if (p.startsWith(':')) params[p.slice(1)] = decodeURIComponent(parts[i - 1]);
  });
  return { route: best, params };
}

describe('seg and query: the one encoding', () => {
  it('encodes a value as one segment that decodes back to it', () => {
    for (const v of HOSTILE) {
      const s = seg(v);
      expect(s, v).not.toMatch(/[/?#* ]/);
      expect(s === '.' || s === '..', v).toBe(false);
      expect(decodeURIComponent(s), v).toBe(v);
    }
    expect(seg('español')).toBe('espa%C3%B1ol');
    expect(seg('a*b')).toBe('a%2Ab');
    expect(seg('..')).toBe('%2E%2E');
    expect(seg('a..b')).toBe('a..b');
  });

  it('builds a query with URLSearchParams, leaving out undefined values', () => {
    expect(query({})).toBe('');
    expect(query({ a: undefined })).toBe('');
    expect(query({ a: '' })).toBe('');
    expect(query({ q: 'a&b=c #1?', n: 0, ok: false })).toBe('?q=a%26b%3Dc+%231%3F&n=0&ok=false');
  });

  it('adds params to a path that may have a query already', () => {
    expect(withQuery('/admin/blog', { cursor: 'a b&c' })).toBe('/admin/blog?cursor=a+b%26c');
    expect(withQuery('/admin/blog?q=x', { cursor: 'é' })).toBe('/admin/blog?q=x&cursor=%C3%A9');
    expect(withQuery('/admin/blog', { cursor: undefined })).toBe('/admin/blog');
  });
});

describe('pages', () => {
  it('names every static page of the route table', () => {
    const statics = siteRoutes.filter((r) => !r.includes(':') && r !== '*').map((r) => r.replace(/\/\*$/, ''));
    const named = Object.values(pages).filter((v): v is string => typeof v === 'string');
    for (const r of statics) expect(named, r).toContain(r);
    for (const p of named.filter((p) => !/\.(xml|txt)$/.test(p))) expect(pageRoute(p)?.route.replace(/\/\*$/, ''), p).toBe(p);
    // The offline loader spells its page itself (it stays a few bytes, and vite.config.ts reads it): the same page.
    expect(OFFLINE_PATH).toBe(pages.offline);
  });

  it('builds course and post pages the route table matches, whatever the ids', () => {
    for (const v of HOSTILE) {
      const [l, lv, s] = [`${v}-l`, `${v}-v`, `${v}-s`];
      expect(pageRoute(pages.language(l)), v).toEqual({ route: '/:language', params: { language: l } });
      expect(pageRoute(pages.level(l, lv)), v).toEqual({ route: '/:language/:level', params: { language: l, level: lv } });
      expect(pageRoute(pages.lesson(l, lv, s)), v).toEqual({ route: '/:language/:level/:lesson', params: { language: l, level: lv, lesson: s } });
      expect(pageRoute(pages.practice(l, lv, s))?.route, v).toBe('/:language/:level/:lesson/practice');
      if (!v.includes('/')) expect(pages.lessonAt(`${l}/${lv}/${s}`), v).toBe(pages.lesson(l, lv, s));
      expect(pageRoute(pages.post(v)), v).toEqual({ route: '/blog/:slug', params: { slug: v } });
    }
    expect(pages.lesson('spanish', 'a1', 'greetings')).toBe('/spanish/a1/greetings');
    expect(pages.post('español')).toBe('/blog/espa%C3%B1ol');
    expect(pages.lessonAt('spanish/a1/greetings')).toBe('/spanish/a1/greetings');
    expect(pages.preview('s3cr/t')).toBe('/preview/s3cr%2Ft');
  });

  it('sends locked items to the locked-content screen with their ids in the query', () => {
    const link = new URL(pages.lockedLesson('a&b', 'c d', 'é#'), 'https://site.test');
    expect(link.pathname).toBe(pages.lockedContent);
    expect(Object.fromEntries(link.searchParams)).toEqual({ type: 'lesson', id: 'é#', languageId: 'a&b', levelId: 'c d' });
    expect(pages.lockedLevel('spanish', 'a1')).toBe('/locked-content?type=level&id=a1&languageId=spanish');
  });
});

describe('api', () => {
  it('builds every parameterised read and write the route table matches, whatever the ids', () => {
    for (const v of HOSTILE) {
      const [l, lv, s] = [`${v}-l`, `${v}-v`, `${v}-s`];
      const cases: [Method, string, string, Record<string, string>][] = [
        ['GET', api.language(v), '/api/languages/{id}', { id: v }],
        ['PUT', api.language(v), '/api/languages/{id}', { id: v }],
        ['GET', api.post(v), '/api/blog/{slug}', { slug: v }],
        ['GET', api.languagePage(l), '/api/pages/language/{language}', { language: l }],
        ['GET', api.levelPage(l, lv), '/api/pages/level/{language}/{level}', { language: l, level: lv }],
        ['GET', api.lessonPage(l, lv, s), '/api/pages/lesson/{language}/{level}/{lesson}', { language: l, level: lv, lesson: s }],
        ['GET', api.catalogue(l), '/api/catalogue/{language}', { language: l }],
        ['GET', api.searchIndex(l), '/api/search-index/{language}', { language: l }],
        ['GET', api.coverage(l), '/api/coverage/{language}', { language: l }],
        ['PUT', api.level(l, v), '/api/levels/{language}/{id}', { language: l, id: v }],
        ['POST', api.levelMove(l, v), '/api/levels/{language}/{id}/move', { language: l, id: v }],
        ['POST', api.levelLock(l, v), '/api/levels/{language}/{id}/lock', { language: l, id: v }],
        ['PUT', api.lesson(l, lv, v), '/api/lessons/{language}/{level}/{id}', { language: l, level: lv, id: v }],
        ['POST', api.lessonMove(l, lv, v), '/api/lessons/{language}/{level}/{id}/move', { language: l, level: lv, id: v }],
        ['POST', api.lessonLock(l, lv, v), '/api/lessons/{language}/{level}/{id}/lock', { language: l, level: lv, id: v }],
        ['DELETE', api.phrase(l, lv, s, v), '/api/phrases/{language}/{level}/{lesson}/{id}', { language: l, level: lv, lesson: s, id: v }],
        ['GET', api.lessonPhraseDraft(l, lv, s), '/api/phrases/draft/{language}/{level}/{lesson}', { language: l, level: lv, lesson: s }],
        ['PUT', api.adminPost(v), '/api/admin/blog/{id}', { id: v }],
        ['POST', api.userAdmin(v), '/api/admin/users/{sub}/admin', { sub: v }],
        ['PUT', api.userEditor(v), '/api/admin/users/{sub}/editor', { sub: v }],
        ['POST', api.trashRestore(v), '/api/admin/trash/{id}/restore', { id: v }],
        ['POST', api.historyRestore(v), '/api/admin/history/{id}/restore', { id: v }],
        ['PUT', api.release(v), '/api/admin/releases/{id}', { id: v }],
        ['POST', api.releaseRetry(v), '/api/admin/releases/{id}/retry', { id: v }],
        ['GET', api.languageProgress(l), '/api/me/progress/{language}', { language: l }],
        ['PUT', api.lessonProgress(ref(v)), '/api/me/progress/{language}/{level}/{lesson}', { language: l, level: lv, lesson: s }],
        ['GET', api.myLesson(ref(v)), '/api/me/lessons/{language}/{level}/{lesson}', { language: l, level: lv, lesson: s }],
        ['PUT', api.favorite(ref(v), v), '/api/me/favorites/{language}/{level}/{lesson}/{phrase}', { language: l, level: lv, lesson: s, phrase: v }],
      ];
      for (const [method, built, route, params] of cases) expect(routed(method, built), `${method} ${built}`).toEqual({ route, params, query: {} });
    }
  });

  it('names a route for every fixed path, and a fixed path for every route without parameters', () => {
    const fixed = Object.values(api).filter((v): v is string => typeof v === 'string');
    const history = api.history({ kind: 'post', post_id: 'x' });
    const approval = api.approval({ kind: 'lesson', language_id: 'x', level_id: 'y', lesson_id: 'z' });
    const builtWithQuery = [api.posts(), api.posts(3), api.import(), api.import(true), history, api.search('x'), approval];
    for (const p of [...fixed, ...builtWithQuery]) {
      const path = apiPath(p).split('?')[0];
      expect(
        routes.some((r) => r.path === path),
        p,
      ).toBe(true);
    }
    const plain = routes.filter((r) => !r.path.includes('{') && r.path !== '/api/pages/locked').map((r) => r.path);
    for (const r of plain)
      expect([...fixed, api.posts(), api.import(), history.split('?')[0], api.search(''), approval.split('?')[0]].map(apiPath), r).toContain(r);
  });

  it('puts queries where the routes read them', () => {
    expect(api.posts()).toBe('/blog');
    expect(api.posts(3)).toBe('/blog?limit=3');
    expect(api.import(true)).toBe('/admin/import?dry_run=true');
    expect(api.import()).toBe('/admin/import');
    const locked = routed('GET', api.locked({ type: 'lesson', id: 'a b', languageId: 'é', levelId: 'x&y' }));
    expect(locked).toEqual({ route: '/api/pages/locked', params: {}, query: { type: 'lesson', id: 'a b', languageId: 'é', levelId: 'x&y' } });
    expect(api.locked({ type: 'level', id: 'a1', languageId: 'spanish' })).toBe('/pages/locked?type=level&id=a1&languageId=spanish');
    expect(routed('GET', api.search('café & co', 'é'))).toEqual({ route: '/api/search', params: {}, query: { q: 'café & co', language: 'é' } });
    expect(pages.searchFor('café', '')).toBe('/search?q=caf%C3%A9');
  });
});

describe('apiPath, under, fillRoute and siteUrl', () => {
  it('fills a route pattern with its params, one segment each', () => {
    expect(fillRoute('/:language/:level', { language: 'es', level: 'a/1' })).toBe('/es/a%2F1');
    expect(fillRoute('/blog/:slug', { slug: 'español' })).toBe(pages.post('español'));
    expect(fillRoute('/:language/:level/:lesson/practice', { language: 'a', level: 'b', lesson: '..' })).toBe(pages.practice('a', 'b', '..'));
  });

  it('puts the API base in front', () => {
    expect(apiPath(api.languages)).toBe('/api/languages');
    expect(apiPath(api.lessonPage('a b', 'c', 'd'))).toBe('/api/pages/lesson/a%20b/c/d');
  });

  it('names the prefixes of a language and a level, so `${prefix}/*` covers exactly their paths', () => {
    expect(under.language('a/b')).toBe('/a%2Fb');
    expect(under.level('es', 'a*1')).toBe('/es/a%2A1');
    expect(under.levelPages('es')).toBe('/api/pages/level/es');
    expect(under.lessonPages('es')).toBe('/api/pages/lesson/es');
    expect(under.lessonPages('es', 'a1')).toBe('/api/pages/lesson/es/a1');
    expect(pages.lesson('es', 'a1', 'x').startsWith(`${under.level('es', 'a1')}/`)).toBe(true);
    expect(apiPath(api.lessonPage('es', 'a1', 'x')).startsWith(`${under.lessonPages('es', 'a1')}/`)).toBe(true);
  });

  it('makes a path absolute against the origin, whatever its trailing slashes', () => {
    expect(siteUrl('https://site.test', pages.home)).toBe('https://site.test/');
    expect(siteUrl(' https://site.test// ', pages.post('español'))).toBe('https://site.test/blog/espa%C3%B1ol');
    expect(siteUrl('https://site.test', 'media/x.png')).toBe('https://site.test/media/x.png');
  });
});
