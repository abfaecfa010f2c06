/**
 * Per-client request limits for the writes anyone (support, analytics) or a costly service (text to
 * speech) can be flooded with: a counter per client and fixed time window, incremented atomically
 * (UpdateItem ADD) and expired by the table's TTL. The client (an address, or a user's sub) is
 * stored only as a hash. Over the limit the request is refused with 429 before it does anything.
 */
import { createHash } from 'node:crypto';
import { tooMany } from '../lib/errors.js';
import { keys } from '../lib/keys.js';
import { updateRaw } from './table.js';

export interface Limit {
  /** Requests allowed per window. */
  max: number;
  windowSeconds: number;
}

/** The documented limits (docs/security.md). */
export const LIMITS = {
  support: { max: 5, windowSeconds: 600 },
  analytics: { max: 120, windowSeconds: 60 },
  // Practice grades, counted one per grade: a quick learner grades a card every few seconds; more
  // from one address would only tilt the hardest phrases (docs/learners.md "Hardest phrases").
  grades: { max: 300, windowSeconds: 600 },
  tts: { max: 30, windowSeconds: 60 },
  // Regenerating a language's audio after a voice change (one per group, two Polly requests each: the
  // audio and its word marks): Polly's neural rate is 8 requests a second
  // (https://docs.aws.amazon.com/polly/latest/dg/limits.html), so one admin cannot exceed it alone.
  regenerate: { max: 240, windowSeconds: 60 },
  // A device turns reminders on once and updates them after each session: a few a day.
  reminders: { max: 20, windowSeconds: 600 },
} satisfies Record<string, Limit>;

/** Counts `count` requests of `scope` from `client` (a bulk action: one per item); throws a 'too-many' error (429) past the limit. */
export async function spend(scope: keyof typeof LIMITS, client: string, { count = 1, now = Date.now() } = {}): Promise<void> {
  const { max, windowSeconds } = LIMITS[scope];
  const windowStart = Math.floor(now / 1000 / windowSeconds) * windowSeconds;
  const attributes = await updateRaw({
    Key: keys.rateWindow(scope, createHash('sha256').update(client).digest('base64url').slice(0, 22), windowStart),
    UpdateExpression: 'ADD #n :count SET #ttl = if_not_exists(#ttl, :ttl), entity = if_not_exists(entity, :entity)',
    ExpressionAttributeNames: { '#n': 'count', '#ttl': 'ttl' },
    ExpressionAttributeValues: { ':count': count, ':ttl': windowStart + windowSeconds + 60, ':entity': 'rate' },
    ReturnValues: 'UPDATED_NEW',
  });
  if (Number(attributes?.count) > max) throw tooMany(windowStart + windowSeconds - Math.floor(now / 1000));
}
