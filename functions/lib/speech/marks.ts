/**
 * Polly's word speech marks: when each word of a text starts in the audio Polly makes of it, in
 * the same voice (a second SynthesizeSpeech call, OutputFormat 'json'; Polly gives marks or audio
 * per call, never both: https://docs.aws.amazon.com/polly/latest/dg/speechmarks.html).
 */
import type { WordTiming } from '../../../shared/word-timings.js';
import { polly } from '../clients.js';
import { normalizeLanguage } from './languages.js';
import type { SpeechInput } from './input.js';
import { pollyVoice, ssmlOf } from './polly.js';

/** One line of Polly's answer: `{"time":373,"type":"word","start":5,"end":8,"value":"had"}`. */
interface SpeechMark {
  time: number;
  type: string;
  start: number;
  end: number;
}

/**
 * Maps UTF-8 byte offsets of `text` to UTF-16 offsets (what String.slice counts). Polly's `start`
 * and `end` count bytes, not characters (https://docs.aws.amazon.com/polly/latest/dg/output.html):
 * 'é' is 2 bytes and 1 unit, '你' 3 bytes and 1 unit, '😀' 4 bytes and 2 units. An offset inside
 * a character maps to the character's start; one past the end, to the text's length.
 */
export function utf16Offsets(text: string): (byte: number) => number {
  const starts: number[] = []; // starts[n]: the UTF-16 offset of the character holding byte n
  let unit = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    const bytes = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    for (let b = 0; b < bytes; b++) starts.push(unit);
    unit += ch.length;
  }
  return (byte) => (byte >= starts.length ? text.length : starts[Math.max(0, byte)]);
}

/**
 * The word marks of Polly's JSON-lines answer, as timings in `text`'s own offsets (other mark types
 * and bad lines left out). `at` maps Polly's byte offsets to them: by default those of `text` itself;
 * for SSML, the document's (./ssml.ts), where a mark of markup alone (Polly marks a <break> as a
 * word) maps to no text and is left out.
 */
export function parseWordMarks(text: string, jsonLines: string, at: (byte: number) => number = utf16Offsets(text)): WordTiming[] {
  const words: WordTiming[] = [];
  for (const line of jsonLines.split('\n')) {
    if (!line.trim()) continue;
    const m = JSON.parse(line) as SpeechMark;
    if (m.type !== 'word' || !(m.end > m.start)) continue;
    const start = at(m.start);
    const end = at(m.end);
    // Marks come in time order; one that does not move forward in the text (or is empty once mapped) is skipped.
    if (end > start && start >= (words.at(-1)?.end ?? 0)) words.push({ start, end, ms: m.time });
  }
  return words;
}

/**
 * The word timings of `text` as Polly says it with the audio's own voice, pronunciations and marks
 * (the same SSML as the audio), in the plain text's offsets.
 */
export async function pollySpeechMarks(input: Pick<SpeechInput, 'text' | 'language' | 'voice' | 'lexicons' | 'marks'>): Promise<WordTiming[]> {
  const language = normalizeLanguage(input.language);
  const { VoiceId, Engine } = pollyVoice({ language, voice: input.voice });
  const ssml = ssmlOf({ ...input, language });
  const { SynthesizeSpeechCommand } = await import('@aws-sdk/client-polly');
  const out = await (
    await polly()
  ).send(
    new SynthesizeSpeechCommand({
      Text: ssml?.ssml ?? input.text,
      ...(ssml ? { TextType: 'ssml' as const } : {}),
      OutputFormat: 'json',
      SpeechMarkTypes: ['word'],
      ...(input.lexicons?.length ? { LexiconNames: input.lexicons.map((l) => l.name) } : {}),
      VoiceId,
      Engine,
    }),
  );
  return parseWordMarks(input.text, (await out.AudioStream?.transformToString('utf-8')) ?? '', ssml?.plainAt);
}
