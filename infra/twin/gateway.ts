/**
 * The local gateway: one HTTP server standing in for CloudFront + API Gateway.
 *  - /api/*       the route table's handlers, called with API Gateway v2 events; protected routes
 *                 get their JWT verified first, as the HTTP API authorizer would (401 otherwise)
 *  - /media/{bucket}/{key}  objects from s3rver, HTTP Range passed through (206)
 *  - /s3/*        presigned POST uploads, proxied to s3rver so the browser stays same-origin, once
 *                 S3's POST policy checks pass (s3rver has none: s3-post-policy.ts)
 *  - /cognito     cognito-local for Amplify and the functions, with what it lacks or allows that
 *                 Cognito does not done as Cognito does it (./cognito.ts)
 *  - /config.json the runtime config the SPA reads (pages carry it inline)
 *  - FORM_PATHS   the render function through the HTTP API's route, which takes a form's unsigned body
 *  - STATIC_PATTERNS the build's files, compressed; everything else (pages, sitemap, robots, feed):
 *                 the render function's URL behind origin access control (both: ./pages.ts)
 * Pages and public API reads pass through LocalCdn, the stand-in for CloudFront's cache (with its
 * invalidation API at POST /2020-05-31/distribution/{id}/invalidation).
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { JwtVerifier } from 'aws-jwt-verify';
import { assertIsJwks } from 'aws-jwt-verify/jwk';
import type { Json } from 'aws-jwt-verify/safe-json-parse';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { apiEvent, lambdaContext } from '../../functions/lib/events.js';
import { bodyLimit, tooLargeText } from '../../functions/lib/http-input.js';
import { decodePath, MALFORMED_PATH, matchRoute, type HandlerName } from '../../functions/routes.js';
import { FORM_PATHS, IMMUTABLE, matchesPattern, MEDIA_HEADERS, PUBLIC_API_PATTERNS, STATIC_PATTERNS } from '../cdk/cdn-rules.js';
import { LocalCdn, sendAnswer, type Answer } from './cdn.js';
import { BUCKETS } from './bootstrap.js';
import { checkPostObject } from './s3-post-policy.js';
import { UPLOAD_RULES } from '../../shared/contracts/media.js';
import type { Ports } from './services.js';
import type { PublicConfig } from '../../shared/render.js';
import { cognitoStandIn } from './cognito.js';
import { headersOf, jsonAnswer, readBody, readBodyUpTo, send, toAnswer, withConditional } from './io.js';
import { formPagesOrigin, loadRender, pagesOrigin } from './pages.js';

export interface GatewayOptions {
  ports: Ports;
  userPoolId: string;
  userPoolClientId: string;
  distDir: string;
  publicConfig: PublicConfig;
}

type Handler = (e: APIGatewayProxyEventV2WithJWTAuthorizer, c: Context) => Promise<APIGatewayProxyStructuredResultV2>;
export { loadRender };
/** Each API function's handler, imported once (after the twin has set the functions' environment). */
const handlerCache = new Map<HandlerName, Promise<Handler>>();
export const loadHandler = (fn: HandlerName) => {
  let handler = handlerCache.get(fn);
  if (!handler) {
    handler = import(`../../functions/handlers/${fn}.ts`).then((m: { handler: Handler }) => m.handler);
    handlerCache.set(fn, handler);
  }
  return handler;
};

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The largest POST to /s3 that any upload policy could allow: the biggest file of UPLOAD_RULES plus
 * the form around it (fields and part headers: about 2 KB; 64 KB is ample). A larger body is refused
 * before it is buffered whole, as S3 stops reading a file past the policy's content-length-range.
 */
export const MAX_UPLOAD_BODY = Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxBytes)) + 64 * 1024;

/**
 * S3's code for a file over the limit, as 413 (a body over the gateway's limit), answered at once.
 * The rest of the body is read and dropped, never stored: closing the connection now could reset
 * it before the client has read the answer. A client still sending after 5 s is cut off.
 */
function uploadTooLarge(req: IncomingMessage, res: ServerResponse) {
  const cut = setTimeout(() => req.socket.destroy(), 5000).unref();
  req.once('close', () => clearTimeout(cut));
  req.resume();
  res
    .writeHead(413, { 'content-type': 'application/xml' })
    .end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size</Message><MaxSizeAllowed>${MAX_UPLOAD_BODY}</MaxSizeAllowed></Error>`,
    );
}

/**
 * The gateway: each origin of the CloudFront distribution (and the API behind it) is made by its own
 * function below, and `handle` routes a request to one, in the order of the distribution's behaviours.
 */
export async function createGateway(opts: GatewayOptions) {
  const cdn = new LocalCdn();
  const cognitoUrl = `http://127.0.0.1:${opts.ports.cognito}`;
  const api = apiOrigin(cdn, await authorizer(cognitoUrl, opts));
  const cognito = cognitoStandIn(cognitoUrl, {
    userPoolId: opts.userPoolId,
    sesUrl: `http://127.0.0.1:${opts.ports.ses}`,
    productName: opts.publicConfig.productName,
    siteUrl: `http://localhost:${opts.ports.gateway}`,
  });
  const site = siteBucket(opts.distDir);
  const s3 = `http://127.0.0.1:${opts.ports.s3}`;

  /** Answers every request; it never rejects (a failure is logged and answered 500). */
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      if (url.pathname.startsWith('/api/')) return await api(req, res, url);
      if (url.pathname === '/config.json') return sendConfig(req, res, opts);
      if (url.pathname === '/cognito' || url.pathname === '/cognito/') return await cognito(req, res);
      const media = /^\/media\/([^/]+)\/(.+)$/.exec(url.pathname);
      if (media && (req.method === 'GET' || req.method === 'HEAD')) {
        if (!Object.values(BUCKETS).includes(media[1])) return send(res, 404, { message: 'Not Found' });
        return proxy(req, res, `${s3}/${media[1]}/${media[2]}`, undefined, [], MEDIA_HEADERS);
      }
      if (url.pathname.startsWith('/s3/') && req.method === 'POST') return await handleUpload(req, res, url, s3);
      if (req.method === 'POST' && /^\/2020-05-31\/distribution\/[^/]+\/invalidation$/.test(url.pathname)) {
        return cdn.handleInvalidation(req, res, (await readBody(req)).toString('utf8'));
      }
      if ((FORM_PATHS as readonly string[]).includes(url.pathname)) return await formPagesOrigin(cdn, req, res, url);
      if (STATIC_PATTERNS.some((p) => matchesPattern(p, url.pathname))) {
        return req.method === 'GET' || req.method === 'HEAD' ? site(req, res, url) : send(res, 405, { message: 'Method Not Allowed' });
      }
      return await pagesOrigin(cdn, req, res, url);
    } catch (e) {
      console.error('gateway error', e);
      if (!res.headersSent) send(res, 500, { message: 'Internal server error' });
    }
  }
  return http.createServer((req, res) => void handle(req, res));
}

/** The runtime config the SPA reads, with the user pool's endpoint on the host the browser used. */
function sendConfig(req: IncomingMessage, res: ServerResponse, opts: GatewayOptions) {
  const origin = `http://${req.headers.host ?? `localhost:${opts.ports.gateway}`}`;
  send(res, 200, { ...opts.publicConfig, userPoolEndpoint: `${origin}${opts.publicConfig.userPoolEndpoint}` }, { 'cache-control': 'no-cache' });
}

/**
 * The HTTP API's JWT authorizer: it accepts a token of the pool whose aud or client_id is the app
 * client. `npm run invoke` verifies its tokens with it too.
 */
export async function authorizer(cognitoUrl: string, opts: Pick<GatewayOptions, 'userPoolId' | 'userPoolClientId'>) {
  const issuer = `${cognitoUrl}/${opts.userPoolId}`;
  const verifier = JwtVerifier.create({
    issuer,
    audience: null,
    jwksUri: `${issuer}/.well-known/jwks.json`,
    customJwtCheck: ({ payload }) => {
      if (payload.aud !== opts.userPoolClientId && payload.client_id !== opts.userPoolClientId) throw new Error('Wrong audience');
    },
  });
  // aws-jwt-verify refuses to fetch JWKS over http: load them ourselves.
  const jwks = (await (await fetch(`${issuer}/.well-known/jwks.json`)).json()) as Json;
  assertIsJwks(jwks);
  verifier.cacheJwks(jwks);
  return verifier;
}

type Verifier = Awaited<ReturnType<typeof authorizer>>;
type RouteMatch = NonNullable<ReturnType<typeof matchRoute>>;

/** /api/*: the route table's handlers behind the authorizer; public GETs of PUBLIC_API_PATTERNS through the CDN's cache. */
function apiOrigin(cdn: LocalCdn, verifier: Verifier) {
  return async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (decodePath(url.pathname) === undefined) return send(res, 400, { message: MALFORMED_PATH });
    const match = matchRoute(req.method ?? 'GET', url.pathname);
    if (!match) return send(res, 404, { message: 'Not Found' });
    const headers = headersOf(req);
    // CloudFront appends the viewer's address to X-Forwarded-For before the API sees it.
    headers['x-forwarded-for'] = [headers['x-forwarded-for'], req.socket.remoteAddress ?? ''].filter(Boolean).join(', ');
    const cacheable = req.method === 'GET' && match.route.access === 'public' && PUBLIC_API_PATTERNS.some((p) => matchesPattern(p, url.pathname));
    if (!cacheable) return sendAnswer(req, res, await callApi(verifier, req, url, match, headers));
    await cdn.serve(req, res, url.pathname + url.search, (inm) => callApi(verifier, req, url, match, withConditional(headers, inm)), {
      keyOnAuthorization: true,
    });
  };
}

/** Calls the route's handler as API Gateway would; `headers` are what reach the origin. */
async function callApi(verifier: Verifier, req: IncomingMessage, url: URL, match: RouteMatch, headers: Record<string, string>): Promise<Answer> {
  let claims: Record<string, unknown> | undefined;
  if (match.route.access !== 'public') {
    const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    try {
      if (!token) throw new Error('no token');
      claims = await verifier.verify(token);
    } catch {
      return jsonAnswer(401, { message: 'Unauthorized' });
    }
  }
  // API Gateway and Lambda refuse oversized payloads before any code runs; the twin refuses what the route would.
  const limit = bodyLimit(match.route);
  const body = await readBodyUpTo(req, limit);
  if (!body) {
    // Read the rest (dropped) so the client, still sending, gets the answer rather than a broken pipe.
    if (!req.readableEnded) await new Promise((done) => req.on('end', done).on('error', done).resume());
    return jsonAnswer(413, { message: tooLargeText(limit) });
  }
  const event = apiEvent({
    method: req.method ?? 'GET',
    path: url.pathname,
    query: url.search.slice(1),
    route: match.route,
    params: match.params,
    headers,
    body: body.length ? body.toString('utf8') : undefined,
    claims,
    sourceIp: req.socket.remoteAddress ?? '',
  });
  const handler = await loadHandler(match.route.fn);
  return toAnswer(await handler(event, lambdaContext(match.route.fn, event.requestContext.requestId)));
}

/** A browser upload (presigned POST) to s3rver, once S3's checks pass: the body's size, then the POST policy. */
async function handleUpload(req: IncomingMessage, res: ServerResponse, url: URL, s3: string) {
  const body = await readBodyUpTo(req, MAX_UPLOAD_BODY);
  if (!body) return uploadTooLarge(req, res);
  const refused = await checkPostObject(url.pathname.slice(4), url.search, req.headers['content-type'], body);
  if (refused) return void res.writeHead(refused.status, { 'content-type': 'application/xml' }).end(refused.body);
  proxy(req, res, `${s3}/${url.pathname.slice(4)}${url.search}`, body);
}

function proxy(req: IncomingMessage, res: ServerResponse, target: string, body?: Buffer, pass: string[] = [], extra: Record<string, string> = {}) {
  const headers: Record<string, string> = {};
  for (const h of ['content-type', 'range', 'if-none-match', 'if-modified-since', 'x-amz-target', 'content-length', ...pass]) {
    const v = req.headers[h];
    if (typeof v === 'string') headers[h] = v;
  }
  if (body) headers['content-length'] = String(body.length);
  const up = http.request(target, { method: req.method, headers }, (r) => {
    const out: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(r.headers))
      if (v !== undefined && !['connection', 'transfer-encoding', 'access-control-allow-origin'].includes(k)) out[k] = v;
    res.writeHead(r.statusCode ?? 502, { ...out, ...extra });
    r.pipe(res);
  });
  up.on('error', () => send(res, 502, { message: 'Upstream unavailable' }));
  if (body) up.end(body);
  else req.pipe(up);
}

/** The site bucket's files (STATIC_PATTERNS), read once per change: hashed ones immutable, the rest revalidated. */
function siteBucket(distDir: string) {
  const cache = new Map<string, { mtime: number; body: Buffer; encoded: Map<string, Buffer> }>();
  return (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const decoded = decodePath(url.pathname);
    if (decoded === undefined) return void res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end(MALFORMED_PATH);
    const file = path.join(distDir, path.normalize(decoded).replace(/^(\.\.[/\\])+/, ''));
    if (!existsSync(file) || !statSync(file).isFile()) return send(res, 404, { message: 'Not Found' });
    const stat = statSync(file);
    let cached = cache.get(file);
    if (!cached || cached.mtime !== stat.mtimeMs) {
      cached = { mtime: stat.mtimeMs, body: readFileSync(file), encoded: new Map() };
      cache.set(file, cached);
    }
    const headers = {
      'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': url.pathname.startsWith('/static/') ? IMMUTABLE : 'no-cache',
    };
    sendAnswer(req, res, { status: 200, headers, body: cached.body }, cached.encoded);
  };
}
