/**
 * Word timings on the server (shared/word-timings.ts holds their form and codec): estimated from
 * an MP3's length where the engine gives none (the twin's offline engine), and split from the text
 * a file was made of onto the phrases that share it. Pure, no engine here.
 */
import type { WordTiming } from '../../../shared/word-timings.js';

/** Letters, marks and digits of any script: what a word is made of (a CJK character is a word of its own). */
const WORD_CHARS = /[\p{L}\p{M}\p{N}'’-]+/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** The words of a text, in UTF-16 offsets; a run of CJK characters is split into one word per character. */
export function wordsOf(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (const m of text.matchAll(WORD_CHARS)) {
    if (!CJK.test(m[0])) out.push({ start: m.index, end: m.index + m[0].length });
    else for (let i = 0; i < m[0].length; i++) out.push({ start: m.index + i, end: m.index + i + 1 });
  }
  return out;
}

/** How long a pause the punctuation after a word weighs, in characters of speech. */
const pauseAfter = (between: string) => (/[.!?。！？]/u.test(between) ? 6 : /[,;:、，；：]/u.test(between) ? 3 : 0);

/**
 * Timings for an engine without word events: the audio's length shared over the words by their
 * length (each word counts one more character, for the space), with pauses at punctuation. An
 * estimate, good to a syllable or two on the twin's short phrases; Polly's marks are measured.
 */
export function estimateTimings(text: string, durationMs: number): WordTiming[] {
  const words = wordsOf(text);
  if (!words.length || !(durationMs > 0)) return [];
  const weights = words.map((w, i) => w.end - w.start + 1 + pauseAfter(text.slice(w.end, words[i + 1]?.start ?? text.length)));
  const total = weights.reduce((a, b) => a + b, 0);
  let at = 0;
  return words.map((w, i) => {
    const ms = Math.round((at / total) * durationMs);
    at += weights[i];
    return { ...w, ms };
  });
}

// MPEG audio frame headers (ISO/IEC 11172-3 and 13818-3): bitrates in kbit/s by version, sample rates in Hz.
const KBPS = { v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320], v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160] };
const RATES: Partial<Record<number, number[]>> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/** An MP3's length in ms, by walking its Layer III frame headers (an ID3 tag first is skipped); 0 if it has none. */
export function mp3DurationMs(mp3: Uint8Array): number {
  let offset = 0;
  if (mp3[0] === 0x49 && mp3[1] === 0x44 && mp3[2] === 0x33) offset = 10 + ((mp3[6] << 21) | (mp3[7] << 14) | (mp3[8] << 7) | mp3[9]);
  let seconds = 0;
  while (offset + 4 <= mp3.length) {
    const [b1, b2] = [mp3[offset + 1], mp3[offset + 2]];
    if (mp3[offset] !== 0xff || (b1 & 0xe0) !== 0xe0 || ((b1 >> 1) & 3) !== 1) break;
    const version = (b1 >> 3) & 3; // 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5
    const bitrate = (version === 3 ? KBPS.v1 : KBPS.v2)[b2 >> 4] * 1000;
    const rate = RATES[version]?.[(b2 >> 2) & 3];
    if (!bitrate || !rate) break;
    const samples = version === 3 ? 1152 : 576;
    offset += Math.floor((samples / 8) * (bitrate / rate)) + ((b2 >> 1) & 1);
    seconds += samples / rate;
  }
  return Math.round(seconds * 1000);
}

/**
 * The timings of each phrase of a group whose audio was made from `spoken` (the phrases' texts
 * joined, in order: shared/phrase-groups.ts speechText): each phrase's text is found in
 * it after the previous one, and the words inside it are moved to the phrase's own offsets. A
 * phrase whose text is not there (edited since the audio was made) gets none, not wrong ones.
 */
export function splitTimings(spoken: string, words: readonly WordTiming[], texts: readonly string[]): WordTiming[][] {
  let from = 0;
  return texts.map((text) => {
    const at = text ? spoken.indexOf(text, from) : -1;
    if (at < 0) return [];
    from = at + text.length;
    return words.filter((w) => w.start >= at && w.end <= from).map((w) => ({ start: w.start - at, end: w.end - at, ms: w.ms }));
  });
}
