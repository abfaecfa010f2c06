/**
 * What the Coverage screen lists (shared/coverage.ts): the pure computation over one
 * language's tree, in catalogue order, answered exactly as the route's contract says.
 */
import { describe, expect, it } from 'vitest';
import { checkAnswer } from '../../functions/lib/answer-check.js';
import { routeKey, routes } from '../../functions/routes.js';
import { MAX_COVERAGE_ITEMS } from '../../shared/contracts/coverage.js';
import type { Phrase } from '../../shared/contracts/phrases.js';
import { courseCoverage, missingCount } from '../../shared/coverage.js';
import { LANG, lesson, level, phrase as treePhrase, stored } from './course-tree.js';

/** A phrase saying `text`, translated. */
const phrase = (level_id: string, lesson_id: string, text: string, extra: Partial<Phrase> = {}) =>
  treePhrase(level_id, lesson_id, { original_text: text, translated_text: `${text} (en)`, ...extra });

describe('courseCoverage', () => {
  it('finds nothing missing in a complete course, and counts what it holds', () => {
    // Prepare
    const tree = { levels: [level('a1', 0)], lessons: [lesson('a1', 'hello', 0)], phrases: [phrase('a1', 'hello', 'Hola')] };
    // Act
    const c = courseCoverage(LANG, tree);
    // Assess
    expect(c.language).toEqual(LANG);
    expect(c.totals).toEqual({ levels: 1, lessons: 1, phrases: 1 });
    expect(missingCount(c)).toBe(0);
    for (const kind of [
      'empty_levels',
      'empty_lessons',
      'phrases_without_audio',
      'phrases_without_translation',
      'locked_levels',
      'locked_lessons',
      'draft_levels',
      'draft_lessons',
    ] as const)
      expect(c[kind], kind).toEqual({ count: 0, items: [] });
  });

  it('lists empty levels, empty lessons, phrases without audio or translation and locked items, with the ids to link to', () => {
    // Prepare: a2 has no lessons; a1/empty has no phrases; blank (spaces only) counts as missing.
    const tree = {
      levels: [level('a2', 1, { title: 'Elementary', cefr_label: 'A2', is_locked: true }), level('a1', 0, { title: 'Beginner' })],
      lessons: [lesson('a1', 'empty', 1, { title: 'Empty', is_locked: true, is_draft: true }), lesson('a1', 'greetings', 0, { title: 'Greetings' })],
      phrases: [
        phrase('a1', 'greetings', 'Hola', { audio_url: '' }),
        phrase('a1', 'greetings', 'Adiós', { translated_text: '  ' }),
        phrase('a1', 'greetings', 'Gracias', { audio_url: ' ', translated_text: '' }),
        phrase('a1', 'greetings', 'Buenos días'),
      ],
    };
    // Act
    const c = courseCoverage(LANG, tree);
    // Assess
    expect(c.totals).toEqual({ levels: 2, lessons: 2, phrases: 4 });
    expect(c.empty_levels).toEqual({ count: 1, items: [{ language_id: 'es', level_id: 'a2', title: 'Elementary', cefr_label: 'A2' }] });
    expect(c.empty_lessons).toEqual({
      count: 1,
      items: [{ language_id: 'es', level_id: 'a1', lesson_id: 'empty', title: 'Empty', level_title: 'Beginner' }],
    });
    expect(c.phrases_without_audio.items.map((p) => p.original_text)).toEqual(['Hola', 'Gracias']);
    expect(c.phrases_without_audio.items[0]).toEqual({
      language_id: 'es',
      level_id: 'a1',
      lesson_id: 'greetings',
      phrase_id: tree.phrases[0].id,
      original_text: 'Hola',
      translated_text: 'Hola (en)',
      level_title: 'Beginner',
      lesson_title: 'Greetings',
    });
    expect(c.phrases_without_translation.items.map((p) => p.original_text)).toEqual(['Adiós', 'Gracias']);
    expect(c.locked_levels.items.map((v) => v.level_id)).toEqual(['a2']);
    expect(c.locked_lessons.items.map((l) => l.lesson_id)).toEqual(['empty']);
    // Drafts waiting (informational, like the locked ones).
    expect(c.draft_lessons.items.map((l) => l.lesson_id)).toEqual(['empty']);
    expect(c.draft_levels.count).toBe(0);
    expect(missingCount(c)).toBe(6);
    expect(missingCount(c)).toBe(6);
  });

  it('lists in catalogue order: levels by order, lessons by their level then their own order, phrases by lesson then creation', () => {
    // Prepare: b1 comes before a1 in the catalogue; a missing order counts as 999.
    const tree = {
      levels: [level('a1', 5), level('b1', 0), level('c1', null)],
      lessons: [lesson('a1', 'x', 0), lesson('b1', 'z', 2), lesson('b1', 'y', 1), lesson('c1', 'w', null)],
      phrases: [phrase('a1', 'x', 'first', { audio_url: '' }), phrase('b1', 'z', 'second', { audio_url: '' }), phrase('b1', 'y', 'third', { audio_url: '' })],
    };
    // Act
    const c = courseCoverage(LANG, { ...tree, levels: [...tree.levels].reverse() });
    // Assess
    expect(c.empty_lessons.items.map((l) => `${l.level_id}/${l.lesson_id}`)).toEqual(['c1/w']);
    expect(c.phrases_without_audio.items.map((p) => p.original_text)).toEqual(['third', 'second', 'first']);
  });

  it('tells lessons of the same id in different levels apart, and names a missing level or lesson by its id', () => {
    const tree = {
      levels: [level('a1', 0), level('a2', 1)],
      lessons: [lesson('a1', 'intro', 0), lesson('a2', 'intro', 0)],
      phrases: [phrase('a1', 'intro', 'Hola'), phrase('gone', 'lost', 'Orphan', { translated_text: '' })],
    };
    const c = courseCoverage(LANG, tree);
    expect(c.empty_lessons.items.map((l) => `${l.level_id}/${l.lesson_id}`)).toEqual(['a2/intro']);
    expect(c.phrases_without_translation.items[0]).toMatchObject({ level_title: 'gone', lesson_title: 'lost' });
  });

  it(`lists at most ${MAX_COVERAGE_ITEMS} findings of a kind, and counts them all`, () => {
    const many = Array.from({ length: MAX_COVERAGE_ITEMS + 7 }, (_, i) => phrase('a1', 'hello', `p${i}`, { audio_url: '' }));
    const c = courseCoverage(LANG, { levels: [level('a1', 0)], lessons: [lesson('a1', 'hello', 0)], phrases: many });
    expect(c.phrases_without_audio.count).toBe(MAX_COVERAGE_ITEMS + 7);
    expect(c.phrases_without_audio.items).toHaveLength(MAX_COVERAGE_ITEMS);
    expect(c.phrases_without_audio.items[0].original_text).toBe('p0');
  });

  it('answers exactly the route contract (no stored field leaks into a finding)', () => {
    const route = routes.find((r) => routeKey(r) === 'GET /api/coverage/{language}')!;
    const tree = {
      levels: [level('a1', 0), level('a2', 1, { is_locked: true })],
      lessons: [lesson('a1', 'hello', 0, { is_locked: true }), lesson('a1', 'bye', 1)],
      phrases: [phrase('a1', 'hello', 'Hola', { audio_url: '', translated_text: '' })],
    };
    // The language as stored, with fields the answer must not carry.
    const language = { ...stored, ...LANG, flag_url: '/media/flag.png' };
    expect(route).toMatchObject({ fn: 'languages', access: 'editor' });
    expect(() => checkAnswer(route, courseCoverage(language, tree), 200)).not.toThrow();
  });
});
