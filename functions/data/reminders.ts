/**
 * Review reminders (docs/learners.md "Reminders"): one row per subscribed device, with no identity.
 * The id (192 random bits) is answered once and kept on the device; the table holds only its
 * sha256, so reading the table gives no handle on a row. Each row is listed under the UTC hour its
 * learner's chosen local hour falls in (GSI1 `REMINDERS#{hh}`, shared/reminder-time.ts), recomputed
 * at every write and after every send, so the hourly job reads its own hour's rows only. A row
 * nobody updates for REMINDER_KEEP_DAYS expires by TTL.
 */
import { createHash, randomBytes } from 'node:crypto';
import { notFound } from '../lib/errors.js';
import { keys } from '../lib/keys.js';
import { REMINDER_NOT_FOUND, type ReminderCreate, type ReminderTiming } from '../../shared/contracts/reminders.js';
import { partitionHour } from '../../shared/reminder-time.js';
import { asItem, deleteItem, IS_NEW, isConditionFailed, newItem, putItem, queryList, updateRaw, type Raw } from './table.js';

/** A learner who has not practised for this long is not reminded any more (the row expires). */
export const REMINDER_KEEP_DAYS = 60;
const DAY_S = 86_400;

const hashOf = (id: string) => createHash('sha256').update(id).digest('base64url');
const expiry = (now: Date) => Math.floor(now.getTime() / 1000) + REMINDER_KEEP_DAYS * DAY_S;
const EXISTS = 'attribute_exists(PK)';

/** A row as the job reads it. */
export interface ReminderRow extends ReminderTiming {
  hash: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The learner's local day of the last reminder sent (at most one a day). */
  last_sent_day: string | null;
}

/** Stores a device's subscription; answers its id, the row's only handle. */
export async function createReminder(input: ReminderCreate, now = new Date()): Promise<string> {
  const id = randomBytes(24).toString('base64url');
  const hash = hashOf(id);
  const { subscription, ...timing } = input;
  const item = newItem(
    keys.reminder(hash),
    'reminder',
    { ...timing, endpoint: subscription.endpoint, keys: subscription.keys, last_sent_day: null, ttl: expiry(now) },
    keys.reminderHour(partitionHour(timing.hour, timing.time_zone, now), hash),
  );
  await putItem(item, IS_NEW);
  return id;
}

/** The learner's new hour, zone or next due date; the row moves to its hour's list and lives REMINDER_KEEP_DAYS more. */
export async function updateReminder(id: string, timing: ReminderTiming, now = new Date()): Promise<ReminderTiming> {
  const hash = hashOf(id);
  try {
    await updateRaw({
      Key: keys.reminder(hash),
      UpdateExpression: 'SET #h = :h, time_zone = :z, next_due = :d, GSI1PK = :pk, updated_at = :now, #ttl = :ttl ADD version :one',
      ConditionExpression: EXISTS,
      ExpressionAttributeNames: { '#h': 'hour', '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':h': timing.hour,
        ':z': timing.time_zone,
        ':d': timing.next_due,
        ':pk': keys.reminderHourPk(partitionHour(timing.hour, timing.time_zone, now)),
        ':now': now.toISOString(),
        ':ttl': expiry(now),
        ':one': 1,
      },
    });
  } catch (e) {
    throw isConditionFailed(e) ? notFound(REMINDER_NOT_FOUND) : e;
  }
  return timing;
}

/** 'Stop reminders'. */
export async function deleteReminder(id: string): Promise<void> {
  try {
    await deleteItem(keys.reminder(hashOf(id)), { ConditionExpression: EXISTS });
  } catch (e) {
    throw isConditionFailed(e) ? notFound(REMINDER_NOT_FOUND) : e;
  }
}

// ---- The hourly job's reads and writes ----

/** The rows listed under one UTC hour (one GSI1 Query, every page). */
export async function remindersOfHour(utcHour: number): Promise<ReminderRow[]> {
  return (await queryList(keys.reminderHourPk(utcHour))).map((r: Raw) => ({ ...asItem<ReminderRow>(r), hash: String(r.GSI1SK) }));
}

/**
 * Files the row under `utcHour`, and with `sentDay` records today's reminder. Conditional on the
 * hour and zone the job read: a learner who changed them meanwhile has filed the row already.
 */
export async function refileReminder(row: ReminderRow, utcHour: number, sentDay?: string): Promise<void> {
  try {
    await updateRaw({
      Key: keys.reminder(row.hash),
      UpdateExpression: `SET GSI1PK = :pk${sentDay ? ', last_sent_day = :day' : ''}`,
      ConditionExpression: `${EXISTS} AND #h = :h AND time_zone = :z`,
      ExpressionAttributeNames: { '#h': 'hour' },
      ExpressionAttributeValues: { ':pk': keys.reminderHourPk(utcHour), ':h': row.hour, ':z': row.time_zone, ...(sentDay ? { ':day': sentDay } : {}) },
    });
  } catch (e) {
    if (!isConditionFailed(e)) throw e;
  }
}

/** A subscription the push service says is gone (404/410): its row goes. */
export const dropReminder = (row: ReminderRow) => deleteItem(keys.reminder(row.hash));
