/**
 * Offline speech engine for the local twin: espeak-ng compiled to WASM, PCM encoded to MP3 with
 * lamejs. Dev-only (GPL engine): index.ts imports this module only when it is selected, and Lambda
 * bundles mark both packages external.
 */
import type { ESpeakNGWorker } from '@echogarden/espeak-ng-emscripten';
import { wordPattern } from '../../../shared/pronunciations.js';
import type { SayAsMark, SpokenPart } from '../../../shared/speech-marks.js';
import { defaultVoice, findVoice, voicesOf } from '../../../shared/voices.js';
import type { EngineInput } from './input.js';
import type { LanguageId } from './languages.js';
import { escapeXml } from './ssml.js';

// The engine and encoder are imported dynamically, not statically: when esbuild inlines this module
// into a Lambda bundle it hoists static imports of externals to the bundle's top level, and the
// Lambda would then fail at load looking for packages it does not ship.

/** espeak-ng's native output rate; MP3 at 22.05 kHz mono is MPEG-2 Layer III. */
const SAMPLE_RATE = 22050;
const KBPS = 64;

const VOICES: Record<LanguageId, string> = {
  es: 'es',
  fr: 'fr',
  it: 'it',
  de: 'de',
  ja: 'ja',
  zh: 'cmn',
  pt: 'pt-br',
  ru: 'ru',
  en: 'en-us',
};

// One WASM instance per process: creating it loads ~24 MB of voice data, so do it once, on first use.
let worker: Promise<ESpeakNGWorker> | undefined;
let currentVoice = '';

function getWorker(): Promise<ESpeakNGWorker> {
  if (!worker) {
    worker = import('@echogarden/espeak-ng-emscripten').then(async ({ default: createEspeak }) => {
      const module = await createEspeak();
      const w = new module.eSpeakNGWorker();
      if (w.get_samplerate() !== SAMPLE_RATE) throw new Error(`espeak-ng rate ${w.get_samplerate()} Hz`);
      return w;
    });
    worker.catch(() => (worker = undefined)); // a failed init may be retried by the next call
  }
  return worker;
}

// The WASM instance is single-threaded and keeps the selected voice as state: run one job at a time.
let queue: Promise<unknown> = Promise.resolve();
function serialized<T>(job: () => Promise<T>): Promise<T> {
  const result = queue.then(job);
  queue = result.catch(() => undefined);
  return result;
}

// Hiragana, katakana (with the long-vowel mark), katakana extensions, half-width katakana.
const KANA_RANGES = '\\u3040-\\u309f\\u30a0-\\u30ff\\u31f0-\\u31ff\\uff66-\\uff9f';
const KANA = new RegExp(`[${KANA_RANGES}]`, 'u');
const NOT_KANA = new RegExp(`[^${KANA_RANGES} ,.]+`, 'gu');

/** espeak's Japanese voice reads only kana (kanji come out as letter names): keep kana and pauses. */
function kanaOnly(text: string): string {
  return text
    .replace(/[、，,]/gu, ' , ')
    .replace(/[。．！？!?]/gu, ' . ')
    .replace(NOT_KANA, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

async function synthesizePcm(text: string, voice: string): Promise<Int16Array> {
  const w = await getWorker();
  if (voice !== currentVoice) {
    const code = w.set_voice(voice);
    if (code !== 0) throw new Error(`espeak-ng: voice '${voice}' failed (${code})`);
    currentVoice = voice;
  }
  const chunks: Int16Array[] = [];
  w.synthesize(text, (samples) => {
    if (samples.length) chunks.push(samples);
    return false; // false = keep going
  });
  const pcm = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const c of chunks) {
    pcm.set(c, offset);
    offset += c.length;
  }
  return pcm;
}

async function encodeMp3(pcm: Int16Array): Promise<Buffer> {
  const { Mp3Encoder } = await import('@breezystack/lamejs');
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, KBPS);
  const parts: Buffer[] = [];
  // lamejs returns Int8Array copies (its typings say Uint8Array): view them as bytes for Buffer.concat.
  const add = (bytes: ArrayBufferView) => parts.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  // lamejs sizes its output buffer from the input, so 1152-sample blocks keep it small.
  for (let i = 0; i < pcm.length; i += 1152) add(encoder.encodeBuffer(pcm.subarray(i, i + 1152)));
  add(encoder.flush());
  return Buffer.concat(parts);
}

/**
 * The espeak voice standing in for a Polly voice: the language's own voice for its default, else an
 * espeak variant of the voice's gender (+f1.., +m1..), numbered in table order, so each voice of a
 * language sounds (and is stored) differently.
 */
export function espeakVoice(language: LanguageId, voiceId?: string): string {
  const voice = findVoice(language, voiceId);
  if (!voice || voice.id === defaultVoice(language).id) return VOICES[language];
  const same = voicesOf(language).filter((x) => x.gender === voice.gender);
  return `${VOICES[language]}+${voice.gender === 'Female' ? 'f' : 'm'}${1 + same.indexOf(voice)}`;
}

/**
 * What Polly's lexicons do, done on the text: each word with an alias is replaced by it. An IPA
 * entry has no stand-in here (espeak reads its own phoneme notation, not IPA): the word is said as
 * written, and only Polly applies it (docs/back-office.md "Pronunciations").
 */
export function applyAliases(text: string, lexicons: EngineInput['lexicons']): string {
  let out = text;
  for (const entry of (lexicons ?? []).flatMap((l) => l.entries)) if (entry.kind === 'alias') out = out.replace(wordPattern(entry.word), entry.say);
  return out;
}

/** What espeak-ng's SSML has of Polly's say-as kinds (espeak-ng docs/ssml.md); the others are read as written. */
const ESPEAK_SAY_AS: Partial<Record<SayAsMark, string>> = { spell: 'characters', digits: 'tts:digits' };

/**
 * Marked text as espeak-ng reads SSML: pauses, slower parts and the say-as kinds it knows; IPA is
 * said as written (espeak does not read IPA). `say` rewrites each run of words as the engine needs
 * (aliases, kana).
 */
export function espeakSsml(parts: readonly SpokenPart[], say: (text: string) => string): string {
  const words = (text: string) => escapeXml(say(text));
  const out = (p: SpokenPart): string => {
    switch (p.kind) {
      case 'text':
      case 'ipa':
        return words(p.text);
      case 'pause':
        return `<break time="${p.ms}ms"/>`;
      case 'slow':
        return `<prosody rate="${p.rate}">${p.parts.map(out).join('')}</prosody>`;
      case 'say': {
        const as = ESPEAK_SAY_AS[p.as];
        return as ? `<say-as interpret-as="${as}">${words(p.text)}</say-as>` : words(p.text);
      }
    }
  };
  return `<speak>${parts.map(out).join('')}</speak>`;
}

/** The offline engine speaks `text`, with its marks as far as espeak-ng's SSML goes (IPA is Polly's only). */
export async function offlineSynthesize({ text, language, voice, lexicons, marks }: EngineInput): Promise<Buffer> {
  const say = (t: string) => {
    const aliased = applyAliases(t, lexicons);
    return language === 'ja' ? kanaOnly(aliased) : aliased;
  };
  const plain = say(text).trim();
  // Nothing speakable (e.g. Japanese written only in kanji): a short silence still plays everywhere.
  const speakable = language === 'ja' ? KANA.test(plain) : plain.length > 0;
  if (!speakable) return encodeMp3(new Int16Array(SAMPLE_RATE / 4));
  const input = marks?.length ? espeakSsml(marks, say) : plain;
  const pcm = await serialized(() => synthesizePcm(input, espeakVoice(language, voice)));
  return encodeMp3(pcm);
}
