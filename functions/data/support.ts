/**
 * Support messages: stored first (`SUPPORT#{yyyy-mm}` / `{iso}#{ulid}`, status 'received'), then
 * mailed to the support address through SES with the visitor as reply-to. A failed mail keeps the
 * message (status 'mail_failed') so nothing a visitor wrote is lost.
 */
import { ulid } from 'ulid';
import { ses } from '../lib/clients.js';
import { config } from '../lib/config.js';
import { oneLine, textMail } from '../lib/mail.js';
import { errorName } from '../lib/errors.js';
import { keys, type Key } from '../lib/keys.js';
import type { SupportMessage } from '../../shared/contracts/support.js';
import { createItem, updateRaw } from './table.js';
import { countFailure, logger } from '../lib/powertools.js';

/** Messages are personal data kept only as long as support needs them: DynamoDB's TTL deletes them after this. */
export const SUPPORT_RETENTION_DAYS = 365;

export type SupportStatus = 'received' | 'sent' | 'mail_failed';

export function supportMail(msg: SupportMessage, id: string) {
  return textMail({
    to: [config.supportToEmail],
    replyTo: msg.email,
    subject: `[${config.productName} support] Message from ${msg.name}`,
    text: `From: ${oneLine(msg.name)} <${msg.email}>\nReference: ${id}\n\n${msg.message}\n`,
  });
}

async function setStatus(key: Key, status: SupportStatus, extra: Record<string, string> = {}) {
  const names = Object.keys(extra);
  await updateRaw({
    Key: key,
    UpdateExpression: `SET #s = :s, updated_at = :u${names.map((_, i) => `, #x${i} = :x${i}`).join('')}`,
    ExpressionAttributeNames: { '#s': 'status', ...Object.fromEntries(names.map((n, i) => [`#x${i}`, n])) },
    ExpressionAttributeValues: { ':s': status, ':u': new Date().toISOString(), ...Object.fromEntries(names.map((n, i) => [`:x${i}`, extra[n]])) },
  });
}

/** Stores then mails the message; returns its id and final status (never throws for a mail fault). */
export async function submitSupportMessage(msg: SupportMessage): Promise<{ id: string; status: SupportStatus }> {
  const id = ulid();
  const key = keys.supportMessage(new Date().toISOString(), id);
  const ttl = Math.floor(Date.now() / 1000) + SUPPORT_RETENTION_DAYS * 86_400;
  await createItem(key, 'support_message', { id, name: msg.name, email: msg.email, message: msg.message, status: 'received', ttl });
  try {
    await (await ses()).send(supportMail(msg, id));
  } catch (e) {
    logger.error('support mail failed; message kept', { id, error: e as Error });
    countFailure('SupportMailFailures');
    await setStatus(key, 'mail_failed', { mail_error: String(errorName(e) ?? e).slice(0, 200) });
    return { id, status: 'mail_failed' };
  }
  await setStatus(key, 'sent');
  return { id, status: 'sent' };
}
