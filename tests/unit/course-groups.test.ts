/** groupByAudio: the grouped phrase view of the lesson page and the admin. */
import { describe, expect, it } from 'vitest';
import { groupByAudio } from '../../shared/phrase-groups.js';
import type { Phrase } from '../../shared/contracts/phrases.js';

const phrase = (id: string, audio_url: string): Phrase => ({
  id,
  audio_url,
  language_id: 'es',
  level_id: 'a1',
  lesson_id: 'x',
  original_text: id,
  translated_text: id,
  version: 1,
  created_at: '',
  updated_at: '',
});

describe('groupByAudio', () => {
  const list = [phrase('1', 'a.mp3'), phrase('2', 'b.mp3'), phrase('3', ''), phrase('4', 'a.mp3'), phrase('5', '  '), phrase('6', 'b.mp3')];

  it('keeps groups in first-appearance order and phrases in their order, dropping phrases without audio', () => {
    expect(groupByAudio(list).map((g) => [g.audio_url, g.phrases.map((p) => p.id)])).toEqual([
      ['a.mp3', ['1', '4']],
      ['b.mp3', ['2', '6']],
    ]);
  });

  it('can keep phrases without audio as one group (admin)', () => {
    expect(groupByAudio(list, { keepWithoutAudio: true }).map((g) => [g.audio_url, g.phrases.map((p) => p.id)])).toEqual([
      ['a.mp3', ['1', '4']],
      ['b.mp3', ['2', '6']],
      ['', ['3', '5']],
    ]);
  });

  it('returns no groups for no phrases', () => {
    expect(groupByAudio([])).toEqual([]);
  });
});
