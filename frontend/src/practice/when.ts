/** When a card is due, in words ('in 10 minutes', 'tomorrow') and short on the grade buttons ('10 min', '3 d'). */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const words = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

export function inWords(due: Date, now: Date): string {
  const ms = due.getTime() - now.getTime();
  if (ms < MINUTE) return 'now';
  if (ms < HOUR) return words.format(Math.round(ms / MINUTE), 'minute');
  if (ms < DAY) return words.format(Math.round(ms / HOUR), 'hour');
  return words.format(Math.round(ms / DAY), 'day');
}

export function short(due: Date, now: Date): string {
  const ms = Math.max(0, due.getTime() - now.getTime());
  if (ms < HOUR) return `${Math.max(1, Math.round(ms / MINUTE))} min`;
  if (ms < DAY) return `${Math.round(ms / HOUR)} h`;
  return `${Math.round(ms / DAY)} d`;
}
