/**
 * A language's voices (docs/back-office.md "Voices"): choosing voice A and B, 'Listen' samples, the
 * count of generated files a change makes stale, and their regeneration, on the twin (the offline
 * engine stands in for Polly; the Polly calls themselves are tests/unit/speech.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOICE_UNKNOWN_TEXT, WORD_TEXT } from '../../shared/contracts/speech.js';
import { speechText } from '../../shared/phrase-groups.js';
import { addPhrases, adminToken, api, editorToken, invalidFields, ok, twin } from './helpers.js';
import { splitTimings } from '../../functions/lib/speech/timings.js';
import { decodeTimings, encodeTimings } from '../../shared/word-timings.js';

// Normalised to Spanish ('es-…'): its voices are Polly's Spanish ones.
const LANG = 'es-voices';
const lesson = { language_id: LANG, level_id: 'a1', lesson_id: 'hola' };
let admin: string;
/** An editor of the language: its own text-to-speech limit, whatever other suites spend on the admin's. */
let editor: string;
const speech = () => api('GET', `/api/speech/${LANG}`, { token: editor });
const tts = async (rows: string[], speaker?: 'a' | 'b') =>
  (
    await ok(
      api('POST', '/api/media/tts', { token: editor, body: { text: speechText(rows.map((original_text) => ({ original_text }))), language: LANG, speaker } }),
    )
  ).body.audio_url as string;
const audioOf = async () =>
  ((await ok(api('GET', `/api/phrases?language_id=${LANG}`, { token: admin }))).body.items as { original_text: string; audio_url: string }[]).map((p) => [
    p.original_text,
    p.audio_url,
  ]);

/**
 * The word timings each phrase (by text; one audio file for them all) has stored, and the share of
 * its audio file's timings (the file beside the MP3) that the phrase routes give it.
 */
async function timings(texts: string[]) {
  const rows = (await ok(api('GET', `/api/phrases?language_id=${LANG}`, { token: admin }))).body.items as {
    original_text: string;
    audio_url: string;
    audio_timings?: string;
  }[];
  const mine = texts.map((t) => rows.find((r) => r.original_text === t));
  const spoken = (await (await fetch(twin().url + (mine[0]?.audio_url ?? '').replace(/\.mp3$/, '.words.json'))).json()) as { text: string; words: string };
  const share = splitTimings(spoken.text, decodeTimings(spoken.words, spoken.text.length), texts).map(encodeTimings);
  expect(share.every((t) => t.length > 0)).toBe(true);
  return { stored: mine.map((r) => r?.audio_timings), share };
}

beforeAll(async () => {
  admin = await adminToken();
  await ok(api('POST', '/api/languages', { token: admin, body: { id: LANG, name: 'Voices', flag_url: 'https://flags.example/v.svg' } }));
  await ok(api('POST', '/api/levels', { token: admin, body: { id: 'a1', language_id: LANG, title: 'Beginner', cefr_label: 'A1', icon_url: '' } }));
  await ok(api('POST', '/api/lessons', { token: admin, body: { id: 'hola', language_id: LANG, level_id: 'a1', title: 'Hola', translated_title: 'Hello' } }));
  editor = await editorToken(admin, 'voices-speaker@parrotphrases.test', [LANG]);
});
afterAll(async () => {
  await api('DELETE', `/api/languages/${LANG}`, { token: admin });
});

describe('voices', () => {
  it("lists the language's Polly voices, neural first, with the default chosen", async () => {
    const r = await ok(speech());
    expect(r.body).toMatchObject({ language_id: LANG, voice: 'Lucia', voice_b: '', version: 0, stale: 0 });
    expect(r.body.voices.map((v: { id: string }) => v.id)).toEqual(['Lucia', 'Sergio', 'Mia', 'Andres', 'Lupe', 'Pedro', 'Conchita', 'Enrique']);
    expect((await api('GET', '/api/speech/nowhere', { token: admin })).status).toBe(404);
  });

  it('refuses a voice that is not one of the language’s, on its field, and a stale version', async () => {
    expect(await invalidFields('PUT', `/api/speech/${LANG}`, { token: editor, body: { voice: 'Joanna', version: 0 } })).toEqual({ voice: VOICE_UNKNOWN_TEXT });
    expect(await invalidFields('PUT', `/api/speech/${LANG}`, { token: editor, body: { voice: 'Lucia', voice_b: 'Maxim', version: 0 } })).toEqual({
      voice_b: VOICE_UNKNOWN_TEXT,
    });
    expect((await api('PUT', `/api/speech/${LANG}`, { token: editor, body: { voice: 'Lucia', version: 3 } })).status).toBe(409);
  });

  it("'Listen' plays each voice's sample, made once and kept", async () => {
    const a = await ok(api('POST', `/api/speech/${LANG}/sample`, { token: editor, body: { voice: 'Sergio' } }));
    const again = await ok(api('POST', `/api/speech/${LANG}/sample`, { token: editor, body: { voice: 'Sergio' } }));
    const other = await ok(api('POST', `/api/speech/${LANG}/sample`, { token: editor, body: { voice: 'Lucia' } }));
    expect(again.body.audio_url).toBe(a.body.audio_url);
    expect(other.body.audio_url).not.toBe(a.body.audio_url);
    const file = await fetch(twin().url + String(a.body.audio_url));
    expect([file.status, file.headers.get('content-type')]).toEqual([200, 'audio/mpeg']);
    expect(await invalidFields('POST', `/api/speech/${LANG}/sample`, { token: editor, body: { voice: 'Joanna' } })).toEqual({ voice: VOICE_UNKNOWN_TEXT });
  });

  it('a voice change counts the generated files it would change, and regenerates only those, on request', async () => {
    const dialogue = await tts(['¿Qué tal?'], 'b');
    expect(dialogue).toMatch(/\/tts_es_b_[\w-]{32}\.mp3$/);
    await addPhrases(admin, lesson, await tts(['Hola', 'Buenos días']), [
      ['Hola', 'Hello'],
      ['Buenos días', 'Good morning'],
    ]);
    await addPhrases(admin, lesson, dialogue, [['¿Qué tal?', 'How are you?']]);
    await addPhrases(admin, lesson, '/media/content/audio/1700000000000_mine.mp3', [['Adiós', 'Bye']]);
    const before = await audioOf();

    // Voice A changes; B has none of its own, so it speaks as A: both generated groups are stale, the upload never.
    const saved = await ok(api('PUT', `/api/speech/${LANG}`, { token: editor, body: { voice: 'Sergio', version: 0 } }));
    expect(saved.body).toMatchObject({ voice: 'Sergio', voice_b: '', version: 1, stale: 2 });
    // B keeps the default voice it was made in: only A's group is stale.
    const both = await ok(api('PUT', `/api/speech/${LANG}`, { token: editor, body: { voice: 'Sergio', voice_b: 'Lucia', version: 1 } }));
    expect(both.body).toMatchObject({ voice_b: 'Lucia', version: 2, stale: 1 });
    expect(await audioOf()).toEqual(before); // nothing regenerated before it is asked

    const done = await ok(api('POST', `/api/speech/${LANG}/regenerate`, { token: editor }));
    expect(done.body).toEqual({ changed: 1, remaining: 0 });
    const after = await audioOf();
    const changedRows = after.filter(([, url], i) => url !== before[i][1]).map(([text]) => text);
    expect(changedRows.sort()).toEqual(['Buenos días', 'Hola']);
    expect(after.find(([t]) => t === 'Hola')?.[1]).toBe(await tts(['Hola', 'Buenos días'])); // the same file 'Generate audio' makes now
    // Each regenerated phrase has its share of the new file's word timings.
    const hola = await timings(['Hola', 'Buenos días']);
    expect(hola.stored).toEqual(hola.share);
    expect((await ok(speech())).body.stale).toBe(0);
    expect((await ok(api('POST', `/api/speech/${LANG}/regenerate`, { token: editor }))).body).toEqual({ changed: 0, remaining: 0 });
  });

  it("pronunciations: saved with their field errors, applied to 'Listen' and to new audio, and counted as stale where the word is said", async () => {
    const path = `/api/speech/${LANG}/pronunciations`;
    const empty = await ok(api('GET', path, { token: editor }));
    expect(empty.body).toMatchObject({ entries: [], version: 0, limits: { perAccount: 100, chars: 4000, perRequest: 5 }, stale: 0 });
    expect(await invalidFields('PUT', path, { token: editor, body: { version: 0, entries: [{ word: '', kind: 'alias', say: 'x' }] } })).toEqual({
      'entries.0.word': WORD_TEXT,
    });
    const preview = async (text: string) => (await ok(api('POST', `/api/speech/${LANG}/preview`, { token: editor, body: { text } }))).body.audio_url as string;
    const before = await preview('Buenos días, Nguyen');
    const unrelated = await preview('Hola');

    const saved = await ok(api('PUT', path, { token: editor, body: { version: 0, entries: [{ word: 'Nguyen', kind: 'alias', say: 'Guin' }] } }));
    expect(saved.body).toMatchObject({ version: 1, entries: [{ word: 'Nguyen', kind: 'alias', say: 'Guin' }] });
    expect(saved.body.chars).toBeGreaterThan(100);
    expect((await api('PUT', path, { token: editor, body: { version: 0, entries: [] } })).status).toBe(409);

    // 'Listen' now says the word as listed: a new file; a text without the word sounds (and is stored) as before.
    const after = await preview('Buenos días, Nguyen');
    expect(after).not.toBe(before);
    expect(await preview('Hola')).toBe(unrelated);
    const file = await fetch(twin().url + after);
    expect([file.status, file.headers.get('content-type')]).toEqual([200, 'audio/mpeg']);

    // A group that says the word is stale now; regenerating it makes the file 'Listen' made.
    await addPhrases(admin, lesson, await tts(['Soy Nguyen']), [['Soy Nguyen', "I'm Nguyen"]]);
    expect((await ok(api('GET', path, { token: editor }))).body.stale).toBe(0);
    await ok(api('PUT', path, { token: editor, body: { version: 1, entries: [{ word: 'Nguyen', kind: 'alias', say: 'Nuyen' }] } }));
    expect((await ok(api('GET', path, { token: editor }))).body.stale).toBe(1);
    const spokenBefore = (await timings(['Soy Nguyen'])).stored;
    expect((await ok(api('POST', `/api/speech/${LANG}/regenerate`, { token: editor }))).body).toEqual({ changed: 1, remaining: 0 });
    expect((await audioOf()).find(([t]) => t === 'Soy Nguyen')?.[1]).toBe(await tts(['Soy Nguyen']));
    // The phrase's word timings are the new file's, not those of the words it said before.
    const spoken = await timings(['Soy Nguyen']);
    expect(spoken.stored).toEqual(spoken.share);
    expect(spoken.stored).not.toEqual(spokenBefore);
  });

  it("is for editors of the language only; another language's editor is refused", async () => {
    const other = await editorToken(admin, 'voices-editor@parrotphrases.test', ['german']);
    expect((await api('GET', `/api/speech/${LANG}`, { token: other })).status).toBe(403);
    expect((await api('PUT', `/api/speech/${LANG}`, { token: other, body: { voice: 'Lucia', version: 2 } })).status).toBe(403);
    expect((await api('GET', `/api/speech/${LANG}/pronunciations`, { token: other })).status).toBe(403);
    expect((await api('PUT', `/api/speech/${LANG}/pronunciations`, { token: other, body: { version: 2, entries: [] } })).status).toBe(403);
    expect((await api('POST', `/api/speech/${LANG}/preview`, { token: other, body: { text: 'Hola' } })).status).toBe(403);
    const own = await editorToken(admin, 'voices-editor2@parrotphrases.test', [LANG]);
    expect((await api('GET', `/api/speech/${LANG}`, { token: own })).status).toBe(200);
  });
});
