/**
 * What a request brings before its route's schemas read it: the JSON body (type and size checked)
 * and the client's address for per-client limits. The router (./http.ts), the local gateway and
 * `npm run invoke` apply the same limits.
 */
import type { RouteDef } from '../routes.js';
import { config } from './config.js';
import { DomainError } from './errors.js';

/** The parts of an HTTP API event (./http.ts `Event`) these read. */
interface Incoming {
  body?: string;
  isBase64Encoded?: boolean;
  headers?: Record<string, string | undefined>;
  requestContext?: { http?: { sourceIp?: string } };
}

/**
 * Who sent a request, for per-client limits: the viewer address CloudFront appends last to
 * X-Forwarded-For (anything a client puts there itself comes before it), else the connection's.
 * Behind CloudFront the connection API Gateway saw is CloudFront's: if API Gateway appended that
 * address too, it is skipped (not verified in AWS from here; harmless when it does not).
 */
export function clientIp(event: Incoming): string {
  const sourceIp = event.requestContext?.http?.sourceIp;
  const forwarded =
    event.headers?.['x-forwarded-for']
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean) ?? [];
  if (config.originSecretArn) while (forwarded.length > 1 && forwarded.at(-1) === sourceIp) forwarded.pop();
  return forwarded.at(-1) ?? sourceIp ?? 'unknown';
}

/** The largest body a route takes (a long blog post fits many times over); larger gets 413. */
export const MAX_BODY_BYTES = 256 * 1024;
/** A route's own limit (`maxBodyBytes` in the route table), else MAX_BODY_BYTES. The local gateway applies it too. */
export const bodyLimit = (route: Pick<RouteDef, 'maxBodyBytes'> | undefined) => route?.maxBodyBytes ?? MAX_BODY_BYTES;
export const tooLargeText = (limit: number) =>
  `The request body is larger than ${limit >= 1024 * 1024 ? `${+(limit / (1024 * 1024)).toFixed(1)} MB` : `${limit / 1024} KB`}`;

/**
 * The JSON body. Only `application/json` is taken (415 otherwise): a form on any other site can make
 * a visitor's browser POST text/plain or form data here without asking, but not JSON.
 */
export function parseBody(event: Incoming, limit: number): unknown {
  if (!event.body) return undefined;
  const type = (event.headers?.['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') throw new DomainError('unsupported', 'Send the request body as application/json');
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(text) > limit) throw new DomainError('too-large', tooLargeText(limit));
  try {
    return JSON.parse(text);
  } catch {
    throw new DomainError('invalid', 'The request body is not valid JSON');
  }
}
