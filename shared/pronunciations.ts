/**
 * Pronunciations (docs/back-office.md "Pronunciations"): a language's words said another way, as
 * the W3C Pronunciation Lexicon (PLS) Polly takes (https://docs.aws.amazon.com/polly/latest/dg/managing-lexicons.html),
 * and Polly's limits on it. Pure: the form counts the characters the server will send.
 */

/** Polly's lexicon limits (https://docs.aws.amazon.com/polly/latest/dg/limits.html). */
export const LEXICON_LIMITS = { perAccount: 100, chars: 4000, perRequest: 5 } as const;
/** Past this share of a limit the screen warns. */
export const NEAR_LIMIT = 0.8;

export interface Pronunciation {
  /** The word or name as written in the phrases (a PLS grapheme). */
  word: string;
  /** How to say it: other words (an alias), or IPA phonemes. */
  kind: 'alias' | 'ipa';
  say: string;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The PLS document of `entries` for voices of `locale` (Polly applies a lexicon only to voices of its xml:lang). */
export function plsOf(locale: string, entries: readonly Pronunciation[]): string {
  const lexemes = entries.map(
    (e) => `<lexeme><grapheme>${xml(e.word)}</grapheme>${e.kind === 'ipa' ? `<phoneme>${xml(e.say)}</phoneme>` : `<alias>${xml(e.say)}</alias>`}</lexeme>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="${xml(locale)}">`,
    ...lexemes,
    '</lexicon>',
  ].join('\n');
}

/** The longest locale a lexicon is written for ('cmn-CN'): the size the limit is checked on. */
const LONGEST_LOCALE = 'xx-XXXX';
/** The characters a lexicon of `entries` takes, counted as Polly counts them (the whole PLS document). */
export const lexiconChars = (entries: readonly Pronunciation[]) => plsOf(LONGEST_LOCALE, entries).length;

/** Whole-word, case-insensitive matcher of a word (letters and digits of any script around it end a word). */
export const wordPattern = (word: string) => new RegExp(`(?<![\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'giu');

/** The entries a text says (whole words, any case): only these change how it sounds. */
export const entriesIn = (text: string, entries: readonly Pronunciation[]) => entries.filter((e) => wordPattern(e.word).test(text));
