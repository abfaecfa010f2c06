/**
 * Pronunciations (docs/back-office.md "Pronunciations"): the PLS document, Polly's limits and the
 * field errors of the list, which words a text says, and the Polly lexicon calls (mocked: the twin
 * has no Polly; the offline engine applies aliases itself, tests/unit/speech.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { DeleteLexiconCommand, GetLexiconCommand, PutLexiconCommand } from '@aws-sdk/client-polly';
import { withPolly } from './polly.js';
import { lexiconName, pushLexicons, syncLexicons } from '../../functions/lib/speech/lexicons.js';
import { entriesIn, LEXICON_LIMITS, lexiconChars, plsOf, type Pronunciation } from '../../shared/pronunciations.js';
import { fieldErrors } from '../../shared/contracts/common.js';
import { DUPLICATE_WORD_TEXT, IPA_TEXT, lexiconUpdateSchema } from '../../shared/contracts/speech.js';

const fieldErrorsOf = (schema: typeof lexiconUpdateSchema, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? {} : fieldErrors(r.error);
};

const entries: Pronunciation[] = [
  { word: 'AT&T', kind: 'alias', say: 'A T and T' },
  { word: 'Nguyen', kind: 'ipa', say: 'wɪn' },
];

describe('the PLS lexicon', () => {
  it('writes each entry as a lexeme (alias or IPA phoneme), escaped, for the voice locale', () => {
    const pls = plsOf('es-ES', entries);
    expect(pls).toContain('alphabet="ipa" xml:lang="es-ES"');
    expect(pls).toContain('<lexeme><grapheme>AT&amp;T</grapheme><alias>A T and T</alias></lexeme>');
    expect(pls).toContain('<lexeme><grapheme>Nguyen</grapheme><phoneme>wɪn</phoneme></lexeme>');
    expect(pls.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it('counts its characters as Polly does (the whole document), never less than any locale gives', () => {
    for (const locale of ['es-ES', 'cmn-CN', 'en-US']) expect(lexiconChars(entries)).toBeGreaterThanOrEqual(plsOf(locale, entries).length);
  });

  it('finds the entries a text says: whole words, any case', () => {
    expect(entriesIn('Hola, señor NGUYEN', entries).map((e) => e.word)).toEqual(['Nguyen']);
    expect(entriesIn('Nguyenville', entries)).toEqual([]);
  });
});

describe('the list as saved', () => {
  it('refuses a repeated word, IPA with markup, and a list over 4,000 characters, each on its field', () => {
    const twice = fieldErrorsOf(lexiconUpdateSchema, { version: 0, entries: [entries[0], { ...entries[0], word: 'at&t' }] });
    expect(twice).toEqual({ 'entries.1.word': DUPLICATE_WORD_TEXT });
    expect(fieldErrorsOf(lexiconUpdateSchema, { version: 0, entries: [{ word: 'x', kind: 'ipa', say: '<b>' }] })).toEqual({ 'entries.0.say': IPA_TEXT });
    const many = Array.from({ length: 60 }, (_, i) => ({ word: `word${i}`, kind: 'alias', say: 'a fairly long way of saying it' }));
    expect(fieldErrorsOf(lexiconUpdateSchema, { version: 0, entries: many }).entries).toMatch(/^Too long for one Polly lexicon: [\d,]+ of 4,000 characters/);
    expect(LEXICON_LIMITS).toEqual({ perAccount: 100, chars: 4000, perRequest: 5 });
  });
});

describe('Polly lexicons', () => {
  const polly = withPolly();

  it('names each language and locale within Polly’s rules, per stage', () => {
    const name = lexiconName('spanish', 'es-ES');
    expect(name).toMatch(/^[0-9A-Za-z]{1,20}$/);
    expect(lexiconName('spanish', 'es-MX')).not.toBe(name);
    expect(lexiconName('spanish', 'es-ES')).toBe(name);
  });

  it('puts one lexicon per locale, and deletes them when the list is emptied', async () => {
    polly.on(PutLexiconCommand).resolves({});
    polly
      .on(GetLexiconCommand)
      .callsFake((input: { Name: string }) =>
        Promise.resolve({ Lexicon: { Content: plsOf(input.Name === lexiconName('es', 'es-ES') ? 'es-ES' : 'es-MX', entries) } }),
      );
    await pushLexicons('es', ['es-ES', 'es-MX', 'es-ES'], entries);
    const puts = polly.commandCalls(PutLexiconCommand).map((c) => c.args[0].input);
    expect(polly.commandCalls(GetLexiconCommand)).toHaveLength(2); // each settled at the first look
    expect(puts).toEqual([
      { Name: lexiconName('es', 'es-ES'), Content: plsOf('es-ES', entries) },
      { Name: lexiconName('es', 'es-MX'), Content: plsOf('es-MX', entries) },
    ]);
    polly.on(DeleteLexiconCommand).rejects(Object.assign(new Error('gone'), { name: 'LexiconNotFoundException' }));
    await pushLexicons('es', ['es-ES'], []);
    expect(polly.commandCalls(DeleteLexiconCommand).map((c) => c.args[0].input)).toEqual([{ Name: lexiconName('es', 'es-ES') }]);
  });

  it('after an import, writes only the lexicons Polly holds otherwise: missing, different, or left over', async () => {
    const notFound = Object.assign(new Error('none'), { name: 'LexiconNotFoundException' });
    const held: Record<string, string | undefined> = {
      [lexiconName('es', 'es-ES')]: plsOf('es-ES', entries),
      [lexiconName('es', 'es-MX')]: plsOf('es-MX', entries.slice(0, 1)),
      [lexiconName('es', 'es-US')]: undefined,
    };
    polly
      .on(GetLexiconCommand)
      .callsFake((input: { Name: string }) =>
        held[input.Name] === undefined ? Promise.reject(notFound) : Promise.resolve({ Lexicon: { Content: held[input.Name] } }),
      );
    polly.on(PutLexiconCommand).callsFake((input: { Name: string; Content: string }) => Promise.resolve(void (held[input.Name] = input.Content)));
    expect(await syncLexicons('es', ['es-ES', 'es-MX', 'es-US'], entries)).toBe(2);
    expect(polly.commandCalls(PutLexiconCommand).map((c) => c.args[0].input.Name)).toEqual([lexiconName('es', 'es-MX'), lexiconName('es', 'es-US')]);
    // The same again: Polly holds them all, nothing is written.
    polly.resetHistory();
    expect(await syncLexicons('es', ['es-ES', 'es-MX', 'es-US'], entries)).toBe(0);
    expect(polly.commandCalls(PutLexiconCommand)).toHaveLength(0);
    // No pronunciations any more: what Polly still holds is deleted, a missing one left alone.
    polly.on(DeleteLexiconCommand).resolves({});
    held[lexiconName('es', 'es-US')] = undefined;
    expect(await syncLexicons('es', ['es-ES', 'es-US'], [])).toBe(1);
    expect(polly.commandCalls(DeleteLexiconCommand).map((c) => c.args[0].input.Name)).toEqual([lexiconName('es', 'es-ES')]);
  });

  it('surfaces a refusal (a limit Polly enforces) as an error', async () => {
    polly.on(PutLexiconCommand).rejects(Object.assign(new Error('too many lexicons'), { name: 'MaxLexiconsNumberExceededException' }));
    await expect(pushLexicons('es', ['es-ES'], entries)).rejects.toThrow('too many lexicons');
  });
});
