/**
 * Editors per language (shared/roles.ts): the authorization matrix over every route of the
 * table for anonymous, learner, editor (own and other language) and admin; what an editor's lists
 * show; blog publishing rights; and revocation, which takes effect on a token that still claims the
 * role (the membership is read live, as for admins).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { routes, routeKey, type RouteDef } from '../../functions/routes.js';
import { ADMIN_ONLY_TEXT } from '../../shared/product.js';
import { DELETE_PUBLISHED_POST_TEXT, OTHER_LANGUAGE_TEXT, PUBLISH_POSTS_TEXT } from '../../shared/roles.js';
import { addPhrases, adminToken, api, editorToken, ok, subOf, userToken } from './helpers.js';
const EDITOR = 'editor.matrix@parrotphrases.test';
const OWN = 'matrix-own';
const OTHER = 'matrix-other';
const FLAG = 'https://flags.example/x.svg';

let admin: string;
let learner: string;
let editor: string;

/** Makes EDITOR an editor (as an admin would in User Management) and signs them in for a token that carries the groups. */
const grant = (languages: string[], publish_posts = false) => editorToken(admin, EDITOR, languages, publish_posts);

/**
 * The routes that name no language, on which an editor of any language is let in: blog posts,
 * uploads (the place a file is used in is checked where it is saved), and lists,
 * releases and Trash entries whose handler narrows to the editor's languages or checks the item.
 */
const NAMES_NO_LANGUAGE = new Set([
  'GET /api/admin/languages',
  'POST /api/media/uploads',
  'GET /api/admin/blog',
  'POST /api/admin/blog',
  'PUT /api/admin/blog/{id}',
  'DELETE /api/admin/blog/{id}',
  'GET /api/admin/publishing',
  'GET /api/admin/approvals',
  'GET /api/admin/releases',
  'PUT /api/admin/releases/{id}',
  'DELETE /api/admin/releases/{id}',
  'GET /api/admin/trash',
  'POST /api/admin/trash/{id}/restore',
]);

/** A request to `route` about `language`: in its path, its query and (for course and publishing writes) its body. */
function requestOf(route: RouteDef, language: string) {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'language' || (name === 'id' && route.path.startsWith('/api/languages/')) ? language : name === 'sub' ? 'no-such-user' : 'x',
  );
  const names = !NAMES_NO_LANGUAGE.has(routeKey(route));
  const query = route.query && names ? `?language_id=${language}` : '';
  const body =
    route.method === 'GET' || route.method === 'DELETE'
      ? undefined
      : names && route.access === 'editor'
        ? {
            language_id: language,
            item: { kind: 'lesson', language_id: language, level_id: 'x', lesson_id: 'x' },
            ...(route.languageField ? { [route.languageField]: language } : {}),
          }
        : {};
  return { path: path + query, body };
}

beforeAll(async () => {
  admin = await adminToken();
  learner = await userToken();
  editor = await grant([OWN]);
});

describe('the authorization matrix', () => {
  const guarded = routes.filter((r) => r.access !== 'public');

  it('every route the table guards answers each caller as its access says', async () => {
    const seen: string[] = [];
    for (const route of guarded) {
      const key = routeKey(route);
      const own = requestOf(route, OWN);
      const other = requestOf(route, OTHER);
      const call = (token: string | undefined, r = own) => api(route.method, r.path, { token, body: r.body });

      expect((await call(undefined)).status, `anonymous ${key}`).toBe(401);

      const asLearner = await call(learner);
      // 'Make Myself Admin' refuses everyone once there is an admin (functions/data/users.ts).
      if (key === 'POST /api/me/make-admin') expect(asLearner.status).toBe(403);
      else if (route.access === 'user') expect([401, 403], `learner ${key}`).not.toContain(asLearner.status);
      else expect([asLearner.status, asLearner.body?.message], `learner ${key}`).toEqual([403, ADMIN_ONLY_TEXT]);

      const asEditorOwn = await call(editor);
      const asEditorOther = await call(editor, other);
      if (route.access === 'admin') {
        expect([asEditorOwn.status, asEditorOwn.body?.message], `editor ${key}`).toEqual([403, ADMIN_ONLY_TEXT]);
      } else if (route.access === 'editor') {
        expect([401, 403], `editor of ${OWN}: ${key} answered ${JSON.stringify(asEditorOwn.body)}`).not.toContain(asEditorOwn.status);
        if (NAMES_NO_LANGUAGE.has(key)) expect([401, 403], `editor, no language: ${key}`).not.toContain(asEditorOther.status);
        else expect([asEditorOther.status, asEditorOther.body?.message], `editor of ${OWN} asking for ${OTHER}: ${key}`).toEqual([403, OTHER_LANGUAGE_TEXT]);
      }

      if (key !== 'POST /api/me/make-admin') {
        const asAdmin = await call(admin);
        expect([401, 403], `admin ${key} answered ${JSON.stringify(asAdmin.body)}`).not.toContain(asAdmin.status);
      }
      seen.push(key);
    }
    expect(seen).toHaveLength(guarded.length);
    // The editor's share of the table: course content, posts and their Trash, their languages' hardest phrases (analytics), never users, settings, backup or the log.
    const editorRoutes = guarded.filter((r) => r.access === 'editor').map((r) => r.fn);
    expect(new Set(editorRoutes)).toEqual(new Set(['languages', 'levels', 'lessons', 'phrases', 'media', 'blog', 'publishing', 'trash', 'analytics']));
  });

  it('a language hidden anywhere in a write is checked: a moved item, a list, a number', async () => {
    const moved = await api('PUT', `/api/phrases/group`, { token: editor, body: { language_id: OWN, old_language_id: OTHER } });
    expect([moved.status, moved.body.message]).toEqual([403, OTHER_LANGUAGE_TEXT]);
    const levelTo = await api('PUT', `/api/levels/${OWN}/x`, { token: editor, body: { language_id: OTHER } });
    expect([levelTo.status, levelTo.body.message]).toEqual([403, OTHER_LANGUAGE_TEXT]);
    for (const language_id of [[OWN], 7, { id: OWN }]) {
      const odd = await api('POST', '/api/levels', { token: editor, body: { language_id } });
      expect(odd.status, JSON.stringify(language_id)).toBe(403);
    }
  });
});

describe("an editor's back office", () => {
  // Two languages, each with a level and a lesson; the editor is given the first.
  const languages = ['roles-a', 'roles-b'];
  beforeAll(async () => {
    for (const id of languages) {
      await ok(api('POST', '/api/languages', { token: admin, body: { id, name: `Roles ${id}`, flag_url: FLAG } }));
      await ok(api('POST', '/api/levels', { token: admin, body: { id: 'a1', language_id: id, title: 'Beginner', cefr_label: 'A1', icon_url: '' } }));
      await ok(
        api('POST', '/api/lessons', { token: admin, body: { id: 'hello', language_id: id, level_id: 'a1', title: 'Hello', translated_title: 'Hallo' } }),
      );
      await addPhrases(admin, { language_id: id, level_id: 'a1', lesson_id: 'hello' }, `/media/content/audio/${id}.mp3`, [['Hola', 'Hello']]);
    }
    editor = await grant([languages[0]]);
  });

  it('lists only their languages, and the levels, lessons and phrase counts of them', async () => {
    const mine = (await ok(api('GET', '/api/admin/languages', { token: editor }))).body as { id: string }[];
    expect(mine.map((l) => l.id)).toEqual([languages[0]]);
    const levels = (await ok(api('GET', '/api/levels', { token: editor }))).body as { language_id: string }[];
    expect(levels.length).toBeGreaterThan(0);
    expect(new Set(levels.map((l) => l.language_id))).toEqual(new Set([languages[0]]));
    const lessons = (await ok(api('GET', '/api/lessons', { token: editor }))).body as { language_id: string }[];
    expect(new Set(lessons.map((l) => l.language_id))).toEqual(new Set([languages[0]]));
    const counts = (await ok(api('GET', '/api/phrases/counts', { token: editor }))).body as {
      total: number;
      lessons: { language_id: string; count: number }[];
    };
    expect(new Set(counts.lessons.map((l) => l.language_id))).toEqual(new Set([languages[0]]));
    expect(counts.total).toBe(counts.lessons.reduce((n, l) => n + l.count, 0));
    // Phrase pages run across languages: an editor's search names one of theirs.
    expect((await api('GET', '/api/phrases', { token: editor })).status).toBe(403);
    expect((await api('GET', `/api/phrases?language_id=${languages[0]}`, { token: editor })).status).toBe(200);
  });

  it('edits their language and not another, and cannot create or delete a language', async () => {
    const lang = (await ok(api('GET', `/api/languages/${languages[0]}`))).body as { name: string; version: number };
    const changed = await api('PUT', `/api/languages/${languages[0]}`, { token: editor, body: { ...lang, name: lang.name } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await api('PUT', `/api/languages/${languages[1]}`, { token: editor, body: lang })).status).toBe(403);
    expect((await api('DELETE', `/api/languages/${languages[0]}`, { token: editor })).status).toBe(403);
    expect((await api('POST', '/api/languages', { token: editor, body: { id: 'editor-made', name: 'Editor made' } })).status).toBe(403);
  });

  it('writes blog drafts; publishing a post needs the right an admin gives', async () => {
    const post = { title: 'An editor writes', content: 'Draft text of an editor.' };
    const published = await api('POST', '/api/admin/blog', { token: editor, body: { ...post, published: true } });
    expect([published.status, published.body.message]).toEqual([403, PUBLISH_POSTS_TEXT]);
    const draft = (await ok(api('POST', '/api/admin/blog', { token: editor, body: post }))).body as { id: string; version: number };
    const publish = await api('PUT', `/api/admin/blog/${draft.id}`, { token: editor, body: { published: true, version: draft.version } });
    expect([publish.status, publish.body.message]).toEqual([403, PUBLISH_POSTS_TEXT]);
    expect((await api('POST', '/api/admin/publish', { token: editor, body: { item: { kind: 'post', post_id: draft.id } } })).status).toBe(403);
    // Nor delete a published post: the refusal names the right, not publishing.
    const live = (await ok(api('POST', '/api/admin/blog', { token: admin, body: { title: 'An admin publishes', content: 'Live.', published: true } }))).body;
    const refused = await api('DELETE', `/api/admin/blog/${live.id}`, { token: editor });
    expect([refused.status, refused.body.message]).toEqual([403, DELETE_PUBLISHED_POST_TEXT]);
    expect((await api('GET', `/api/blog/${live.slug}`)).status).toBe(200);
    // Other suites count the published posts: this one leaves none behind.
    await ok(api('DELETE', `/api/admin/blog/${live.id}`, { token: admin }));

    editor = await grant([languages[0]], true);
    await ok(api('PUT', `/api/admin/blog/${draft.id}`, { token: editor, body: { published: true, version: draft.version } }));
    await ok(api('DELETE', `/api/admin/blog/${draft.id}`, { token: editor }));
  });

  it('User Management shows the rights; removing them takes effect on the token still held, and signs them out', async () => {
    const listed = (await ok(api('GET', `/api/admin/users?role=editors&q=${encodeURIComponent(EDITOR)}`, { token: admin }))).body as {
      items: { email: string; editor: unknown }[];
    };
    expect(listed.items.map((u) => [u.email, u.editor])).toEqual([[EDITOR, { languages: [languages[0]], publish_posts: true, reviews: [] }]]);

    // A language given, then another instead: the old one is refused within the cache's time.
    await ok(api('PUT', `/api/admin/users/${subOf(editor)}/editor`, { token: admin, body: { languages: [languages[1]], publish_posts: false } }));
    await expect.poll(async () => (await api('GET', `/api/coverage/${languages[0]}`, { token: editor })).status, { timeout: 8000, interval: 500 }).toBe(403);
    expect((await api('GET', `/api/coverage/${languages[1]}`, { token: editor })).status).toBe(200);

    await ok(api('DELETE', `/api/admin/users/${subOf(editor)}/editor`, { token: admin }));
    await expect.poll(async () => (await api('GET', '/api/admin/languages', { token: editor })).status, { timeout: 8000, interval: 500 }).toBe(403);
    const after = (await ok(api('GET', `/api/admin/users?q=${encodeURIComponent(EDITOR)}`, { token: admin }))).body as { items: { editor: unknown }[] };
    expect(after.items[0].editor).toBeNull();
  });

  it('refuses bad grants with the contract texts, and an admin made editor', async () => {
    const sub = subOf(await userToken(EDITOR));
    const none = await api('PUT', `/api/admin/users/${sub}/editor`, { token: admin, body: { languages: [], publish_posts: false } });
    expect([none.status, none.body.message]).toEqual([400, 'Choose at least one language']);
    const self = await api('PUT', `/api/admin/users/${subOf(admin)}/editor`, { token: admin, body: { languages: [languages[0]], publish_posts: false } });
    expect([self.status, self.body.message]).toEqual([400, 'An administrator can already edit every language.']);
  });
});
