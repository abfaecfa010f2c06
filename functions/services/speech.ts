/**
 * Text to speech stored as media: the MP3 the engine makes (Polly in AWS, the offline engine
 * locally) put in the content bucket, for the phrase forms (POST /api/media/tts) and bulk work.
 */
import { config } from '../lib/config.js';
import { upstream } from '../lib/errors.js';
import { putMedia, speechKey } from '../lib/media.js';
import { logger } from '../lib/powertools.js';
import { getSpeechEngine, normalizeLanguage } from '../lib/speech/index.js';

/** Synthesises `text` and stores it; answers its public URL. Engine faults are 502 (upstream). */
export async function speakToMedia(text: string, language: string): Promise<string> {
  let mp3: Buffer;
  try {
    mp3 = await getSpeechEngine().synthesize(text, language);
  } catch (e) {
    logger.error('speech synthesis failed', { error: e as Error });
    throw upstream((e as Error).message || 'The text-to-speech service failed');
  }
  // Content-addressed (./media.ts speechKey): the same text and voice always give the same file.
  return putMedia('content', speechKey(config.speechEngine, normalizeLanguage(language), text), mp3, 'audio/mpeg');
}
