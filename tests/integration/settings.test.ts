import { GetCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings, FALLBACK_FAVICON } from '../../shared/settings-defaults.js';
import { adminToken, api, twin, userToken, pointAtTwin } from './helpers.js';

let admin: string;
let learner: string;

beforeAll(async () => {
  admin = await adminToken();
  learner = await userToken();
  // Other suites share the twin and may have saved settings: this one starts from "never saved".
  Object.assign(process.env, {
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${twin().ports.dynamodb}`,
    TABLE_NAME: 'parrot-phrases',
    CDN_DISTRIBUTION_ID: 'LOCAL',
    CLOUDFRONT_ENDPOINT: twin().url,
  });
  const [{ deleteKeys }, { keys }, { invalidate }] = await Promise.all([
    import('../../functions/data/table.js'),
    import('../../functions/lib/keys.js'),
    import('../../functions/lib/cdn.js'),
  ]);
  await deleteKeys([keys.settings()]);
  await invalidate(['/api/settings']);
});

describe('settings API', () => {
  it('answers the defaults while no row is stored, without writing one, and allows any origin on the read', async () => {
    const r = await api('GET', '/api/settings');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ...defaultSettings(), version: 0 });
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('cache-control')).toBe('no-cache');
    // The read path never writes (its functions may not): the row is still missing.
    const { getRaw } = await import('../../functions/data/table.js');
    const { keys } = await import('../../functions/lib/keys.js');
    expect(await getRaw(keys.settings(), { ConsistentRead: true })).toBeUndefined();
  });

  it("the twin's bootstrap creates the default row, and never overwrites a saved one", async () => {
    const { ensureDefaultSettings } = await import('../../functions/data/settings.js');
    await ensureDefaultSettings();
    const { getRaw } = await import('../../functions/data/table.js');
    const { keys } = await import('../../functions/lib/keys.js');
    expect(await getRaw(keys.settings(), { ConsistentRead: true })).toMatchObject({ ...defaultSettings(), version: 1 });
    await ensureDefaultSettings();
    expect((await getRaw(keys.settings(), { ConsistentRead: true }))?.version).toBe(1);
    // The bootstrap runs before the CDN serves anything; here the defaults' read is cached already.
    const { invalidate } = await import('../../functions/lib/cdn.js');
    await invalidate(['/api/settings']);
    expect((await api('GET', '/api/settings')).body.version).toBe(1);
  });

  it('refuses updates without a token (401) and from a non-admin (403)', async () => {
    expect((await api('PUT', '/api/settings', { body: { about_title: 'x' } })).status).toBe(401);
    const r = await api('PUT', '/api/settings', { token: learner, body: { about_title: 'x' } });
    expect(r.status).toBe(403);
    expect((await api('GET', '/api/settings')).body.about_title).toBe('');
  });

  it('updates only the fields sent, normalises banner_size, and gives no CORS header on the write', async () => {
    const before = (await api('GET', '/api/settings')).body;
    const r = await api('PUT', '/api/settings', {
      token: admin,
      body: { about_title: 'About us', app_store_link: 'https://apps.apple.com/app/parrot', banner_size: 'gigantic', version: before.version },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
    expect(r.body).toMatchObject({
      about_title: 'About us',
      app_store_link: 'https://apps.apple.com/app/parrot',
      banner_size: 'medium',
      version: (before.version as number) + 1,
    });
    const read = (await api('GET', '/api/settings')).body;
    expect(read).toMatchObject({ about_title: 'About us', banner_size: 'medium', banner_bg_color: '#F5F3FF', who_we_are_title: '' });

    const large = await api('PUT', '/api/settings', { token: admin, body: { banner_size: 'large', banner_show_logo: false, version: read.version } });
    expect(large.body).toMatchObject({ banner_size: 'large', banner_show_logo: false, about_title: 'About us' });
  });

  it('rejects stale versions (409), unknown fields and invalid links (400)', async () => {
    const current = (await api('GET', '/api/settings')).body;
    const ok = await api('PUT', '/api/settings', { token: admin, body: { who_we_are_title: 'Us', version: current.version } });
    expect(ok.status).toBe(200);
    const stale = await api('PUT', '/api/settings', { token: admin, body: { who_we_are_title: 'Stale', version: current.version } });
    expect(stale.status).toBe(409);
    expect((await api('GET', '/api/settings')).body.who_we_are_title).toBe('Us');

    const version = (await api('GET', '/api/settings')).body.version;
    const unknown = await api('PUT', '/api/settings', { token: admin, body: { is_admin: true, version } });
    expect(unknown.status).toBe(400);
    const link = await api('PUT', '/api/settings', { token: admin, body: { facebook_link: 'not a url', play_store_link: 'javascript:alert(1)', version } });
    expect(link.status).toBe(400);
    expect(link.body.fields).toEqual({ facebook_link: 'Invalid url', play_store_link: 'Invalid url' });
    // Empty clears a link; the built-in favicon path is accepted.
    const cleared = await api('PUT', '/api/settings', { token: admin, body: { app_store_link: '', favicon: FALLBACK_FAVICON, version } });
    expect(cleared.body).toMatchObject({ app_store_link: '', favicon: FALLBACK_FAVICON });
  });

  it('refuses a save without the version it was based on, and one with nothing to save', async () => {
    const before = (await api('GET', '/api/settings')).body;
    const blind = await api('PUT', '/api/settings', { token: admin, body: { about_title: 'Blind overwrite' } });
    expect(blind.status).toBe(400);
    expect(blind.body.fields.version).toBe('Reload the settings and save again');
    const empty = await api('PUT', '/api/settings', { token: admin, body: { version: before.version } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Nothing to save');
    expect((await api('GET', '/api/settings')).body).toMatchObject({ about_title: before.about_title, version: before.version });
  });
});

describe('settings read when DynamoDB fails', () => {
  it('serves the defaults, never to be kept, when the row cannot be read; a missing row is not written on the read path', async () => {
    pointAtTwin();
    const { handler } = await import('../../functions/handlers/settings.js');
    const event = { routeKey: 'GET /api/settings', requestContext: {} } as never;
    const ddb = mockClient(DynamoDBDocumentClient);
    try {
      ddb.on(GetCommand).rejects(Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }));
      const unreadable = await handler(event, {} as never);
      expect(unreadable.statusCode).toBe(200);
      // Version 0: a save based on these defaults can never overwrite the stored settings (409).
      expect(JSON.parse(unreadable.body!)).toEqual({ ...defaultSettings(), version: 0 });
      // Never cached: the next read (after the fault) must reach the table again.
      expect(unreadable.headers!['cache-control']).toBe('no-store');

      ddb.reset();
      ddb.on(GetCommand).resolves({});
      const missing = await handler(event, {} as never);
      expect(JSON.parse(missing.body!)).toEqual({ ...defaultSettings(), version: 0 });
      expect(missing.headers!['access-control-allow-origin']).toBe('*');
      expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
    } finally {
      ddb.restore();
    }
  });
});
