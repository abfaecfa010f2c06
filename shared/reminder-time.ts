/**
 * The reminder job's rules of time (docs/learners.md "Reminders"), pure so they are tested alone:
 * which UTC hour a learner's chosen local hour falls in (the row's partition), their local day
 * (at most one reminder each), and what a reminder says.
 */
const HOUR_MS = 3_600_000;

/** The local calendar day and hour of `at` in `zone`. */
export function localTime(at: Date, zone: string): { day: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** The start of the UTC hour `at` is in. */
export const hourStart = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/**
 * The UTC hour (0–23) whose job run next finds the learner's clock at `hour`: the first whole UTC
 * hour from `from` (inclusive) at which the local hour in `zone` is `hour`. Computed from the
 * zone's offset on that day, so after a daylight-saving change the row moves to its new hour when
 * it is next written or sent (a zone with a half-hour offset takes the UTC hour that starts inside
 * the local hour). A local hour a spring-forward skips is found on the next day that has it.
 */
export function partitionHour(hour: number, zone: string, from: Date): number {
  const start = hourStart(from).getTime();
  for (let h = 0; h < 48; h++) {
    const at = new Date(start + h * HOUR_MS);
    if (localTime(at, zone).hour === hour) return at.getUTCHours();
  }
  throw new Error(`No hour ${hour} in ${zone} in two days`);
}

/** What the job decides for a row of the partition it runs: send, wait (not due, sent today), or move (the zone's offset changed). */
export type ReminderAction = 'send' | 'not-due' | 'sent-today' | 'move';

export function reminderAction(row: { hour: number; time_zone: string; next_due: string; last_sent_day?: string | null }, now: Date): ReminderAction {
  const local = localTime(now, row.time_zone);
  if (local.hour !== row.hour) return 'move';
  if (row.last_sent_day === local.day) return 'sent-today';
  if (Date.parse(row.next_due) > now.getTime()) return 'not-due';
  return 'send';
}

/** How long a push service keeps a reminder for a device that is off: a reminder hours late is no reminder. */
export const REMINDER_PUSH_TTL_SECONDS = 4 * 3600;
export const REMINDER_URL = '/review';

/** The notification the service worker shows (frontend/src/sw/sw.ts). */
export interface ReminderPayload {
  title: string;
  body: string;
  url: string;
}

export const reminderPayload = (productName: string): ReminderPayload => ({
  title: `${productName}: cards to review`,
  body: 'Some of your cards are due. A few minutes now keeps them fresh.',
  url: REMINDER_URL,
});
