/**
 * The reminder job's rules of time (shared/reminder-time.ts): the UTC hour a learner's local hour
 * is filed under (across daylight-saving changes and half-hour zones), at most one reminder per
 * local day and only when a card is due, and what the notification says; and the contract's
 * refusals of a bad subscription, hour or zone.
 */
import { describe, expect, it } from 'vitest';
import { localTime, partitionHour, reminderAction, reminderPayload, REMINDER_PUSH_TTL_SECONDS } from '../../shared/reminder-time.js';
import { reminderCreateSchema } from '../../shared/contracts/reminders.js';

const at = (iso: string) => new Date(iso);

describe('partitionHour: the UTC hour of a local hour', () => {
  it('follows the zone offset of the day (Paris: UTC+1 in winter, UTC+2 in summer)', () => {
    expect(partitionHour(8, 'Europe/Paris', at('2026-01-15T12:00:00Z'))).toBe(7);
    expect(partitionHour(8, 'Europe/Paris', at('2026-07-15T12:00:00Z'))).toBe(6);
    expect(partitionHour(8, 'UTC', at('2026-07-15T12:00:00Z'))).toBe(8);
    expect(partitionHour(19, 'America/New_York', at('2026-01-15T12:00:00Z'))).toBe(0);
  });

  it('takes the offset of the next time the hour comes, so a row filed the evening before a change moves with it', () => {
    // Europe changes on Sunday 29 March 2026 at 01:00 UTC: filed on Saturday evening, 08:00 on Sunday is 06:00 UTC.
    expect(partitionHour(8, 'Europe/Paris', at('2026-03-28T20:00:00Z'))).toBe(6);
    // Filed on Saturday morning before 08:00 local: Saturday's 08:00 is still 07:00 UTC.
    expect(partitionHour(8, 'Europe/Paris', at('2026-03-28T05:00:00Z'))).toBe(7);
  });

  it("takes the UTC hour that starts inside a half-hour zone's local hour (India, UTC+5:30)", () => {
    // 03:00 UTC is 08:30 in Kolkata.
    expect(partitionHour(8, 'Asia/Kolkata', at('2026-01-15T12:00:00Z'))).toBe(3);
  });

  it('files a local hour a spring-forward skips today under the next day that has it', () => {
    // New York skips 02:00–03:00 on 8 March 2026: its next 02:00 is on the 9th, 06:00 UTC (EDT).
    expect(partitionHour(2, 'America/New_York', at('2026-03-08T06:30:00Z'))).toBe(6);
  });
});

describe('reminderAction: one reminder a local day, when a card is due, at the chosen hour', () => {
  const row = { hour: 8, time_zone: 'Europe/Paris', next_due: '2026-01-15T06:00:00.000Z', last_sent_day: null };
  const eight = at('2026-01-15T07:00:00Z');

  it('sends when the local hour is the chosen one and a card is due', () => {
    expect(reminderAction(row, eight)).toBe('send');
  });
  it('waits when no card is due yet', () => {
    expect(reminderAction({ ...row, next_due: '2026-01-16T06:00:00.000Z' }, eight)).toBe('not-due');
  });
  it('never sends twice on one local day, and sends again the next day', () => {
    expect(localTime(eight, 'Europe/Paris').day).toBe('2026-01-15');
    expect(reminderAction({ ...row, last_sent_day: '2026-01-15' }, eight)).toBe('sent-today');
    expect(reminderAction({ ...row, last_sent_day: '2026-01-15' }, at('2026-01-16T07:00:00Z'))).toBe('send');
  });
  it('moves a row whose zone changed its offset since it was filed', () => {
    // Filed under 07 UTC in winter; on the first summer Monday 07:00 UTC is 09:00 in Paris.
    expect(reminderAction(row, at('2026-03-30T07:00:00Z'))).toBe('move');
  });
  it('reads the local day in the zone, not in UTC', () => {
    // 23:30 UTC on the 14th is the 15th in Tokyo.
    expect(localTime(at('2026-01-14T23:30:00Z'), 'Asia/Tokyo')).toEqual({ day: '2026-01-15', hour: 8 });
  });
});

describe('the payload', () => {
  it('is a title, a line and the /review link, kept a few hours', () => {
    expect(reminderPayload('Parrot Phrases')).toEqual({ title: 'Parrot Phrases: cards to review', body: expect.any(String), url: '/review' });
    expect(REMINDER_PUSH_TTL_SECONDS).toBeGreaterThanOrEqual(3600);
    expect(REMINDER_PUSH_TTL_SECONDS).toBeLessThanOrEqual(12 * 3600);
  });
});

describe('the contract', () => {
  const good = {
    hour: 8,
    time_zone: 'Europe/Paris',
    next_due: '2026-01-15T06:00:00.000Z',
    subscription: { endpoint: 'https://push.example.com/send/abc', expirationTime: null, keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } },
  };
  const fields = (input: unknown) => {
    const r = reminderCreateSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
  };

  it('takes a browser subscription, an hour and an IANA zone', () => {
    expect(fields(good)).toEqual([]);
  });
  it('refuses a plain-http endpoint, an unknown zone, an hour out of range and an oversized key, each by its field', () => {
    expect(fields({ ...good, subscription: { ...good.subscription, endpoint: 'http://push.example.com/x' } })).toEqual(['subscription.endpoint']);
    expect(fields({ ...good, time_zone: 'Mars/Olympus' })).toEqual(['time_zone']);
    expect(fields({ ...good, hour: 24 })).toEqual(['hour']);
    expect(fields({ ...good, subscription: { ...good.subscription, keys: { ...good.subscription.keys, p256dh: 'B'.repeat(500) } } })).toEqual([
      'subscription.keys.p256dh',
    ]);
    expect(fields({ ...good, subscription: { ...good.subscription, endpoint: `https://push.example.com/${'x'.repeat(2000)}` } })).toEqual([
      'subscription.endpoint',
    ]);
  });
});
