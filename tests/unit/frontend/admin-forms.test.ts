/**
 * Helpers of the back office's forms: the Add Phrases paste box (admin/phrases/rows.ts) and the
 * banner colours' contrast warning (admin/settings/contrast.ts).
 */
import { describe, expect, it } from 'vitest';
import { appendRows, newRow, parsePasted } from '../../../frontend/src/admin/phrases/rows';
import { AA_NORMAL, contrastRatio } from '../../../frontend/src/admin/settings/contrast';

const texts = (rows: { original_text: string; translated_text: string }[]) => rows.map((r) => [r.original_text, r.translated_text]);

describe('pasted phrases', () => {
  it('reads one phrase per line, split on the first tab (as copied from a spreadsheet), commas kept', () => {
    expect(texts(parsePasted('Hola, amigo\tHello, friend\nAdiós\tGoodbye'))).toEqual([
      ['Hola, amigo', 'Hello, friend'],
      ['Adiós', 'Goodbye'],
    ]);
  });

  it('joins further tab-separated cells into the translation', () => {
    expect(texts(parsePasted('Hola\tHello\tHi'))).toEqual([['Hola', 'Hello Hi']]);
  });

  it('reads a line without a tab as CSV: quotes keep commas, "" is a quote, further fields stay in the translation', () => {
    expect(texts(parsePasted('"Sí, claro",Yes of course'))).toEqual([['Sí, claro', 'Yes of course']]);
    expect(texts(parsePasted('"Di ""hola""","Say ""hi"""'))).toEqual([['Di "hola"', 'Say "hi"']]);
    expect(texts(parsePasted('Hola,Hello,Hi there'))).toEqual([['Hola', 'Hello,Hi there']]);
    expect(texts(parsePasted('  "Quoted, after spaces" , Trimmed  '))).toEqual([['Quoted, after spaces', 'Trimmed']]);
  });

  it('takes a line with no separator as a phrase without translation', () => {
    expect(texts(parsePasted('Buenos días'))).toEqual([['Buenos días', '']]);
  });

  it('skips blank lines and reads Windows line ends', () => {
    expect(texts(parsePasted('\r\nHola\tHello\r\n   \r\n\tOnly translation\r\n'))).toEqual([
      ['Hola', 'Hello'],
      ['', 'Only translation'],
    ]);
    expect(parsePasted('')).toEqual([]);
  });

  it('gives every row its own key', () => {
    const rows = parsePasted('a\tb\nc\td\ne\tf');
    expect(new Set(rows.map((r) => r.key)).size).toBe(3);
    expect(rows.map((r) => r.key)).not.toContain(newRow().key);
  });

  it('puts pasted rows after the filled ones, in place of the blank ones', () => {
    const filled = newRow('Hola', '');
    const translationOnly = newRow(' ', 'Hello');
    const rows = [newRow(), filled, newRow('  ', '\t'), translationOnly];
    const added = parsePasted('Adiós\tGoodbye');
    expect(appendRows(rows, added)).toEqual([filled, translationOnly, ...added]);
    expect(appendRows([newRow()], added)).toEqual(added);
  });
});

describe('colour contrast', () => {
  it('is 21:1 for black on white and 1:1 for a colour on itself, either way round', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#3a7bd5', '#3a7bd5')).toBe(1);
  });

  it("puts WCAG's reference greys on the right side of AA (4.5:1) on white", () => {
    const grey77 = contrastRatio('#777777', '#ffffff') ?? 0;
    const grey76 = contrastRatio('#767676', '#ffffff') ?? 0;
    expect(grey77).toBeCloseTo(4.48, 2);
    expect(grey77).toBeLessThan(AA_NORMAL);
    expect(grey76).toBeCloseTo(4.54, 2);
    expect(grey76).toBeGreaterThanOrEqual(AA_NORMAL);
  });

  it('reads three-digit, upper-case, unprefixed and padded hex', () => {
    const ratio = contrastRatio('#ffffff', '#336699');
    expect(contrastRatio('#fff', '#369')).toBe(ratio);
    expect(contrastRatio('#FFFFFF', '#336699')).toBe(ratio);
    expect(contrastRatio(' ffffff ', '336699')).toBe(ratio);
  });

  it('does not judge what is not a hex colour', () => {
    for (const other of ['red', 'rgb(0, 0, 0)', '#12345', '#1234567', '#ggg', '']) expect(contrastRatio(other, '#ffffff'), other).toBeUndefined();
    expect(contrastRatio('#ffffff', 'transparent')).toBeUndefined();
  });
});
