/**
 * The audit log (docs/audit.md): one item per successful admin write, listed newest first through
 * GSI1 and removed by DynamoDB's TTL after AUDIT_KEEP_DAYS. The item's kind is in `entity`
 * ('audit', like every item); the changed resource is stored as `target` / `target_id`.
 */
import { monotonicFactory } from 'ulid';
import { invalid } from '../lib/errors.js';
import { GSI1, keys } from '../lib/keys.js';
import { AUDIT_KEEP_DAYS, type AuditEntry, type AuditPage, type AuditQuery } from '../../shared/contracts/audit.js';
import { asItem, IS_NEW, putItem, queryPage } from './table.js';

const newId = monotonicFactory();
/** A filtered list reads this many entries per Query ... */
const READ_PAGE = 200;
/** ... and at most this many Queries per request: a filter that matches little answers a short page and a cursor. */
const MAX_READS = 5;
const CURSOR_TEXT = 'Invalid cursor';

export type AuditRecord = Omit<AuditEntry, 'id' | 'at'>;
type Item = Record<string, unknown>;

/** Stores one entry; `now` decides its time and its expiry. (An item's versions are its History's: ./versions.ts.) */
export async function putEntry(entry: AuditRecord, now = new Date()): Promise<AuditEntry> {
  const at = now.toISOString();
  const id = newId(now.getTime());
  await putItem(
    {
      ...keys.auditEntry(id),
      ...keys.auditList(at, id),
      entity: 'audit',
      id,
      at,
      actor_sub: entry.actor.sub,
      // Lower case, so the actor filter matches whatever case an admin types.
      actor_email: entry.actor.email.toLowerCase(),
      action: entry.action,
      target: entry.entity,
      target_id: entry.entity_id,
      label: entry.label,
      before: entry.before,
      after: entry.after,
      ttl: Math.floor(now.getTime() / 1000) + AUDIT_KEEP_DAYS * 86_400,
      version: 1,
      created_at: at,
      updated_at: at,
    },
    IS_NEW,
  );
  return { ...entry, id, at };
}

/**
 * One page, newest first. Filters are FilterExpressions on the one GSI1 partition, so the Query
 * pages are read on until the page is full, the log ends, or MAX_READS is spent (bounded cost).
 * One entry more than asked is read, so a cursor is only answered when more entries exist.
 */
export async function listEntries(q: AuditQuery): Promise<AuditPage> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':pk': keys.auditListPk };
  const filters: string[] = [];
  if (q.entity) {
    filters.push('#target = :target');
    names['#target'] = 'target';
    values[':target'] = q.entity;
  }
  if (q.entity_id) {
    filters.push('target_id = :tid');
    values[':tid'] = q.entity_id;
  }
  if (q.actor) {
    filters.push('(actor_sub = :sub OR contains(actor_email, :email))');
    values[':sub'] = q.actor;
    values[':email'] = q.actor.toLowerCase();
  }
  let start: Item | undefined = q.cursor ? startKeyOf(q.cursor) : undefined;
  const found: Item[] = [];
  for (let reads = 0; reads < MAX_READS; reads++) {
    const page = await queryPage({
      IndexName: GSI1,
      KeyConditionExpression: 'GSI1PK = :pk',
      ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values,
      ScanIndexForward: false,
      Limit: filters.length ? READ_PAGE : q.limit + 1 - found.length,
      ExclusiveStartKey: start,
    });
    found.push(...page.items);
    start = page.lastKey;
    if (found.length > q.limit || !start) break;
  }
  if (found.length > q.limit) {
    const page = found.slice(0, q.limit);
    return { items: page.map(toEntry), cursor: cursorOf(page[page.length - 1]) };
  }
  return { items: found.map(toEntry), cursor: start ? cursorOf(start) : null };
}

/** The cursor names the last entry answered: its GSI1SK (`{iso}#{ulid}`), base64url. */
const cursorOf = (item: Item) => Buffer.from(String(item.GSI1SK)).toString('base64url');

/** The Query's ExclusiveStartKey from a cursor; anything that is not one of ours is a 400. */
function startKeyOf(cursor: string): Item {
  const sk = Buffer.from(cursor, 'base64url').toString('utf8');
  const m = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)#([0-9A-HJKMNP-TV-Z]{26})$/.exec(sk);
  if (!m) throw invalid(CURSOR_TEXT, 'cursor');
  return { ...keys.auditEntry(m[2]), ...keys.auditList(m[1], m[2]) };
}

/** An entry as stored (see putEntry). */
interface Stored {
  id: string;
  at: string;
  actor_sub?: string;
  actor_email?: string;
  action: string;
  target: string;
  target_id?: string;
  label?: string;
  before?: Record<string, string>;
  after?: Record<string, string>;
}

const summary = (v: Record<string, string> | undefined) => (v && Object.keys(v).length ? v : undefined);

function toEntry(item: Item): AuditEntry {
  const i = asItem<Stored>(item);
  const [before, after] = [summary(i.before), summary(i.after)];
  return {
    id: i.id,
    at: i.at,
    actor: { sub: i.actor_sub ?? '', email: i.actor_email ?? '' },
    action: i.action,
    entity: i.target,
    entity_id: i.target_id ?? '',
    ...(i.label ? { label: i.label } : {}),
    ...(before ? { before } : {}),
    ...(after ? { after } : {}),
  };
}
