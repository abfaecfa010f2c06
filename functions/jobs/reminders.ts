/**
 * The hourly review-reminder job (docs/learners.md "Reminders"): run at the top of every UTC hour by
 * an EventBridge rule in AWS (infra/cdk/constructs/reminders.ts), on demand on the twin
 * (`npm run invoke -- reminders --event <scheduled event>`, whose `time` is the job's now).
 *
 * It reads the rows listed under this UTC hour only (one GSI1 Query) and for each decides by
 * shared/reminder-time.ts: a row whose learner's clock is not at their hour (their zone changed its
 * offset) moves to its new hour; one already reminded today, or with no card due, waits; any other
 * gets one Web Push (VAPID, `web-push`) and is filed under tomorrow's hour with today's date. A
 * 404 or 410 from the push service (the subscription is gone) deletes the row. Any other failure
 * fails the run after every row was tried: Lambda's asynchronous retries run it again (rows sent
 * meanwhile are not sent twice: they carry today's date), then the event goes to the dead letters.
 */
import type { Agent } from 'node:https';
import type { ScheduledEvent } from 'aws-lambda';
import { dropReminder, refileReminder, remindersOfHour, type ReminderRow } from '../data/reminders.js';
import { secretsManager } from '../lib/clients.js';
import { config } from '../lib/config.js';
import { logger } from '../lib/powertools.js';
import { hourStart, localTime, partitionHour, reminderAction, reminderPayload, REMINDER_PUSH_TTL_SECONDS } from '../../shared/reminder-time.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface ReminderRunOptions {
  /** @default the event's time, else Date.now() */
  now?: Date;
  /** Tests only: how to reach a local stand-in push service (its self-signed certificate). */
  agent?: Agent;
}

export interface ReminderRunResult {
  hour: number;
  read: number;
  sent: number;
  gone: number;
  moved: number;
  waiting: number;
  failed: number;
}

let vapidKeys: VapidKeys | undefined;
/** The twin's pair from the environment; in AWS, the secret's JSON `{publicKey, privateKey}` (read once per container). */
async function vapid(): Promise<VapidKeys> {
  const { publicKey, privateKey, secretId } = config.vapid;
  if (publicKey && privateKey) return { publicKey, privateKey };
  if (!secretId) throw new Error('No VAPID keys: set VAPID_SECRET_ID (AWS) or VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (the twin)');
  if (vapidKeys) return vapidKeys;
  const { GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
  const { SecretString } = await (await secretsManager()).send(new GetSecretValueCommand({ SecretId: secretId }));
  vapidKeys = JSON.parse(SecretString ?? '{}') as VapidKeys;
  if (!vapidKeys.publicKey || !vapidKeys.privateKey) throw new Error(`The VAPID secret ${secretId} has no publicKey and privateKey`);
  return vapidKeys;
}

/** The push service's answer when it has no such subscription any more (RFC 8030 §7.3; 404 by some services). */
const GONE = new Set([404, 410]);

export async function sendReminders(opts: ReminderRunOptions = {}): Promise<ReminderRunResult> {
  const now = opts.now ?? new Date();
  if (Number.isNaN(now.getTime())) throw new Error('Invalid time for the reminder run');
  const hour = hourStart(now).getUTCHours();
  const { default: webpush } = await import('web-push');
  const payload = JSON.stringify(reminderPayload(config.productName));
  const rows = await remindersOfHour(hour);
  const result: ReminderRunResult = { hour, read: rows.length, sent: 0, gone: 0, moved: 0, waiting: 0, failed: 0 };
  const errors: unknown[] = [];

  const send = async (row: ReminderRow) => {
    // Read when there is something to send: a stage without reminders set up never needs its secret.
    const keys = await vapid();
    try {
      await webpush.sendNotification({ endpoint: row.endpoint, keys: row.keys }, payload, {
        vapidDetails: { subject: config.vapid.subject, ...keys },
        TTL: REMINDER_PUSH_TTL_SECONDS,
        ...(opts.agent ? { agent: opts.agent } : {}),
      });
    } catch (e) {
      if (e instanceof webpush.WebPushError && GONE.has(e.statusCode)) {
        await dropReminder(row);
        result.gone++;
        return;
      }
      throw e;
    }
    // Tomorrow's hour, from an hour on: a zone changing its offset tonight is filed by its new one.
    await refileReminder(row, partitionHour(row.hour, row.time_zone, new Date(now.getTime() + 3_600_000)), localTime(now, row.time_zone).day);
    result.sent++;
  };

  for (const row of rows) {
    try {
      const action = reminderAction(row, now);
      if (action === 'move') {
        await refileReminder(row, partitionHour(row.hour, row.time_zone, now));
        result.moved++;
      } else if (action === 'send') await send(row);
      else result.waiting++;
    } catch (e) {
      result.failed++;
      errors.push(e);
      logger.warn('reminder not sent', { error: e as Error, status: (e as { statusCode?: number }).statusCode });
    }
  }
  if (errors.length) throw new AggregateError(errors, `${errors.length} of ${rows.length} reminders failed (hour ${hour}): the run is retried`);
  return result;
}

/** The Lambda function's handler: EventBridge's hourly event; its `time` is the hour the run is for. */
export async function handler(event?: Partial<ScheduledEvent>): Promise<ReminderRunResult> {
  const result = await sendReminders(event?.time ? { now: new Date(event.time) } : {});
  logger.info('reminders', { ...result });
  return result;
}
