/**
 * A phrase's marks on the twin (docs/back-office.md "Marks"): refused on the row's own field, the
 * group's audio made with them (the offline engine stands in for Polly: the SSML itself is
 * tests/unit/ssml.test.ts), its word timings on the words the page shows, a new file when the
 * marks change (and the old one counted stale until regenerated), kept by the export, never public.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LessonPage } from '../../shared/contracts/pages.js';
import type { Phrase } from '../../shared/contracts/phrases.js';
import { markedSpeechText, speechText } from '../../shared/phrase-groups.js';
import { MARKS_TEXT } from '../../shared/speech-marks.js';
import { decodeTimings } from '../../shared/word-timings.js';
import { adminToken, api, editorToken, invalidFields, ok, twin } from './helpers.js';

const LANG = 'es-marks';
const lesson = { language_id: LANG, level_id: 'a1', lesson_id: 'hola' };
let admin: string;
/** An editor of the language: its own text-to-speech limit, whatever other suites spend on the admin's. */
let editor: string;

type Row = { original_text: string; translated_text: string; speech_text?: string };
const tts = async (rows: Row[]) =>
  (await ok(api('POST', '/api/media/tts', { token: editor, body: { text: markedSpeechText(rows), language: LANG } }))).body.audio_url as string;
const wordsOf = (p: Pick<Phrase, 'original_text' | 'audio_timings'>) =>
  decodeTimings(p.audio_timings, p.original_text.length).map((w) => p.original_text.slice(w.start, w.end));
const stale = async () => (await ok(api('GET', `/api/speech/${LANG}`, { token: editor }))).body.stale as number;

beforeAll(async () => {
  admin = await adminToken();
  await ok(api('POST', '/api/languages', { token: admin, body: { id: LANG, name: 'Marcas', flag_url: 'https://flags.example/m.svg' } }));
  await ok(api('POST', '/api/levels', { token: admin, body: { id: 'a1', language_id: LANG, title: 'Beginner', cefr_label: 'A1', icon_url: '' } }));
  await ok(api('POST', '/api/lessons', { token: admin, body: { id: 'hola', language_id: LANG, level_id: 'a1', title: 'Hola', translated_title: 'Hello' } }));
  editor = await editorToken(admin, 'marks-speaker@parrotphrases.test', [LANG]);
});
afterAll(async () => {
  await api('DELETE', `/api/languages/${LANG}`, { token: admin });
});

describe('marks', () => {
  it("are refused on the row's own field, and in the text to speak", async () => {
    const rows = [
      { original_text: '', translated_text: '' },
      { original_text: 'Hola amigo', translated_text: 'Hello friend', speech_text: '{slow}Hola amigo' },
      { original_text: 'Adiós', translated_text: 'Bye', speech_text: 'Adiós{pause} amiga' },
    ];
    expect(await invalidFields('POST', '/api/phrases', { token: editor, body: { ...lesson, audio_url: '', phrases: rows } })).toMatchObject({
      'phrases.1.speech_text': MARKS_TEXT.notClosed('slow'),
      'phrases.2.speech_text': MARKS_TEXT.notTheText('Adiós amiga'),
    });
    expect(await invalidFields('POST', '/api/media/tts', { token: editor, body: { text: 'Hola {pase}', language: LANG } })).toEqual({
      text: MARKS_TEXT.unknown('pase'),
    });
    expect(await invalidFields('POST', `/api/speech/${LANG}/preview`, { token: editor, body: { text: '{spell}{pause}A{/spell}' } })).toEqual({
      text: MARKS_TEXT.textOnly('spell', 'pause'),
    });
  });

  let group: Phrase[];
  const rows: Row[] = [
    { original_text: 'Hola, me llamo Ana', translated_text: 'Hello, my name is Ana', speech_text: 'Hola,{pause 1s} me llamo {spell}Ana{/spell}' },
    { original_text: '¿Qué tal?', translated_text: 'How are you?' },
  ];

  it("make the group's audio, whose timings fall on the words the page shows", async () => {
    const audio = await tts(rows);
    // The same words without the marks are another file: the marks are part of its content address.
    expect(await tts(rows.map(({ speech_text: _, ...plain }) => plain))).not.toBe(audio);
    const stored = (await (await fetch(twin().url + audio.replace(/\.mp3$/, '.words.json'))).json()) as { text: string };
    expect(stored.text).toBe(speechText(rows));

    group = (await ok(api('POST', '/api/phrases', { token: editor, body: { ...lesson, audio_url: audio, phrases: rows } }))).body as Phrase[];
    expect(group.map((p) => p.speech_text)).toEqual([rows[0].speech_text, undefined]);
    expect(group.map(wordsOf)).toEqual([
      ['Hola', 'me', 'llamo', 'Ana'],
      ['Qué', 'tal'],
    ]);

    // The public never reads them (the twin checks every answer against its contract: one more field is a 500).
    const page = (await ok(api('GET', `/api/pages/lesson/${LANG}/a1/hola`))).body as LessonPage;
    expect(page.groups[0].phrases.map((p) => p.original_text)).toEqual(['Hola, me llamo Ana', '¿Qué tal?']);
    expect(JSON.stringify(page)).not.toContain('{spell}');
    await ok(api('GET', `/api/catalogue/${LANG}`));
    expect(await stale()).toBe(0);
  });

  it('changed, make the audio stale until it is made again; the new file is the one Generate audio makes', async () => {
    const changed = [{ ...rows[0], speech_text: '{slow 70%}Hola, me llamo Ana{/slow}' }, rows[1]];
    const save = (audio_url: string, phrases: Row[]) =>
      ok(
        api('PUT', '/api/phrases/group', {
          token: editor,
          body: {
            ...lesson,
            audio_url,
            old_audio_url: group[0].audio_url,
            old_phrases: group.map((p) => ({ id: p.id, version: p.version })),
            phrases: phrases.map((r, i) => ({ ...r, id: group[i].id })),
          },
        }),
      );
    group = (await save(group[0].audio_url, changed)).body as Phrase[];
    expect(group[0].speech_text).toBe(changed[0].speech_text);
    expect(await stale()).toBe(1);

    const regenerated = await ok(api('POST', `/api/speech/${LANG}/regenerate`, { token: editor }));
    expect(regenerated.body).toEqual({ changed: 1, remaining: 0 });
    const after = ((await ok(api('GET', `/api/phrases?language_id=${LANG}`, { token: editor }))).body.items as Phrase[]).sort((a, b) =>
      a.id.localeCompare(b.id),
    );
    expect(after[0].audio_url).toBe(await tts(changed));
    expect(after[0].audio_url).not.toBe(group[0].audio_url);
    expect(after.map(wordsOf)[0]).toEqual(['Hola', 'me', 'llamo', 'Ana']);
    group = after;
  });

  it('are kept by the export, and taken away by an edit that empties them', async () => {
    const backup = (await ok(api('GET', '/api/admin/export', { token: admin }))).body as { phrases: Row[] };
    expect(backup.phrases.find((p) => p.original_text === rows[0].original_text)?.speech_text).toBe('{slow 70%}Hola, me llamo Ana{/slow}');

    const cleared = (
      await ok(
        api('PUT', '/api/phrases/group', {
          token: editor,
          body: {
            ...lesson,
            audio_url: group[0].audio_url,
            old_audio_url: group[0].audio_url,
            old_phrases: group.map((p) => ({ id: p.id, version: p.version })),
            phrases: group.map((p) => ({ id: p.id, original_text: p.original_text, translated_text: p.translated_text, speech_text: '' })),
          },
        }),
      )
    ).body as Phrase[];
    expect(cleared.map((p) => p.speech_text)).toEqual([undefined, undefined]);
  });
});
