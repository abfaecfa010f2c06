/**
 * A language's voices for the back office (GET/PUT /api/speech/{language}), their 'Listen'
 * samples, and the regeneration of the audio a change makes stale (docs/back-office.md "Voices").
 */
import useSWR from 'swr';
import type { Lexicon, LexiconUpdate, RegenerateResult, Speaker, SpeechSettings, SpeechSettingsUpdate } from '@shared/contracts/speech';
import { api } from '@shared/urls';
import { apiFetch, authedFetcher } from './client';

/** `undefined`: no language chosen yet, nothing is read. */
export const useSpeech = (languageId: string | undefined) => useSWR<SpeechSettings, Error>(languageId ? api.speech(languageId) : null, authedFetcher);

export const saveSpeech = (languageId: string, body: SpeechSettingsUpdate) =>
  apiFetch<SpeechSettings>(api.speech(languageId), { method: 'PUT', auth: true, body });

/** The URL of the language's sample sentence said by `voice`. */
export const voiceSample = async (languageId: string, voice: string) =>
  (await apiFetch<{ audio_url: string }>(api.speechSample(languageId), { method: 'POST', auth: true, body: { voice } })).audio_url;

/** Regenerates stale audio a batch per request until none is left; reports progress after each batch. */
export async function regenerateAll(languageId: string, onProgress: (done: number, remaining: number) => void): Promise<number> {
  let done = 0;
  for (;;) {
    const r = await apiFetch<RegenerateResult>(api.speechRegenerate(languageId), { method: 'POST', auth: true });
    done += r.changed;
    onProgress(done, r.remaining);
    if (!r.remaining || !r.changed) return done;
  }
}

export const usePronunciations = (languageId: string | undefined) => useSWR<Lexicon, Error>(languageId ? api.pronunciations(languageId) : null, authedFetcher);

export const savePronunciations = (languageId: string, body: LexiconUpdate) =>
  apiFetch<Lexicon>(api.pronunciations(languageId), { method: 'PUT', auth: true, body });

/** The URL of `text` (marked text: shared/speech-marks.ts) as it will sound in the language (saved voices, pronunciations, its marks). */
export const previewSpeech = async (languageId: string, text: string, speaker: Speaker = 'a') =>
  (await apiFetch<{ audio_url: string }>(api.speechPreview(languageId), { method: 'POST', auth: true, body: { text, speaker } })).audio_url;
