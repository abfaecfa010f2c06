/**
 * Text to speech stored as media (docs/back-office.md "Voices"): the MP3 the engine makes (Polly in
 * AWS, the offline engine locally) in the voice the language chose, put in the content bucket, for
 * the phrase forms (POST /api/media/tts), bulk work, the voices' 'Listen' samples and the
 * regeneration after a voice change. Content-addressed (../lib/media.ts speechKey): the same words
 * said the same way are one file, and a group's audio key says which voice (A or B) it was made in.
 */
import { getSpeech, type StoredSpeech } from '../data/speech.js';
import { config } from '../lib/config.js';
import { invalid, upstream } from '../lib/errors.js';
import { missingMedia, publicUrl, putMedia, speechKey } from '../lib/media.js';
import { logger } from '../lib/powertools.js';
import { getSpeechEngine, normalizeLanguage, type SpeechInput } from '../lib/speech/index.js';
import { defaultVoice, findVoice, SAMPLE_TEXT } from '../../shared/voices.js';
import { VOICE_UNKNOWN_TEXT, type Speaker } from '../../shared/contracts/speech.js';

/** What a language's audio is made with for one speaker: the resolved voice (undefined = the default). */
export function speechOf(languageId: string, stored: StoredSpeech, speaker: Speaker = 'a'): Omit<SpeechInput, 'text'> {
  const language = normalizeLanguage(languageId);
  const chosen = findVoice(language, speaker === 'b' ? stored.voice_b || stored.voice : stored.voice);
  return { language, voice: chosen && chosen.id !== defaultVoice(language).id ? chosen.id : undefined };
}

/** The content key of `text` said as `speech` by `speaker` (B's files are named so: a regeneration knows them). */
export function keyOf(text: string, speech: Omit<SpeechInput, 'text'>, speaker: Speaker = 'a'): string {
  const key = speechKey(config.speechEngine, { ...speech, text });
  return speaker === 'b' ? key.replace(/(tts_[a-z]+_)/, '$1b_') : key;
}

async function synthesizeTo(key: string, input: SpeechInput): Promise<string> {
  let mp3: Buffer;
  try {
    mp3 = await getSpeechEngine().synthesize(input);
  } catch (e) {
    logger.error('speech synthesis failed', { error: e as Error });
    throw upstream((e as Error).message || 'The text-to-speech service failed');
  }
  return putMedia('content', key, mp3, 'audio/mpeg');
}

/** Synthesises `text` in the language's voice for `speaker` and stores it; answers its public URL. Engine faults are 502 (upstream). */
export async function speakToMedia(text: string, languageId: string, speaker: Speaker = 'a', stored?: StoredSpeech): Promise<string> {
  const speech = speechOf(languageId, stored ?? (await getSpeech(languageId)), speaker);
  return synthesizeTo(keyOf(text, speech, speaker), { ...speech, text });
}

/**
 * 'Listen' to a voice: the language's sample sentence in it. Content-addressed and made once: a
 * sample already stored is answered without asking the engine again.
 */
export async function sampleToMedia(languageId: string, voiceId: string): Promise<string> {
  const language = normalizeLanguage(languageId);
  const voice = findVoice(language, voiceId);
  if (!voice) throw invalid(VOICE_UNKNOWN_TEXT, 'voice');
  const input = { language, text: SAMPLE_TEXT[language], voice: voice.id === defaultVoice(language).id ? undefined : voice.id };
  const key = speechKey(config.speechEngine, input);
  const url = publicUrl('content', key);
  if (!(await missingMedia(url)).length) return url;
  return synthesizeTo(key, input);
}
