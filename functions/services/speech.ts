/**
 * Text to speech stored as media: the MP3 the engine makes (Polly in AWS, the offline engine
 * locally) put in the content bucket, for the phrase forms (POST /api/media/tts) and bulk work.
 */
import { createHash } from 'node:crypto';
import { config } from '../lib/config.js';
import { upstream } from '../lib/errors.js';
import { putMedia } from '../lib/media.js';
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
  // Content-addressed: the same text and voice always give the same file (shared, never clashing).
  // The voice is the engine's for the language, so engine + language + text name the sound.
  const voice = `${config.speechEngine}:${normalizeLanguage(language)}`;
  const hash = createHash('sha256')
    .update(JSON.stringify([voice, text]))
    .digest('base64url')
    .slice(0, 32);
  return putMedia('content', `audio/tts_${normalizeLanguage(language)}_${hash}.mp3`, mp3, 'audio/mpeg');
}
