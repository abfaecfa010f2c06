import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { PollyClient, SynthesizeSpeechCommand, VoiceId } from '@aws-sdk/client-polly';
import { config } from '../../functions/lib/config.js';
import { getSpeechEngine, normalizeLanguage } from '../../functions/lib/speech/index.js';
import { mp3DurationMs } from '../../functions/lib/speech/timings.js';
import { applyAliases, espeakVoice } from '../../functions/lib/speech/offline.js';
import { defaultVoice, VOICES, type SpeechLanguage } from '../../shared/voices.js';

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

describe('the voices table', () => {
  const languages = Object.keys(VOICES) as SpeechLanguage[];
  it('lists real Polly voices, neural before standard, the former fixed voice first', () => {
    const formerDefaults = { es: 'Lucia', fr: 'Lea', it: 'Bianca', de: 'Vicki', ja: 'Takumi', zh: 'Zhiyu', pt: 'Camila', ru: 'Tatyana', en: 'Joanna' };
    for (const language of languages) {
      const voices = VOICES[language];
      for (const v of voices) expect(Object.values(VoiceId)).toContain(v.id);
      const engines = voices.map((v) => v.engine);
      expect(engines).toEqual([...engines].sort((a, b) => (a === b ? 0 : a === 'neural' ? -1 : 1)));
      expect(new Set(voices.map((v) => v.id)).size).toBe(voices.length);
      expect(defaultVoice(language).id).toBe(formerDefaults[language]);
    }
  });
  it('Russian has standard voices only (Polly has no neural Russian voice)', () => {
    expect(VOICES.ru.map((v) => v.engine)).toEqual(['standard', 'standard']);
  });
});

describe('offline engine stand-ins', () => {
  it("speaks a language's default as before, other voices as espeak variants of their gender", () => {
    expect(espeakVoice('es')).toBe('es');
    expect(espeakVoice('es', 'Lucia')).toBe('es');
    expect(espeakVoice('es', 'Sergio')).toBe('es+m1');
    expect(espeakVoice('es', 'Mia')).toBe('es+f2');
    expect(espeakVoice('es', 'Nobody')).toBe('es');
  });
  it('applies aliases to whole words, any case; IPA entries leave the word as written', () => {
    const lexicons = [
      {
        name: 'x',
        entries: [
          { word: 'AWS', kind: 'alias' as const, say: 'Amazon Web Services' },
          { word: 'Nguyen', kind: 'ipa' as const, say: 'wɪn' },
        ],
      },
    ];
    expect(applyAliases('aws and AWSome, Nguyen', lexicons)).toBe('Amazon Web Services and AWSome, Nguyen');
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
      const [a, b] = await Promise.all([engine.synthesize({ text: short, language }), engine.synthesize({ text: long, language })]);
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
    const mp3 = await getSpeechEngine().synthesize({ text: '日本語', language: 'japanese' });
    expect(mp3Duration(mp3)).toBeGreaterThan(0);
    expect(mp3Duration(mp3)).toBeLessThan(1);
  });

  it('Japanese kanji are dropped, kana kept', async () => {
    const engine = getSpeechEngine();
    const [mixed, kana] = await Promise.all([
      engine.synthesize({ text: '日本語のほん', language: 'ja' }),
      engine.synthesize({ text: 'のほん', language: 'ja' }),
    ]);
    expect(Math.abs(mp3Duration(mixed) - mp3Duration(kana))).toBeLessThan(0.1);
  });

  it("speaks in every table voice's espeak variant (each one loads)", async () => {
    const engine = getSpeechEngine();
    const all = (Object.keys(VOICES) as SpeechLanguage[]).flatMap((language) => VOICES[language].map((v) => ({ language, voice: v.id })));
    for (const { language, voice } of all) expect(mp3Duration(await engine.synthesize({ text: 'ok', language, voice }))).toBeGreaterThan(0.1);
  }, 60_000);

  it('serialises concurrent calls across languages', async () => {
    const engine = getSpeechEngine();
    const jobs = ['es', 'ru', 'zh', 'fr', 'it', 'pt', 'en', 'de'].map((l) => engine.synthesize({ text: 'uno dos tres', language: l }));
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
    const mp3 = await getSpeechEngine().synthesize({ text: 'hola', language });
    expect(mp3).toEqual(audio);
    expect(polly.commandCalls(SynthesizeSpeechCommand)[0].args[0].input).toEqual({
      Text: 'hola',
      OutputFormat: 'mp3',
      VoiceId: voice,
      Engine: engine,
    });
  });

  it('uses the chosen voice with its own engine; an unknown voice falls back to the default', async () => {
    polly.on(SynthesizeSpeechCommand).resolves({ AudioStream: stream() });
    await getSpeechEngine().synthesize({ text: 'hola', language: 'spanish', voice: 'Enrique' });
    await getSpeechEngine().synthesize({ text: 'hola', language: 'es', voice: 'Joanna' });
    const [standard, fallback] = polly.commandCalls(SynthesizeSpeechCommand).map((c) => c.args[0].input);
    expect(standard).toMatchObject({ VoiceId: 'Enrique', Engine: 'standard' });
    expect(fallback).toMatchObject({ VoiceId: 'Lucia', Engine: 'neural' });
  });

  it('sends the lexicons by name (marks as SSML: tests/unit/ssml.test.ts)', async () => {
    polly.on(SynthesizeSpeechCommand).resolves({ AudioStream: stream() });
    await getSpeechEngine().synthesize({ text: 'hola', language: 'es', lexicons: [{ name: 'ppes', entries: [] }] });
    expect(polly.commandCalls(SynthesizeSpeechCommand)[0].args[0].input).toEqual({
      Text: 'hola',
      LexiconNames: ['ppes'],
      OutputFormat: 'mp3',
      VoiceId: 'Lucia',
      Engine: 'neural',
    });
  });

  it('surfaces a Polly fault as an error', async () => {
    polly.on(SynthesizeSpeechCommand).rejects(Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }));
    await expect(getSpeechEngine().synthesize({ text: 'hola', language: 'es' })).rejects.toThrow('Rate exceeded');
  });

  it('treats an empty audio stream as an error', async () => {
    polly.on(SynthesizeSpeechCommand).resolves({});
    await expect(getSpeechEngine().synthesize({ text: 'hola', language: 'es' })).rejects.toThrow(/no audio/);
  });
});
