/**
 * The Trash through the gateway against the twin: a delete keeps what it removed, a restore puts it
 * back exactly; an editor's Trash holds their languages' entries and the posts, and each restore is
 * checked against the item's language and the blog right (403 naming the right).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRASH_KEEP_DAYS, type TrashEntry } from '../../shared/contracts/trash.js';
import { OTHER_LANGUAGE_TEXT, RESTORE_LANGUAGE_TEXT, RESTORE_PUBLISHED_POST_TEXT } from '../../shared/roles.js';
import { addPhrases, adminToken, api, editorToken, ok, twin, userToken, pointAtTwin } from './helpers.js';

let admin: string;
/** The languages of the editor's tests: the editor is given the first. */
const EDITED = ['trash-ed-a', 'trash-ed-b'];
const flag = 'https://example.com/flag.svg';
const audio = (n: number) => `/media/content/audio/trash_${n}.mp3`;

/** The data layer pointed at the twin's DynamoDB: what the table holds, storage attributes and all. */
async function rawItems(pk: string) {
  pointAtTwin();
  const { queryPartition } = await import('../../functions/data/table.js');
  return (await queryPartition(pk)).sort((a, b) => String(a.SK).localeCompare(String(b.SK)));
}
const trash = async (token = admin) => (await ok(api('GET', '/api/admin/trash', { token }))).body as TrashEntry[];
const restore = (id: string, token = admin) => api('POST', `/api/admin/trash/${id}/restore`, { token });

/** A language with a level, two lessons (one with phrases) and what the table holds of it. */
async function course(lang: string) {
  await ok(api('POST', '/api/languages', { token: admin, body: { id: lang, name: `Lang ${lang}`, flag_url: flag } }));
  await ok(api('POST', '/api/levels', { token: admin, body: { id: 'a1', language_id: lang, title: 'Beginner', cefr_label: 'A1', icon_url: '' } }));
  for (const id of ['hello', 'food']) {
    await ok(api('POST', '/api/lessons', { token: admin, body: { id, language_id: lang, level_id: 'a1', title: `Lesson ${id}`, translated_title: id } }));
  }
  await addPhrases(admin, { language_id: lang, level_id: 'a1', lesson_id: 'hello' }, audio(1), [
    ['Ciao', 'Hello'],
    ['Buongiorno', 'Good morning'],
  ]);
  await addPhrases(admin, { language_id: lang, level_id: 'a1', lesson_id: 'hello' }, audio(2), [['Arrivederci', 'Goodbye']]);
}

beforeAll(async () => {
  admin = await adminToken();
});
// Other suites list the languages: this one leaves none of its own behind.
afterAll(async () => {
  for (const lang of ['trash-it', 'trash-taken', 'trash-lvl', ...EDITED]) await api('DELETE', `/api/languages/${lang}`, { token: admin });
});

describe('Trash', () => {
  it('keeps a deleted lesson with its phrases and puts it back exactly, pages and all', async () => {
    await course('trash-it');
    const before = await rawItems('LANG#trash-it');
    const page = (await ok(api('GET', '/api/pages/lesson/trash-it/a1/hello'))).body;

    await ok(api('DELETE', '/api/lessons/trash-it/a1/hello', { token: admin }));
    expect((await api('GET', '/api/pages/lesson/trash-it/a1/hello')).status).toBe(404);
    const [entry] = (await trash()).filter((e) => e.lesson_id === 'hello' && e.language_id === 'trash-it');
    expect(entry).toMatchObject({ kind: 'lesson', label: 'Lesson hello', level_id: 'a1', items: 4, deleted_by: twin().admin.email });
    const keptDays = (Date.parse(entry.expires_at) - Date.parse(entry.deleted_at)) / 86_400_000;
    expect(Math.round(keptDays)).toBe(TRASH_KEEP_DAYS);

    const restored = await ok(restore(entry.id));
    expect(restored.body).toMatchObject({ id: entry.id, kind: 'lesson' });
    // Exactly as stored: every attribute of every item (ids, order, versions, audio, times).
    expect(await rawItems('LANG#trash-it')).toEqual(before);
    // And the CDN's copy of the page was invalidated: the page is back for visitors.
    expect((await ok(api('GET', '/api/pages/lesson/trash-it/a1/hello'))).body).toEqual(page);
    expect((await trash()).some((e) => e.id === entry.id)).toBe(false);
    expect(await rawItems(`TRASH#${entry.id}`)).toEqual([]);
    // Gone from the Trash: a second restore is a 404.
    expect((await restore(entry.id)).status).toBe(404);
  });

  it('refuses a restore whose ID is taken again, or whose level is gone, writing nothing', async () => {
    await course('trash-taken');
    await ok(api('DELETE', '/api/lessons/trash-taken/a1/food', { token: admin }));
    const [entry] = (await trash()).filter((e) => e.language_id === 'trash-taken' && e.lesson_id === 'food');
    await ok(
      api('POST', '/api/lessons', {
        token: admin,
        body: { id: 'food', language_id: 'trash-taken', level_id: 'a1', title: 'New food', translated_title: 'Nuovo' },
      }),
    );
    const taken = await restore(entry.id);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('A lesson with the ID "food" (or part of it) exists again. Rename or delete it first.');
    expect((await ok(api('GET', '/api/pages/lesson/trash-taken/a1/food'))).body.lesson.title).toBe('New food');

    // The level it belonged to is deleted (into the Trash too): the lesson cannot come back alone.
    await ok(api('DELETE', '/api/lessons/trash-taken/a1/food', { token: admin }));
    await ok(api('DELETE', '/api/levels/trash-taken/a1', { token: admin }));
    const orphan = await restore(entry.id);
    expect(orphan.status).toBe(409);
    expect(orphan.body.message).toBe('A lesson cannot come back: what it belonged to was deleted. Restore that first.');
    expect((await trash()).some((e) => e.id === entry.id)).toBe(true);
  });

  it('puts back a level with its lessons and phrases, and a whole language', async () => {
    await course('trash-lvl');
    const before = await rawItems('LANG#trash-lvl');
    await ok(api('DELETE', '/api/levels/trash-lvl/a1', { token: admin }));
    const [level] = (await trash()).filter((e) => e.kind === 'level' && e.language_id === 'trash-lvl');
    expect(level.items).toBe(6); // the level, 2 lessons, 3 phrases
    await ok(restore(level.id));
    expect(await rawItems('LANG#trash-lvl')).toEqual(before);

    await ok(api('DELETE', '/api/languages/trash-lvl', { token: admin }));
    expect((await api('GET', '/api/languages/trash-lvl')).status).toBe(404);
    const [language] = (await trash()).filter((e) => e.kind === 'language' && e.language_id === 'trash-lvl');
    expect(language).toMatchObject({ label: 'Lang trash-lvl', items: 7 });
    await ok(restore(language.id));
    expect(await rawItems('LANG#trash-lvl')).toEqual(before);
    expect(((await ok(api('GET', '/api/languages'))).body as { id: string }[]).some((l) => l.id === 'trash-lvl')).toBe(true);
  });

  it('puts back a published post with its slug, its page public again', async () => {
    const post = (await ok(api('POST', '/api/admin/blog', { token: admin, body: { title: 'Trash me', content: 'Body', published: true } }))).body;
    expect((await api('GET', `/api/blog/${post.slug}`)).status).toBe(200);
    await ok(api('DELETE', `/api/admin/blog/${post.id}`, { token: admin }));
    expect((await api('GET', `/api/blog/${post.slug}`)).status).toBe(404);
    const [entry] = (await trash()).filter((e) => e.post_id === post.id);
    expect(entry).toMatchObject({ kind: 'post', label: 'Trash me', items: 2 });
    await ok(restore(entry.id));
    expect((await ok(api('GET', `/api/blog/${post.slug}`))).body.post.title).toBe('Trash me');
    // Other suites count the published posts: this one leaves none behind.
    await ok(api('DELETE', `/api/admin/blog/${post.id}`, { token: admin }));
  });

  it('is for admins and editors, never learners; an id that names nothing is a 404', async () => {
    expect((await api('GET', '/api/admin/trash')).status).toBe(401);
    const learner = await userToken();
    expect((await api('GET', '/api/admin/trash', { token: learner })).status).toBe(403);
    expect((await api('POST', '/api/admin/trash/01HZZZZZZZZZZZZZZZZZZZZZZZ/restore', { token: learner })).status).toBe(403);
    expect((await api('POST', '/api/admin/trash/01HZZZZZZZZZZZZZZZZZZZZZZZ/restore', { token: admin })).status).toBe(404);
    // An id that cannot be an entry's (too long for a key, not a ULID) names nothing: 404, never a 5xx.
    for (const id of ['x'.repeat(3000), 'not-an-id', '01hzzzzzzzzzzzzzzzzzzzzzzz']) expect((await restore(id)).status, id.slice(0, 20)).toBe(404);
  });
});

describe("an editor's Trash", () => {
  const [mine, theirs] = EDITED;
  let editor: string;
  beforeAll(async () => {
    for (const lang of EDITED) await course(lang);
    editor = await editorToken(admin, 'editor.trash@parrotphrases.test', [mine]);
  });

  it('lists their languages only, and puts back their own delete (its Undo)', async () => {
    await ok(api('DELETE', `/api/lessons/${mine}/a1/hello`, { token: editor }));
    await ok(api('DELETE', `/api/lessons/${theirs}/a1/hello`, { token: admin }));
    const listed = await trash(editor);
    // Whatever else other suites deleted, an entry with a language is one of theirs (posts have none).
    expect(new Set(listed.flatMap((e) => (e.language_id ? [e.language_id] : [])))).toEqual(new Set([mine]));
    expect((await trash()).some((e) => e.language_id === theirs)).toBe(true);

    const [own] = listed.filter((e) => e.language_id === mine && e.lesson_id === 'hello');
    expect(own).toMatchObject({ kind: 'lesson', deleted_by: 'editor.trash@parrotphrases.test' });
    const back = await restore(own.id, editor);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect((await ok(api('GET', `/api/pages/lesson/${mine}/a1/hello`))).body.lesson.title).toBe('Lesson hello');
  });

  it("cannot put back another language's item: 403 naming the right, nothing written", async () => {
    const [other] = (await trash()).filter((e) => e.language_id === theirs && e.lesson_id === 'hello');
    const refused = await restore(other.id, editor);
    expect([refused.status, refused.body.message]).toEqual([403, OTHER_LANGUAGE_TEXT]);
    expect((await api('GET', `/api/pages/lesson/${theirs}/a1/hello`)).status).toBe(404);
    expect((await trash()).some((e) => e.id === other.id)).toBe(true);
  });

  it('puts back a draft post; a published one needs the blog right, a language an administrator', async () => {
    const draft = (await ok(api('POST', '/api/admin/blog', { token: editor, body: { title: 'Editor draft', content: 'Text' } }))).body;
    await ok(api('DELETE', `/api/admin/blog/${draft.id}`, { token: editor }));
    const [drafted] = (await trash(editor)).filter((e) => e.post_id === draft.id);
    expect(drafted.published).toBe(false);
    await ok(restore(drafted.id, editor));

    const live = (await ok(api('POST', '/api/admin/blog', { token: admin, body: { title: 'Admin post', content: 'Text', published: true } }))).body;
    await ok(api('DELETE', `/api/admin/blog/${live.id}`, { token: admin }));
    const [published] = (await trash(editor)).filter((e) => e.post_id === live.id);
    const refused = await restore(published.id, editor);
    expect([refused.status, refused.body.message]).toEqual([403, RESTORE_PUBLISHED_POST_TEXT]);
    expect((await api('GET', `/api/blog/${live.slug}`)).status).toBe(404);

    await ok(api('DELETE', `/api/languages/${mine}`, { token: admin }));
    const [language] = (await trash(editor)).filter((e) => e.kind === 'language' && e.language_id === mine);
    const notYours = await restore(language.id, editor);
    expect([notYours.status, notYours.body.message]).toEqual([403, RESTORE_LANGUAGE_TEXT]);
    expect((await api('GET', `/api/languages/${mine}`)).status).toBe(404);
    await ok(api('DELETE', `/api/admin/blog/${draft.id}`, { token: admin }));
  });
});
