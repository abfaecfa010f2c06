/**
 * Marks as SSML (functions/lib/speech/ssml.ts, docs/back-office.md "Marks"): the document Polly
 * reads for each mark, its escaping, the way back from Polly's byte offsets in it to the plain
 * text's characters, the Polly calls (audio and speech marks) with aws-sdk-client-mock, and what
 * the offline engine is given.
 */
import { SynthesizeSpeechCommand } from '@aws-sdk/client-polly';
import { describe, expect, it } from 'vitest';
import { withPolly } from './polly.js';
import { getSpeechEngine } from '../../functions/lib/speech/index.js';
import { parseWordMarks, pollySpeechMarks } from '../../functions/lib/speech/marks.js';
import { espeakSsml } from '../../functions/lib/speech/offline.js';
import { compileSsml } from '../../functions/lib/speech/ssml.js';
import { parseMarks, type SpokenPart } from '../../shared/speech-marks.js';

const marked = (text: string) => {
  const r = parseMarks(text);
  if (!r.ok) throw new Error(r.message);
  return r;
};
const ssml = (text: string, engine: 'neural' | 'standard' = 'neural') => compileSsml(marked(text).parts, engine).ssml;
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

describe('marks as SSML', () => {
  it('writes each mark as its tag', () => {
    expect(ssml('Hola,{pause} amigo')).toBe('<speak>Hola,<break time="500ms"/> amigo</speak>');
    expect(ssml('{slow}Hola{/slow} y {slow 70%}adiós{pause 2s}{/slow}')).toBe(
      '<speak><prosody rate="slow">Hola</prosody> y <prosody rate="70%">adiós<break time="2000ms"/></prosody></speak>',
    );
    expect(ssml('{ipa təˈmɑːtoʊ}tomato{/ipa}')).toBe('<speak><phoneme alphabet="ipa" ph="təˈmɑːtoʊ">tomato</phoneme></speak>');
    expect(ssml('{digits}12{/digits} {number}12{/number} {ordinal}2{/ordinal} {phone}555 1234{/phone} {date dmy}3/5/2024{/date}')).toBe(
      '<speak><say-as interpret-as="digits">12</say-as> <say-as interpret-as="cardinal">12</say-as> <say-as interpret-as="ordinal">2</say-as> ' +
        '<say-as interpret-as="telephone">555 1234</say-as> <say-as interpret-as="date" format="dmy">3/5/2024</say-as></speak>',
    );
  });

  it('spells with say-as characters for a standard voice, letters apart for a neural one (which has no characters)', () => {
    expect(ssml('Soy {spell}Ana{/spell}', 'standard')).toBe('<speak>Soy <say-as interpret-as="characters">Ana</say-as></speak>');
    expect(ssml('Soy {spell}Ana{/spell}', 'neural')).toBe('<speak>Soy A N A</speak>');
  });

  it("escapes XML's reserved characters in the words", () => {
    expect(ssml(`Tom & "Jerry" <3 l'été{pause}`)).toBe('<speak>Tom &amp; &quot;Jerry&quot; &lt;3 l&apos;été<break time="500ms"/></speak>');
  });
});

/** Polly's word marks for `doc` (SSML): each word found in the document after the previous one, offsets in its UTF-8 bytes. */
function marksIn(doc: string, words: (string | [string, string])[]): string {
  let from = 0;
  return words
    .map((w, i) => {
      const [value, find] = Array.isArray(w) ? w : [w, w];
      const at = doc.indexOf(find, from);
      from = at + find.length;
      return JSON.stringify({ time: i * 250, type: 'word', start: bytes(doc.slice(0, at)), end: bytes(doc.slice(0, from)), value });
    })
    .join('\n');
}

describe("Polly's offsets in the SSML, back on the plain text", () => {
  it('maps byte offsets past markup, escapes and accented letters to the characters the page shows', () => {
    const text = '¿Cómo{pause} estás, {spell}José{/spell}? Tom & {ipa ʒɛʁi}Jérôme{/ipa}{slow}, ¡qué día!{/slow}';
    const { plain, parts } = marked(text);
    const { ssml: doc, plainAt } = compileSsml(parts, 'standard');
    // A <break> comes back as a word of its own (Polly's own example): it has no text and is left out.
    const answer = marksIn(doc, ['¿Cómo', ['<break time="500ms"/>', '<break time="500ms"/>'], 'estás', 'José', 'Tom', 'Jérôme', 'qué', 'día']);
    const words = parseWordMarks(plain, answer, plainAt);
    expect(words.map((w) => plain.slice(w.start, w.end))).toEqual(['¿Cómo', 'estás', 'José', 'Tom', 'Jérôme', 'qué', 'día']);
    expect(words.map((w) => w.ms)).toEqual([0, 500, 750, 1000, 1250, 1500, 1750]);
  });

  it('maps the letters a neural voice spells apart onto the word as written', () => {
    const { plain, parts } = marked('Soy {spell}Ana{/spell}.');
    const { ssml: doc, plainAt } = compileSsml(parts, 'neural');
    const words = parseWordMarks(plain, marksIn(doc, ['Soy', 'A', 'N', 'A']), plainAt);
    expect(words.map((w) => [w.start, w.end])).toEqual([
      [0, 3],
      [4, 5],
      [5, 6],
      [6, 7],
    ]);
  });

  it('maps the escaped ampersand to its one character', () => {
    const { plain, parts } = marked('A & B{pause}');
    const { ssml: doc, plainAt } = compileSsml(parts, 'neural');
    const words = parseWordMarks(plain, marksIn(doc, ['A', ['&', '&amp;'], 'B']), plainAt);
    expect(words.map((w) => plain.slice(w.start, w.end))).toEqual(['A', '&', 'B']);
  });
});

describe('Polly with marks', () => {
  const polly = withPolly();
  const text = 'Hola,{pause} me llamo {spell}Ana{/spell}.';

  it('sends the marks as SSML (TextType ssml) in the voice, with the lexicons', async () => {
    polly.on(SynthesizeSpeechCommand).resolves({ AudioStream: { transformToByteArray: () => Promise.resolve(new Uint8Array([0xff, 0xf3])) } as never });
    const { plain, parts } = marked(text);
    await getSpeechEngine().synthesize({ text: plain, language: 'es', voice: 'Enrique', marks: parts, lexicons: [{ name: 'ppes', entries: [] }] });
    expect(polly.commandCalls(SynthesizeSpeechCommand)[0].args[0].input).toEqual({
      Text: '<speak>Hola,<break time="500ms"/> me llamo <say-as interpret-as="characters">Ana</say-as>.</speak>',
      TextType: 'ssml',
      LexiconNames: ['ppes'],
      OutputFormat: 'mp3',
      VoiceId: 'Enrique',
      Engine: 'standard',
    });
  });

  it('asks for the speech marks of the same SSML and answers them on the plain text', async () => {
    const { plain, parts } = marked(text);
    const doc = compileSsml(parts, 'neural').ssml;
    const answer = marksIn(doc, ['Hola', ['<break time="500ms"/>', '<break time="500ms"/>'], 'me', 'llamo', 'A', 'N', 'A']);
    polly.on(SynthesizeSpeechCommand).resolves({ AudioStream: { transformToString: () => Promise.resolve(answer) } as never });
    const words = await pollySpeechMarks({ text: plain, language: 'spanish', marks: parts });
    expect(polly.commandCalls(SynthesizeSpeechCommand)[0].args[0].input).toEqual({
      Text: doc,
      TextType: 'ssml',
      OutputFormat: 'json',
      SpeechMarkTypes: ['word'],
      VoiceId: 'Lucia',
      Engine: 'neural',
    });
    expect(words.map((w) => plain.slice(w.start, w.end))).toEqual(['Hola', 'me', 'llamo', 'A', 'n', 'a']);
  });

  it('sends plain text as before when there are no marks', async () => {
    polly.on(SynthesizeSpeechCommand).resolves({ AudioStream: { transformToByteArray: () => Promise.resolve(new Uint8Array([0xff])) } as never });
    await getSpeechEngine().synthesize({ text: 'Hola', language: 'es', marks: [] });
    expect(polly.commandCalls(SynthesizeSpeechCommand)[0].args[0].input).not.toHaveProperty('TextType');
  });
});

describe("the offline engine's SSML", () => {
  it('keeps pauses, slower parts and the say-as kinds espeak knows; IPA and the others are read as written', () => {
    const parts: SpokenPart[] = marked('A{pause 1s} {slow 60%}{spell}AB{/spell} {ipa ə}x{/ipa}{/slow} {digits}12{/digits} {number}3{/number} <&>').parts;
    expect(espeakSsml(parts, (t) => t)).toBe(
      '<speak>A<break time="1000ms"/> <prosody rate="60%"><say-as interpret-as="characters">AB</say-as> x</prosody> ' +
        '<say-as interpret-as="tts:digits">12</say-as> 3 &lt;&amp;&gt;</speak>',
    );
  });

  it('rewrites each run of words as the engine needs (aliases, kana)', () => {
    expect(espeakSsml(marked('aws{pause}aws').parts, (t) => t.toUpperCase())).toBe('<speak>AWS<break time="500ms"/>AWS</speak>');
  });
});
