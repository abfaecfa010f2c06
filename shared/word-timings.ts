/**
 * Word timings: when each word of a phrase is spoken in its group's audio (docs/learners.md "Audio
 * that follows the text"). Stored on the phrase item and written on the lesson page's phrase text
 * as one compact string, read back by the audio island. Pure: the server and the island share it.
 *
 * A word is [start, end) in the phrase's text, in UTF-16 code units (what String.slice counts), and
 * the millisecond its sound starts in the audio file. Encoded as `gap.length.delay` per word,
 * words joined by `,`, numbers in base 36: `gap` is the characters since the previous word's end,
 * `delay` the milliseconds since the previous word's start (the first word's: since the file's
 * start). 'Hola, ¿cómo estás?' spoken from 0 ms: `0.4.0,3.4.aw,1.5.7s` (about 7 bytes a word).
 */
export interface WordTiming {
  start: number;
  end: number;
  ms: number;
}

/** A phrase holds at most this many timed words (a phrase is at most 2,000 characters). */
export const MAX_TIMED_WORDS = 1000;

const WORD = /^([0-9a-z]{1,4})\.([0-9a-z]{1,3})\.([0-9a-z]{1,5})$/;

export function encodeTimings(words: readonly WordTiming[]): string {
  let end = 0;
  let ms = 0;
  const parts: string[] = [];
  for (const w of words.slice(0, MAX_TIMED_WORDS)) {
    parts.push(`${(w.start - end).toString(36)}.${(w.end - w.start).toString(36)}.${(w.ms - ms).toString(36)}`);
    end = w.end;
    ms = w.ms;
  }
  return parts.join(',');
}

/**
 * The words of an encoded string, or [] when it is empty or malformed (then the phrase plays as if
 * it had none). `textLength`: a word running past the text's end (the text changed) voids them all.
 */
export function decodeTimings(encoded: string | null | undefined, textLength = Infinity): WordTiming[] {
  if (!encoded) return [];
  const words: WordTiming[] = [];
  let end = 0;
  let ms = 0;
  for (const part of encoded.split(',', MAX_TIMED_WORDS + 1)) {
    const m = WORD.exec(part);
    if (!m || words.length === MAX_TIMED_WORDS) return [];
    const start = end + parseInt(m[1], 36);
    end = start + parseInt(m[2], 36);
    ms += parseInt(m[3], 36);
    if (end <= start || end > textLength) return [];
    words.push({ start, end, ms });
  }
  return words;
}

/** Whether words are in order and inside a text of `length` units: what encodeTimings needs to be lossless. */
export function validTimings(words: readonly WordTiming[], length: number): boolean {
  let end = 0;
  let ms = 0;
  return words.every((w) => {
    const ok = w.start >= end && w.end > w.start && w.end <= length && w.ms >= ms;
    end = w.end;
    ms = w.ms;
    return ok;
  });
}
