/**
 * Text to speech stored as media: the MP3 the engine makes (Polly in AWS, the offline engine
 * locally) put in the content bucket, for the phrase forms (POST /api/media/tts) and bulk work,
 * with its word timings beside it (./word-timings.ts; docs/learners.md "Audio that follows the text").
 */
import { config } from '../lib/config.js';
import { upstream } from '../lib/errors.js';
import { putMedia, speechKey } from '../lib/media.js';
import { logger } from '../lib/powertools.js';
import { getSpeechEngine, normalizeLanguage } from '../lib/speech/index.js';
import { pollySpeechMarks } from '../lib/speech/marks.js';
import { estimateTimings, mp3DurationMs } from '../lib/speech/timings.js';
import { validTimings, type WordTiming } from '../../shared/word-timings.js';
import { storeSpokenWords } from './word-timings.js';

/** A synthesised file: its public URL, and when each word of the text starts in it. */
export interface Speech {
  audio_url: string;
  words: WordTiming[];
}

/**
 * Polly's speech marks, measured in the same voice; undefined where the engine has none (the
 * twin's espeak build reports word events, but the engine's input is rewritten first, so the MP3's
 * length is used instead: docs/learners.md) or when the marks call fails: the audio is still made,
 * with timings estimated from its length.
 */
async function measuredWords(text: string, language: string): Promise<WordTiming[] | undefined> {
  if (config.speechEngine !== 'polly') return undefined;
  try {
    return await pollySpeechMarks({ text, language });
  } catch (e) {
    logger.warn('speech marks failed: word timings estimated', { error: e as Error });
    return undefined;
  }
}

/** Synthesises `text` and stores it with its word timings; answers its public URL and words. Engine faults are 502 (upstream). */
export async function speakToMedia(text: string, language: string): Promise<Speech> {
  let mp3: Buffer;
  let measured: WordTiming[] | undefined;
  try {
    [mp3, measured] = await Promise.all([getSpeechEngine().synthesize(text, language), measuredWords(text, language)]);
  } catch (e) {
    logger.error('speech synthesis failed', { error: e as Error });
    throw upstream((e as Error).message || 'The text-to-speech service failed');
  }
  const words = measured && validTimings(measured, text.length) ? measured : estimateTimings(text, mp3DurationMs(mp3));
  // Content-addressed (./media.ts speechKey): the same text and voice always give the same file.
  const key = speechKey(config.speechEngine, normalizeLanguage(language), text);
  // The timings first: an MP3 is never stored without them.
  await storeSpokenWords(key, text, words);
  return { audio_url: await putMedia('content', key, mp3, 'audio/mpeg'), words };
}
