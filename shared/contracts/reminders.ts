/**
 * Review reminders (/api/reminders, docs/learners.md "Reminders"): a device's Web Push subscription,
 * the hour its learner chose and their time zone, and when their next card is due. No identity: the
 * row is named by an opaque id the server makes and answers once. Pure zod: the practice island
 * imports it too.
 */
import * as z from 'zod';

export const HOUR_TEXT = 'Choose an hour from 0 to 23';
export const ZONE_TEXT = 'Unknown time zone';
export const ENDPOINT_TEXT = 'The push endpoint must be an https:// URL';
export const KEY_TEXT = 'Not a push subscription key';
export const DUE_TEXT = 'Give the due date of your next card';
export const REMINDER_NOT_FOUND = 'Reminder not found';

/** Bounds of what a browser's PushSubscription.toJSON() holds (push services' URLs run to some 500 characters). */
export const REMINDER_LIMITS = { endpoint: 1024, zone: 64, p256dh: 100, auth: 44 } as const;

/** An IANA zone Intl knows (`Europe/Paris`, `UTC`): the hour is the learner's own. */
export const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const base64url = (max: number) =>
  z
    .string({ error: KEY_TEXT })
    .min(16, KEY_TEXT)
    .max(max, KEY_TEXT)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, KEY_TEXT);

const httpsUrl = z
  .string({ error: ENDPOINT_TEXT })
  .max(REMINDER_LIMITS.endpoint, `The push endpoint is at most ${REMINDER_LIMITS.endpoint} characters`)
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'https:' && !u.username && !u.password;
    } catch {
      return false;
    }
  }, ENDPOINT_TEXT);

/** PushSubscription.toJSON(): the endpoint and its two keys (P-256 public key, auth secret). */
export const pushSubscriptionSchema = z.object({
  endpoint: httpsUrl,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(REMINDER_LIMITS.p256dh), auth: base64url(REMINDER_LIMITS.auth) }, { error: KEY_TEXT }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

/** When and where: the hour the learner chose, their zone, and when their next card is due. */
export const reminderTimingSchema = z.object({
  hour: z.number({ error: HOUR_TEXT }).int(HOUR_TEXT).min(0, HOUR_TEXT).max(23, HOUR_TEXT),
  time_zone: z.string({ error: ZONE_TEXT }).max(REMINDER_LIMITS.zone, ZONE_TEXT).refine(isTimeZone, ZONE_TEXT),
  next_due: z.iso.datetime({ error: DUE_TEXT }),
});
export type ReminderTiming = z.infer<typeof reminderTimingSchema>;

/** POST /api/reminders. */
export const reminderCreateSchema = reminderTimingSchema.extend({ subscription: pushSubscriptionSchema });
export type ReminderCreate = z.infer<typeof reminderCreateSchema>;

/** The id: 32 base64url characters (192 random bits); anything else names nothing (404). */
export const reminderIdParam = z.string().regex(/^[A-Za-z0-9_-]{32}$/);

/** POST's answer: the id, the row's only handle (kept on the device, never stored in the table). */
export const reminderCreatedSchema = z.object({ id: reminderIdParam });
/** PUT's answer: what is now stored. */
export const reminderSchema = reminderTimingSchema;
