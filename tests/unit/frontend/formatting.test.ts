/**
 * How the frontend writes dates, durations and counts: the player's clock (islands/formatTime.ts),
 * when a card is due (practice/due-words.ts), the blog's dates and paragraphs (api/blog.ts), the Users and
 * Activity screens' names, dates and changes (admin/users/format.ts, admin/audit/format.ts).
 * Run in New York, where 03:30 UTC on New Year's Day is still the evening before, so a date shown
 * in the wrong zone shows.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { AdminUser } from '@shared/contracts/users';

const zone = process.env.TZ;
process.env.TZ = 'America/New_York';
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});
// After TZ is set: the Activity screen makes its date format once, when it loads.
const { formatTime } = await import('../../../frontend/src/islands/formatTime');
const { inWords, short } = await import('../../../frontend/src/practice/due-words');
const { formatPostDate, paragraphsOf } = await import('../../../frontend/src/api/blog');
const { displayName, formatDate } = await import('../../../frontend/src/admin/users/format');
const { changeLines, entityLabel, formatWhen, verbOf } = await import('../../../frontend/src/admin/audit/format');
const { fieldLabel } = await import('../../../shared/history-words');

/** 03:30 UTC on 1 January 2026: 22:30 on 31 December 2025 in New York. */
const NEW_YEAR_UTC = '2026-01-01T03:30:00.000Z';

describe("the player's clock", () => {
  it('shows minutes and seconds, each on two digits, seconds rounded down', () => {
    expect(formatTime(0)).toBe('00:00');
    expect(formatTime(9.99)).toBe('00:09');
    expect(formatTime(59.5)).toBe('00:59');
    expect(formatTime(60)).toBe('01:00');
    expect(formatTime(61)).toBe('01:01');
    expect(formatTime(599)).toBe('09:59');
  });

  it('counts minutes past the hour rather than wrapping them', () => {
    expect(formatTime(3599)).toBe('59:59');
    expect(formatTime(3600)).toBe('60:00');
    expect(formatTime(4530)).toBe('75:30');
  });

  it('shows 00:00 while the duration is unknown (NaN, Infinity) or negative', () => {
    for (const t of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -1, -0.5]) expect(formatTime(t), String(t)).toBe('00:00');
  });
});

describe('when a card is due', () => {
  const now = new Date('2026-03-02T09:00:00Z');
  const later = (ms: number) => new Date(now.getTime() + ms);
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;

  it('says "now" for a card due within the minute, or overdue', () => {
    expect(inWords(now, now)).toBe('now');
    expect(inWords(later(59_999), now)).toBe('now');
    expect(inWords(later(-3 * DAY), now)).toBe('now');
  });

  it('says it in minutes, hours, then days, in words (1 as a singular, 1 day as tomorrow)', () => {
    expect(inWords(later(MIN), now)).toBe('in 1 minute');
    expect(inWords(later(10 * MIN), now)).toBe('in 10 minutes');
    expect(inWords(later(HOUR), now)).toBe('in 1 hour');
    expect(inWords(later(5 * HOUR), now)).toBe('in 5 hours');
    expect(inWords(later(DAY), now)).toBe('tomorrow');
    expect(inWords(later(3 * DAY), now)).toBe('in 3 days');
  });

  it('rounds to the nearest unit', () => {
    expect(inWords(later(10 * MIN + 29_000), now)).toBe('in 10 minutes');
    expect(inWords(later(10 * MIN + 31_000), now)).toBe('in 11 minutes');
    expect(inWords(later(36 * HOUR), now)).toBe('in 2 days');
  });

  it('tells a span that rounds up to the next unit in that unit', () => {
    expect(inWords(later(59.6 * MIN), now)).toBe('in 1 hour');
    expect(short(later(59.6 * MIN), now)).toBe('1 h');
    expect(inWords(later(23.6 * HOUR), now)).toBe('tomorrow');
    expect(short(later(23.6 * HOUR), now)).toBe('1 d');
  });

  it('is short on the grade buttons, never below 1 min', () => {
    expect(short(now, now)).toBe('1 min');
    expect(short(later(-HOUR), now)).toBe('1 min');
    expect(short(later(10 * MIN), now)).toBe('10 min');
    expect(short(later(90 * MIN), now)).toBe('2 h');
    expect(short(later(DAY), now)).toBe('1 d');
    expect(short(later(45 * DAY), now)).toBe('45 d');
  });
});

describe('blog dates and paragraphs', () => {
  it("writes a post's date in UTC, whatever the zone, so the server's HTML and the browser's agree", () => {
    expect(formatPostDate(NEW_YEAR_UTC)).toBe('January 1, 2026');
    expect(formatPostDate('2026-07-04T23:59:59.000Z')).toBe('July 4, 2026');
  });

  it('makes one paragraph per line, with blank lines (CRLF too) only spacing', () => {
    expect(paragraphsOf('First line\r\n\r\n  Second line  \n\n\n\tThird\n')).toEqual(['First line', 'Second line', 'Third']);
    expect(paragraphsOf('')).toEqual([]);
    expect(paragraphsOf(' \n \r\n')).toEqual([]);
  });
});

describe('users', () => {
  const user = (email: string, name?: string) => ({ email, user_metadata: name === undefined ? {} : { name } }) as AdminUser;

  it("shows the user's name, or the part of the e-mail before the @ when there is none", () => {
    expect(displayName(user('ana@example.com', 'Ana Lima'))).toBe('Ana Lima');
    expect(displayName(user('ana.lima@example.com'))).toBe('ana.lima');
    expect(displayName(user('ana.lima@example.com', ''))).toBe('ana.lima');
    expect(displayName(user('ana.lima@example.com', '   '))).toBe('ana.lima');
  });

  it("shows a date in the admin's own zone, and a dash for what is not a date", () => {
    const shown = formatDate(NEW_YEAR_UTC);
    expect(shown).toContain('2025');
    expect(shown).toContain('31');
    expect(formatDate('not a date')).toBe('–');
    expect(formatDate('')).toBe('–');
  });
});

describe('the Activity screen', () => {
  it('names the entities as the back office does, and an unknown one as the API does', () => {
    expect(entityLabel('phrase')).toBe('Phrases');
    expect(entityLabel('backup')).toBe('Course import');
    // An entity this screen does not know yet reads as words, not as the stored name.
    expect(entityLabel('widget')).toBe('Widget');
  });

  it('reads an action as what was done, in words', () => {
    expect(verbOf('user.remove_admin')).toBe('Removed admin rights');
    expect(verbOf('level.lock')).toBe('Locked');
    expect(verbOf('restore')).toBe('Restored from the Trash');
    expect(verbOf('user.invite')).toBe('Invited');
  });

  it("shows the time of an entry to the second, in the admin's zone, named", () => {
    // 03:30 UTC on New Year is still New Year's Eve in New York; the seconds and the zone's name are shown.
    expect(formatWhen(NEW_YEAR_UTC)).toMatch(/^Dec 31, 2025, 10:30:00\s?PM EST$/);
    expect(formatWhen('2026-07-01T12:34:56Z')).toMatch(/^Jul 1, 2026, 08:34:56\s?AM EDT$/);
  });

  it('lists each changed field once, in the order the entry names them, with its value before and after', () => {
    expect(changeLines({ before: { title: 'Hi', order_index: '1' }, after: { title: 'Hello', icon_url: '/i.png' } })).toEqual([
      { field: fieldLabel('title'), before: 'Hi', after: 'Hello' },
      { field: fieldLabel('order_index'), before: '1', after: undefined },
      { field: fieldLabel('icon_url'), before: undefined, after: '/i.png' },
    ]);
    expect(changeLines({ after: { name: 'Spanish' } })).toEqual([{ field: 'Name', before: undefined, after: 'Spanish' }]);
    expect(changeLines({})).toEqual([]);
  });
});
