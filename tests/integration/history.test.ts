/**
 * An item's History against the twin (docs/back-office.md "History"): whatever path replaced a
 * version (a direct save, the publication of a draft, a scheduled release, an import, a bulk action,
 * a restore), that version is listed with what changed in words, who and when, and can be restored
 * as a draft; the version from before the item's first change is among them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryPage } from '../../shared/contracts/history.js';
import type { Release } from '../../shared/contracts/publishing.js';
import { adminToken, api, ok, twin, pointAtTwin } from './helpers.js';

let admin: string;
const LANG = 'hist-it';
const ref = (lesson_id: string) => ({ kind: 'lesson', language_id: LANG, level_id: 'a1', lesson_id });
const lessonPath = (lesson: string) => `/api/lessons/${LANG}/a1/${lesson}`;

async function history(lesson: string): Promise<HistoryPage> {
  const q = new URLSearchParams(ref(lesson)).toString();
  return (await ok(api('GET', `/api/admin/history?${q}`, { token: admin }))).body as HistoryPage;
}
const restore = (lesson: string, id: string | undefined) => api('POST', `/api/admin/history/${id}/restore`, { token: admin, body: { item: ref(lesson) } });
const publish = (lesson: string) => ok(api('POST', '/api/admin/publish', { token: admin, body: { item: ref(lesson) } }));
const publicTitle = async (lesson: string) =>
  ((await ok(api('GET', `/api/pages/lesson/${LANG}/a1/${lesson}`))).body as { lesson: { title: string } }).lesson.title;
const version = async (lesson: string) =>
  ((await ok(api('GET', `/api/lessons?language_id=${LANG}&level_id=a1`, { token: admin }))).body as { id: string; version: number }[]).find(
    (l) => l.id === lesson,
  )!.version;

async function create(lesson: string, title: string, extra: Record<string, unknown> = {}) {
  await ok(
    api('POST', '/api/lessons', { token: admin, body: { id: lesson, language_id: LANG, level_id: 'a1', title, translated_title: `${title} (t)`, ...extra } }),
  );
}
const save = async (lesson: string, title: string) =>
  ok(
    api('PUT', lessonPath(lesson), {
      token: admin,
      body: { language_id: LANG, level_id: 'a1', title, translated_title: `${title} (t)`, version: await version(lesson) },
    }),
  );
const saveDraft = async (lesson: string, title: string) =>
  ok(api('PUT', '/api/admin/drafts', { token: admin, body: { item: ref(lesson), version: await version(lesson), fields: { title } } }));
/** The changes of a version in words, as 'Field: before → after'. */
const words = (v: HistoryPage['versions'][number]) => v.changes.map((c) => `${c.field}: ${c.before} → ${c.after}`);

beforeAll(async () => {
  admin = await adminToken();
  await ok(api('POST', '/api/languages', { token: admin, body: { id: LANG, name: 'History', flag_url: 'https://example.com/flag.svg' } }));
  await ok(api('POST', '/api/levels', { token: admin, body: { id: 'a1', language_id: LANG, title: 'Beginner', cefr_label: 'A1' } }));
});
afterAll(async () => {
  await api('DELETE', `/api/languages/${LANG}`, { token: admin });
});

describe('History', () => {
  it('a direct save keeps the version before the first change; Restore makes it the draft, live once published', async () => {
    await create('saves', 'Saludos');
    expect((await history('saves')).versions).toMatchObject([{ current: true, how: 'Created', changes: [] }]);
    await save('saves', 'Greetings');

    const { versions } = await history('saves');
    expect(versions).toHaveLength(2);
    expect(versions[0]).toMatchObject({ current: true, how: 'Saved', by: twin().admin.email });
    expect(versions[0].id).toBeUndefined();
    expect(words(versions[0])).toEqual(['Title: Saludos → Greetings', 'Translated title: Saludos (t) → Greetings (t)']);
    // To the millisecond as stored: the back office shows it to the second.
    expect(versions[0].at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(versions[1]).toMatchObject({ current: false, how: 'Created', changes: [] });

    const draft = await ok(restore('saves', versions[1].id));
    expect(draft.body).toMatchObject({ item: ref('saves'), fields: { title: 'Saludos' } });
    expect(await publicTitle('saves')).toBe('Greetings');
    await publish('saves');
    expect(await publicTitle('saves')).toBe('Saludos');
    // The restore is undoable: the version it replaced is listed, restorable.
    const after = (await history('saves')).versions;
    expect(after.map((v) => v.how)).toEqual(['Published', 'Saved', 'Created']);
    expect(words(after[0])).toEqual(['Title: Greetings → Saludos', 'Translated title: Greetings (t) → Saludos (t)']);
    expect(after.slice(1).every((v) => !!v.id)).toBe(true);
  });

  it('Save as draft, Publish and a scheduled release each leave a restorable version, back to the one before the first edit', async () => {
    await create('drafted', 'Saludos');
    await saveDraft('drafted', 'Hola');
    // A draft changes nothing live: no version yet.
    expect((await history('drafted')).versions).toHaveLength(1);
    await publish('drafted');
    await saveDraft('drafted', 'Buenos días');
    const at = new Date(Date.now() + 3_600_000);
    const release = (await ok(api('POST', '/api/admin/releases', { token: admin, body: { item: ref('drafted'), publish_at: at.toISOString() } })))
      .body as Release;
    const { runDueReleases } = await inProcess();
    const outcomes = await runDueReleases(new Date(at.getTime() + 1000));
    expect(outcomes.find((o) => o?.release.id === release.id)).toMatchObject({ published: 1 });
    expect(await publicTitle('drafted')).toBe('Buenos días');

    const { versions } = await history('drafted');
    expect(versions.map((v) => v.how)).toEqual(['Published by its scheduled release', 'Published', 'Created']);
    expect(versions.map((v) => v.by)).toEqual([twin().admin.email, twin().admin.email, '']);
    expect(versions.map(words)).toEqual([['Title: Hola → Buenos días'], ['Title: Saludos → Hola'], []]);
    const first = versions[2];
    await ok(restore('drafted', first.id));
    expect(await publicTitle('drafted')).toBe('Buenos días');
    await publish('drafted');
    expect(await publicTitle('drafted')).toBe('Saludos');
  });

  it('an import keeps the version it replaces', async () => {
    await create('imported', 'Before import');
    const doc = (await ok(api('GET', '/api/admin/export', { token: admin }))).body as { lessons: { id: string; language_id: string; title: string }[] };
    const lesson = doc.lessons.find((l) => l.id === 'imported' && l.language_id === LANG)!;
    lesson.title = 'After import';
    await ok(api('POST', '/api/admin/import', { token: admin, body: doc }));
    const { versions } = await history('imported');
    expect(versions[0]).toMatchObject({ how: 'Imported', by: twin().admin.email });
    expect(words(versions[0])).toEqual(['Title: Before import → After import']);
    expect((await ok(restore('imported', versions[1].id))).body).toMatchObject({ fields: { title: 'Before import' } });
  });

  it('a bulk publish keeps the versions it replaces', async () => {
    await create('bulked', 'One');
    await saveDraft('bulked', 'Two');
    await ok(
      api('POST', '/api/admin/bulk', { token: admin, body: { language_id: LANG, action: 'publish', items: [{ level_id: 'a1', lesson_id: 'bulked' }] } }),
    );
    const { versions } = await history('bulked');
    expect(versions[0]).toMatchObject({ how: 'Published (several at once)' });
    expect(words(versions[0])).toEqual(['Title: One → Two']);
    expect((await ok(restore('bulked', versions[1].id))).body).toMatchObject({ fields: { title: 'One' } });
  });

  it('a restore of an item never public replaces its draft, which is kept in turn', async () => {
    await create('private', 'Draft one', { is_draft: true });
    await save('private', 'Draft two');
    const [, older] = (await history('private')).versions;
    await ok(restore('private', older.id));
    const { versions } = await history('private');
    expect(versions.map((v) => v.how)).toEqual(['Restored an earlier version as draft', 'Saved', 'Created']);
    expect(words(versions[0])).toContain('Title: Draft two → Draft one');
  });

  it('refuses versions that do not exist, of another item, or of a deleted item', async () => {
    await create('gone', 'Gone');
    await save('gone', 'Gone again');
    const [, kept] = (await history('gone')).versions;
    expect((await restore('gone', '01ARZ3NDEKTSV4RRFFQ69G5FAV')).status).toBe(404);
    expect((await restore('saves', kept.id)).status).toBe(404);
    expect((await api('POST', `/api/admin/history/not-an-id/restore`, { token: admin, body: { item: ref('gone') } })).status).toBe(404);
    await ok(api('DELETE', lessonPath('gone'), { token: admin }));
    const refused = await restore('gone', kept.id);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('This item was deleted: restore it from the Trash first.');
    expect((await api('GET', `/api/admin/history?${new URLSearchParams(ref('gone')).toString()}`, { token: admin })).status).toBe(404);
  });
});

/** The release code in this process, against the twin's table and CDN (the same code the release function runs on AWS). */
async function inProcess() {
  pointAtTwin({ cdn: true });
  return import('../../functions/services/releases.js');
}
