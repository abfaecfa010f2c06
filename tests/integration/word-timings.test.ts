/**
 * Word timings against the twin (docs/learners.md "Audio that follows the text"): 'Generate audio'
 * stores them beside the MP3 (the offline engine's, estimated from its length), a group saved with
 * that audio gives each phrase its own, the public lesson read carries them; a phrase edited since
 * the audio was made, and uploaded audio, have none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Phrase } from '../../shared/contracts/phrases.js';
import type { LessonPage } from '../../shared/contracts/pages.js';
import { decodeTimings } from '../../shared/word-timings.js';
import { addPhrases, adminToken, api, ok, twin } from './helpers.js';

let admin: string;
const LANG = 'timings-it';
const lesson = { language_id: LANG, level_id: 'a1', lesson_id: 'hello' };
const said = (p: Pick<Phrase, 'original_text' | 'audio_timings'>) =>
  decodeTimings(p.audio_timings, p.original_text.length).map((w) => ({ word: p.original_text.slice(w.start, w.end), ms: w.ms }));

beforeAll(async () => {
  admin = await adminToken();
  await ok(api('POST', '/api/languages', { token: admin, body: { id: LANG, name: 'Timings', flag_url: 'https://example.com/flag.png' } }));
  await ok(api('POST', '/api/levels', { token: admin, body: { id: 'a1', language_id: LANG, title: 'A1', cefr_label: 'A1' } }));
  await ok(api('POST', '/api/lessons', { token: admin, body: { id: 'hello', language_id: LANG, level_id: 'a1', title: 'Hello', translated_title: 'Hello' } }));
});
afterAll(async () => {
  await api('DELETE', `/api/languages/${LANG}`, { token: admin });
});

describe('word timings', () => {
  let audio: string;
  let group: Phrase[];

  it('are stored beside a generated file, and each phrase of its group gets its own', async () => {
    // As the phrase dialog speaks a group: its phrases as sentences, joined.
    audio = (await ok(api('POST', '/api/media/tts', { token: admin, body: { text: 'Hola. ¿Cómo estás?', language: 'es' } }))).body.audio_url as string;
    const stored = (await (await fetch(twin().url + audio.replace(/\.mp3$/, '.words.json'))).json()) as { text: string; words: string };
    expect(stored.text).toBe('Hola. ¿Cómo estás?');

    group = (
      await addPhrases(admin, lesson, audio, [
        ['Hola', 'Hello'],
        ['¿Cómo estás?', 'How are you?'],
      ])
    ).body as Phrase[];
    const [hola, como] = group.map(said);
    expect(hola.map((w) => w.word)).toEqual(['Hola']);
    expect(como.map((w) => w.word)).toEqual(['Cómo', 'estás']);
    // One timeline: the file's. The second phrase is said after the first.
    expect(hola[0].ms).toBe(0);
    expect(como[0].ms).toBeGreaterThan(hola[0].ms);
    expect(como[1].ms).toBeGreaterThan(como[0].ms);

    const page = (await ok(api('GET', `/api/pages/lesson/${LANG}/a1/hello`))).body as LessonPage;
    expect(page.groups[0].phrases.map((p) => p.audio_timings)).toEqual(group.map((p) => p.audio_timings));
  });

  it('are dropped for a phrase edited since the audio was made, and kept for the others', async () => {
    const edited = (
      await ok(
        api('PUT', '/api/phrases/group', {
          token: admin,
          body: {
            ...lesson,
            audio_url: audio,
            old_audio_url: audio,
            old_phrases: group.map(({ id, version }) => ({ id, version })),
            phrases: [
              { id: group[0].id, original_text: 'Hola', translated_text: 'Hi' },
              { id: group[1].id, original_text: '¿Qué tal?', translated_text: 'How is it going?' },
            ],
          },
        }),
      )
    ).body as Phrase[];
    expect(said(edited[0]).map((w) => w.word)).toEqual(['Hola']);
    expect(said(edited[1])).toEqual([]);
  });

  it("go with a phrase into its lesson's draft, and out to the public lesson when it is published", async () => {
    const [drafted] = (
      await ok(
        api('POST', '/api/phrases/draft', {
          token: admin,
          body: { ...lesson, audio_url: audio, phrases: [{ original_text: '¿Cómo estás?', translated_text: 'And you?' }] },
        }),
      )
    ).body as Phrase[];
    expect(said(drafted).map((w) => w.word)).toEqual(['Cómo', 'estás']);
    await ok(api('POST', '/api/admin/publish', { token: admin, body: { item: { kind: 'lesson', ...lesson } } }));
    const page = (await ok(api('GET', `/api/pages/lesson/${LANG}/a1/hello`))).body as LessonPage;
    const published = page.groups.flatMap((g) => g.phrases).find((p) => p.id === drafted.id)!;
    expect(published.audio_timings).toBe(drafted.audio_timings);
  });

  it('are none for audio that was not generated here', async () => {
    const [uploaded] = (await addPhrases(admin, lesson, 'https://example.com/hola.mp3', [['Hola', 'Hello']])).body as Phrase[];
    expect(uploaded.audio_timings).toBeUndefined();
  });
});
