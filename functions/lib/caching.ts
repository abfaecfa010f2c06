/**
 * How answers may be cached: the Cache-Control of each kind of answer, and the ETag that lets a
 * client or the CDN revalidate a public answer with a 304 (the router adds it to every GET).
 */
import { createHash } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2 as Result } from 'aws-lambda';

/**
 * While the origin fails (5xx, unreachable), the CDN may keep serving the last good copy of a
 * public answer for a day after it expired (CloudFront and the twin's CDN honour it).
 */
export const STALE_IF_ERROR = 'stale-if-error=86400';
/**
 * Public reads (API answers and server-rendered pages): the CDN keeps a copy until a write
 * invalidates it (functions/lib/cdn.ts) or a day passes; browsers get `no-cache` instead (the CDN's
 * response headers policy rewrites it, as the local gateway does), so they revalidate every time
 * and a revalidation of an unchanged answer is a 304.
 */
export const PUBLIC_CACHE = { 'cache-control': `public, max-age=0, s-maxage=86400, ${STALE_IF_ERROR}` };
/** Public but never stored by the CDN (pages whose content a write cannot name, e.g. /locked-content). */
export const REVALIDATE = { 'cache-control': 'public, max-age=0, s-maxage=0' };
/** An answer no cache may keep: every failure (5xx) carries it, so a brief failure is never served again. */
export const NO_STORE = { 'cache-control': 'no-store' };

/** A caller's own data: never stored by the CDN or a shared cache. */
export const PERSONAL = { 'cache-control': 'private, no-store' };

/** A strong ETag of a body: the same bytes always give the same tag, on every instance. */
export const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** Whether an If-None-Match header names this ETag (weak or strong) or `*`: the sender already holds it. */
export function holdsVersion(ifNoneMatch: string | undefined, etag: string) {
  const held = ifNoneMatch?.split(',').map((t) => t.trim().replace(/^W\//, ''));
  return !!held && (held.includes(etag) || held.includes('*'));
}

/**
 * GET answers that may be cached get an ETag; a request that already holds that version
 * (If-None-Match) gets 304 with no body.
 */
export function conditional(result: Result, ifNoneMatch: string | undefined): Result {
  const headers = result.headers ?? {};
  if ((result.statusCode ?? 200) !== 200 || typeof result.body !== 'string' || !/public/.test(String(headers['cache-control']))) return result;
  const etag = etagOf(result.body);
  const withTag = { ...headers, etag };
  if (holdsVersion(ifNoneMatch, etag)) return { statusCode: 304, headers: withTag, body: '' };
  return { ...result, headers: withTag };
}
