/**
 * cognito-local answers ListUsers and ListUsersInGroup with every user at once (it ignores `Limit`,
 * `PaginationToken` and `NextToken`) and always reports EstimatedNumberOfUsers 0. Cognito pages
 * them (at most 60 per call, an opaque token for the next page, an error for a bad token or a
 * Limit above 60) and estimates the pool's size. The gateway's /cognito answers these three calls
 * through here, so code that pages against the twin pages as it will in AWS.
 */

export interface Emulated {
  status: number;
  body: unknown;
}

const MAX_LIMIT = 60;
type Call = (target: string, body: unknown) => Promise<{ ok: boolean; status: number; json: unknown }>;

const invalidParameter = (message: string): Emulated => ({ status: 400, body: { __type: 'InvalidParameterException', message } });

/** Our token: where the next page starts, for which filter (base64url JSON: opaque to callers, as Cognito's). */
const encode = (offset: number, scope: string) => Buffer.from(JSON.stringify({ o: offset, s: scope })).toString('base64url');
function decode(token: string, scope: string): number | undefined {
  try {
    const t = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { o?: unknown; s?: unknown };
    return typeof t.o === 'number' && Number.isInteger(t.o) && t.o >= 0 && t.s === scope ? t.o : undefined;
  } catch {
    return undefined;
  }
}

/** Answers the call if it is one cognito-local gets wrong; undefined lets the gateway proxy it as is. */
export async function emulateCognito(target: string, raw: Buffer, call: Call): Promise<Emulated | undefined> {
  if (target !== 'ListUsers' && target !== 'ListUsersInGroup' && target !== 'DescribeUserPool') return undefined;
  let req: Record<string, unknown>;
  try {
    req = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }

  if (target === 'DescribeUserPool') {
    const [pool, users] = await Promise.all([call('DescribeUserPool', req), call('ListUsers', { UserPoolId: req.UserPoolId })]);
    if (!pool.ok || !users.ok) return { status: pool.ok ? users.status : pool.status, body: pool.ok ? users.json : pool.json };
    const p = pool.json as { UserPool?: Record<string, unknown> };
    const count = ((users.json as { Users?: unknown[] }).Users ?? []).length;
    return { status: 200, body: { ...p, UserPool: { ...p.UserPool, EstimatedNumberOfUsers: count } } };
  }

  const limit = req.Limit === undefined || req.Limit === 0 ? MAX_LIMIT : Number(req.Limit);
  if (!Number.isInteger(limit) || limit < 0 || limit > MAX_LIMIT)
    return invalidParameter(
      `1 validation error detected: Value '${String(req.Limit)}' at 'limit' failed to satisfy constraint: Member must have value less than or equal to ${MAX_LIMIT}`,
    );
  const tokenField = target === 'ListUsers' ? 'PaginationToken' : 'NextToken';
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const scope = `${target}|${String(req.UserPoolId)}|${text(req.GroupName)}|${text(req.Filter)}`;
  const token = req[tokenField];
  const from = typeof token === 'string' && token ? decode(token, scope) : 0;
  if (from === undefined) return invalidParameter('Invalid pagination token');

  const { Limit: _l, [tokenField]: _t, ...forward } = req;
  const all = await call(target, forward);
  if (!all.ok) return { status: all.status, body: all.json };
  const users = (all.json as { Users?: unknown[] }).Users ?? [];
  const next = from + limit;
  return { status: 200, body: { Users: users.slice(from, next), ...(next < users.length ? { [tokenField]: encode(next, scope) } : {}) } };
}
