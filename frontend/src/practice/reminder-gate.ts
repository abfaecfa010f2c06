/**
 * Whether to load the reminders offer (./reminders.ts, docs/learners.md "Reminders"): the finished
 * sessions this device has had, and the id of its reminder. The offer's code loads only from the
 * second finished session on, or when reminders are on (to update or stop them).
 */
import { REMINDER_ID } from './reminder-key';

const SESSIONS = 'parrot-sessions-finished';
/** Offered after this many finished sessions: a learner who came back once is likely to come back. */
const OFFER_AFTER = 2;

const read = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

export function countFinishedSession() {
  try {
    localStorage.setItem(SESSIONS, String(Number(read(SESSIONS) ?? 0) + 1));
  } catch {
    /* storage refused (a private mode): no offer, nothing lost */
  }
}

/** Shows the offer (or 'Stop reminders') in `host` and, after a session, sends the next due date. */
export function reminders(host: HTMLElement | null, afterSession = false) {
  if (!host) return;
  const on = read(REMINDER_ID) !== null;
  if (!on && Number(read(SESSIONS) ?? 0) < OFFER_AFTER) return;
  void import('./reminders').then((m) => m.showReminders(host, afterSession)).catch((e: unknown) => console.error('Reminders could not load', e));
}
