import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { PollyClient, SynthesizeSpeechCommand } from '@aws-sdk/client-polly';
import { config } from '../../functions/lib/config.js';
import { getSpeechEngine, normalizeLanguage } from '../../functions/lib/speech/index.js';
import { mp3DurationMs } from '../../functions/lib/speech/timings.js';

/** The MP3's duration in seconds, its frame headers walked (0 when it is not MP3). */
const mp3Duration = (buf: Buffer) => mp3DurationMs(buf) / 1000;

/** Selects the engine for one describe block (config is read on each getSpeechEngine call). */
function useEngine(kind: typeof config.speechEngine) {
  beforeAll(() => {
    const previous = config.speechEngine;
    config.speechEngine = kind;
    return () => void (config.speechEngine = previous);
  });
}

describe('normalizeLanguage', () => {
  it('accepts codes, slugs and regions; unknown is English', () => {
    expect(normalizeLanguage('spanish')).toBe('es');
    expect(normalizeLanguage('Mandarin')).toBe('zh');
    expect(normalizeLanguage('chinese')).toBe('zh');
    expect(normalizeLanguage('zh-CN')).toBe('zh');
    expect(normalizeLanguage('pt_BR')).toBe('pt');
    expect(normalizeLanguage('klingon')).toBe('en');
  });
});

describe('offline engine (espeak-ng WASM + lamejs)', () => {
  useEngine('offline');

  const phrases: [string, string, string][] = [
    ['es', 'Hola', 'Hola, ¿cómo estás? Me llamo Ana y vivo en Madrid.'],
    ['french', 'Bonjour', 'Bonjour, je voudrais un café et un croissant, s’il vous plaît.'],
    ['de', 'Danke', 'Guten Morgen, wie komme ich bitte zum Bahnhof?'],
    ['ja', 'はい', 'すみません、えきはどこですか。ありがとうございます。'],
    ['zh', '你好', '你好，我想去火车站，请问怎么走？'],
    ['ru', 'Да', 'Здравствуйте, где находится ближайшая станция метро?'],
  ];

  it.each(phrases)(
    '%s: valid MP3 whose duration grows with the text',
    async (language, short, long) => {
      const engine = getSpeechEngine();
      const [a, b] = await Promise.all([engine.synthesize(short, language), engine.synthesize(long, language)]);
      for (const mp3 of [a, b]) {
        expect(mp3.readUInt16BE(0) & 0xffe0).toBe(0xffe0); // 11-bit MPEG frame sync at byte 0
        expect(mp3.length).toBeGreaterThan(1000);
      }
      expect(mp3Duration(a)).toBeGreaterThan(0.2);
      expect(mp3Duration(b)).toBeGreaterThan(mp3Duration(a) * 2);
    },
    60_000,
  );

  it('Japanese with only kanji does not throw: short silence instead', async () => {
    const mp3 = await getSpeechEngine().synthesize('日本語', 'japanese');
    expect(mp3Duration(mp3)).toBeGreaterThan(0);
    expect(mp3Duration(mp3)).toBeLessThan(1);
  });

  it('Japanese kanji are dropped, kana kept', async () => {
    const engine = getSpeechEngine();
    const [mixed, kana] = await Promise.all([engine.synthesize('日本語のほん', 'ja'), engine.synthesize('のほん', 'ja')]);
    expect(Math.abs(mp3Duration(mixed) - mp3Duration(kana))).toBeLessThan(0.1);
  });

  it('serialises concurrent calls across languages', async () => {
    const engine = getSpeechEngine();
    const jobs = ['es', 'ru', 'zh', 'fr', 'it', 'pt', 'en', 'de'].map((l) => engine.synthesize('uno dos tres', l));
    const results = await Promise.all(jobs);
    for (const mp3 of results) expect(mp3Duration(mp3)).toBeGreaterThan(0.3);
  }, 60_000);
});

describe('Polly engine', () => {
  useEngine('polly');
  const polly = mockClient(PollyClient);
  afterEach(() => polly.reset());
  const audio = Buffer.from([0xff, 0xf3, 0x80, 0xc4]);
  // Stand-in for the SDK's streaming body: only the method the engine calls.
  const stream = () => ({ transformToByteArray: () => Promise.resolve(new Uint8Array(audio)) }) as never;

  it.each([
    ['spanish', 'Lucia', 'neural'],
    ['fr', 'Lea', 'neural'],
    ['mandarin', 'Zhiyu', 'neural'],
    ['ja', 'Takumi', 'neural'],
    ['russian', 'Tatyana', 'standard'],
    ['xx', 'Joanna', 'neural'],
  ])('%s → voice %s, engine %s, mp3', async (language, voice, engine) => {
    polly.on(SynthesizeSpeechCommand).resolves({ AudioStream: stream() });
    const mp3 = await getSpeechEngine().synthesize('hola', language);
    expect(mp3).toEqual(audio);
    expect(polly.commandCalls(SynthesizeSpeechCommand)[0].args[0].input).toEqual({
      Text: 'hola',
      OutputFormat: 'mp3',
      VoiceId: voice,
      Engine: engine,
    });
  });

  it('surfaces a Polly fault as an error', async () => {
    polly.on(SynthesizeSpeechCommand).rejects(Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }));
    await expect(getSpeechEngine().synthesize('hola', 'es')).rejects.toThrow('Rate exceeded');
  });

  it('treats an empty audio stream as an error', async () => {
    polly.on(SynthesizeSpeechCommand).resolves({});
    await expect(getSpeechEngine().synthesize('hola', 'es')).rejects.toThrow(/no audio/);
  });
});
