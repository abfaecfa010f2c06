/**
 * Word timings (docs/learners.md "Audio that follows the text"): Polly's byte offsets made
 * character offsets, the estimate for an engine without marks, the split onto a group's phrases,
 * and the compact form the lesson page carries.
 */
import { mockClient } from 'aws-sdk-client-mock';
import { PollyClient, SynthesizeSpeechCommand } from '@aws-sdk/client-polly';
import { describe, expect, it } from 'vitest';
import { parseWordMarks, pollySpeechMarks, utf16Offsets } from '../../functions/lib/speech/marks.js';
import { estimateTimings, mp3DurationMs, splitTimings, wordsOf } from '../../functions/lib/speech/timings.js';
import { audioOfWordsKey, speechKey, speechWordsKey } from '../../functions/lib/media.js';
import { decodeTimings, encodeTimings, validTimings, type WordTiming } from '../../shared/word-timings.js';

/** Polly's answer for `text`: one word mark per [value, time], its offsets counted in UTF-8 bytes as Polly counts them. */
function marksOf(text: string, words: [string, number][]): string {
  const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
  let from = 0;
  const lines = [JSON.stringify({ time: 0, type: 'sentence', start: 0, end: bytes(text), value: text })];
  for (const [value, time] of words) {
    const at = text.indexOf(value, from);
    from = at + value.length;
    lines.push(JSON.stringify({ time, type: 'word', start: bytes(text.slice(0, at)), end: bytes(text.slice(0, from)), value }));
  }
  return lines.join('\n');
}
const slices = (text: string, words: WordTiming[]) => words.map((w) => text.slice(w.start, w.end));

describe("Polly's byte offsets as character offsets", () => {
  it.each([
    ['accents', 'Hola, ¿cómo estás?', ['Hola', 'cómo', 'estás']],
    ['Mandarin', '你好，世界。我想去火车站。', ['你好', '世界', '我', '想', '去', '火车站']],
    ['Japanese', 'すみません、駅はどこですか。', ['すみません', '駅', 'は', 'どこ', 'です', 'か']],
    ['Russian', 'Здравствуйте, где метро?', ['Здравствуйте', 'где', 'метро']],
    ['an emoji (two UTF-16 units, four bytes)', 'Hi 😀 there, café!', ['Hi', 'there', 'café']],
  ])('%s', (_, text, words) => {
    const parsed = parseWordMarks(
      text,
      marksOf(
        text,
        words.map((w, i) => [w, i * 300]),
      ),
    );
    expect(slices(text, parsed)).toEqual(words);
    expect(parsed.map((w) => w.ms)).toEqual(words.map((_w, i) => i * 300));
  });

  it('maps an offset inside a character to its start, and past the end to the length', () => {
    const at = utf16Offsets('aé你😀');
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map(at)).toEqual([0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 5, 5]);
  });

  it('asks Polly for word marks in the voice the audio is made in', async () => {
    const polly = mockClient(PollyClient);
    try {
      const text = 'Me llamo Ana y vivo en Málaga.';
      const answer = marksOf(text, [
        ['Me', 6],
        ['llamo', 120],
        ['Ana', 480],
        ['y', 790],
        ['vivo', 850],
        ['en', 1100],
        ['Málaga', 1210],
      ]);
      polly.on(SynthesizeSpeechCommand).resolves({ AudioStream: { transformToString: () => Promise.resolve(answer) } as never });
      const words = await pollySpeechMarks({ text, language: 'spanish' });
      expect(polly.commandCalls(SynthesizeSpeechCommand)[0].args[0].input).toEqual({
        Text: text,
        OutputFormat: 'json',
        SpeechMarkTypes: ['word'],
        VoiceId: 'Lucia',
        Engine: 'neural',
      });
      expect(slices(text, words).at(-1)).toBe('Málaga');
      expect(words.at(-1)).toEqual({ start: 23, end: 29, ms: 1210 });
    } finally {
      polly.restore();
    }
  });
});

describe('timings where the engine has none', () => {
  // MPEG-2 Layer III, 64 kbit/s, 22,050 Hz (what the twin's engine writes): 208-byte frames of 576 samples.
  const frames = (n: number) => Buffer.concat(Array.from({ length: n }, () => Buffer.concat([Buffer.from([0xff, 0xf3, 0x80, 0xc4]), Buffer.alloc(204)])));

  it('measures an MP3 by its frames', () => {
    expect(mp3DurationMs(frames(100))).toBe(Math.round((100 * 576 * 1000) / 22050));
    expect(mp3DurationMs(Buffer.from('not audio'))).toBe(0);
  });

  it('shares the length over the words, longer words and pauses taking longer', () => {
    const text = 'Buenos días. ¿Qué tal?';
    const words = estimateTimings(text, 2000);
    expect(slices(text, words)).toEqual(['Buenos', 'días', 'Qué', 'tal']);
    expect(words[0].ms).toBe(0);
    expect(validTimings(words, text.length)).toBe(true);
    expect(words.at(-1)!.ms).toBeLessThan(2000);
    // 'días' is followed by a full stop: the gap after it is longer than after 'Buenos'.
    expect(words[2].ms - words[1].ms).toBeGreaterThan(words[1].ms - words[0].ms);
  });

  it('makes each CJK character a word, and has none for silence', () => {
    expect(
      slices(
        '你好，世界',
        wordsOf('你好，世界').map((w) => ({ ...w, ms: 0 })),
      ),
    ).toEqual(['你', '好', '世', '界']);
    expect(estimateTimings('¡¿...?!', 1000)).toEqual([]);
    expect(estimateTimings('Hola', 0)).toEqual([]);
  });
});

describe("a group's timings split onto its phrases", () => {
  // As the phrase dialog speaks a group: each phrase a sentence, joined by spaces.
  const spoken = 'Hola. Hola, Ana. ¿Cómo estás?';
  const words = estimateTimings(spoken, 3000);

  it("gives each phrase its own words, at its own offsets, in the file's time", () => {
    const rows = ['Hola', 'Hola, Ana', '¿Cómo estás?'];
    const split = splitTimings(spoken, words, rows);
    expect(split.map((w, i) => slices(rows[i], w))).toEqual([['Hola'], ['Hola', 'Ana'], ['Cómo', 'estás']]);
    // The second 'Hola' is the second phrase's, not the first one found again.
    expect(split[1][0].ms).toBe(words[1].ms);
    expect(split[2][0].ms).toBe(words[3].ms);
  });

  it('gives none to a phrase the audio does not say (edited since), and still finds the others', () => {
    const split = splitTimings(spoken, words, ['Hola', 'Adiós, Ana', '¿Cómo estás?']);
    expect(split[1]).toEqual([]);
    expect(slices('¿Cómo estás?', split[2])).toEqual(['Cómo', 'estás']);
    expect(splitTimings(spoken, words, [''])).toEqual([[]]);
  });
});

describe('the compact form', () => {
  const text = 'Hola, ¿cómo estás?';
  const words = [
    { start: 0, end: 4, ms: 0 },
    { start: 7, end: 11, ms: 392 },
    { start: 12, end: 17, ms: 672 },
  ];

  it('is a few bytes a word and reads back the same', () => {
    const encoded = encodeTimings(words);
    expect(encoded).toBe('0.4.0,3.4.aw,1.5.7s');
    expect(decodeTimings(encoded, text.length)).toEqual(words);
    expect(decodeTimings(encodeTimings(estimateTimings('x '.repeat(900), 600_000)), 1800)).toHaveLength(900);
  });

  it('reads as none what is empty, malformed or longer than the text', () => {
    for (const bad of ['', undefined, null, '0.4', '0.4.0,,1.5.7s', '0.0.0', '0.4.0;1.5.7s', '0.4.-1', '"><script>']) expect(decodeTimings(bad)).toEqual([]);
    expect(decodeTimings(encodeTimings(words), 16)).toEqual([]);
  });

  it('tells words out of order from words in order', () => {
    expect(validTimings(words, text.length)).toBe(true);
    expect(validTimings([words[1], words[0]], text.length)).toBe(false);
    expect(validTimings(words, 10)).toBe(false);
  });
});

describe('where the timings are stored', () => {
  it('beside their MP3, and only an MP3 of its own has them', () => {
    const mp3 = speechKey('offline', { language: 'es', text: 'Hola' });
    expect(speechWordsKey(mp3)).toMatch(/^audio\/tts_es_[\w-]{32}\.words\.json$/);
    expect(audioOfWordsKey(speechWordsKey(mp3))).toBe(mp3);
    expect(audioOfWordsKey(mp3)).toBeUndefined();
  });
});
