/**
 * A phrase's 'How to say it' (shared/speech-marks.ts, docs/back-office.md "Marks"): the marks read,
 * each problem in the admin's words, the rule that the marks leave the phrase's own text, and the
 * field errors the row schema gives on the row's own field.
 */
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../shared/contracts/common.js';
import { ttsSchema } from '../../shared/contracts/media.js';
import { phrasesCreateSchema } from '../../shared/contracts/phrases.js';
import { previewSchema } from '../../shared/contracts/speech.js';
import { markedSpeechText, speechText } from '../../shared/phrase-groups.js';
import { escapeMarks, MARKS_TEXT, parseMarks, speechTextProblem, spokenText, type ParsedMarks } from '../../shared/speech-marks.js';

const parsed = (text: string) => {
  const r = parseMarks(text);
  if (!r.ok) throw new Error(r.message);
  return r;
};
const problem = (text: string) => (parseMarks(text) as Extract<ParsedMarks, { ok: false }>).message;

describe('reading marks', () => {
  it('reads each mark into its part, the plain words without them', () => {
    const r = parsed('Hola,{pause} soy {spell}Ana{/spell}. {slow 70%}Mucho {ipa ˈɡus.to}gusto{/ipa}{pause 1.5s}{/slow}. El {date dmy}3/5/2024{/date}.');
    expect(r.plain).toBe('Hola, soy Ana. Mucho gusto. El 3/5/2024.');
    expect(r.marks).toBe(6);
    expect(r.parts).toEqual([
      { kind: 'text', text: 'Hola,' },
      { kind: 'pause', ms: 500 },
      { kind: 'text', text: ' soy ' },
      { kind: 'say', as: 'spell', text: 'Ana' },
      { kind: 'text', text: '. ' },
      {
        kind: 'slow',
        rate: '70%',
        parts: [
          { kind: 'text', text: 'Mucho ' },
          { kind: 'ipa', ph: 'ˈɡus.to', text: 'gusto' },
          { kind: 'pause', ms: 1500 },
        ],
      },
      { kind: 'text', text: '. El ' },
      { kind: 'say', as: 'date', format: 'dmy', text: '3/5/2024' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('reads every say-as kind, {slow} as the preset, and pauses in s or ms', () => {
    const r = parsed('{digits}12{/digits} {number}12{/number} {ordinal}2{/ordinal} {phone}555 1234{/phone} {slow}ya{/slow}{pause 300ms}');
    expect(r.parts.flatMap((p) => (p.kind === 'say' ? [p.as] : []))).toEqual(['digits', 'number', 'ordinal', 'phone']);
    expect(r.parts).toContainEqual({ kind: 'slow', rate: 'slow', parts: [{ kind: 'text', text: 'ya' }] });
    expect(r.parts.at(-1)).toEqual({ kind: 'pause', ms: 300 });
  });

  it('counts spaces that meet at a mark once, and none before or after the words', () => {
    expect(parsed('Hola {pause} amigo').plain).toBe('Hola amigo');
    expect(parsed('{slow} Hola {/slow} amigo').plain).toBe('Hola amigo');
    expect(parsed('a {pause} {pause} b').plain).toBe('a b');
    // Spaces inside the words are theirs.
    expect(parsed('a  b{pause}').plain).toBe('a  b');
  });

  it('reads doubled braces as braces of the text', () => {
    expect(parsed('{{x}} {pause}y').plain).toBe('{x} y');
    expect(escapeMarks('a {b}')).toBe('a {{b}}');
    expect(parsed(escapeMarks('a {b}'))).toMatchObject({ plain: 'a {b}', marks: 0 });
  });

  it.each([
    ['an unknown mark', 'Hola {pase}', MARKS_TEXT.unknown('pase')],
    ['a { without its }', 'Hola {pause', MARKS_TEXT.unended],
    ['a { inside a mark', 'Hola {slow {pause}', MARKS_TEXT.unended],
    ['a lone }', 'Hola } amigo', MARKS_TEXT.loneClose],
    ['an unclosed mark', '{slow}Hola', MARKS_TEXT.notClosed('slow')],
    ['a close with no open', 'Hola{/slow}', MARKS_TEXT.closesNothing('slow')],
    ['marks closed out of order', '{slow}{spell}AB{/slow}{/spell}', MARKS_TEXT.closeOrder('spell', 'slow')],
    ['a closing pause', 'Hola{/pause}', MARKS_TEXT.pauseAlone],
    ['a mark inside say-as', '{spell}A{pause}B{/spell}', MARKS_TEXT.textOnly('spell', 'pause')],
    ['a mark inside IPA', '{ipa tə}{slow}to{/slow}{/ipa}', MARKS_TEXT.textOnly('ipa', 'slow')],
    ['{slow} in {slow}', '{slow}a {slow}b{/slow}{/slow}', MARKS_TEXT.slowInSlow],
    ['a mark with no words', 'Hola {spell} {/spell}', MARKS_TEXT.empty('spell')],
    ['a pause too long', 'Hola{pause 11s}', MARKS_TEXT.pause],
    ['a pause too short', 'Hola{pause 50ms}', MARKS_TEXT.pause],
    ['a pause in no unit', 'Hola{pause long}', MARKS_TEXT.pause],
    ['too slow', '{slow 10%}Hola{/slow}', MARKS_TEXT.slow],
    ['faster than the voice', '{slow 150%}Hola{/slow}', MARKS_TEXT.slow],
    ['a date without its order', '{date}3/5{/date}', MARKS_TEXT.date],
    ['a date in no known order', '{date xyz}3/5{/date}', MARKS_TEXT.date],
    ['say-as with something after its name', '{spell loud}A{/spell}', MARKS_TEXT.noArgument('spell')],
    ['IPA without its sounds', '{ipa}tomato{/ipa}', MARKS_TEXT.ipaMissing],
    ['IPA with markup', '{ipa tə"<x>}tomato{/ipa}', MARKS_TEXT.ipaChars],
    ['IPA with upper-case letters', '{ipa TOMATO}tomato{/ipa}', MARKS_TEXT.ipaChars],
    ['IPA too long', `{ipa ${'a'.repeat(101)}}tomato{/ipa}`, MARKS_TEXT.ipaLong],
    ['too many marks', `Hola${'{pause}'.repeat(21)}`, MARKS_TEXT.tooMany],
  ])('refuses %s in plain words', (_, text, message) => {
    expect(problem(text)).toBe(message);
  });

  it('takes a larger number of marks where the caller allows it (a group of phrases)', () => {
    expect(parseMarks(`Hola${'{pause}'.repeat(21)}`, 900).ok).toBe(true);
  });
});

describe("a phrase's 'How to say it'", () => {
  it('must read as the phrase once its marks are out, and says what it reads instead', () => {
    expect(speechTextProblem('Hola amigo', 'Hola {pause} amigo')).toBeUndefined();
    expect(speechTextProblem('Hola amigo', 'Hola {pause} amiga')).toBe(MARKS_TEXT.notTheText('Hola amiga'));
    expect(MARKS_TEXT.notTheText('Hola amiga')).toContain('must read exactly as the phrase');
  });

  it('is not checked when empty, when it has no marks (it is not kept), or on a row without text', () => {
    expect(speechTextProblem('Hola', '')).toBeUndefined();
    expect(speechTextProblem('Hola', 'Something else')).toBeUndefined();
    expect(speechTextProblem('', '{slow')).toBeUndefined();
    expect(speechTextProblem('Hola', '{slow')).toBe(MARKS_TEXT.unended);
  });

  it('is said as written when valid, else the phrase is said as it reads (its braces doubled)', () => {
    expect(spokenText({ original_text: 'Hola amigo', speech_text: 'Hola{pause} amigo' })).toBe('Hola{pause} amigo');
    expect(spokenText({ original_text: 'Hola {amigo}', speech_text: 'Hola {pause' })).toBe('Hola {{amigo}}');
    expect(spokenText({ original_text: 'Hola amigo', speech_text: 'Adiós{pause}' })).toBe('Hola amigo');
  });

  it("makes a group's marked text that reads exactly as its plain text", () => {
    const phrases = [
      { original_text: 'Hola', speech_text: '{slow}Hola{/slow}' },
      { original_text: '¿Qué tal?', speech_text: '¿Qué{pause} tal?' },
      { original_text: 'Un {guiño}' },
      { original_text: '  ' },
    ];
    const marked = markedSpeechText(phrases);
    expect(marked).toBe('{slow}Hola{/slow}. ¿Qué{pause} tal? Un {{guiño}}.');
    expect(parsed(marked).plain).toBe(speechText(phrases));
    expect(markedSpeechText([{ original_text: 'Sin marcas' }])).toBe(speechText([{ original_text: 'Sin marcas' }]));
  });
});

describe('the contracts', () => {
  const create = (rows: object[]) => ({ language_id: 'es', level_id: 'a1', lesson_id: 'hola', audio_url: 'https://a.example/x.mp3', phrases: rows });

  it("puts a row's mark problem on that row's own field, counting the form's rows", () => {
    const r = phrasesCreateSchema.safeParse(
      create([
        { original_text: '', translated_text: '' },
        { original_text: 'Hola', translated_text: 'Hello', speech_text: '{slow}Hola' },
      ]),
    );
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldErrors(r.error)).toEqual({ 'phrases.1.speech_text': MARKS_TEXT.notClosed('slow') });
  });

  it('keeps marked text, drops a text without marks, and does not check a row that is dropped', () => {
    const r = phrasesCreateSchema.parse(
      create([
        { original_text: ' Hola ', translated_text: 'Hello', speech_text: ' {slow}Hola{/slow} ' },
        { original_text: 'Adiós', translated_text: 'Bye', speech_text: 'Adiós' },
        { original_text: 'Sin traducción', translated_text: '', speech_text: '{bad' },
      ]),
    );
    expect(r.phrases.map((p) => p.speech_text)).toEqual(['{slow}Hola{/slow}', undefined]);
  });

  it('checks the marks of text to speak (generated audio, Listen), its words counted without them', () => {
    const tts = ttsSchema.safeParse({ text: 'Hola {pase}', language: 'es' });
    expect(tts.success || fieldErrors(tts.error)).toEqual({ text: MARKS_TEXT.unknown('pase') });
    expect(ttsSchema.parse({ text: `${'a'.repeat(2990)}{pause}{pause}` }).text).toHaveLength(3004);
    const empty = previewSchema.safeParse({ text: '{pause}' });
    expect(empty.success || fieldErrors(empty.error)).toEqual({ text: 'Please enter a phrase to listen to' });
    const long = previewSchema.safeParse({ text: `{slow}${'a'.repeat(501)}{/slow}` });
    expect(long.success || fieldErrors(long.error)).toEqual({ text: 'A preview is at most 500 characters' });
    const huge = ttsSchema.safeParse({ text: `a${'{pause}'.repeat(900)}` });
    expect(huge.success || fieldErrors(huge.error)).toEqual({ text: MARKS_TEXT.tooManyForFile });
  });
});
