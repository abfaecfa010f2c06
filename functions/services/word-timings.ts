/**
 * The word timings stored beside a synthesised MP3 (written by ./speech.ts), and the phrases that
 * take that file as their audio given their own share of them (docs/learners.md "Audio that
 * follows the text"). No speech engine here: the phrase routes read timings, they never synthesise.
 */
import { putMedia, readMediaText, speechWordsKey, storedMediaIn } from '../lib/media.js';
import { splitTimings } from '../lib/speech/timings.js';
import { decodeTimings, encodeTimings, type WordTiming } from '../../shared/word-timings.js';

/** What the timings file beside an MP3 holds: the text it was made of, and its words (shared/word-timings.ts). */
interface StoredWords {
  text: string;
  words: string;
}

/** Stores the timings of the MP3 at `audioKey` (content bucket), made of `text`. */
export async function storeSpokenWords(audioKey: string, text: string, words: readonly WordTiming[]) {
  await putMedia('content', speechWordsKey(audioKey), JSON.stringify({ text, words: encodeTimings(words) } satisfies StoredWords), 'application/json');
}

/** The text and word timings stored beside a synthesised file of ours; undefined for any other audio (an upload, another site's). */
async function spokenWordsOf(audioUrl: string): Promise<{ text: string; words: WordTiming[] } | undefined> {
  const stored = [...storedMediaIn(audioUrl.trim()).values()].at(0);
  if (stored?.kind !== 'content' || !stored.key.endsWith('.mp3')) return undefined;
  const body = await readMediaText('content', speechWordsKey(stored.key));
  if (!body) return undefined;
  const { text, words } = JSON.parse(body) as Partial<StoredWords>;
  return typeof text === 'string' ? { text, words: decodeTimings(words, text.length) } : undefined;
}

/**
 * A group's rows with the word timings of its audio (`audio_timings`, encoded), each row's from its
 * own text: none for audio without timings (uploaded) or a row whose text the audio does not say.
 * The phrase routes add them to what they write; no client sends them.
 */
export async function withWordTimings<T extends { audio_url: string; phrases: { original_text: string }[] }>(
  input: T,
): Promise<T & { phrases: (T['phrases'][number] & { audio_timings?: string })[] }> {
  const spoken = await spokenWordsOf(input.audio_url);
  const split = spoken
    ? splitTimings(
        spoken.text,
        spoken.words,
        input.phrases.map((p) => p.original_text),
      )
    : [];
  return { ...input, phrases: input.phrases.map((p, i) => ({ ...p, audio_timings: split[i]?.length ? encodeTimings(split[i]) : undefined })) };
}
