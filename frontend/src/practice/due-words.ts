/** When a card is due, in words ('in 10 minutes', 'tomorrow') and short on the grade buttons ('10 min', '3 d'). */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/**
 * Made on first use, not when the island loads: the first Intl.RelativeTimeFormat of a page loads
 * its locale data, tens of milliseconds on a slow phone, and a session's start never needs it (the
 * grade buttons use `short`; the words are for 'Session complete' and /review).
 */
let words: Intl.RelativeTimeFormat | undefined;

/** The unit a span is told in, picked by its rounded value (59.7 minutes is '1 hour', not '60 minutes'). */
function span(ms: number): { n: number; unit: 'minute' | 'hour' | 'day' } {
  const minutes = Math.round(ms / MINUTE);
  if (minutes < 60) return { n: minutes, unit: 'minute' };
  const hours = Math.round(ms / HOUR);
  if (hours < 24) return { n: hours, unit: 'hour' };
  return { n: Math.round(ms / DAY), unit: 'day' };
}

export function inWords(due: Date, now: Date): string {
  const ms = due.getTime() - now.getTime();
  if (ms < MINUTE) return 'now';
  const { n, unit } = span(ms);
  words ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  return words.format(n, unit);
}

const SHORT = { minute: 'min', hour: 'h', day: 'd' } as const;
export function short(due: Date, now: Date): string {
  const { n, unit } = span(Math.max(0, due.getTime() - now.getTime()));
  return `${unit === 'minute' ? Math.max(1, n) : n} ${SHORT[unit]}`;
}
