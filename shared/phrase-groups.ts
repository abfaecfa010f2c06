/** The derived "grouped phrase view": phrases that share one audio URL, in first-appearance order. */
import type { PublicPhrase } from './contracts/phrases.js';
import { spokenText } from './speech-marks.js';

/**
 * Groups phrases by audio URL, groups in the order their first phrase appears and phrases in their
 * own order. By default phrases without audio are dropped (the public lesson page's rule); the
 * admin passes `keepWithoutAudio` to see them as one group with audio_url ''.
 */
export function groupByAudio<P extends PublicPhrase>(phrases: P[], opts: { keepWithoutAudio?: boolean } = {}): { audio_url: string; phrases: P[] }[] {
  const groups = new Map<string, { audio_url: string; phrases: P[] }>();
  for (const p of phrases) {
    const audio_url = p.audio_url.trim();
    if (!audio_url && !opts.keepWithoutAudio) continue;
    let g = groups.get(audio_url);
    if (!g) groups.set(audio_url, (g = { audio_url, phrases: [] }));
    g.phrases.push(p);
  }
  return [...groups.values()];
}

/**
 * The text a group's generated audio says: its phrases' original texts as sentences (a full stop
 * added where none ends one), so the engine pauses between them. The back office's 'Generate audio',
 * bulk work and the regeneration after a voice change all say a group this way (one key per sound).
 */
export const speechText = (phrases: readonly { original_text: string }[]) =>
  phrases
    .map((p) => p.original_text.trim())
    .filter(Boolean)
    .map((t) => (/[.!?。！？]$/.test(t) ? t : `${t}.`))
    .join(' ');

/**
 * The same, as marked text (shared/speech-marks.ts): each phrase said with its 'How to say it' when
 * it has valid marks. With the marks taken out it reads exactly as `speechText`, so the timings of
 * the file fall on the phrases' own words; without marks it is `speechText` (braces doubled).
 */
export const markedSpeechText = (phrases: readonly { original_text: string; speech_text?: string | null }[]) =>
  phrases
    .filter((p) => p.original_text.trim())
    .map((p) => {
      const said = spokenText(p);
      return /[.!?。！？]$/.test(p.original_text.trim()) ? said : `${said}.`;
    })
    .join(' ');
