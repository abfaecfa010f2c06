/**
 * Export and import of the whole course (docs/backup.md) through the gateway: the export is one
 * document that validates; export, wipe, import gives the same public site; a second import changes
 * nothing; a broken file gets one 400 listing every problem and changes nothing; a dry run writes
 * nothing; an interrupted import resumes. The table is put back as it was found afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDocumentSchema, type BackupDocument, type ImportResult } from '../../shared/contracts/backup.js';
import { api as apiUrls, apiPath, pages as sitePages } from '../../shared/urls.js';
import { adminToken, api, twin, userToken, pointAtTwin } from './helpers.js';

const L1 = 'bk-lingo';
const L2 = 'bk-second';
const BONJOUR = { word: 'Bonjour', kind: 'alias', say: 'Bon jour' } as const;
const speechOf = async (lang: string) =>
  (await api('GET', `/api/speech/${lang}`, { token: admin })).body as { voice: string; voice_b: string; version: number };
const pronunciationsOf = async (lang: string) =>
  ((await api('GET', `/api/speech/${lang}/pronunciations`, { token: admin })).body as { entries: unknown[] }).entries;
let admin: string;
let before: { doc: BackupDocument; settingsRow: Record<string, unknown> | undefined };
let slug: string;
/** The documents imported here: their progress records are removed afterwards. */
const hashes = new Set<string>();

/** The data layer pointed at the twin's DynamoDB (to wipe the settings, read records, run an import step by step). */
async function db() {
  pointAtTwin();
  const [backup, table, { keys }] = await Promise.all([
    import('../../functions/data/import-run.js'),
    import('../../functions/data/table.js'),
    import('../../functions/lib/keys.js'),
  ]);
  return { ...backup, ...table, keys };
}

const ok = async (p: Promise<{ status: number; body: unknown }>) => {
  const r = await p;
  expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
  return r.body as Record<string, unknown>;
};
const exportDoc = async () => {
  const r = await api('GET', '/api/admin/export', { token: admin });
  expect(r.status).toBe(200);
  return r.body as BackupDocument;
};
/** Imports until done (a large file takes several requests: 202 means "send it again"). */
async function importDoc(doc: unknown, query = '') {
  for (let i = 0; i < 20; i++) {
    const r = await api('POST', `/api/admin/import${query}`, { token: admin, body: doc });
    if (r.body?.hash) hashes.add(r.body.hash);
    if (r.status !== 202) return r as { status: number; body: ImportResult & { message?: string; fields?: Record<string, string> } };
  }
  throw new Error('the import did not finish in 20 requests');
}
/** The course part of a document (what must round-trip), without when it was exported. */
const content = ({ exported_at: _e, ...rest }: BackupDocument) => rest;
/** The same, versions aside (an update through an import bumps them). */
const unversioned = (doc: BackupDocument) => JSON.parse(JSON.stringify(content(doc), (k, v: unknown) => (k === 'version' ? undefined : v)));

beforeAll(async () => {
  admin = await adminToken();
  const { getRaw, keys } = await db();
  before = { doc: await exportDoc(), settingsRow: await getRaw(keys.settings()) };

  const audio = (n: number) => `/media/content/audio/bk_${n}.mp3`;
  for (const [id, name] of [
    [L1, 'Backuplingo'],
    [L2, 'Secondish'],
  ])
    await ok(api('POST', '/api/languages', { token: admin, body: { id, name, flag_url: `https://example.com/${id}.svg` } }));
  await ok(
    api('POST', '/api/levels', {
      token: admin,
      body: { id: 'a1', language_id: L1, title: 'Starter', cefr_label: 'A1', icon_url: '/media/assets/icons/level/a1.png' },
    }),
  );
  await ok(api('POST', '/api/levels', { token: admin, body: { id: 'b1', language_id: L1, title: 'Middle', cefr_label: 'B1' } }));
  await ok(api('POST', '/api/levels/bk-lingo/b1/lock', { token: admin, body: { is_locked: true } }));
  await ok(api('POST', '/api/levels', { token: admin, body: { id: 'x1', language_id: L2, title: 'Only', cefr_label: 'A2' } }));
  for (const id of ['hello', 'goodbye', 'numbers'])
    await ok(
      api('POST', '/api/lessons', { token: admin, body: { id, language_id: L1, level_id: 'a1', title: `Lesson ${id}`, translated_title: `Leçon ${id}` } }),
    );
  await ok(api('POST', '/api/lessons/bk-lingo/a1/numbers/lock', { token: admin, body: { is_locked: true } }));
  await ok(
    api('POST', '/api/lessons', { token: admin, body: { id: 'later', language_id: L1, level_id: 'b1', title: 'Later', translated_title: 'Plus tard' } }),
  );
  await ok(api('POST', '/api/lessons', { token: admin, body: { id: 'one', language_id: L2, level_id: 'x1', title: 'One', translated_title: 'Uno' } }));
  // A draft: public nowhere, before and after a round trip.
  await ok(
    api('POST', '/api/lessons', {
      token: admin,
      body: { id: 'secret', language_id: L1, level_id: 'b1', title: 'Secret', translated_title: 'Secreto', is_draft: true },
    }),
  );
  const phrases = (lesson_id: string, audio_url: string, texts: string[], language_id = L1, level_id = 'a1') =>
    ok(
      api('POST', '/api/phrases', {
        token: admin,
        body: { language_id, level_id, lesson_id, audio_url, phrases: texts.map((t) => ({ original_text: t, translated_text: `${t} (en)` })) },
      }),
    );
  await phrases('hello', audio(1), ['Salut', 'Bonjour', 'Ça va ?']);
  await phrases('hello', audio(2), ['Enchanté']);
  await phrases('goodbye', audio(3), ['Au revoir']);
  await phrases('one', audio(4), ['Uno dos'], L2, 'x1');
  const post = await ok(
    api('POST', '/api/admin/blog', {
      token: admin,
      body: {
        title: 'Backup greetings',
        content: 'Say <b>hello</b>.\nTwice.',
        excerpt: 'Hi',
        published: true,
        lesson_path: `${L1}/a1/hello`,
        phrase_audio_url: audio(2),
        sample_title: 'Try it',
      },
    }),
  );
  slug = String(post.slug);
  await ok(api('POST', '/api/admin/blog', { token: admin, body: { title: 'A draft', content: 'Not yet' } }));
  const settings = (await api('GET', '/api/settings')).body as { version: number };
  await ok(
    api('PUT', '/api/settings', {
      token: admin,
      body: { version: settings.version, about_title: 'About the backup', banner_size: 'large', facebook_link: 'https://facebook.com/x' },
    }),
  );
  // How the first language is spoken (it is English to the speech engine: an unknown code).
  await ok(api('PUT', `/api/speech/${L1}`, { token: admin, body: { voice: 'Matthew', voice_b: 'Amy', version: 0 } }));
  await ok(api('PUT', `/api/speech/${L1}/pronunciations`, { token: admin, body: { entries: [BONJOUR], version: 0 } }));
});

// Other suites count what this shared twin holds: put back what was there (course, posts, settings).
afterAll(async () => {
  const r = await importDoc(before.doc);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const { deleteKeys, keys } = await db();
  const { ddb } = await import('../../functions/lib/clients.js');
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  if (before.settingsRow) await ddb.send(new PutCommand({ TableName: 'parrot-phrases', Item: before.settingsRow }));
  else await deleteKeys([keys.settings()]);
  // The imports' own records (progress and lease).
  await deleteKeys([keys.importLock(), ...[...hashes].map((h) => keys.importRun(h))]);
});

describe('export', () => {
  it('answers the whole course as one versioned document that validates, as a private download', async () => {
    const r = await api('GET', '/api/admin/export', { token: admin });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="parrot-phrases-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(r.headers.get('cache-control')).toBe('private, no-store');
    const doc = r.body as BackupDocument;
    expect(backupDocumentSchema.safeParse(doc).error?.issues).toBeUndefined();
    expect(doc).toMatchObject({ format: 'parrot-phrases-export', version: 1 });
    expect(doc.languages.map((l) => l.id)).toEqual(expect.arrayContaining([L1, L2]));
    // Levels and lessons in catalogue order; phrases in creation order; media as stored.
    expect(doc.levels.filter((l) => l.language_id === L1).map((l) => [l.id, l.is_locked, l.icon_url])).toEqual([
      ['a1', false, '/media/assets/icons/level/a1.png'],
      ['b1', true, ''],
    ]);
    expect(doc.lessons.filter((l) => l.language_id === L1 && l.level_id === 'a1').map((l) => l.id)).toEqual(['hello', 'goodbye', 'numbers']);
    expect(doc.phrases.filter((p) => p.language_id === L1 && p.lesson_id === 'hello').map((p) => p.original_text)).toEqual([
      'Salut',
      'Bonjour',
      'Ça va ?',
      'Enchanté',
    ]);
    expect(doc.posts.find((p) => p.slug === slug)).toMatchObject({ published: true, lesson_path: `${L1}/a1/hello`, sample_title: 'Try it' });
    expect(doc.settings).toMatchObject({ about_title: 'About the backup', banner_size: 'large' });
    // Each language's voices and pronunciations, as its Voices and Pronunciations screens saved them.
    expect(doc.voices?.find((v) => v.language_id === L1)).toMatchObject({ voice: 'Matthew', voice_b: 'Amy', version: 1 });
    expect(doc.pronunciations?.find((p) => p.language_id === L1)?.entries).toEqual([BONJOUR]);
    expect(doc.voices?.some((v) => v.language_id === L2)).toBe(false);
    // Users and admin rights are not part of it.
    expect(JSON.stringify(doc)).not.toContain(twin().admin.email);
  });

  it('stays importable when a post links to a lesson deleted since (the dead link is left out)', async () => {
    await ok(api('POST', '/api/lessons', { token: admin, body: { id: 'brief', language_id: L1, level_id: 'a1', title: 'Brief', translated_title: 'Bref' } }));
    const post = await ok(
      api('POST', '/api/admin/blog', { token: admin, body: { title: 'Soon dangling', content: 'x', published: true, lesson_path: `${L1}/a1/brief` } }),
    );
    await ok(api('DELETE', `/api/lessons/${L1}/a1/brief`, { token: admin }));
    const doc = await exportDoc();
    expect(doc.posts.find((p) => p.id === post.id)).toMatchObject({ lesson_path: null, lesson_id: null });
    expect(backupDocumentSchema.safeParse(doc).success).toBe(true);
    await ok(api('DELETE', `/api/admin/blog/${String(post.id)}`, { token: admin }));
  });

  it('is for administrators only', async () => {
    const learner = await userToken();
    expect((await api('GET', '/api/admin/export')).status).toBe(401);
    expect((await api('GET', '/api/admin/export', { token: learner })).status).toBe(403);
    expect((await api('POST', '/api/admin/import', { token: learner, body: await exportDoc() })).status).toBe(403);
    expect((await api('POST', '/api/admin/import?dry_run=true', { token: learner, body: {} })).status).toBe(403);
  });
});

describe('import', () => {
  it('dry run: counts what would change and writes nothing', async () => {
    const doc = await exportDoc();
    const same = await api('POST', '/api/admin/import?dry_run=true', { token: admin, body: doc });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ dry_run: true, status: 'planned', remaining: 0 });
    expect(Object.values((same.body as ImportResult).changes).every((c) => c.create + c.update + c.delete === 0)).toBe(true);

    const changed = structuredClone(doc);
    changed.languages.push({ id: 'bk-new', name: 'Newish', flag_url: 'https://example.com/n.svg' });
    changed.posts = changed.posts.filter((p) => p.slug !== slug);
    changed.lessons.find((l) => l.id === 'hello')!.title = 'Hello again';
    const plan = (await api('POST', '/api/admin/import?dry_run=true', { token: admin, body: changed })).body as ImportResult;
    expect(plan.changes.languages).toMatchObject({ create: 1, delete: 0 });
    expect(plan.changes.lessons).toMatchObject({ update: 1, create: 0, delete: 0 });
    expect(plan.changes.posts).toMatchObject({ delete: 1 });
    // The post and its slug guard go, the language and the lesson are written.
    expect(plan.remaining).toBe(4);
    expect(content(await exportDoc())).toEqual(content(doc));
    expect((await api('GET', '/api/languages/bk-new')).status).toBe(404);
  });

  it('answers one 400 listing every problem of a file with its path, and changes nothing', async () => {
    const doc = await exportDoc();
    const bad = structuredClone(doc) as unknown as Record<string, any>;
    bad.levels.push({ id: 'zz', language_id: 'no-such-language', title: 'Orphan', cefr_label: 'A1' });
    bad.lessons[0].title = 'x';
    bad.phrases.find((p: { lesson_id: string }) => p.lesson_id === 'goodbye').lesson_id = 'vanished';
    bad.posts.push({ ...bad.posts.find((p: { slug: string }) => p.slug === slug), id: 'BKDUPLICATE' });
    bad.languages[0].flag_url = 'javascript:alert(1)';
    const r = await api('POST', '/api/admin/import', { token: admin, body: bad });
    expect(r.status).toBe(400);
    const fields = r.body.fields as Record<string, string>;
    const at = (path: string) => expect(fields[path], `${path} in ${JSON.stringify(fields)}`).toBeDefined();
    at(`levels[${bad.levels.length - 1}].language_id`);
    at('lessons[0].title');
    at(`phrases[${bad.phrases.findIndex((p: { lesson_id: string }) => p.lesson_id === 'vanished')}].lesson_id`);
    at(`posts[${bad.posts.length - 1}].slug`);
    at('languages[0].flag_url');
    expect(fields[`levels[${bad.levels.length - 1}].language_id`]).toBe('Language "no-such-language" is not in the file');
    expect(Object.keys(fields)).toHaveLength(5);
    // A dry run answers the same problems.
    expect((await api('POST', '/api/admin/import?dry_run=true', { token: admin, body: bad })).body.fields).toEqual(fields);
    expect(content(await exportDoc())).toEqual(content(doc));
  });

  it('refuses what is not a course file with a 4xx, never a 5xx', async () => {
    const post = (body: string, type = 'application/json', query = '') =>
      fetch(`${twin().url}/api/admin/import${query}`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': type }, body });
    const status = async (body: string, type?: string, query?: string) => (await post(body, type, query)).status;
    expect(await status('{ not json')).toBe(400);
    expect(await status('null')).toBe(400);
    expect(await status('[]')).toBe(400);
    expect(await status('"a string"')).toBe(400);
    expect(await status(JSON.stringify({ format: 'parrot-phrases-export', version: 2 }))).toBe(400);
    expect(await status('{"a":'.repeat(5000) + '1' + '}'.repeat(5000))).toBe(400);
    expect(await status('{}', 'text/plain')).toBe(415);
    expect(await status('{}', 'application/json', '?dry_run=maybe')).toBe(400);
    // Over the route's limit (4 MiB): 413 before anything is parsed.
    const huge = await post(' '.repeat(4 * 1024 * 1024 + 10));
    expect(huge.status).toBe(413);
    expect((await huge.json()).message).toBe('The request body is larger than 4 MB');
    // The larger limit is this route's only: 300 KB elsewhere is still too large.
    const other = await fetch(`${twin().url}/api/settings`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ about_content: 'x'.repeat(300_000), version: 1 }),
    });
    expect(other.status).toBe(413);
    // 300 KB is fine for an import: it is read, and refused for its content.
    expect(await status(JSON.stringify({ format: 'nope', padding: 'x'.repeat(300_000) }))).toBe(400);
  });

  it('export, wipe, import: the same public answers and pages; a second import changes nothing', async () => {
    const doc = await exportDoc();
    const shot1 = await publicSnapshot();

    // Wipe the course, the posts and the settings.
    for (const l of doc.languages) await ok(api('DELETE', `/api/languages/${l.id}`, { token: admin }));
    for (const p of doc.posts) await ok(api('DELETE', `/api/admin/blog/${p.id}`, { token: admin }));
    const { deleteKeys, keys } = await db();
    await deleteKeys([keys.settings()]);
    expect((await api('GET', '/api/languages')).body).toEqual([]);
    expect((await api('GET', apiPath(apiUrls.post(slug)))).status).toBe(404);

    const r = await importDoc(doc);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ dry_run: false, status: 'done', remaining: 0 });
    expect(r.body.changes.phrases).toEqual({ create: doc.phrases.length, update: 0, delete: 0, unchanged: 0 });
    expect(r.body.changes.settings).toEqual({ create: 1, update: 0, delete: 0, unchanged: 0 });
    expect(r.body.changes.voices).toEqual({ create: doc.voices!.length, update: 0, delete: 0, unchanged: 0 });
    expect(r.body.changes.pronunciations).toEqual({ create: doc.pronunciations!.length, update: 0, delete: 0, unchanged: 0 });
    expect(await speechOf(L1)).toMatchObject({ voice: 'Matthew', voice_b: 'Amy', version: 1 });
    expect(await pronunciationsOf(L1)).toEqual([BONJOUR]);

    expect(await publicSnapshot()).toEqual(shot1);
    expect(content(await exportDoc())).toEqual(content(doc));
    // A draft comes back a draft: an import never makes one public (nor goes around its review).
    expect(doc.lessons.find((l) => l.id === 'secret')).toMatchObject({ is_draft: true });
    expect((await api('GET', apiPath(apiUrls.lessonPage(L1, 'b1', 'secret')))).status).toBe(404);

    // The same file again: nothing to write.
    const again = await importDoc(doc);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'done', applied: 0, remaining: 0 });
    expect(again.body.previous_runs).toBeGreaterThanOrEqual(1);
    expect(Object.values(again.body.changes).every((c) => c.create + c.update + c.delete === 0)).toBe(true);
    expect(content(await exportDoc())).toEqual(content(doc));
  });

  it('replaces: what the file does not hold is deleted, what it changes is updated with a newer version', async () => {
    const doc = await exportDoc();
    const next = structuredClone(doc);
    next.languages = next.languages.filter((l) => l.id !== L2);
    next.levels = next.levels.filter((l) => l.language_id !== L2);
    next.lessons = next.lessons.filter((l) => l.language_id !== L2);
    next.phrases = next.phrases.filter((p) => p.language_id !== L2);
    const hello = next.lessons.find((l) => l.id === 'hello')!;
    hello.title = 'Hello (restored)';
    next.posts = next.posts.map((p) => (p.slug === slug ? { ...p, slug: `${slug}-moved` } : p));
    const r = await importDoc(next);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.changes.languages).toMatchObject({ delete: 1 });
    expect(r.body.changes.phrases).toMatchObject({ delete: 1 });
    expect((await api('GET', `/api/languages/${L2}`)).status).toBe(404);
    const page = (await api('GET', apiPath(apiUrls.lessonPage(L1, 'a1', 'hello')))).body;
    expect(page.lesson).toMatchObject({ title: 'Hello (restored)', version: (hello.version ?? 1) + 1 });
    // The post kept its id under its new slug; the old slug is free again.
    expect((await api('GET', apiPath(apiUrls.post(`${slug}-moved`)))).body.post.id).toBe(doc.posts.find((p) => p.slug === slug)!.id);
    expect((await api('GET', apiPath(apiUrls.post(slug)))).status).toBe(404);
    // And back.
    expect((await importDoc(doc)).status).toBe(200);
    expect(unversioned(await exportDoc())).toEqual(unversioned(doc));
    expect((await api('GET', apiPath(apiUrls.post(slug)))).status).toBe(200);
  });

  it("replaces the languages' voices and pronunciations too; a file without them (an earlier export) keeps the site's", async () => {
    const doc = await exportDoc();
    const earlier = structuredClone(doc);
    delete earlier.voices;
    delete earlier.pronunciations;
    const plan = (await api('POST', '/api/admin/import?dry_run=true', { token: admin, body: earlier })).body as ImportResult;
    expect(plan.remaining).toBe(0);
    expect(plan.changes.voices).toEqual({ create: 0, update: 0, delete: 0, unchanged: doc.voices!.length });

    const next = structuredClone(doc);
    const salut = { word: 'Salut', kind: 'ipa', say: 'saly' } as const;
    next.pronunciations = next.pronunciations!.map((p) => (p.language_id === L1 ? { ...p, entries: [salut] } : p));
    next.voices = next.voices!.filter((v) => v.language_id !== L1);
    const r = await importDoc(next);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.changes.pronunciations).toMatchObject({ update: 1, delete: 0 });
    expect(r.body.changes.voices).toMatchObject({ delete: 1 });
    expect(await pronunciationsOf(L1)).toEqual([salut]);
    // No voices in the file: the language's default again.
    expect(await speechOf(L1)).toMatchObject({ voice: 'Joanna', voice_b: '', version: 0 });

    // One entry per language, of a language in the file.
    const bad = structuredClone(doc);
    bad.voices!.push({ ...bad.voices!.find((v) => v.language_id === L1)! });
    bad.pronunciations!.push({ language_id: 'bk-nowhere', entries: [] });
    const refused = await api('POST', '/api/admin/import?dry_run=true', { token: admin, body: bad });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({
      [`voices[${bad.voices!.length - 1}].language_id`]: expect.stringMatching(/^Language "bk-lingo" appears twice/),
      [`pronunciations[${bad.pronunciations!.length - 1}].language_id`]: 'Language "bk-nowhere" is not in the file',
    });

    // A pending draft is no part of a file (nor its review): restoring the course drops it.
    const hello = doc.lessons.find((l) => l.language_id === L1 && l.id === 'hello')!;
    const item = { kind: 'lesson', language_id: L1, level_id: 'a1', lesson_id: 'hello' };
    await ok(api('PUT', '/api/admin/drafts', { token: admin, body: { item, version: hello.version, fields: { title: 'Draft' } } }));
    expect((await importDoc(doc)).status).toBe(200);
    expect(unversioned(await exportDoc())).toEqual(unversioned(doc));
    const publishing = (await api('GET', '/api/admin/publishing', { token: admin })).body as { drafts: { item: { language_id: string } }[] };
    expect(publishing.drafts.filter((d) => d.item.language_id === L1)).toEqual([]);
  });

  it('resumes an interrupted import where it stopped, and one import runs at a time', async () => {
    const { runImport, getRaw, keys, deleteKeys } = await db();
    const doc = await exportDoc();
    const big = structuredClone(doc);
    // 3 groups of 45 phrases (the group limit): more than one transaction of 100 writes.
    for (let g = 0; g < 3; g++) {
      for (let i = 0; i < 45; i++) {
        big.phrases.push({
          id: `01BKRESUME${g}${String(i).padStart(4, '0')}`,
          language_id: L1,
          level_id: 'a1',
          lesson_id: 'goodbye',
          original_text: `Phrase ${g}.${i}`,
          translated_text: `T ${g}.${i}`,
          audio_url: `/media/content/audio/bulk_${g}.mp3`,
        });
      }
    }
    const parsed = backupDocumentSchema.parse(big);
    const by = 'integration-test';
    // A deadline in the past: each run makes one transaction, then stops (as a request out of time would).
    const first = await runImport(parsed, { by, deadline: 0 });
    hashes.add(first.hash);
    expect(first).toMatchObject({ status: 'partial', applied: 100, remaining: 35, previous_runs: 0 });
    const second = await runImport(parsed, { by, deadline: 0 });
    expect(second).toMatchObject({ status: 'done', applied: 35, remaining: 0, previous_runs: 1 });
    expect(second.changes.phrases.create).toBe(35);
    expect(await getRaw(keys.importRun(first.hash))).toMatchObject({ status: 'done', runs: 2, applied: 135, by });
    expect((await runImport(parsed, { by, deadline: 0 })).applied).toBe(0);

    // Another document while a lease is held: 409, nothing written.
    const { ddb } = await import('../../functions/lib/clients.js');
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    await ddb.send(new PutCommand({ TableName: 'parrot-phrases', Item: { ...keys.importLock(), hash: 'someone-else', lease_until: Date.now() + 60_000 } }));
    const busy = await api('POST', '/api/admin/import', { token: admin, body: doc });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe('Another import is running. Try again when it has finished.');
    await deleteKeys([keys.importLock()]);

    // Back to the document (through the API, so the CDN forgets the step-by-step state).
    expect((await importDoc(doc)).status).toBe(200);
    expect(content(await exportDoc())).toEqual(content(doc));
  });
});

/** What a visitor and a crawler get: public API reads and rendered pages, with the render date taken out. */
async function publicSnapshot() {
  const reads = [
    apiUrls.languages,
    apiUrls.language(L1),
    apiUrls.languagePage(L1),
    apiUrls.levelPage(L1, 'a1'),
    apiUrls.levelPage(L1, 'b1'),
    apiUrls.lessonPage(L1, 'a1', 'hello'),
    apiUrls.catalogue(L1),
    apiUrls.posts(),
    apiUrls.post(slug),
    apiUrls.settings,
  ].map(apiPath);
  const pages = [
    sitePages.home,
    sitePages.language(L1),
    sitePages.level(L1, 'a1'),
    sitePages.lesson(L1, 'a1', 'hello'),
    sitePages.lesson(L2, 'x1', 'one'),
    sitePages.blog,
    sitePages.post(slug),
    sitePages.sitemap,
    sitePages.rss,
  ];
  const out: Record<string, unknown> = {};
  for (const p of reads) {
    const r = await api('GET', p);
    expect(r.status, p).toBe(200);
    out[p] = { status: r.status, body: r.body };
  }
  for (const p of pages) {
    const r = await fetch(twin().url + p, { redirect: 'manual' });
    expect(r.status, p).toBe(200);
    out[p] = {
      status: r.status,
      html: (await r.text()).replace(/"renderedOn":"[\d-]+"/g, '"renderedOn":""').replace(/<lastBuildDate>[^<]*<\/lastBuildDate>/g, ''),
    };
  }
  return out;
}
