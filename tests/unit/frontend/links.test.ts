/**
 * The links and API paths the frontend builds: the admin lists' query strings (api/paged.ts), the
 * public reads' keys (api/keys.ts), the locked-content links (shared/urls.ts `pages`) and the
 * Coverage screen's links to where a finding is fixed (admin/coverage/findings.ts). Ids and search
 * texts are free text here: `&`, `#`, `/`, `?`, spaces and accents must reach the other end intact.
 */
import { describe, expect, it } from 'vitest';
import type { Coverage } from '@shared/contracts/coverage';
import { MAX_SEARCH } from '@shared/contracts/paging';
import { queryString } from '../../../frontend/src/api/paged';
import { keys } from '../../../frontend/src/api/keys';
import { pages } from '@shared/urls';
import { FINDING_KINDS, type FindingKind } from '../../../frontend/src/admin/coverage/findings';

/** A link's path and its query as a plain object (every param once). */
function parts(link: string) {
  const u = new URL(link, 'https://site.test');
  return { path: u.pathname, query: Object.fromEntries(u.searchParams), hash: u.hash };
}

describe('queryString (the admin lists)', () => {
  it("is '' when no param is set, and leaves out undefined and empty ones", () => {
    expect(queryString({})).toBe('');
    expect(queryString({ q: undefined, language: '' })).toBe('');
    expect(queryString({ q: '', language: 'spanish', level: undefined })).toBe('?language=spanish');
  });

  it('keeps 0, and the order the params are given in', () => {
    expect(queryString({ limit: 0 })).toBe('?limit=0');
    expect(queryString({ z: 'last', a: 'first', limit: 25 })).toBe('?z=last&a=first&limit=25');
  });

  it('encodes what would break the query: & = # ? + spaces, accents', () => {
    const q = 'a&b=c #1? x+y café';
    const s = queryString({ q, language: 'es' });
    expect(s).not.toMatch(/[ #]/);
    expect(s.split('&')).toHaveLength(2);
    expect(parts(`/admin/phrases${s}`)).toEqual({ path: '/admin/phrases', query: { q, language: 'es' }, hash: '' });
  });
});

describe('keys (the public reads)', () => {
  it('encodes each path segment on its own', () => {
    expect(keys.post('hello-world')).toBe('/blog/hello-world');
    expect(keys.post('a/b?c#d')).toBe('/blog/a%2Fb%3Fc%23d');
    expect(keys.languagePage('es')).toBe('/pages/language/es');
    expect(keys.levelPage('es', 'a 1')).toBe('/pages/level/es/a%201');
    expect(keys.lessonPage('es', 'a1', 'x/y')).toBe('/pages/lesson/es/a1/x%2Fy');
  });

  it('asks for a number of posts only when given one', () => {
    expect(keys.posts()).toBe('/blog');
    expect(keys.posts(3)).toBe('/blog?limit=3');
  });

  it("reads the locked screen's query that the locked links write", () => {
    const query = (link: string) => new URL(link, 'https://site.test').searchParams;
    expect(pages.lockedLevel('es', 'a1')).toBe('/locked-content?type=level&id=a1&languageId=es');
    expect(keys.locked(query(pages.lockedLevel('es', 'a1')))).toBe('/pages/locked?type=level&id=a1&languageId=es');
    const lesson = pages.lockedLesson('es', 'a&1', 'greet ings');
    expect(parts(lesson)).toEqual({ path: '/locked-content', query: { type: 'lesson', id: 'greet ings', languageId: 'es', levelId: 'a&1' }, hash: '' });
    expect(parts(keys.locked(query(lesson)) ?? '')).toEqual({
      path: '/pages/locked',
      query: { type: 'lesson', id: 'greet ings', languageId: 'es', levelId: 'a&1' },
      hash: '',
    });
  });

  it('reads nothing from an incomplete locked query (the screen shows its generic text)', () => {
    const locked = (q: string) => keys.locked(new URLSearchParams(q));
    expect(locked('')).toBeNull();
    expect(locked('type=level&id=a1')).toBeNull();
    expect(locked('type=level&languageId=es')).toBeNull();
    expect(locked('type=lesson&id=hi&languageId=es')).toBeNull();
    expect(locked('type=phrase&id=hi&languageId=es&levelId=a1')).toBeNull();
    expect(locked('id=a1&languageId=es')).toBeNull();
  });

  it("writes a lesson's page path", () => {
    expect(pages.lesson('es', 'a1', 'greetings')).toBe('/es/a1/greetings');
  });
});

describe("the Coverage screen's links", () => {
  const level = { language_id: 'es', level_id: 'a1', title: 'Beginner', cefr_label: 'A1' };
  const lesson = { language_id: 'es', level_id: 'a1', lesson_id: 'greetings', title: 'Greetings', level_title: 'Beginner' };
  const phrase = (id: string, original_text: string) => ({
    language_id: 'es',
    level_id: 'a1',
    lesson_id: 'greetings',
    phrase_id: id,
    original_text,
    translated_text: '',
    level_title: 'Beginner',
    lesson_title: 'Greetings',
  });
  const few = <T>(...items: T[]) => ({ count: items.length, items });
  const coverage: Coverage = {
    language: { id: 'es', name: 'Spanish' },
    totals: { levels: 1, lessons: 1, phrases: 4 },
    empty_levels: few(level),
    empty_lessons: few(lesson),
    phrases_without_audio: few(phrase('p1', '  ¿Dónde está la estación? #2 & más  ')),
    phrases_without_translation: few(phrase('p2', `${'x'.repeat(MAX_SEARCH - 1)} tail`), phrase('p3', ''), phrase('p4', `${'x'.repeat(MAX_SEARCH - 1)}😀`)),
    locked_levels: few(level),
    locked_lessons: few(lesson),
    draft_levels: few(level),
    draft_lessons: few(lesson),
  };
  const rowsOf = (kind: FindingKind) => {
    const def = FINDING_KINDS.find((k) => k.kind === kind);
    if (!def) throw new Error(`no kind ${kind}`);
    return def.rows(coverage);
  };

  it('has every kind of the answer once, the four missing ones first', () => {
    const kinds = FINDING_KINDS.map((k) => k.kind);
    const answered = Object.keys(coverage).filter((k) => k !== 'language' && k !== 'totals');
    expect([...kinds].sort()).toEqual([...answered].sort());
    expect(kinds.slice(0, 4)).toEqual(['empty_levels', 'empty_lessons', 'phrases_without_audio', 'phrases_without_translation']);
  });

  it("sends levels and lessons to their screen, filtered to the item's language and level (locked ones to the locked filter)", () => {
    const to = (kind: FindingKind) => parts(rowsOf(kind)[0].to);
    expect(to('empty_levels')).toEqual({ path: '/admin/lessons', query: { language: 'es', level: 'a1' }, hash: '' });
    expect(to('locked_levels')).toEqual({ path: '/admin/levels', query: { language: 'es', locked: 'locked' }, hash: '' });
    expect(to('draft_levels')).toEqual({ path: '/admin/levels', query: { language: 'es' }, hash: '' });
    expect(to('empty_lessons')).toEqual({ path: '/admin/phrases', query: { language: 'es', level: 'a1', lesson: 'greetings' }, hash: '' });
    expect(to('locked_lessons')).toEqual({ path: '/admin/lessons', query: { language: 'es', level: 'a1', locked: 'locked' }, hash: '' });
    expect(to('draft_lessons')).toEqual({ path: '/admin/lessons', query: { language: 'es', level: 'a1' }, hash: '' });
  });

  it('sends a phrase to its lesson searched for its text: trimmed, encoded, at most MAX_SEARCH characters', () => {
    const [audio] = rowsOf('phrases_without_audio');
    expect(parts(audio.to)).toEqual({
      path: '/admin/phrases',
      query: { language: 'es', level: 'a1', lesson: 'greetings', q: '¿Dónde está la estación? #2 & más' },
      hash: '',
    });
    const [long, blank] = rowsOf('phrases_without_translation');
    const q = parts(long.to).query.q;
    expect(q).toBe('x'.repeat(MAX_SEARCH - 1));
    expect(q.length).toBeLessThanOrEqual(MAX_SEARCH);
    // Cut between characters: an emoji that does not fit is left out whole, never half of it.
    expect(parts(rowsOf('phrases_without_translation')[2].to).query.q).toBe('x'.repeat(MAX_SEARCH - 1));
    // A phrase without text: its lesson, unsearched.
    expect(parts(blank.to).query).toEqual({ language: 'es', level: 'a1', lesson: 'greetings' });
    expect(blank.title).toBe('(no text)');
  });

  it('names where each finding is, and keys rows uniquely', () => {
    expect(rowsOf('empty_levels')[0]).toMatchObject({ key: 'a1', title: 'Beginner', place: 'Level A1' });
    expect(rowsOf('empty_lessons')[0]).toMatchObject({ key: 'a1/greetings', title: 'Greetings', place: 'Beginner' });
    const phrases = rowsOf('phrases_without_translation');
    expect(phrases.map((r) => r.key)).toEqual(['a1/greetings/p2', 'a1/greetings/p3', 'a1/greetings/p4']);
    expect(phrases[0].place).toBe('Beginner › Greetings');
  });
});
