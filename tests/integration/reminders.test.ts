/**
 * Review reminders against the twin (docs/learners.md "Reminders"): rows made through the API,
 * the hourly job (functions/jobs/reminders.ts) run with a chosen 'now', and a stand-in push
 * service (./push-stand-in.ts) that decrypts what it receives with the subscription's real keys.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readState } from '../../infra/twin/bootstrap.js';
import { useTwinEnv } from '../../infra/scripts/lambda/twin-session.js';
import type { ReminderRunOptions, ReminderRunResult } from '../../functions/jobs/reminders.js';
import { api, invalidFields, ok, twin } from './helpers.js';
import { startPushStandIn, type PushStandIn } from './push-stand-in.js';

let push: PushStandIn;
let run: (now: string, opts?: ReminderRunOptions) => Promise<ReminderRunResult>;

beforeAll(async () => {
  push = await startPushStandIn();
  const t = twin();
  const state = readState(t.dataDir);
  if (!state) throw new Error('The twin wrote no twin.json');
  // The job runs in this process with the environment the twin gives its functions (as `npm run invoke` does).
  useTwinEnv({ port: t.ports.gateway, ports: t.ports, dataDir: t.dataDir, state });
  const { sendReminders } = await import('../../functions/jobs/reminders.js');
  run = (now, opts = {}) => sendReminders({ now: new Date(now), agent: push.agent, ...opts });
});
afterAll(() => push.close());

/** A device's reminder at `hour` UTC, its next card due at `due`; answers its id. */
async function remind(path: string, hour: number, due: string): Promise<string> {
  const r = await ok(api('POST', '/api/reminders', { body: { hour, time_zone: 'UTC', next_due: due, subscription: push.subscription(path) } }));
  expect(r.status).toBe(201);
  expect(r.body.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
  return r.body.id as string;
}

describe('the hourly job', () => {
  it('sends exactly one push at the chosen hour when a card is due, and none again that day', async () => {
    await remind('/due', 9, '2030-05-01T06:00:00.000Z');
    // Another hour's run does not read it.
    await run('2030-05-01T08:00:00Z');
    expect(push.pushesTo('/due')).toHaveLength(0);

    const first = await run('2030-05-01T09:00:00Z');
    expect(first).toMatchObject({ hour: 9, sent: 1 });
    const [sent] = push.pushesTo('/due');
    expect(sent.payload).toEqual({ title: 'Parrot Phrases: cards to review', body: expect.any(String), url: '/review' });
    expect(sent.headers.ttl).toBe(String(4 * 3600));
    expect(String(sent.headers.authorization)).toMatch(/^vapid t=.+, k=/);

    // A retry of the same run, or the next hour's, sends nothing more today.
    await run('2030-05-01T09:00:00Z');
    await run('2030-05-01T09:30:00Z');
    expect(push.pushesTo('/due')).toHaveLength(1);
    // The next day, still due: one more.
    await run('2030-05-02T09:00:00Z');
    expect(push.pushesTo('/due')).toHaveLength(2);
  });

  it("sends nothing while no card is due, and sends once the learner's next card comes due", async () => {
    const id = await remind('/not-due', 10, '2030-06-03T12:00:00.000Z');
    expect(await run('2030-06-02T10:00:00Z')).toMatchObject({ sent: 0 });
    expect(push.pushesTo('/not-due')).toHaveLength(0);
    // The learner practised: the next card is due earlier, at 10:00 tomorrow... then today.
    await ok(api('PUT', `/api/reminders/${id}`, { body: { hour: 10, time_zone: 'UTC', next_due: '2030-06-02T09:00:00.000Z' } }));
    await run('2030-06-02T10:00:00Z');
    expect(push.pushesTo('/not-due')).toHaveLength(1);
  });

  it('deletes the row when the push service answers 410 (the subscription expired)', async () => {
    const id = await remind('/gone/1', 11, '2030-05-01T06:00:00.000Z');
    expect(await run('2030-05-01T11:00:00Z')).toMatchObject({ gone: 1, sent: 0 });
    expect((await api('PUT', `/api/reminders/${id}`, { body: { hour: 11, time_zone: 'UTC', next_due: '2030-05-01T06:00:00.000Z' } })).status).toBe(404);
    await run('2030-05-02T11:00:00Z');
    expect(push.pushesTo('/gone/1')).toHaveLength(1);
  });

  it('fails the run on another error after trying every row, and the retry sends only what is left', async () => {
    await remind('/fail/1', 12, '2030-05-01T06:00:00.000Z');
    await remind('/ok-beside-fail', 12, '2030-05-01T06:00:00.000Z');
    await expect(run('2030-05-01T12:00:00Z')).rejects.toThrow(/1 of 2 reminders failed/);
    expect(push.pushesTo('/ok-beside-fail')).toHaveLength(1);
    await expect(run('2030-05-01T12:00:00Z')).rejects.toThrow(/1 of 2 reminders failed/);
    expect(push.pushesTo('/ok-beside-fail')).toHaveLength(1);
  });

  it("moves a row to the learner's new hour when they change it", async () => {
    const id = await remind('/moved', 13, '2030-05-01T06:00:00.000Z');
    await ok(api('PUT', `/api/reminders/${id}`, { body: { hour: 14, time_zone: 'UTC', next_due: '2030-05-01T06:00:00.000Z' } }));
    await run('2030-05-01T13:00:00Z');
    expect(push.pushesTo('/moved')).toHaveLength(0);
    await run('2030-05-01T14:00:00Z');
    expect(push.pushesTo('/moved')).toHaveLength(1);
  });

  it('sends nothing once the learner stops reminders', async () => {
    const id = await remind('/stopped', 15, '2030-05-01T06:00:00.000Z');
    expect((await api('DELETE', `/api/reminders/${id}`)).status).toBe(204);
    expect((await api('DELETE', `/api/reminders/${id}`)).status).toBe(404);
    await run('2030-05-01T15:00:00Z');
    expect(push.pushesTo('/stopped')).toHaveLength(0);
  });
});

describe('bad input', () => {
  const body = () => ({ hour: 8, time_zone: 'Europe/Paris', next_due: '2030-05-01T06:00:00.000Z', subscription: push.subscription('/bad') });

  it('is a 400 naming each field, never a 5xx', async () => {
    expect(await invalidFields('POST', '/api/reminders', { body: { ...body(), hour: 24, time_zone: 'Nowhere/Atlantis' } })).toEqual({
      hour: 'Choose an hour from 0 to 23',
      time_zone: 'Unknown time zone',
    });
    const b = body();
    expect(await invalidFields('POST', '/api/reminders', { body: { ...b, subscription: { ...b.subscription, endpoint: 'http://127.0.0.1/x' } } })).toEqual({
      'subscription.endpoint': 'The push endpoint must be an https:// URL',
    });
    expect(
      Object.keys(await invalidFields('POST', '/api/reminders', { body: { ...b, subscription: { ...b.subscription, keys: { p256dh: '!', auth: 3 } } } })),
    ).toEqual(['subscription.keys.p256dh', 'subscription.keys.auth']);
    expect((await api('POST', '/api/reminders', { raw: '{"hour":' })).status).toBe(400);
    expect((await api('POST', '/api/reminders', { raw: JSON.stringify({ ...b, pad: 'x'.repeat(5000) }) })).status).toBe(413);
  });

  it('an id that names no reminder is a 404', async () => {
    const timing = { hour: 8, time_zone: 'UTC', next_due: '2030-05-01T06:00:00.000Z' };
    expect((await api('PUT', `/api/reminders/${'A'.repeat(32)}`, { body: timing })).status).toBe(404);
    expect((await api('PUT', '/api/reminders/short', { body: timing })).status).toBe(404);
    expect((await api('DELETE', '/api/reminders/short')).status).toBe(404);
  });
});
