/**
 * The admin lists' view state in the URL (admin/components/useListParams.ts): the params a screen
 * reads, a change to some of them (an empty value leaves the URL, the rest stays), the sort param,
 * and the client-side search's accent- and case-insensitive match.
 */
import { describe, expect, it } from 'vitest';
import { fold, formatSort, matches, parseSort, readListParams, withListParams } from '../../../frontend/src/admin/components/useListParams';

const NAMES = ['q', 'language', 'level'] as const;

describe('list params', () => {
  it("reads the screen's params, '' for those the URL does not have, and nothing else", () => {
    expect(readListParams(new URLSearchParams('q=hola+mundo&language=es&tab=2'), NAMES)).toEqual({ q: 'hola mundo', language: 'es', level: '' });
    expect(readListParams(new URLSearchParams(''), NAMES)).toEqual({ q: '', language: '', level: '' });
  });

  it('decodes what the URL encodes', () => {
    expect(readListParams(new URLSearchParams('q=a%26b%3Dc%20%23d'), ['q'])).toEqual({ q: 'a&b=c #d' });
  });

  it('sets changed params and removes those changed to empty, keeping the others and their order', () => {
    const before = new URLSearchParams('tab=2&q=old&language=es&level=a1');
    const after = withListParams<(typeof NAMES)[number]>(before, { q: 'new', level: '' });
    expect(after.toString()).toBe('tab=2&q=new&language=es');
    expect(withListParams<'q'>(after, { q: undefined }).toString()).toBe('tab=2&language=es');
  });

  it('leaves the params it started from as they were (the hook keeps the last ones sent)', () => {
    const before = new URLSearchParams('q=old');
    withListParams<'q' | 'language'>(before, { q: '', language: 'fr' });
    expect(before.toString()).toBe('q=old');
  });

  it('writes special characters so that they read back the same', () => {
    const q = 'a&b=c #d ? café';
    const next = withListParams<'q'>(new URLSearchParams(), { q });
    expect(new URLSearchParams(next.toString()).get('q')).toBe(q);
    expect(next.toString()).not.toMatch(/[ #]|&.*&/);
  });

  it('changes nothing when given no changes', () => {
    expect(withListParams(new URLSearchParams('q=x&tab=1'), {}).toString()).toBe('q=x&tab=1');
  });
});

describe('the sort param', () => {
  const fallback = { column: 'created', direction: 'descending' } as const;

  it("reads 'title' as ascending and '-title' as descending, and '' as the fallback", () => {
    expect(parseSort('title', fallback)).toEqual({ column: 'title', direction: 'ascending' });
    expect(parseSort('-title', fallback)).toEqual({ column: 'title', direction: 'descending' });
    expect(parseSort('', fallback)).toBe(fallback);
  });

  it('writes what it reads', () => {
    for (const param of ['title', '-title', 'order_index', '-created']) expect(formatSort(parseSort(param, fallback))).toBe(param);
  });
});

describe('client-side search', () => {
  it('folds case, accents and compatibility forms', () => {
    expect(fold('Ñandú Élan')).toBe('nandu elan');
    expect(fold('ﬁancé')).toBe('fiance');
  });

  it('matches a field that contains the query, whatever the case and accents on either side', () => {
    expect(matches('espanol', 'Español')).toBe(true);
    expect(matches('ESPAÑOL', 'español')).toBe(true);
    expect(matches('pan', 'Español')).toBe(true);
    expect(matches('french', 'Español', 'es')).toBe(false);
  });

  it('looks in every field, skipping empty ones', () => {
    expect(matches('a1', null, undefined, '', 'Beginner', 'A1')).toBe(true);
    expect(matches('a1', null, undefined)).toBe(false);
  });

  it('trims the query, and matches everything when it is empty or blank', () => {
    expect(matches('  greet  ', 'Greetings')).toBe(true);
    expect(matches('', 'anything')).toBe(true);
    expect(matches('   ')).toBe(true);
  });
});
