import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsDay } from '../../shared/contracts/analytics.js';
import { adminToken, api, userToken, pointAtTwin } from './helpers.js';

let admin: string;
let learner: string;
// An event nobody sent that day has no count.
type Day = Omit<AnalyticsDay, 'events'> & { events: Partial<AnalyticsDay['events']> };
const series = async () => (await api('GET', '/api/admin/analytics', { token: admin })).body as Day[];
const today = () => new Date().toISOString().slice(0, 10);

async function dataLayer() {
  pointAtTwin();
  return { ...(await import('../../functions/data/analytics.js')), ...(await import('../../functions/data/table.js')) };
}

beforeAll(async () => {
  admin = await adminToken();
  learner = await userToken();
});

describe('analytics API', () => {
  it('guards the admin series: 401 without a token, 403 for a non-admin', async () => {
    expect((await api('GET', '/api/admin/analytics')).status).toBe(401);
    expect((await api('GET', '/api/admin/analytics', { token: learner })).status).toBe(403);
  });

  it('answers 30 days, oldest first, ending today, with zeros for quiet days', async () => {
    const days = await series();
    expect(days).toHaveLength(30);
    expect(days.at(-1)!.date).toBe(today());
    expect(days[0].date).toBe(new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10));
    expect(days.slice(0, 29).every((d) => d.page_views === 0)).toBe(true);
  });

  it('counts public event batches per day and event, storing no paths or visitor data', async () => {
    const before = (await series()).at(-1)!;
    const r = await api('POST', '/api/analytics', {
      body: {
        events: [
          { name: 'page_view', path: '/blog', referrer: 'https://x.example', user_agent: 'secret' },
          { name: 'page_view', path: '/languages' },
          { name: 'scroll', value: 50 },
          { name: 'time_on_page', value: 12 },
        ],
      },
    });
    expect(r.status).toBe(204);
    expect((await api('POST', '/api/analytics', { body: { events: [{ name: 'page_view', path: '/' }] } })).status).toBe(204);

    const after = (await series()).at(-1)!;
    expect(after.page_views).toBe(before.page_views + 3);
    expect(after.events.scroll).toBe((before.events.scroll ?? 0) + 1);
    expect(after.events.time_on_page).toBe((before.events.time_on_page ?? 0) + 1);

    const { queryPartition } = await dataLayer();
    const stored = await queryPartition(`ANALYTICS#${today()}`);
    expect(stored.map((i) => i.SK).sort()).toEqual(['page_view', 'scroll', 'time_on_page']);
    expect(JSON.stringify(stored)).not.toMatch(/\/blog|referrer|secret|x\.example/);
  });

  it('places counts on their day in the series', async () => {
    const { recordEvents } = await dataLayer();
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    await recordEvents([{ name: 'page_view' }, { name: 'page_view' }, { name: 'app_error' }], threeDaysAgo);
    const day = (await series()).find((d) => d.date === threeDaysAgo.toISOString().slice(0, 10))!;
    expect(day).toMatchObject({ page_views: 2, events: { page_view: 2, app_error: 1 } });
    // Older than 30 days: stored, but not in the series.
    const total = async () => (await series()).reduce((n, d) => n + d.page_views, 0);
    const before = await total();
    await recordEvents([{ name: 'page_view' }], new Date(Date.now() - 30 * 86_400_000));
    expect(await total()).toBe(before);
    await recordEvents([{ name: 'page_view' }], new Date(Date.now() - 29 * 86_400_000));
    expect(await total()).toBe(before + 1);
  });

  it('rejects unknown events, empty and oversized batches', async () => {
    expect((await api('POST', '/api/analytics', { body: { events: [{ name: 'purchase' }] } })).status).toBe(400);
    expect((await api('POST', '/api/analytics', { body: { events: [] } })).status).toBe(400);
    const many = Array.from({ length: 26 }, () => ({ name: 'page_view' }));
    const r = await api('POST', '/api/analytics', { body: { events: many } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('At most 25 events per request');
  });
});
