import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, invalidFields, userToken, pointAtTwin } from './helpers.js';

let admin: string;
let learner: string;
const flag = 'https://example.com/flag.svg';

/** The data layer, pointed at the twin's DynamoDB: used to build and inspect a language's tree. */
async function dataLayer() {
  pointAtTwin();
  const course = await import('../../functions/data/course.js');
  const table = await import('../../functions/data/table.js');
  return { ...course, ...table };
}

beforeAll(async () => {
  admin = await adminToken();
  learner = await userToken();
});

describe('languages API', () => {
  it('lists languages publicly, without a token', async () => {
    const r = await api('GET', '/api/languages');
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body)).toBe(true);
  });

  it('refuses writes without a token (401), with a bad token (401) and from a non-admin (403)', async () => {
    const body = { id: 'klingon', name: 'Klingon', flag_url: flag };
    expect((await api('POST', '/api/languages', { body })).status).toBe(401);
    expect((await api('POST', '/api/languages', { body, token: 'not.a.jwt' })).status).toBe(401);
    expect((await api('PUT', '/api/languages/klingon', { body: { ...body, version: 1 } })).status).toBe(401);
    expect((await api('DELETE', '/api/languages/klingon')).status).toBe(401);
    const forbidden = await api('POST', '/api/languages', { body, token: learner });
    expect(forbidden.status).toBe(403);
    expect((await api('PUT', '/api/languages/klingon', { body: { ...body, version: 1 }, token: learner })).status).toBe(403);
    expect((await api('DELETE', '/api/languages/klingon', { token: learner })).status).toBe(403);
    expect((await api('GET', '/api/languages/klingon')).status).toBe(404);
  });

  it("answers bad input with 400 and the spec's texts", async () => {
    const invalid = (body: object) => invalidFields('POST', '/api/languages', { token: admin, body });
    expect(await invalid({ id: 'X', name: 'a', flag_url: 'nope' })).toEqual({
      id: 'Language ID must be at least 2 characters',
      name: 'Language name must be at least 2 characters',
      flag_url: 'Please enter a valid URL for the flag image',
    });
    expect((await invalid({ id: 'Bad Id', name: 'Good', flag_url: flag })).id).toBe('ID must contain only lowercase letters, numbers, and hyphens');
    expect((await api('POST', '/api/languages', { token: admin, raw: '{oops' })).status).toBe(400);
  });

  it('creates, reads, updates with optimistic locking, and refuses duplicates', async () => {
    const created = await api('POST', '/api/languages', { token: admin, body: { id: 'italian', name: 'Italian', flag_url: flag } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: 'italian', name: 'Italian', flag_url: flag, version: 1 });
    expect(created.body.PK).toBeUndefined();

    expect((await api('POST', '/api/languages', { token: admin, body: { id: 'italian', name: 'Dup', flag_url: flag } })).status).toBe(409);

    const list = await api('GET', '/api/languages');
    expect(list.body.map((l: { id: string }) => l.id)).toContain('italian');

    const updated = await api('PUT', '/api/languages/italian', { token: admin, body: { name: 'Italiano', flag_url: flag, version: 1 } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Italiano', version: 2 });

    // A second admin still holding version 1 cannot overwrite silently.
    const stale = await api('PUT', '/api/languages/italian', { token: admin, body: { name: 'Stale', flag_url: flag, version: 1 } });
    expect(stale.status).toBe(409);
    expect((await api('GET', '/api/languages/italian')).body.name).toBe('Italiano');

    expect((await api('PUT', '/api/languages/nowhere', { token: admin, body: { name: 'Nowhere', flag_url: flag, version: 1 } })).status).toBe(404);
  });

  it('deletes a language with its levels, lessons and phrases, and finishes an interrupted delete', async () => {
    const db = await dataLayer();
    const build = async () => {
      await api('POST', '/api/languages', { token: admin, body: { id: 'portuguese', name: 'Portuguese', flag_url: flag } });
      await db.createLevel({ id: 'a1', language_id: 'portuguese', title: 'Beginner', cefr_label: 'A1' });
      await db.createLesson({ id: 'hello', language_id: 'portuguese', level_id: 'a1', title: 'Olá', translated_title: 'Hello' });
      for (const t of ['Olá', 'Tchau']) {
        await db.createPhrase({
          language_id: 'portuguese',
          level_id: 'a1',
          lesson_id: 'hello',
          original_text: t,
          translated_text: t,
          audio_url: '/media/content/audio/x.mp3',
        });
      }
      return db.queryPartition('LANG#portuguese');
    };
    expect(await build()).toHaveLength(5);
    const del = await api('DELETE', '/api/languages/portuguese', { token: admin });
    expect(del.status).toBe(204);
    expect(await db.queryPartition('LANG#portuguese')).toHaveLength(0);
    expect((await api('GET', '/api/languages')).body.map((l: { id: string }) => l.id)).not.toContain('portuguese');
    expect((await api('DELETE', '/api/languages/portuguese', { token: admin })).status).toBe(404);

    // Interrupted: only some children went before the crash. Deleting again finishes the job.
    const items = await build();
    const children = items
      .filter((i) => i.SK !== 'META')
      .slice(0, 2)
      .map((i) => ({ PK: i.PK as string, SK: i.SK as string }));
    await db.deleteKeys(children);
    expect((await api('GET', '/api/languages/portuguese')).status).toBe(200);
    expect((await api('DELETE', '/api/languages/portuguese', { token: admin })).status).toBe(204);
    expect(await db.queryPartition('LANG#portuguese')).toHaveLength(0);
  });
});
