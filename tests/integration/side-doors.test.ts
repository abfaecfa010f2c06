/**
 * Content that is not public (a draft lesson, a locked one, anything under a draft language or a
 * locked level) reaches no one through a side door: a blog post's sample (saved, rendered, previewed),
 * review sync and favourites. Each refusal names no text of the hidden phrase.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '../../shared/contracts/blog.js';
import { newSchedule } from '../../shared/schedule.js';
import { addPhrases, adminToken, api, ok, signIn, subOf, twin, userToken, pointAtTwin } from './helpers.js';

const FR = 'sidedoor-fr';
const ES = 'sidedoor-es';
const DRAFT_LANG = 'sidedoor-xx';
const EDITOR = 'sidedoor.editor@parrotphrases.test';
const SAMPLE_TEXT = 'Please choose a lesson that is published and not locked';
const flag = 'https://example.com/flag.svg';
/** The phrases of each lesson; only `open`'s may ever be seen. */
const TEXT = { open: 'Bonjour tout le monde', draft: 'Phrase secrète', locked: 'Phrase verrouillée', deep: 'Sous un brouillon' };

let admin: string;
let editor: string;
let learner: string;
const phraseOf: Record<string, string> = {};
const page = async (path: string) => (await fetch(twin().url + path)).text();
const ref = (lesson: string, language = FR) => ({ language_id: language, level_id: 'a1', lesson_id: lesson });
const pathOf = (lesson: string, language = FR) => `${language}/a1/${lesson}`;
/** The posts this file made, deleted afterwards (other files list every published post). */
const made: string[] = [];
async function newPost(token: string, lesson_path: string, extra: Record<string, unknown> = {}) {
  const r = await api('POST', '/api/admin/blog', {
    token,
    body: { title: `Sampling ${lesson_path} ${Math.random()}`, content: 'Read on.', lesson_path, ...extra },
  });
  if (r.status === 201) made.push((r.body as BlogPost).id);
  return r;
}

async function lesson(language: string, id: string, text: string, extra: Record<string, unknown> = {}) {
  await ok(
    api('POST', '/api/lessons', {
      token: admin,
      body: { id, language_id: language, level_id: 'a1', title: `Lesson ${id}`, translated_title: `Lesson ${id}`, ...extra },
    }),
  );
  const added = await addPhrases(admin, ref(id, language), `/media/content/audio/${id}.mp3`, [[text, `${text} (en)`]]);
  phraseOf[`${language}/${id}`] = (added.body as { id: string }[])[0].id;
}

/** Writes an item's fields through the data layer: no route turns a live lesson back into a draft. */
async function setLessonFields(lessonId: string, fields: Record<string, unknown>) {
  pointAtTwin();
  const { getRaw, updateItem } = await import('../../functions/data/table.js');
  const { keys } = await import('../../functions/lib/keys.js');
  const key = keys.lesson(FR, 'a1', lessonId);
  await updateItem(key, (await getRaw(key))?.version as number, fields);
}

beforeAll(async () => {
  [admin, learner] = await Promise.all([adminToken(), userToken('sidedoor-learner@parrotphrases.test')]);
  for (const [id, is_draft] of [
    [FR, false],
    [ES, false],
    [DRAFT_LANG, true],
  ] as const) {
    await ok(api('POST', '/api/languages', { token: admin, body: { id, name: `Lang ${id}`, flag_url: flag, is_draft } }));
    await ok(api('POST', '/api/levels', { token: admin, body: { id: 'a1', language_id: id, title: 'Beginner', cefr_label: 'A1' } }));
  }
  await lesson(FR, 'open', TEXT.open);
  await lesson(FR, 'later', TEXT.open);
  await lesson(FR, 'draft', TEXT.draft, { is_draft: true });
  await lesson(FR, 'locked', TEXT.locked);
  await ok(api('POST', `/api/lessons/${FR}/a1/locked/lock`, { token: admin, body: { is_locked: true } }));
  await lesson(DRAFT_LANG, 'deep', TEXT.deep);
  // An editor of Spanish only, who may publish posts.
  await userToken(EDITOR);
  await ok(api('PUT', `/api/admin/users/${subOf(await userToken(EDITOR))}/editor`, { token: admin, body: { languages: [ES], publish_posts: true } }));
  editor = await signIn(EDITOR, 'Learner-Passw0rd!');
});

afterAll(async () => {
  for (const id of made) expect((await api('DELETE', `/api/admin/blog/${id}`, { token: admin })).status).toBe(204);
  expect((await api('DELETE', `/api/admin/users/${subOf(editor)}/editor`, { token: admin })).status).toBe(204);
  for (const id of [FR, ES, DRAFT_LANG]) expect((await api('DELETE', `/api/languages/${id}`, { token: admin })).status).toBe(204);
});

describe("a blog post's sample", () => {
  const hidden = [pathOf('draft'), pathOf('locked'), pathOf('deep', DRAFT_LANG)];

  it.each(hidden)('cannot be %s, which is not public: 400 on the lesson field, for an editor and an admin alike', async (path) => {
    for (const token of [editor, admin]) {
      const r = await newPost(token, path, { published: true });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.fields).toEqual({ lesson_path: SAMPLE_TEXT });
    }
  });

  it('names no lesson when longer than three ids: 400, never a key the database refuses', async () => {
    const long = `${FR}/a1/${'x'.repeat(2000)}`;
    const r = await newPost(admin, long, { title: 'A long path' });
    expect([r.status, r.body.fields]).toEqual([400, { lesson_path: 'Please choose a lesson' }]);
    const post = (await ok(newPost(admin, pathOf('open')))).body as BlogPost;
    const draft = await api('PUT', '/api/admin/drafts', {
      token: admin,
      body: { item: { kind: 'post', post_id: post.id }, version: post.version, fields: { lesson_path: long } },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(400);
  });

  it("may be any language's public lesson: an editor of Spanish samples a French one (it shows only what every visitor sees)", async () => {
    const r = await ok(newPost(editor, pathOf('open'), { published: true }));
    const post = r.body as BlogPost;
    expect((await api('GET', `/api/blog/${post.slug}`)).body.sample.phrases[0].original_text).toBe(TEXT.open);

    // Changing it to a hidden lesson is refused, by a save and by a pending draft alike.
    const changed = await api('PUT', `/api/admin/blog/${post.id}`, { token: admin, body: { version: post.version, lesson_path: pathOf('draft') } });
    expect([changed.status, changed.body.fields]).toEqual([400, { lesson_path: SAMPLE_TEXT }]);
    const draft = await api('PUT', '/api/admin/drafts', {
      token: editor,
      body: { item: { kind: 'post', post_id: post.id }, version: post.version, fields: { lesson_path: pathOf('locked') } },
    });
    expect([draft.status, draft.body.fields]).toEqual([400, { 'fields.lesson_path': SAMPLE_TEXT }]);
  });

  it('drops out of the post, its page and its preview when its lesson is locked or becomes a draft; the post still shows', async () => {
    const post = (await ok(newPost(admin, pathOf('later'), { published: true }))).body as BlogPost;
    const { url: preview } = (await ok(api('POST', '/api/admin/previews', { token: admin, body: { item: { kind: 'post', post_id: post.id } } }))).body as {
      url: string;
    };
    const shows = async () => {
      const [read, html, previewed] = [await api('GET', `/api/blog/${post.slug}`), await page(`/blog/${post.slug}`), await page(preview)];
      expect(read.status).toBe(200);
      expect(html).toContain(post.title);
      expect(previewed).toContain(post.title);
      return [JSON.stringify(read.body).includes(TEXT.open), html.includes(TEXT.open), previewed.includes(TEXT.open)];
    };
    // Made a draft behind the post's back (the pages were never read, so no cached copy answers).
    await setLessonFields('later', { is_draft: true });
    expect(await shows()).toEqual([false, false, false]);
    await setLessonFields('later', { is_draft: false });

    // Locked through the API (which invalidates the post's pages), then unlocked: the sample comes back.
    await ok(api('POST', `/api/lessons/${FR}/a1/later/lock`, { token: admin, body: { is_locked: true } }));
    expect(await shows()).toEqual([false, false, false]);
    await ok(api('POST', `/api/lessons/${FR}/a1/later/lock`, { token: admin, body: { is_locked: false } }));
    expect(await shows()).toEqual([true, true, true]);
  });
});

describe('review sync and favourites', () => {
  const reviewOf = (lessonId: string, language = FR) => {
    const at = new Date(Date.now() - 60_000);
    return { ...ref(lessonId, language), phrase_id: phraseOf[`${language}/${lessonId}`], rating: 3, reviewed_at: at.toISOString(), card: newSchedule(at) };
  };
  const cards = async () => ((await ok(api('GET', '/api/me/reviews', { token: learner }))).body as { cards: { phrase_id: string }[] }).cards;

  it.each([
    ['draft', FR],
    ['locked', FR],
    ['deep', DRAFT_LANG],
  ])('refuse a phrase of the %s lesson with 404, never echo its texts, and store nothing of the request', async (lessonId, language) => {
    const text = TEXT[lessonId as keyof typeof TEXT];
    const r = await api('POST', '/api/me/reviews', { token: learner, body: { reviews: [reviewOf('open'), reviewOf(lessonId, language)] } });
    expect(r.status, JSON.stringify(r.body)).toBe(404);
    expect(r.body.fields).toEqual({ 'reviews.1.phrase_id': 'Phrase not found' });
    expect(JSON.stringify(r.body)).not.toContain(text);
    expect(await cards()).toEqual([]);

    const fav = await api('PUT', `/api/me/favorites/${language}/a1/${lessonId}/${phraseOf[`${language}/${lessonId}`]}`, { token: learner });
    expect(fav.status, JSON.stringify(fav.body)).toBe(404);
    expect(JSON.stringify(fav.body)).not.toContain(text);
  });

  it("take a public lesson's phrase", async () => {
    const r = await ok(api('POST', '/api/me/reviews', { token: learner, body: { reviews: [reviewOf('open')] } }));
    expect(r.body.cards[0].original_text).toBe(TEXT.open);
    expect((await cards()).map((c) => c.phrase_id)).toEqual([phraseOf[`${FR}/open`]]);
    const fav = await ok(api('PUT', `/api/me/favorites/${FR}/a1/open/${phraseOf[`${FR}/open`]}`, { token: learner }));
    expect(fav.body.original_text).toBe(TEXT.open);
  });
});
