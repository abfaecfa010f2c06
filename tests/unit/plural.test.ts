import { describe, expect, it } from 'vitest';
import { countOf } from '../../shared/plural.js';

describe('a number with its noun', () => {
  it('is singular for one only, and plural otherwise, zero included', () => {
    expect([0, 1, 2, 3].map((n) => countOf(n, 'item'))).toEqual(['0 items', '1 item', '2 items', '3 items']);
    expect(countOf(1, 'phrase')).toBe('1 phrase');
  });

  it('takes the plural it is given where English adds more than an s', () => {
    expect([1, 2].map((n) => countOf(n, 'entry', 'entries'))).toEqual(['1 entry', '2 entries']);
  });
});
