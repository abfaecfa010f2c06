/**
 * Who is calling. The HTTP API JWT authorizer (or the local gateway acting as it) has already
 * verified the token; here we read its claims and decide group membership server-side.
 */
import { ADMIN_GROUP } from '../../shared/product.js';

export interface Caller {
  sub: string;
  email?: string;
  groups: string[];
  isAdmin: boolean;
}

/** API Gateway stringifies array claims as "[a b]"; the local gateway passes arrays. Accept both. */
export function parseGroups(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.map(String);
  if (typeof raw !== 'string' || !raw) return [];
  return raw
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}

/**
 * The caller of a request the authorizer let through. Only an access token counts: API Gateway's JWT
 * authorizer also accepts the app client's ID token (its `aud` is the client id), which is meant for
 * the browser and cannot be revoked the same way.
 */
export function callerOf(event: ClaimsOf): Caller | undefined {
  const claims = event.requestContext?.authorizer?.jwt?.claims;
  const sub = claims?.sub;
  if (typeof sub !== 'string' || !sub || claims.token_use !== 'access') return undefined;
  const groups = parseGroups(claims['cognito:groups']);
  return { sub, email: typeof claims.email === 'string' ? claims.email : undefined, groups, isAdmin: groups.includes(ADMIN_GROUP) };
}

/**
 * What callerOf reads of an HTTP API event. aws-lambda's event type says every part is there, but a
 * public route has no authorizer and an event built by hand (the render function, tests) may lack more.
 */
interface ClaimsOf {
  requestContext?: { authorizer?: { jwt?: { claims?: Record<string, unknown> } } };
}
