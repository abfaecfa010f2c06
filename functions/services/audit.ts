/**
 * The audit recorder (docs/audit.md). The router (../lib/http.ts) calls it after every successful
 * admin write; handler modules pass it to their router (`router(table, { currentGroups, audit })`),
 * so only functions with admin writes bundle it and get its grants (table writes of AUDIT#*,
 * AdminGetUser). What an entry says is derived in ../lib/audit.ts.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { putEntry } from '../data/audit.js';
import { actionOf, clip, entityIdOf, entityOf, isRecord, labelOf, summarize, type AuditRecorder } from '../lib/audit.js';
import type { Caller } from '../lib/auth.js';
import { cognitoIdp } from '../lib/clients.js';
import { config } from '../lib/config.js';
import { logger } from '../lib/powertools.js';

// ---- Who: the access token carries no e-mail; Cognito knows it (AdminGetUser), cached per container ----

const EMAIL_CACHE_MS = 10 * 60_000;
const EMAIL_CACHE_MAX = 500;
const emails = new Map<string, { email: string; until: number }>();

/** The e-mail of the user `sub` ('' when Cognito cannot say: the entry still names the `sub`). */
export async function emailOf(sub: string): Promise<string> {
  const hit = emails.get(sub);
  if (hit && hit.until > Date.now()) return hit.email;
  let email = '';
  try {
    const u = await (await cognitoIdp()).send(new AdminGetUserCommand({ UserPoolId: config.userPoolId, Username: sub }));
    email = u.UserAttributes?.find((a) => a.Name === 'email')?.Value ?? '';
  } catch (e) {
    logger.warn('audit: cannot read the e-mail of a user', { sub, error: e as Error });
  }
  if (emails.size >= EMAIL_CACHE_MAX) emails.clear();
  emails.set(sub, { email, until: Date.now() + EMAIL_CACHE_MS });
  return email;
}

/** How a caller is named in what they leave behind (the Trash's "deleted by"): the e-mail, else the `sub`. */
export const nameOf = async (caller: Caller) => caller.email ?? ((await emailOf(caller.sub)) || caller.sub);

/** The recorder handler modules pass to their router. */
export const recordAudit: AuditRecorder = async (w) => {
  const entity = w.note.entity ?? entityOf(w.route);
  const after = 'after' in w.note ? w.note.after : isRecord(w.answer) ? w.answer : undefined;
  const entityId = entityIdOf(w);
  // A user is known by their `sub`; the log also names them by e-mail, as the Users list does.
  const label = w.note.label ?? labelOf(w.note.before, after) ?? (entity === 'user' && entityId ? (await emailOf(entityId)) || undefined : undefined);
  await putEntry({
    actor: { sub: w.caller.sub, email: w.caller.email ?? (await emailOf(w.caller.sub)) },
    action: w.note.action ?? actionOf(w.route, w.body),
    entity,
    entity_id: clip(entityId, 300),
    ...(label ? { label } : {}),
    ...summarize(w.note.before, after),
  });
};
