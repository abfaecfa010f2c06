/** Where this device keeps its reminder (`{ id, hour }`): read by reminder-gate.ts, written by reminders.ts. Its presence means reminders are on. */
export const REMINDER_ID = 'parrot-reminder';
