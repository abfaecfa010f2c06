/**
 * The local stand-in for CloudFront's cache, in front of the render function and the public API
 * reads, with the distribution's rules (../cdn-rules.ts):
 *  - the caller gives the cache key (pages: the path; public API reads: path and query); pages never
 *    see cookies or Authorization (the gateway strips them) and are shared whatever the request
 *    carried; on the public API reads, whose key includes Authorization in CloudFront, a request
 *    that carries it bypasses the store;
 *  - an answer is stored for its `s-maxage` (never when private, no-store or s-maxage=0, never a 5xx)
 *    and served with `x-cache: Hit|Miss from cloudfront`; an If-None-Match that matches its ETag gets 304;
 *  - an expired answer with `stale-if-error=N` is kept N seconds more and served (`RefreshHit`) when
 *    the origin answers 5xx or cannot be reached (then a 502, as CloudFront answers for a failed function);
 *  - browsers get VIEWER_CACHE_CONTROL on these answers (CloudFront's response headers policy);
 *  - invalidation takes CloudFront's path rules: an exact key, or a prefix ending in `*`,
 *    through the real CreateInvalidation API (the SDK client of functions/lib/cdn.ts talks to it);
 *  - text answers of 1,000 bytes or more are compressed (br, else gzip), as CloudFront does.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { holdsVersion } from '../../functions/lib/caching.js';
import { VIEWER_CACHE_CONTROL } from '../cdk/cdn-rules.js';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

interface Stored extends Answer {
  expires: number;
  /** Until when an expired copy may stand in for an origin that fails (stale-if-error). */
  staleUntil: number;
  /** Compressed bodies by encoding, made once per stored answer. */
  encoded: Map<string, Buffer>;
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|rss\+xml|ld\+json)|image\/svg\+xml)/;
const MIN_COMPRESS = 1000;

function sharedMaxAge(cacheControl = ''): number {
  if (/(^|,)\s*(private|no-store)\b/.test(cacheControl)) return 0;
  const s = /s-maxage=(\d+)/.exec(cacheControl) ?? /(?:^|,)\s*max-age=(\d+)/.exec(cacheControl);
  return s ? Number(s[1]) : 0;
}

const staleIfError = (cacheControl = '') => Number(/stale-if-error=(\d+)/.exec(cacheControl)?.[1] ?? 0);

/** CloudFront's answer when the origin (the render function) fails outright. */
const BAD_GATEWAY: Answer = {
  status: 502,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  body: Buffer.from('502 Bad Gateway: the origin failed.'),
};

/** Compresses a body for the request's Accept-Encoding, as CloudFront does. */
export function encodeFor(req: IncomingMessage, a: Pick<Answer, 'headers' | 'body'>, cache?: Map<string, Buffer>) {
  const type = a.headers['content-type'] ?? '';
  const accept = req.headers['accept-encoding'] ?? '';
  if (!COMPRESSIBLE.test(type) || a.body.length < MIN_COMPRESS || a.headers['content-encoding']) return { body: a.body, headers: a.headers };
  const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined;
  const vary = { ...a.headers, vary: 'accept-encoding' };
  if (!encoding) return { body: a.body, headers: vary };
  let body = cache?.get(encoding);
  if (!body) {
    body = encoding === 'br' ? brotliCompressSync(a.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }) : gzipSync(a.body, { level: 6 });
    cache?.set(encoding, body);
  }
  return { body, headers: { ...vary, 'content-encoding': encoding } };
}

export function sendAnswer(req: IncomingMessage, res: ServerResponse, a: Answer, cache?: Map<string, Buffer>) {
  // A HEAD answer announces the length its GET would send (as CloudFront does), with no body.
  const { body, headers } = a.status === 304 ? { body: Buffer.alloc(0), headers: a.headers } : encodeFor(req, a, cache);
  res.writeHead(a.status, { ...headers, ...(a.status === 304 ? {} : { 'content-length': String(body.length) }) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

export class LocalCdn {
  private store = new Map<string, Stored>();

  /**
   * Serves a cacheable GET: from the store, or from `origin` (asked without cookies, Authorization
   * or conditional headers when the answer may be stored).
   */
  async serve(
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    origin: (conditional?: string) => Promise<Answer>,
    opts: { keyOnAuthorization?: boolean } = {},
  ) {
    const bypass = !!opts.keyOnAuthorization && !!req.headers.authorization;
    const now = Date.now();
    let hit = bypass ? undefined : this.store.get(key);
    // An expired copy: gone, unless it may still stand in for a failing origin.
    let stale: Stored | undefined;
    if (hit && hit.expires <= now) {
      if (hit.staleUntil > now) stale = hit;
      else this.store.delete(key);
      hit = undefined;
    }
    let answer: Answer;
    let stored: Stored | undefined = hit;
    let cache = hit ? 'Hit' : 'Miss';
    if (hit) answer = hit;
    else {
      answer = await origin(bypass ? req.headers['if-none-match'] : undefined).catch(() => BAD_GATEWAY);
      const cc = answer.headers['cache-control'];
      const ttl = bypass ? 0 : sharedMaxAge(cc);
      if (answer.status >= 500 && stale) {
        answer = stored = stale;
        cache = 'RefreshHit';
      } else if (ttl > 0 && answer.status < 500) {
        const expires = Date.now() + ttl * 1000;
        stored = { ...answer, expires, staleUntil: expires + staleIfError(cc) * 1000, encoded: new Map() };
        this.store.set(key, stored);
      } else if (stale) this.store.delete(key);
    }
    const viewer: Record<string, string> = { ...answer.headers, 'x-cache': `${cache} from cloudfront` };
    if (/\bpublic\b|\bprivate\b/.test(viewer['cache-control'] ?? '')) viewer['cache-control'] = VIEWER_CACHE_CONTROL;
    const etag = answer.headers.etag;
    if (answer.status === 200 && etag && holdsVersion(req.headers['if-none-match'], etag))
      return sendAnswer(req, res, { status: 304, headers: viewer, body: Buffer.alloc(0) });
    sendAnswer(req, res, { ...answer, headers: viewer }, stored?.encoded);
  }

  /** CloudFront's rules: `/a/b` removes exactly that key, `/a/*` every key that starts with `/a/`. */
  invalidate(paths: string[]) {
    for (const p of paths) {
      const prefix = p.endsWith('*') ? p.slice(0, -1) : undefined;
      for (const key of [...this.store.keys()]) if (prefix !== undefined ? key.startsWith(prefix) : key === p) this.store.delete(key);
    }
  }

  /** POST /2020-05-31/distribution/{id}/invalidation: the CreateInvalidation call of the AWS SDK. */
  handleInvalidation(req: IncomingMessage, res: ServerResponse, body: string) {
    const decode = (s: string) =>
      s
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&');
    const paths = [...body.matchAll(/<Path>([\s\S]*?)<\/Path>/g)].map((m) => decode(m[1]));
    const ref = /<CallerReference>([\s\S]*?)<\/CallerReference>/.exec(body)?.[1] ?? '';
    this.invalidate(paths);
    const id = `I${randomUUID().replace(/-/g, '').slice(0, 13).toUpperCase()}`;
    const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    const xml = `<?xml version="1.0" encoding="UTF-8"?><Invalidation xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Id>${id}</Id><Status>Completed</Status><CreateTime>${new Date().toISOString()}</CreateTime><InvalidationBatch><Paths><Quantity>${paths.length}</Quantity><Items>${paths.map((p) => `<Path>${esc(p)}</Path>`).join('')}</Items></Paths><CallerReference>${esc(ref)}</CallerReference></InvalidationBatch></Invalidation>`;
    res.writeHead(201, { 'content-type': 'text/xml', location: `${req.url}/${id}` });
    res.end(xml);
  }
}
