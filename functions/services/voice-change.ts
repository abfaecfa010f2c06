/**
 * After a language's voices change (docs/back-office.md "Voices"): which generated audio files the
 * current voices would make differently, and their regeneration, a batch per request. A group's
 * audio is stale when it is text-to-speech (its key says so, and whether voice A or B said it) and
 * its key is not the one its words said now would have; uploaded audio is never touched. Content
 * addressing makes this idempotent and resumable: a regenerated group is no longer stale, and a
 * request that fails midway leaves only groups that the next request picks up.
 */
import { getSpeech, saveVoices, type StoredSpeech } from '../data/speech.js';
import { changed, putIfVersion, queryPartition, transact, type Raw } from '../data/table.js';
import { spend } from '../data/limits.js';
import { conflict, DomainError, invalid } from '../lib/errors.js';
import { normalizeLanguage } from '../lib/speech/index.js';
import { defaultVoice, findVoice, voicesOf } from '../../shared/voices.js';
import { keys } from '../lib/keys.js';
import { markedSpeechText } from '../../shared/phrase-groups.js';
import {
  REGENERATE_BATCH,
  VOICE_UNKNOWN_TEXT,
  type RegenerateResult,
  type Speaker,
  type SpeechSettings,
  type SpeechSettingsIn,
} from '../../shared/contracts/speech.js';
import type { LessonRef } from '../../shared/contracts/lessons.js';
import { siteChanged } from './site-changes.js';
import { keyOf, speakToMedia, speechOf, voiceOf } from './speech.js';
import { pushLexicons } from '../lib/speech/lexicons.js';
import { splitTimings } from '../lib/speech/timings.js';
import { spokenFields, timed } from '../data/phrases.js';
import { encodeTimings } from '../../shared/word-timings.js';

/** The stored key of a generated file in a public audio URL, with its speaker (`tts_{lang}_b_`: voice B). */
const GENERATED = /\/media\/content\/(audio\/tts_[a-z]+_(b_)?[\w-]+\.mp3)$/;

interface StaleGroup {
  lesson: LessonRef;
  phrases: Raw[];
  speaker: Speaker;
  text: string;
}

/** The key a group's text would have now; its own for one whose marks no longer fit one Polly request (it cannot be made again: left as it is). */
function currentKey(languageId: string, stored: StoredSpeech, speaker: Speaker, text: string): string | undefined {
  try {
    return keyOf(speechOf(languageId, stored, speaker, text), speaker);
  } catch (e) {
    if (e instanceof DomainError && e.kind === 'invalid') return undefined;
    throw e;
  }
}

/** The language's groups whose generated audio the current voices would make differently, in course order. */
export async function staleGroups(languageId: string): Promise<StaleGroup[]> {
  const prefix = keys.phrasePrefix(languageId);
  const [stored, phrases] = await Promise.all([getSpeech(languageId), queryPartition(prefix.PK, prefix.SKPrefix)]);
  const groups = new Map<string, Raw[]>();
  for (const p of phrases) {
    const url = typeof p.audio_url === 'string' ? p.audio_url.trim() : '';
    if (!GENERATED.test(url)) continue;
    const id = `${String(p.level_id)}/${String(p.lesson_id)}/${url}`;
    groups.set(id, [...(groups.get(id) ?? []), p]);
  }
  const out: StaleGroup[] = [];
  for (const members of groups.values()) {
    const [, key, b] = GENERATED.exec(String(members[0].audio_url).trim()) ?? [];
    const speaker: Speaker = b ? 'b' : 'a';
    const sorted = members.sort((x, y) => String(x.id).localeCompare(String(y.id)));
    const text = markedSpeechText(sorted.map(spokenFields));
    const now = currentKey(languageId, stored, speaker, text);
    if (now === undefined || now === key) continue;
    const [first] = sorted;
    out.push({ lesson: { language_id: languageId, level_id: String(first.level_id), lesson_id: String(first.lesson_id) }, phrases: sorted, speaker, text });
  }
  return out;
}

/**
 * Regenerates up to REGENERATE_BATCH stale groups in the current voices: each group's phrases get
 * the new file in one transaction conditional on the versions read (an edit meanwhile: 409, that
 * group untouched). Counts each against the caller's regeneration limit (Polly's rate).
 */
export async function regenerate(languageId: string, sub: string): Promise<RegenerateResult> {
  const stale = await staleGroups(languageId);
  const batch = stale.slice(0, REGENERATE_BATCH);
  if (!batch.length) return { changed: 0, remaining: 0 };
  await spend('regenerate', sub, { count: batch.length });
  const stored = await getSpeech(languageId);
  const done: StaleGroup[] = [];
  let failure: Error | undefined;
  // A few at a time: Polly's rate is per account. Each group is written alone, so one that fails
  // (an edit meanwhile, the engine) leaves the others regenerated and is tried again next time.
  for (let n = 0; n < batch.length && !failure; n += 4) {
    const results = await Promise.allSettled(batch.slice(n, n + 4).map((g) => regenerateGroup(g, languageId, stored).then(() => done.push(g))));
    failure = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []))[0];
  }
  const lessons = new Map(done.map((g) => [`${g.lesson.level_id}/${g.lesson.lesson_id}`, g.lesson]));
  if (lessons.size) await siteChanged({ kind: 'phrases', lessons: [...lessons.values()] });
  if (failure) throw failure;
  return { changed: done.length, remaining: stale.length - done.length };
}

async function regenerateGroup(g: StaleGroup, languageId: string, stored: StoredSpeech): Promise<void> {
  const { audio_url, text, words } = await speakToMedia(g.text, languageId, g.speaker, stored);
  // Each phrase its own share of the new file's word timings (the old ones were the old voice's).
  const split = splitTimings(
    text,
    words,
    g.phrases.map((p) => String(p.original_text)),
  );
  await transact(
    g.phrases.map((p, i) => putIfVersion(timed(changed(p, { audio_url }), split[i]?.length ? encodeTimings(split[i]) : undefined), p.version as number)),
    () => conflict(),
  );
}

/** A language's voices as the Voices screen shows them: chosen (A falls back to the default), listed, and what is stale. */
export async function speechSettings(languageId: string): Promise<SpeechSettings> {
  const language = normalizeLanguage(languageId);
  const [stored, stale] = await Promise.all([getSpeech(languageId), staleGroups(languageId)]);
  return {
    language_id: languageId,
    voice: findVoice(language, stored.voice)?.id ?? defaultVoice(language).id,
    voice_b: findVoice(language, stored.voice_b)?.id ?? '',
    version: stored.version,
    voices: [...voicesOf(language)],
    stale: stale.length,
  };
}

/** Saves a language's voices (each must be one of its own: 400 on the field otherwise); answers the screen's view after. */
export async function saveSpeechVoices(languageId: string, input: SpeechSettingsIn): Promise<SpeechSettings> {
  const language = normalizeLanguage(languageId);
  if (!findVoice(language, input.voice)) throw invalid(VOICE_UNKNOWN_TEXT, 'voice');
  if (input.voice_b && !findVoice(language, input.voice_b)) throw invalid(VOICE_UNKNOWN_TEXT, 'voice_b');
  const stored = await getSpeech(languageId);
  // Polly applies a lexicon only to voices of its locale: a voice of a new locale gets its copy first.
  if (stored.lexicon.length) await pushLexicons(languageId, locales(languageId, input), stored.lexicon);
  await saveVoices(languageId, { voice: input.voice, voice_b: input.voice_b }, input.version);
  return speechSettings(languageId);
}

/** The locales of a language's voices A and B: those its lexicon must exist for. */
export const locales = (languageId: string, voices: { voice: string; voice_b: string }) => [
  voiceOf(languageId, voices, 'a').locale,
  voiceOf(languageId, voices, 'b').locale,
];
