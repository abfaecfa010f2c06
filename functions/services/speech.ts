/**
 * Text to speech stored as media (docs/back-office.md "Voices"): the MP3 the engine makes (Polly in
 * AWS, the offline engine locally) in the voice the language chose, put in the content bucket with
 * its word timings beside it (./word-timings.ts; docs/learners.md "Audio that follows the text"),
 * for the phrase forms (POST /api/media/tts), bulk work, the voices' 'Listen' samples and the
 * regeneration after a voice change. Content-addressed (../lib/media.ts speechKey): the same words
 * said the same way are one file, and a group's audio key says which voice (A or B) it was made in.
 */
import { getSpeech, type StoredSpeech } from '../data/speech.js';
import { config } from '../lib/config.js';
import { errorName, invalid, upstream } from '../lib/errors.js';
import { missingMedia, publicUrl, putMedia, speechKey } from '../lib/media.js';
import { logger } from '../lib/powertools.js';
import { getSpeechEngine, normalizeLanguage, ssmlOf, type SpeechInput } from '../lib/speech/index.js';
import { lexiconName } from '../lib/speech/lexicons.js';
import { pollySpeechMarks } from '../lib/speech/marks.js';
import { estimateTimings, mp3DurationMs } from '../lib/speech/timings.js';
import { entriesIn } from '../../shared/pronunciations.js';
import { MARKS_TEXT, parseMarks, POLLY_TEXT } from '../../shared/speech-marks.js';
import { defaultVoice, findVoice, SAMPLE_TEXT } from '../../shared/voices.js';
import { VOICE_UNKNOWN_TEXT, type Speaker } from '../../shared/contracts/speech.js';
import { validTimings, type WordTiming } from '../../shared/word-timings.js';
import { storeSpokenWords } from './word-timings.js';

/** A synthesised file: its public URL, its plain words (marks taken out), and when each of them starts in it. */
export interface Speech {
  audio_url: string;
  text: string;
  words: WordTiming[];
}

/** The voice a language speaks in for one speaker: the chosen one of its voices, else its default. */
export function voiceOf(languageId: string, stored: Pick<StoredSpeech, 'voice' | 'voice_b'>, speaker: Speaker = 'a') {
  const language = normalizeLanguage(languageId);
  return findVoice(language, speaker === 'b' ? stored.voice_b || stored.voice : stored.voice) ?? defaultVoice(language);
}

/**
 * What `marked` (marked text, shared/speech-marks.ts: a group's 'How to say it' or plain words with
 * their braces doubled) in a language is said with for one speaker: its plain words and marks, its
 * voice (undefined = the default) and its pronunciations, only those the words say (so a new
 * pronunciation changes only the audio of the phrases that have the word, and Polly is asked for
 * the lexicon only then). Marks the routes' schemas let through always parse; too many for one
 * Polly request are a 400 on the text.
 */
export function speechOf(languageId: string, stored: StoredSpeech, speaker: Speaker, marked: string): SpeechInput {
  const language = normalizeLanguage(languageId);
  const voice = voiceOf(languageId, stored, speaker);
  const parsed = parseMarks(marked, Infinity);
  if (!parsed.ok) throw invalid(parsed.message, 'text');
  const text = parsed.plain;
  const entries = entriesIn(text, stored.lexicon);
  const input: SpeechInput = {
    language,
    text,
    voice: voice.id === defaultVoice(language).id ? undefined : voice.id,
    ...(parsed.marks ? { marks: parsed.parts } : {}),
    ...(entries.length ? { lexicons: [{ name: lexiconName(languageId, voice.locale), entries }] } : {}),
  };
  if ((ssmlOf({ ...input, language })?.ssml.length ?? 0) > POLLY_TEXT.total) throw invalid(MARKS_TEXT.tooManyForFile, 'text');
  return input;
}

/** The content key of `input` said by `speaker` (B's files are named so: a regeneration knows them); marks take part as their SSML. */
export function keyOf(input: SpeechInput, speaker: Speaker = 'a'): string {
  const key = speechKey(config.speechEngine, { ...input, ssml: ssmlOf({ ...input, language: normalizeLanguage(input.language) })?.ssml });
  return speaker === 'b' ? key.replace(/(tts_[a-z]+_)/, '$1b_') : key;
}

/**
 * Polly's speech marks, measured in the same voice; undefined where the engine has none (the
 * twin's espeak build reports word events, but the engine's input is rewritten first, so the MP3's
 * length is used instead: docs/learners.md) or when the marks call fails: the audio is still made,
 * with timings estimated from its length.
 */
async function measuredWords(input: SpeechInput): Promise<WordTiming[] | undefined> {
  if (config.speechEngine !== 'polly') return undefined;
  try {
    return await pollySpeechMarks(input);
  } catch (e) {
    logger.warn('speech marks failed: word timings estimated', { error: e as Error });
    return undefined;
  }
}

/** Synthesises `input` and stores it under `key` with its word timings. Engine faults are 502 (upstream). */
async function synthesizeTo(key: string, input: SpeechInput): Promise<Speech> {
  let mp3: Buffer;
  let measured: WordTiming[] | undefined;
  try {
    [mp3, measured] = await Promise.all([getSpeechEngine().synthesize(input), measuredWords(input)]);
  } catch (e) {
    // Polly refusing the SSML is about the marks the admin wrote (a sound its voice lacks): theirs to fix.
    if (errorName(e) === 'InvalidSsmlException') throw invalid(`${MARKS_TEXT.refused} (${(e as Error).message})`, 'text');
    logger.error('speech synthesis failed', { error: e as Error });
    throw upstream((e as Error).message || 'The text-to-speech service failed');
  }
  const words = measured && validTimings(measured, input.text.length) ? measured : estimateTimings(input.text, mp3DurationMs(mp3));
  // The timings first: an MP3 is never stored without them.
  await storeSpokenWords(key, input.text, words);
  return { audio_url: await putMedia('content', key, mp3, 'audio/mpeg'), text: input.text, words };
}

/**
 * Synthesises `text` (marked text: see speechOf) in the language's voice for `speaker` and stores
 * it; answers its public URL and the words of its plain text. Engine faults are 502 (upstream).
 */
export async function speakToMedia(text: string, languageId: string, speaker: Speaker = 'a', stored?: StoredSpeech): Promise<Speech> {
  const input = speechOf(languageId, stored ?? (await getSpeech(languageId)), speaker, text);
  return synthesizeTo(keyOf(input, speaker), input);
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
  return (await synthesizeTo(key, input)).audio_url;
}
