/**
 * A public lesson's phrase changes saved as a draft (functions/data/phrase-drafts.ts), through the
 * gateway against the twin: the public page, API and catalogue keep the live phrases; a preview shows
 * the draft's; Publish applies them in the lesson's own transaction and invalidates its page; a
 * draft over phrases changed live since is refused whole; the lesson's fields and phrases share one draft.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Phrase } from '../../shared/contracts/phrases.js';
import type { Publishing } from '../../shared/contracts/publishing.js';
import { addPhrases, adminToken, api, ok, twin } from './helpers.js';

let admin: string;
const LANG = 'phd-it';
const where = { language_id: LANG, level_id: 'a1', lesson_id: 'greet' };
const lessonRef = { kind: 'lesson', ...where };
const AUDIO = '/media/content/audio/phd_1.mp3';
const page = async (path: string) => (await fetch(twin().url + path)).text();
const livePhrases = async () => (await ok(api('GET', `/api/phrases?language_id=${LANG}&level_id=a1&lesson_id=greet`, { token: admin }))).body.items as Phrase[];
const draftOf = async () => (await ok(api('GET', `/api/phrases/draft/${LANG}/a1/greet`, { token: admin }))).body as { phrases: Phrase[] | null };
/** A group edit of the draft: `rows` replace the group of `audio` as read in `group`. */
const editDraft = (group: Phrase[], rows: { id?: string; original_text: string; translated_text: string }[], audio = AUDIO) =>
  api('PUT', '/api/phrases/draft', {
    token: admin,
    body: { ...where, audio_url: audio, old_audio_url: AUDIO, old_phrases: group.map((p) => ({ id: p.id, version: p.version })), phrases: rows },
  });

beforeAll(async () => {
  admin = await adminToken();
  await ok(api('POST', '/api/languages', { token: admin, body: { id: LANG, name: 'Phrase drafts', flag_url: 'https://example.com/f.svg' } }));
  await ok(api('POST', '/api/levels', { token: admin, body: { id: 'a1', language_id: LANG, title: 'Beginner', cefr_label: 'A1' } }));
  await ok(
    api('POST', '/api/lessons', { token: admin, body: { id: 'greet', language_id: LANG, level_id: 'a1', title: 'Greetings', translated_title: 'Greetings' } }),
  );
  await addPhrases(admin, where, AUDIO, [
    ['Ciao', 'Hello'],
    ['Arrivederci', 'Goodbye'],
  ]);
});
afterAll(async () => {
  await api('DELETE', `/api/languages/${LANG}`, { token: admin });
});

describe('phrase drafts of a public lesson', () => {
  it('keeps edits, additions and removals out of the public page until Publish, which applies them at once', async () => {
    expect(await page(`/${LANG}/a1/greet`)).toContain('Arrivederci');
    expect((await draftOf()).phrases).toBeNull();
    const live = await livePhrases();
    const [ciao, bye] = live;

    // Ciao edited, Arrivederci removed, one phrase added; then one more group added to the draft.
    const edited = await ok(
      editDraft(live, [
        { id: ciao.id, original_text: 'Ciao!', translated_text: 'Hi!' },
        { original_text: 'Buonasera', translated_text: 'Good evening' },
      ]),
    );
    expect((edited.body as Phrase[]).map((p) => p.original_text)).toEqual(['Ciao!', 'Buonasera']);
    const added = await ok(
      api('POST', '/api/phrases/draft', {
        token: admin,
        body: { ...where, audio_url: '/media/content/audio/phd_2.mp3', phrases: [{ original_text: 'Grazie', translated_text: 'Thank you' }] },
      }),
    );
    expect(added.status).toBe(201);

    // Public nowhere: the page, its API, the catalogue and the admin's live list are unchanged.
    const html = await page(`/${LANG}/a1/greet`);
    expect(html).toContain('Arrivederci');
    expect(html).not.toContain('Buonasera');
    expect(JSON.stringify((await ok(api('GET', `/api/pages/lesson/${LANG}/a1/greet`))).body)).not.toContain('Grazie');
    expect(JSON.stringify((await ok(api('GET', `/api/catalogue/${LANG}`))).body)).not.toContain('Grazie');
    expect((await livePhrases()).map((p) => p.original_text)).toEqual(['Ciao', 'Arrivederci']);
    // The draft is listed with its phrase count and reads back in creation order.
    const drafts = ((await ok(api('GET', '/api/admin/publishing', { token: admin }))).body as Publishing).drafts;
    expect(drafts.find((d) => d.item.kind === 'lesson' && d.item.lesson_id === 'greet')).toMatchObject({ label: 'Greetings', phrases: 3, fields: {} });
    expect((await draftOf()).phrases?.map((p) => p.original_text)).toEqual(['Ciao!', 'Buonasera', 'Grazie']);

    // The preview shows the draft's phrases, never the removed one.
    const { url } = (await ok(api('POST', '/api/admin/previews', { token: admin, body: { item: lessonRef } }))).body as { url: string };
    const preview = await page(url);
    expect(preview).toContain('Buonasera');
    expect(preview).toContain('Grazie');
    expect(preview).not.toContain('Arrivederci');

    const published = await ok(api('POST', '/api/admin/publish', { token: admin, body: { item: lessonRef } }));
    expect(published.body).toMatchObject({ published: 1 });
    const after = await livePhrases();
    expect(after.map((p) => p.original_text)).toEqual(['Ciao!', 'Buonasera', 'Grazie']);
    // As a live group edit does: Ciao kept its id (so its place and favourites), the row without an
    // id took the unclaimed Arrivederci's, and Grazie is new.
    expect(after[0]).toMatchObject({ id: ciao.id, translated_text: 'Hi!', version: ciao.version + 1 });
    expect(after[1]).toMatchObject({ id: bye.id, original_text: 'Buonasera', version: bye.version + 1 });
    expect(after[2]).toMatchObject({ version: 1 });
    const now = await page(`/${LANG}/a1/greet`);
    expect(now).toContain('Buonasera');
    expect(now).not.toContain('Arrivederci');
    expect((await draftOf()).phrases).toBeNull();
    // The admin search finds the published phrases by their text.
    const found = (await ok(api('GET', `/api/phrases?language_id=${LANG}&q=buonasera`, { token: admin }))).body.items as Phrase[];
    expect(found.map((p) => p.original_text)).toEqual(['Buonasera']);
  });

  it("edits the draft's own copy: a group read from the draft is checked against it, not the live one", async () => {
    const live = await livePhrases();
    const group = live.filter((p) => p.audio_url === AUDIO);
    const first = await ok(
      editDraft(
        group,
        group.map((p) => ({ id: p.id, original_text: `${p.original_text} (1)`, translated_text: p.translated_text })),
      ),
    );
    const drafted = first.body as Phrase[];
    // A second editor still holding the live versions is refused; the draft's versions go on.
    expect((await editDraft(group, [{ original_text: 'Lost', translated_text: 'Lost' }])).status).toBe(409);
    await ok(
      editDraft(
        drafted,
        drafted.map((p) => ({ id: p.id, original_text: p.original_text.replace('(1)', '(2)'), translated_text: p.translated_text })),
      ),
    );
    expect((await draftOf()).phrases?.map((p) => p.original_text)).toEqual(['Ciao! (2)', 'Buonasera (2)', 'Grazie']);
    // Saving the lesson's fields as a draft keeps the phrase changes beside them.
    const lesson = (await ok(api('GET', `/api/pages/lesson/${LANG}/a1/greet`))).body.lesson as { version: number };
    const saved = await ok(
      api('PUT', '/api/admin/drafts', { token: admin, body: { item: lessonRef, version: lesson.version, fields: { title: 'Greetings 2' } } }),
    );
    expect(saved.body).toMatchObject({ fields: { title: 'Greetings 2' }, phrases: 3 });
    expect((await draftOf()).phrases).toHaveLength(3);
    // A plain save of the lesson drops the fields it showed and keeps the phrases waiting...
    await ok(api('POST', '/api/admin/drafts/discard', { token: admin, body: { item: lessonRef, fields_only: true } }));
    const kept = ((await ok(api('GET', '/api/admin/publishing', { token: admin }))).body as Publishing).drafts.find(
      (d) => d.item.kind === 'lesson' && d.item.lesson_id === 'greet',
    );
    expect(kept).toMatchObject({ fields: {}, phrases: 3, label: 'Greetings' });
    // ... and Discard drops it all.
    await ok(api('POST', '/api/admin/drafts/discard', { token: admin, body: { item: lessonRef } }));
    expect((await draftOf()).phrases).toBeNull();
  });

  it('refuses to publish over phrases changed live since the draft, and changes nothing', async () => {
    const live = await livePhrases();
    const group = live.filter((p) => p.audio_url === AUDIO);
    await ok(
      editDraft(group, [
        ...group.map((p) => ({ id: p.id, original_text: p.original_text, translated_text: p.translated_text })),
        { original_text: 'Ciao ciao', translated_text: 'Bye' },
      ]),
    );
    // Someone saves the group live meanwhile.
    await ok(
      api('PUT', '/api/phrases/group', {
        token: admin,
        body: {
          ...where,
          audio_url: AUDIO,
          old_audio_url: AUDIO,
          old_phrases: group.map((p) => ({ id: p.id, version: p.version })),
          phrases: group.map((p) => ({ id: p.id, original_text: p.original_text, translated_text: 'Changed live' })),
        },
      }),
    );
    const refused = await api('POST', '/api/admin/publish', { token: admin, body: { item: lessonRef } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/public phrases changed after this draft/);
    expect((await livePhrases()).some((p) => p.original_text === 'Ciao ciao')).toBe(false);
    await ok(api('POST', '/api/admin/drafts/discard', { token: admin, body: { item: lessonRef } }));
  });

  it("adds phrase changes to a draft that so far changed only the lesson's fields, and publishes both", async () => {
    const lesson = (await ok(api('GET', `/api/pages/lesson/${LANG}/a1/greet`))).body.lesson as { version: number };
    await ok(api('PUT', '/api/admin/drafts', { token: admin, body: { item: lessonRef, version: lesson.version, fields: { title: 'Greetings again' } } }));
    const group = (await livePhrases()).filter((p) => p.audio_url === AUDIO);
    await ok(
      editDraft(group, [
        ...group.map((p) => ({ id: p.id, original_text: p.original_text, translated_text: p.translated_text })),
        { original_text: 'Salve', translated_text: 'Greetings' },
      ]),
    );
    await ok(api('POST', '/api/admin/publish', { token: admin, body: { item: lessonRef } }));
    expect((await livePhrases()).some((p) => p.original_text === 'Salve')).toBe(true);
    expect((await ok(api('GET', `/api/pages/lesson/${LANG}/a1/greet`))).body.lesson).toMatchObject({ title: 'Greetings again' });
  });

  it('takes drafts only for public lessons, and never moves a group as a draft', async () => {
    await ok(
      api('POST', '/api/lessons', {
        token: admin,
        body: { id: 'new', language_id: LANG, level_id: 'a1', title: 'New one', translated_title: 'New', is_draft: true },
      }),
    );
    const notPublic = await api('POST', '/api/phrases/draft', {
      token: admin,
      body: { ...where, lesson_id: 'new', audio_url: AUDIO, phrases: [{ original_text: 'Uno', translated_text: 'One' }] },
    });
    expect(notPublic.status).toBe(400);
    expect(notPublic.body.message).toBe('This lesson is not public yet: save its phrases as they are.');
    const live = await livePhrases();
    const moved = await api('PUT', '/api/phrases/draft', {
      token: admin,
      body: {
        ...where,
        old_lesson_id: 'new',
        audio_url: AUDIO,
        old_audio_url: AUDIO,
        old_phrases: [],
        phrases: [{ original_text: 'x', translated_text: 'y' }],
      },
    });
    expect(moved.status).toBe(400);
    expect((await api('GET', `/api/phrases/draft/${LANG}/a1/missing`, { token: admin })).status).toBe(404);
    expect(await livePhrases()).toEqual(live);
  });
});
