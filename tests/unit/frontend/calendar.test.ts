/**
 * /review's calendar of days practised and daily goal (frontend/src/practice/calendar.ts), and the
 * storage sentence (keep-storage.ts). Run in New York, where 03:30 UTC is still the evening before,
 * and across a clock change, so a day counted in UTC or by adding 24 hours shows.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { gradedCard } from './cards';

const zone = process.env.TZ;
process.env.TZ = 'America/New_York';
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});
const { calendarWeeks, cardsByDay, dayKey, dayWords, goalLine, WEEKS } = await import('../../../frontend/src/practice/calendar');
const { keptLine } = await import('../../../frontend/src/practice/keep-storage');

/** Card `n` graded Good at each of these instants. */
const card = (n: number, ...times: string[]) =>
  gradedCard(
    n,
    new Date(times[0]),
    times.map((t) => [new Date(t), 3]),
  );

describe('days practised', () => {
  it("counts the cards of each of the learner's own days, a card graded often once", () => {
    const counts = cardsByDay([
      // 03:30 UTC on 28 November is 22:30 on the 27th in New York.
      card(1, '2026-11-28T03:30:00.000Z', '2026-11-28T14:00:00.000Z', '2026-11-28T14:10:00.000Z'),
      card(2, '2026-11-28T15:00:00.000Z'),
    ]);
    expect(counts).toEqual(
      new Map([
        ['2026-11-27', 1],
        ['2026-11-28', 2],
      ]),
    );
  });

  it(`shows the last ${WEEKS} weeks, Monday first, this week last, days to come blank`, () => {
    // Saturday 28 November 2026, 09:00 in New York.
    const today = new Date(2026, 10, 28, 9);
    const weeks = calendarWeeks(today, new Map([['2026-11-27', 3]]));
    expect(weeks).toHaveLength(WEEKS);
    expect(weeks.every((w) => w.length === 7 && w[0].date.getDay() === 1)).toBe(true);
    const last = weeks[WEEKS - 1];
    expect(last.map((d) => d.key)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(last.map((d) => [d.today, d.future])).toEqual([...Array(5).fill([false, false]), [true, false], [false, true]]);
    expect(last[4].count).toBe(3);
    expect(weeks[0][0].key).toBe('2026-10-26');
  });

  it('gives each calendar day once across a clock change', () => {
    // New York leaves summer time on Sunday 1 November 2026: adding 24 h to midnight would repeat or skip a day.
    const keys = calendarWeeks(new Date(2026, 10, 3, 0, 30), new Map())
      .flat()
      .map((d) => d.key);
    expect(new Set(keys).size).toBe(WEEKS * 7);
    expect(keys.slice(-9, -5)).toEqual(['2026-10-31', '2026-11-01', '2026-11-02', '2026-11-03']);
  });

  it('says each day in words: the date, today, what was practised; a day missed is just a day', () => {
    const [week] = calendarWeeks(new Date(2026, 10, 28, 9), new Map([['2026-11-28', 12]]), 1);
    expect(dayWords(week[5])).toBe('Today, Saturday 28 November: 12 cards practised');
    expect(dayWords(week[4])).toBe('Friday 27 November');
    expect(dayWords(week[6])).toBe('');
    expect(dayKey(new Date('2026-11-28T03:30:00.000Z'))).toBe('2026-11-27');
  });
});

describe('the daily goal', () => {
  it('is off by default and says nothing then', () => {
    expect(goalLine(0, 7)).toBe('');
  });
  it("counts today's cards toward it, without pressure once it is reached", () => {
    expect(goalLine(20, 7)).toBe('Today: 7 of 20 cards.');
    expect(goalLine(20, 0)).toBe('Today: 0 of 20 cards.');
    expect(goalLine(5, 6)).toBe('Today: 6 cards, your goal of 5 reached.');
  });
});

describe('whether the browser keeps the store', () => {
  it('says what the browser answered, and nothing where it cannot tell', () => {
    expect(keptLine('kept', true)).toBe('This browser will keep your progress.');
    expect(keptLine('not-kept', true)).toBe('This browser may clear your progress if you do not visit for a while: back it up.');
    expect(keptLine('not-kept', false)).toMatch(/back it up on the Review page\.$/);
    expect(keptLine('unknown', true)).toBe('');
  });
});
