/**
 * A signed-in user's own data (/api/me/*), the lesson page's Previous/Next links and the offline
 * catalogue, through the twin's gateway with real Cognito tokens. Each user reaches only their own
 * rows: another user's favourites are not found, anonymous calls get 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Favorite, LanguageProgress, LessonProgress, MyLesson, Profile } from '../../shared/contracts/me.js';
import type { Catalogue, LessonPage } from '../../shared/contracts/pages.js';
import { addPhrases, adminToken, api, invalidFields, ok, userToken } from './helpers.js';

const LANG = 'learn-lingo';
let admin: string;
let ana: string;
let ben: string;
/** Phrase ids of lesson a1/one, in order. */
let phrases: string[] = [];

const lesson = (level: string, id: string, extra: Record<string, unknown> = {}) =>
  ok(
    api('POST', '/api/lessons', {
      token: admin,
      body: { id, language_id: LANG, level_id: level, title: `T ${id}`, translated_title: `Lesson ${id}`, ...extra },
    }),
  );

beforeAll(async () => {
  [admin, ana, ben] = await Promise.all([adminToken(), userToken('ana@parrotphrases.test'), userToken('ben@parrotphrases.test')]);
  await ok(api('POST', '/api/languages', { token: admin, body: { id: LANG, name: 'Learnish', flag_url: 'https://example.com/flag.svg' } }));
  // a1 (one, two, three) → a2 (locked: skipped) → b1 (four); lesson three is locked.
  await ok(api('POST', '/api/levels', { token: admin, body: { id: 'a1', language_id: LANG, title: 'Starter', cefr_label: 'A1' } }));
  await ok(api('POST', '/api/levels', { token: admin, body: { id: 'a2', language_id: LANG, title: 'Hidden', cefr_label: 'A2' } }));
  await ok(api('POST', '/api/levels', { token: admin, body: { id: 'b1', language_id: LANG, title: 'Onward', cefr_label: 'B1' } }));
  for (const id of ['one', 'two', 'three']) await lesson('a1', id);
  await lesson('a2', 'secret');
  await lesson('b1', 'four');
  await ok(api('POST', `/api/levels/${LANG}/a2/lock`, { token: admin, body: { is_locked: true } }));
  await ok(api('POST', `/api/lessons/${LANG}/a1/three/lock`, { token: admin, body: { is_locked: true } }));
  const added = await addPhrases(admin, { language_id: LANG, level_id: 'a1', lesson_id: 'one' }, '/media/content/audio/learn.mp3', [
    ['Hola', 'Hello'],
    ['Adiós', 'Goodbye'],
  ]);
  phrases = (added.body as { id: string }[]).map((p) => p.id);
  await addPhrases(admin, { language_id: LANG, level_id: 'a2', lesson_id: 'secret' }, '/media/content/audio/secret.mp3', [['Shh', 'Quiet']]);
});

afterAll(async () => {
  expect((await api('DELETE', `/api/languages/${LANG}`, { token: admin })).status).toBe(204);
});

describe('profile', () => {
  it('starts empty, takes a trimmed username of 2 to 40 characters, and is the caller’s own', async () => {
    const fresh = await api('GET', '/api/me/profile', { token: ben });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('cache-control')).toBe('private, no-store');
    expect((fresh.body as Profile).username).toBe('');

    const saved = await api('PUT', '/api/me/profile', { token: ana, body: { username: '  Ana Polyglot  ' } });
    expect(saved.status).toBe(200);
    expect((saved.body as Profile).username).toBe('Ana Polyglot');
    expect(((await api('GET', '/api/me/profile', { token: ana })).body as Profile).username).toBe('Ana Polyglot');
    // Ben's profile did not change.
    expect(((await api('GET', '/api/me/profile', { token: ben })).body as Profile).username).toBe('');

    const invalid = (username: string) => invalidFields('PUT', '/api/me/profile', { token: ana, body: { username } });
    expect((await invalid(' a ')).username).toBe('Username must be at least 2 characters');
    expect((await invalid('x'.repeat(41))).username).toBe('Username must be at most 40 characters');
    expect(((await api('GET', '/api/me/profile', { token: ana })).body as Profile).username).toBe('Ana Polyglot');
  });
});

describe('progress', () => {
  it('marks lessons completed idempotently and sums them per language against all its lessons', async () => {
    const put = (lessonPath: string, completed: boolean, token = ana) => api('PUT', `/api/me/progress/${LANG}/${lessonPath}`, { token, body: { completed } });
    expect((await api('GET', '/api/me/progress', { token: ana })).body).toEqual([]);

    const first = await put('a1/one', true);
    expect(first.status).toBe(200);
    expect(first.body as LessonProgress).toMatchObject({ language_id: LANG, level_id: 'a1', lesson_id: 'one', completed: true });
    expect((await put('a1/one', true)).status).toBe(200); // again: no change
    expect((await put('b1/four', false)).status).toBe(200);

    const summary = (await api('GET', '/api/me/progress', { token: ana })).body as LanguageProgress[];
    expect(summary).toEqual([{ language_id: LANG, language_name: 'Learnish', flag_url: 'https://example.com/flag.svg', completed: 1, total: 5 }]);
    const rows = (await api('GET', `/api/me/progress/${LANG}`, { token: ana })).body as LessonProgress[];
    expect(rows.map((r) => [r.lesson_id, r.completed]).sort()).toEqual([
      ['four', false],
      ['one', true],
    ]);
    // Ben has none of it.
    expect((await api('GET', '/api/me/progress', { token: ben })).body).toEqual([]);
  });

  it('refuses lessons that do not exist and bad bodies, changing nothing', async () => {
    expect((await api('PUT', `/api/me/progress/${LANG}/a1/nope`, { token: ana, body: { completed: true } })).status).toBe(404);
    expect((await api('PUT', `/api/me/progress/${LANG}/a1/BAD!`, { token: ana, body: { completed: true } })).status).toBe(404);
    expect((await invalidFields('PUT', `/api/me/progress/${LANG}/a1/two`, { token: ana, body: { completed: 'yes' } })).completed).toBe(
      'Completed must be true or false',
    );
    expect(((await api('GET', `/api/me/lessons/${LANG}/a1/two`, { token: ana })).body as MyLesson).completed).toBe(false);
  });

  it('stops counting a lesson once it is deleted', async () => {
    await lesson('b1', 'gone');
    await ok(api('PUT', `/api/me/progress/${LANG}/b1/gone`, { token: ben, body: { completed: true } }));
    expect(((await api('GET', '/api/me/progress', { token: ben })).body as LanguageProgress[])[0]).toMatchObject({ completed: 1, total: 6 });
    await ok(api('DELETE', `/api/lessons/${LANG}/b1/gone`, { token: admin }));
    expect(((await api('GET', '/api/me/progress', { token: ben })).body as LanguageProgress[])[0]).toMatchObject({ completed: 0, total: 5 });
    expect((await api('GET', `/api/me/progress/${LANG}`, { token: ben })).body).toEqual([]);
  });
});

describe('favourites', () => {
  const fav = (method: string, phrase: string, token = ana, lessonPath = 'a1/one') =>
    api(method, `/api/me/favorites/${LANG}/${lessonPath}/${phrase}`, { token });

  it('adds (twice: one favourite), lists with the phrase’s current texts, and removes', async () => {
    expect((await fav('PUT', phrases[0])).status).toBe(200);
    expect((await fav('PUT', phrases[0])).status).toBe(200);
    expect((await fav('PUT', phrases[1])).status).toBe(200);

    const list = (await api('GET', '/api/me/favorites', { token: ana })).body as Favorite[];
    expect(list).toHaveLength(2);
    expect(list.find((f) => f.phrase_id === phrases[0])).toMatchObject({
      id: phrases[0],
      original_text: 'Hola',
      translated_text: 'Hello',
      audio_url: '/media/content/audio/learn.mp3',
      lesson_id: 'one',
    });
    expect(((await api('GET', `/api/me/lessons/${LANG}/a1/one`, { token: ana })).body as MyLesson).favorites.sort()).toEqual([...phrases].sort());

    expect((await fav('DELETE', phrases[1])).status).toBe(204);
    expect((await fav('DELETE', phrases[1])).status).toBe(404);
    expect(((await api('GET', '/api/me/favorites', { token: ana })).body as Favorite[]).map((f) => f.id)).toEqual([phrases[0]]);
  });

  it("another user's favourite is not found and stays", async () => {
    expect((await fav('DELETE', phrases[0], ben)).status).toBe(404);
    expect((await api('GET', '/api/me/favorites', { token: ben })).body as Favorite[]).toEqual([]);
    expect(((await api('GET', '/api/me/favorites', { token: ana })).body as Favorite[]).map((f) => f.id)).toEqual([phrases[0]]);
  });

  it('refuses phrases that do not exist', async () => {
    expect((await fav('PUT', '01JUNKJUNKJUNKJUNKJUNKJUNK')).status).toBe(404);
    expect((await fav('PUT', 'not-an-id')).status).toBe(404);
    expect((await fav('PUT', phrases[0], ana, 'a1/two')).status).toBe(404); // right id, wrong lesson
  });

  it('a deleted phrase leaves the list', async () => {
    const added = await addPhrases(admin, { language_id: LANG, level_id: 'b1', lesson_id: 'four' }, '/media/content/audio/four.mp3', [['Temp', 'Temporary']]);
    const id = (added.body as { id: string }[])[0].id;
    await ok(fav('PUT', id, ben, 'b1/four'));
    expect(((await api('GET', '/api/me/favorites', { token: ben })).body as Favorite[]).map((f) => f.id)).toEqual([id]);
    await ok(api('DELETE', `/api/phrases/${LANG}/b1/four/${id}`, { token: admin }));
    expect((await api('GET', '/api/me/favorites', { token: ben })).body).toEqual([]);
    // The row was removed, not just hidden: removing it now finds nothing.
    expect((await fav('DELETE', id, ben, 'b1/four')).status).toBe(404);
  });
});

describe('access', () => {
  it('every /api/me route answers 401 without a token', async () => {
    const paths: [string, string][] = [
      ['GET', '/api/me/profile'],
      ['PUT', '/api/me/profile'],
      ['GET', '/api/me/progress'],
      ['GET', `/api/me/progress/${LANG}`],
      ['PUT', `/api/me/progress/${LANG}/a1/one`],
      ['GET', `/api/me/lessons/${LANG}/a1/one`],
      ['GET', '/api/me/favorites'],
      ['PUT', `/api/me/favorites/${LANG}/a1/one/${phrases[0]}`],
      ['DELETE', `/api/me/favorites/${LANG}/a1/one/${phrases[0]}`],
    ];
    for (const [method, path] of paths)
      expect((await api(method, path, { body: method === 'GET' || method === 'DELETE' ? undefined : {} })).status, `${method} ${path}`).toBe(401);
  });
});

describe('lesson page links and the catalogue', () => {
  const links = async (path: string) => {
    const page = (await api('GET', `/api/pages/lesson/${LANG}/${path}`)).body as LessonPage;
    return [page.previous && `${page.previous.level_id}/${page.previous.id}`, page.next && `${page.next.level_id}/${page.next.id}`];
  };

  it('lead through unlocked lessons in order, across levels, skipping locked ones', async () => {
    expect(await links('a1/one')).toEqual([null, 'a1/two']);
    expect(await links('a1/two')).toEqual(['a1/one', 'b1/four']);
    expect(await links('b1/four')).toEqual(['a1/two', null]);
    const page = (await api('GET', `/api/pages/lesson/${LANG}/b1/four`)).body as LessonPage;
    expect(page.previous).toEqual({ language_id: LANG, level_id: 'a1', id: 'two', title: 'Lesson two', level_title: 'Starter' });
  });

  it('follow a reorder and an unlock at once (the CDN copies are invalidated)', async () => {
    await links('a1/two'); // cached by the CDN stand-in
    await ok(api('POST', `/api/levels/${LANG}/a2/lock`, { token: admin, body: { is_locked: false } }));
    expect(await links('a1/two')).toEqual(['a1/one', 'a2/secret']);
    expect(await links('b1/four')).toEqual(['a2/secret', null]);
    await ok(api('POST', `/api/lessons/${LANG}/a1/two/move`, { token: admin, body: { direction: 'up' } }));
    expect(await links('a1/one')).toEqual(['a1/two', 'a2/secret']);
    await ok(api('POST', `/api/levels/${LANG}/a2/lock`, { token: admin, body: { is_locked: true } }));
    await ok(api('POST', `/api/lessons/${LANG}/a1/one/move`, { token: admin, body: { direction: 'up' } }));
    expect(await links('a1/one')).toEqual([null, 'a1/two']);
    expect(await links('b1/four')).toEqual(['a1/two', null]);
  });

  it('the catalogue holds the published course with its audio, and answers 304 to its ETag', async () => {
    const r = await api('GET', `/api/catalogue/${LANG}`);
    expect(r.status).toBe(200);
    const cat = r.body as Catalogue;
    expect(cat.language.name).toBe('Learnish');
    expect(cat.levels.map((v) => [v.id, v.lessons.map((l) => l.id)])).toEqual([
      ['a1', ['one', 'two']],
      ['b1', ['four']],
    ]);
    expect(cat.levels[0].lessons[0].groups).toEqual([
      {
        audio_url: '/media/content/audio/learn.mp3',
        phrases: [expect.objectContaining({ original_text: 'Hola' }), expect.objectContaining({ original_text: 'Adiós' })],
      },
    ]);
    expect(JSON.stringify(cat)).not.toContain('Shh'); // the locked level's phrases

    const etag = r.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await fetch(`${(await import('./helpers.js')).twin().url}/api/catalogue/${LANG}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);

    // An edit shows at once (invalidated) with a new ETag.
    await addPhrases(admin, { language_id: LANG, level_id: 'a1', lesson_id: 'two' }, '/media/content/audio/two.mp3', [['Gracias', 'Thanks']]);
    const changed = await api('GET', `/api/catalogue/${LANG}`);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(JSON.stringify(changed.body)).toContain('Gracias');
    expect((await api('GET', '/api/catalogue/no-such-language')).status).toBe(404);
  });
});
