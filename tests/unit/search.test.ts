/** The public search's pure parts (shared/search.ts): the folding rule, the index of a language, the matching. */
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, foldSearch, MAX_RESULTS, phraseAnchor, searchIndexes, type IndexSource } from '../../shared/search.js';

const lesson = (level_id: string, id: string, title: string, is_locked = false, translated_title = '') => ({
  level_id,
  id,
  title,
  translated_title,
  is_locked,
});
const phrase = (id: string, original_text: string, translated_text: string) => ({ id, original_text, translated_text });

const source: IndexSource = {
  language: { id: 'spanish', name: 'Spanish' },
  levels: [
    { id: 'a1', title: 'Beginner', is_locked: false },
    { id: 'a2', title: 'Secret', is_locked: true },
  ],
  lessons: [lesson('a1', 'cafe', 'En el café', false, 'At the café'), lesson('a1', 'vip', 'Más allá', true), lesson('a2', 'hidden', 'Café escondido')],
  phrases: (level, id) =>
    (<Record<string, ReturnType<typeof phrase>[]>>{
      'a1/cafe': [phrase('01A', 'Un café, por favor', 'A coffee, please'), phrase('01B', '¿Cuánto cuesta?', 'How much is it?')],
      'a1/vip': [phrase('01C', 'Café secreto', 'Secret coffee')],
      'a2/hidden': [phrase('01D', 'Café escondido', 'Hidden coffee')],
    })[`${level}/${id}`] ?? [],
};

describe('foldSearch: accents, case and spaces', () => {
  it('strips combining marks after decomposition and lower-cases', () => {
    expect(foldSearch('  ¿Cuánto  CUESTA? ')).toBe('¿cuanto cuesta?');
    expect(foldSearch('Ça va, Señor Müller')).toBe('ca va, senor muller');
    // Already decomposed input folds the same as composed.
    expect(foldSearch('cafe\u0301')).toBe(foldSearch('café'));
  });
});

describe('buildSearchIndex', () => {
  const index = buildSearchIndex(source);

  it('lists the lessons of unlocked levels, a locked lesson by its titles only, and no phrase of a locked lesson or level', () => {
    expect(index.lessons.map((l) => [l.id, l.locked, l.level_title])).toEqual([
      ['cafe', false, 'Beginner'],
      ['vip', true, 'Beginner'],
    ]);
    expect(index.phrases.map(([, id]) => id)).toEqual(['01A', '01B']);
    expect(index.phrases[0]).toEqual([0, '01A', 'Un café, por favor', 'A coffee, please']);
    expect(JSON.stringify(index)).not.toMatch(/secreto|escondido/);
  });
});

describe('searchIndexes', () => {
  const index = buildSearchIndex(source);

  it('finds a phrase by a word typed without its accents or case, in the original or the translation, and links to it', () => {
    const { hits, total } = searchIndexes([index], 'CUANTO');
    expect(total).toBe(1);
    expect(hits[0]).toMatchObject({ kind: 'phrase', original: '¿Cuánto cuesta?', translation: 'How much is it?', lesson_title: 'At the café', locked: false });
    expect(hits[0].href).toBe(`/spanish/a1/cafe#${phraseAnchor('01B')}`);
    expect(searchIndexes([index], 'coffee please').hits.map((h) => h.original)).toEqual(['Un café, por favor']);
  });

  it('finds lessons by title first; a locked lesson is listed as locked and leads to the locked-content screen', () => {
    const { hits } = searchIndexes([index], 'mas alla');
    expect(hits).toEqual([expect.objectContaining({ kind: 'lesson', locked: true, href: '/locked-content?type=lesson&id=vip&languageId=spanish&levelId=a1' })]);
    expect(searchIndexes([index], 'cafe').hits.map((h) => h.kind)).toEqual(['lesson', 'phrase']);
  });

  it('every word must match; an empty query finds nothing; the list stops at the limit and counts the rest', () => {
    expect(searchIndexes([index], 'cafe zebra').total).toBe(0);
    expect(searchIndexes([index], '   ').total).toBe(0);
    const many = {
      ...index,
      phrases: Array.from({ length: MAX_RESULTS + 5 }, (_, i) => [0, `X${i}`, `hola ${i}`, 'hello'] as [number, string, string, string]),
    };
    const r = searchIndexes([many], 'hola');
    expect([r.hits.length, r.total]).toEqual([MAX_RESULTS, MAX_RESULTS + 5]);
  });
});
