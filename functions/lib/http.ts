/**
 * HTTP plumbing for every handler module: a middy stack (JSON body, admin guard, error mapping) and
 * a tiny router that dispatches on the API Gateway v2 routeKey. Access rules come from the route
 * table, so a route's protection is declared once.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import middy from '@middy/core';
import { createHash } from 'node:crypto';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import * as z from 'zod';
import { routes, routeKey, type Access } from '../routes.js';
import { fieldErrors } from '../shared/schemas.js';
import { callerOf, type Caller } from './auth.js';
import { config } from './config.js';
import { DomainError, forbidden, notFound, STALE_TEXT, type ErrorKind } from './errors.js';
import { ADMIN_ONLY_TEXT } from '../shared/product.js';
import { logger, metrics } from './powertools.js';

export type Event = APIGatewayProxyEventV2WithJWTAuthorizer;
export type Result = APIGatewayProxyStructuredResultV2;

/** Each domain error's HTTP status: the one place where what went wrong becomes a status code. */
export const STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  unsupported: 415,
  'too-many': 429,
  upstream: 502,
};
/** The header CloudFront's /api/* origin adds (infra/constructs/site.ts): see config.originVerify. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

export interface Request {
  event: Event;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  caller?: Caller;
}
export type RouteHandler = (req: Request) => Promise<Result | unknown>;

/**
 * Public reads (API answers and server-rendered pages): the CDN keeps a copy until a write
 * invalidates it (functions/lib/cdn.ts) or a day passes; browsers get `no-cache` instead (the CDN's
 * response headers policy rewrites it, as the local gateway does), so they revalidate every time
 * and a revalidation of an unchanged answer is a 304.
 */
export const PUBLIC_CACHE = { 'cache-control': 'public, max-age=0, s-maxage=86400' };
/** Public but never stored by the CDN (pages whose content a write cannot name, e.g. /locked-content). */
export const REVALIDATE = { 'cache-control': 'public, max-age=0, s-maxage=0' };

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
  const headers = (result.headers ?? {}) as Record<string, string>;
  if ((result.statusCode ?? 200) !== 200 || typeof result.body !== 'string' || !/public/.test(String(headers['cache-control']))) return result;
  const etag = etagOf(result.body);
  const withTag = { ...headers, etag };
  if (holdsVersion(ifNoneMatch, etag)) return { statusCode: 304, headers: withTag, body: '' };
  return { ...result, headers: withTag };
}

export const json = (statusCode: number, body: unknown, headers: Record<string, string> = {}): Result => ({
  statusCode,
  headers: { 'content-type': 'application/json', ...headers },
  body: body === undefined ? '' : JSON.stringify(body),
});

/** Parses input with a shared schema; failures become 400 with the spec's texts per field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const r = schema.safeParse(input);
  if (!r.success) {
    const fields = fieldErrors(r.error);
    throw new DomainError('invalid', Object.values(fields)[0] ?? 'Invalid input', fields);
  }
  return r.data;
}

const accessOf = new Map<string, Access>(routes.map((r) => [routeKey(r), r.access]));

export interface RouterOptions {
  /**
   * Confirms that a caller whose token says admin is still in the group (./admins.ts). Required
   * when the table has admin routes; injected rather than imported here, so that functions without
   * admin routes neither bundle the Cognito client nor get its IAM grant.
   */
  confirmAdmin?: (sub: string) => Promise<boolean>;
}

/** Builds a Lambda handler from `routeKey -> handler` entries of the route table. */
export function router(table: Record<string, RouteHandler>, { confirmAdmin }: RouterOptions = {}) {
  for (const key of Object.keys(table)) if (!accessOf.has(key)) throw new Error(`${key} is not in the route table`);
  if (!confirmAdmin && Object.keys(table).some((key) => accessOf.get(key) === 'admin')) throw new Error('A router with admin routes needs confirmAdmin');

  const base = async (event: Event): Promise<Result> => {
    // Only through CloudFront (and its WAF): the raw execute-api URL answers nothing.
    if (config.originVerify && event.headers?.[ORIGIN_VERIFY_HEADER] !== config.originVerify) throw forbidden('Forbidden');
    const fn = table[event.routeKey];
    if (!fn) throw notFound();
    const req: Request = {
      event,
      params: (event.pathParameters ?? {}) as Record<string, string>,
      query: (event.queryStringParameters ?? {}) as Record<string, string>,
      body: parseBody(event),
      caller: callerOf(event),
    };
    const access = accessOf.get(event.routeKey);
    if (access !== 'public') {
      if (!req.caller) throw new DomainError('unauthorized', 'Unauthorized');
      if (access === 'admin' && !(req.caller.isAdmin && (await confirmAdmin!(req.caller.sub)))) throw forbidden(ADMIN_ONLY_TEXT);
    }
    const out = await fn(req);
    const result = out && typeof out === 'object' && 'statusCode' in out ? (out as Result) : out === undefined ? json(204, undefined) : json(200, out);
    return event.requestContext?.http?.method === 'GET' ? conditional(result, event.headers?.['if-none-match']) : result;
  };

  return middy<Event, Result>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(logMetrics(metrics, { captureColdStartMetric: true }))
    .use(correlation())
    .use(errorMapper())
    .handler(base);
}

/**
 * Every log line of a request carries its correlation id: the caller's X-Correlation-Id when it
 * sends one (bounded), else API Gateway's request id. Answers echo it, so a report can be traced.
 */
function correlation(): middy.MiddlewareObj<Event, Result> {
  const idOf = (event: Event) => {
    const given = event.headers?.['x-correlation-id'];
    return given && /^[\w.-]{1,100}$/.test(given) ? given : (event.requestContext?.requestId ?? 'local');
  };
  return {
    before: async (request) => logger.setCorrelationId(idOf(request.event)),
    after: async (request) => tag(request),
    // After errorMapper's onError (middy runs them in reverse), so error answers carry it too.
    onError: async (request) => tag(request),
  };
  function tag(request: middy.Request<Event, Result>) {
    if (!request.response) return;
    request.response.headers = { ...request.response.headers, 'x-correlation-id': idOf(request.event) };
    // One count per answer by class: a rise of 4xx is abuse or a broken client, of 5xx a defect.
    const status = request.response.statusCode ?? 200;
    metrics.addMetric(status >= 500 ? 'ServerErrors' : status >= 400 ? 'ClientErrors' : 'Successes', MetricUnit.Count, 1);
  }
}

/**
 * Who sent a request, for per-client limits: the viewer address CloudFront appends last to
 * X-Forwarded-For (anything a client puts there itself comes before it), else the connection's.
 * Behind CloudFront the connection API Gateway saw is CloudFront's: if API Gateway appended that
 * address too, it is skipped (not verified in AWS from here; harmless when it does not).
 */
export function clientIp(event: Event): string {
  const sourceIp = event.requestContext?.http?.sourceIp;
  const forwarded = event.headers?.['x-forwarded-for']?.split(',').map((s) => s.trim()).filter(Boolean) ?? [];
  if (config.originVerify) while (forwarded.length > 1 && forwarded.at(-1) === sourceIp) forwarded.pop();
  return forwarded.at(-1) ?? sourceIp ?? 'unknown';
}

/** The largest body a route takes (a long blog post fits many times over); larger gets 413. */
export const MAX_BODY_BYTES = 256 * 1024;

/**
 * The JSON body. Only `application/json` is taken (415 otherwise): a form on any other site can make
 * a visitor's browser POST text/plain or form data here without asking, but not JSON.
 */
function parseBody(event: Event): unknown {
  if (!event.body) return undefined;
  const type = String(event.headers?.['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') throw new DomainError('unsupported', 'Send the request body as application/json');
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new DomainError('too-large', `The request body is larger than ${MAX_BODY_BYTES / 1024} KB`);
  try {
    return JSON.parse(text);
  } catch {
    throw new DomainError('invalid', 'The request body is not valid JSON');
  }
}

/** middy onError: client errors keep their status and text; anything else is a logged 500. */
function errorMapper(): middy.MiddlewareObj<Event, Result> {
  return {
    onError: async (request) => {
      const err = request.error;
      if (err instanceof DomainError) {
        const headers: Record<string, string> = err.retryAfter !== undefined ? { 'retry-after': String(err.retryAfter) } : {};
        request.response = json(STATUS_OF[err.kind], { message: err.message, ...(err.fields ? { fields: err.fields } : {}) }, headers);
        return;
      }
      // A conditional write that lost a race (the data layer did not name it): a stale version.
      if (err && (err as { name?: string }).name === 'ConditionalCheckFailedException') {
        request.response = json(STATUS_OF.conflict, { message: STALE_TEXT });
        return;
      }
      logger.error('unhandled error', { routeKey: request.event?.routeKey, error: err as Error });
      request.response = json(500, { message: 'Internal server error' });
    },
  };
}
