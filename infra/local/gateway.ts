/**
 * The local gateway: one HTTP server standing in for CloudFront + API Gateway.
 *  - /api/*       the route table's handlers, called with API Gateway v2 events; protected routes
 *                 get their JWT verified first, as the HTTP API authorizer would (401 otherwise)
 *  - /media/{bucket}/{key}  objects from s3rver, HTTP Range passed through (206)
 *  - /s3/*        presigned POST uploads, proxied to s3rver so the browser stays same-origin
 *  - /cognito     cognito-local for Amplify, with GetTokensFromRefreshToken mapped onto
 *                 InitiateAuth REFRESH_TOKEN_AUTH (cognito-local lacks it)
 *  - /config.json the runtime config the SPA reads; everything else: the built SPA.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { matchRoute, type HandlerName } from '../../functions/routes.js';
import { CONTENT_SECURITY_POLICY } from '../csp.js';
import { BUCKETS } from './bootstrap.js';
import type { Ports } from './services.js';

export interface GatewayOptions {
  ports: Ports;
  userPoolId: string;
  userPoolClientId: string;
  distDir: string;
  productName: string;
}

type Handler = (e: APIGatewayProxyEventV2WithJWTAuthorizer, c: Context) => Promise<APIGatewayProxyStructuredResultV2>;
const handlerCache = new Map<HandlerName, Promise<Handler>>();
const loadHandler = (fn: HandlerName) => {
  if (!handlerCache.has(fn)) handlerCache.set(fn, import(`../../functions/handlers/${fn}.ts`).then((m) => m.handler as Handler));
  return handlerCache.get(fn)!;
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

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

export async function createGateway(opts: GatewayOptions) {
  const cognitoUrl = `http://127.0.0.1:${opts.ports.cognito}`;
  const issuer = `${cognitoUrl}/${opts.userPoolId}`;
  // The HTTP API authorizer accepts a token whose aud or client_id is the app client.
  const verifier = JwtRsaVerifier.create({
    issuer,
    audience: null,
    jwksUri: `${issuer}/.well-known/jwks.json`,
    customJwtCheck: ({ payload }) => {
      if (payload.aud !== opts.userPoolClientId && payload.client_id !== opts.userPoolClientId) throw new Error('Wrong audience');
    },
  });
  // aws-jwt-verify refuses to fetch JWKS over http: load them ourselves.
  const jwks = await (await fetch(`${issuer}/.well-known/jwks.json`)).json();
  verifier.cacheJwks(jwks);

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const match = matchRoute(req.method ?? 'GET', url.pathname);
    if (!match) return send(res, 404, { message: 'Not Found' });
    let claims: Record<string, unknown> | undefined;
    if (match.route.access !== 'public') {
      const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      try {
        if (!token) throw new Error('no token');
        claims = (await verifier.verify(token)) as unknown as Record<string, unknown>;
      } catch {
        return send(res, 401, { message: 'Unauthorized' });
      }
    }
    const body = await readBody(req);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(',') : v;
    const text = body.length ? body.toString('utf8') : undefined;
    const event = {
      version: '2.0',
      routeKey: `${match.route.method} ${match.route.path}`,
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      headers,
      queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : undefined,
      pathParameters: Object.keys(match.params).length ? match.params : undefined,
      body: text,
      isBase64Encoded: false,
      requestContext: {
        accountId: 'local',
        apiId: 'local',
        domainName: req.headers.host ?? 'localhost',
        domainPrefix: 'local',
        requestId: randomUUID(),
        routeKey: `${match.route.method} ${match.route.path}`,
        stage: '$default',
        time: new Date().toISOString(),
        timeEpoch: Date.now(),
        http: { method: req.method!, path: url.pathname, protocol: 'HTTP/1.1', sourceIp: req.socket.remoteAddress ?? '', userAgent: headers['user-agent'] ?? '' },
        authorizer: claims ? { principalId: '', integrationLatency: 0, jwt: { claims, scopes: [] } } : undefined,
      },
    } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
    const context = { getRemainingTimeInMillis: () => 30_000, functionName: match.route.fn, awsRequestId: event.requestContext.requestId } as unknown as Context;
    const handler = await loadHandler(match.route.fn);
    const out = await handler(event, context);
    res.writeHead(out.statusCode ?? 200, out.headers as Record<string, string>);
    res.end(out.body ? (out.isBase64Encoded ? Buffer.from(out.body, 'base64') : out.body) : undefined);
  }

  function proxy(req: IncomingMessage, res: ServerResponse, target: string, body?: Buffer, pass: string[] = []) {
    const headers: Record<string, string> = {};
    for (const h of ['content-type', 'range', 'if-none-match', 'if-modified-since', 'x-amz-target', 'content-length', ...pass]) {
      const v = req.headers[h];
      if (typeof v === 'string') headers[h] = v;
    }
    if (body) headers['content-length'] = String(body.length);
    const up = http.request(target, { method: req.method, headers }, (r) => {
      const out: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(r.headers)) if (v !== undefined && !['connection', 'transfer-encoding', 'access-control-allow-origin'].includes(k)) out[k] = v;
      res.writeHead(r.statusCode ?? 502, out);
      r.pipe(res);
    });
    up.on('error', () => send(res, 502, { message: 'Upstream unavailable' }));
    if (body) up.end(body);
    else req.pipe(up);
  }

  async function handleCognito(req: IncomingMessage, res: ServerResponse) {
    if (req.method === 'OPTIONS') return cors(res).end();
    let body = await readBody(req);
    if (req.headers['x-amz-target'] === 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken') {
      const b = JSON.parse(body.toString('utf8'));
      req.headers['x-amz-target'] = 'AWSCognitoIdentityProviderService.InitiateAuth';
      body = Buffer.from(JSON.stringify({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: b.ClientId, AuthParameters: { REFRESH_TOKEN: b.RefreshToken } }));
    }
    proxy(req, res, `${cognitoUrl}/`, body);
  }

  function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL) {
    let file = path.join(opts.distDir, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''));
    const isFile = existsSync(file) && statSync(file).isFile();
    if (!isFile) {
      // Client-side routes (no extension) get the SPA; a missing asset is a real 404.
      if (path.extname(url.pathname)) return send(res, 404, { message: 'Not Found' });
      file = path.join(opts.distDir, 'index.html');
      if (!existsSync(file)) return send(res, 503, { message: 'The site is not built: run npm run build' });
    }
    const ext = path.extname(file);
    const immutable = url.pathname.startsWith('/static/');
    res.writeHead(200, {
      'content-type': MIME[ext] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      // The same CSP CloudFront sends, so the browser tests catch violations before a deploy does.
      ...(ext === '.html' ? { 'content-security-policy': CONTENT_SECURITY_POLICY } : {}),
    });
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).pipe(res);
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      if (url.pathname.startsWith('/api/')) return await handleApi(req, res, url);
      if (url.pathname === '/config.json') {
        const origin = `http://${req.headers.host ?? `localhost:${opts.ports.gateway}`}`;
        return send(res, 200, {
          productName: opts.productName,
          apiBase: '/api',
          region: 'us-east-1',
          userPoolId: opts.userPoolId,
          userPoolClientId: opts.userPoolClientId,
          userPoolEndpoint: `${origin}/cognito`,
          mediaBaseUrl: '/media',
        }, { 'cache-control': 'no-cache' });
      }
      if (url.pathname === '/cognito' || url.pathname === '/cognito/') return await handleCognito(req, res);
      const media = /^\/media\/([^/]+)\/(.+)$/.exec(url.pathname);
      if (media && (req.method === 'GET' || req.method === 'HEAD')) {
        if (!Object.values(BUCKETS).includes(media[1])) return send(res, 404, { message: 'Not Found' });
        return proxy(req, res, `http://127.0.0.1:${opts.ports.s3}/${media[1]}/${media[2]}`);
      }
      if (url.pathname.startsWith('/s3/') && req.method === 'POST') {
        return proxy(req, res, `http://127.0.0.1:${opts.ports.s3}/${url.pathname.slice(4)}${url.search}`);
      }
      if (req.method === 'GET' || req.method === 'HEAD') return serveStatic(req, res, url);
      send(res, 405, { message: 'Method Not Allowed' });
    } catch (e) {
      console.error('gateway error', e);
      if (!res.headersSent) send(res, 500, { message: 'Internal server error' });
    }
  });
  return server;
}

function cors(res: ServerResponse) {
  res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'POST, OPTIONS' });
  return res;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
