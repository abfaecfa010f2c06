/**
 * The plain HTTP plumbing of the local gateway and its origins: reading a request's body (whole, or
 * up to a limit), the headers as an origin gets them, a Lambda answer as an HTTP answer, JSON replies.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { Answer } from './cdn.js';

export const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** The body, or undefined as soon as Content-Length or the bytes received pass `limit` (the rest is discarded). */
export const readBodyUpTo = (req: IncomingMessage, limit: number) =>
  new Promise<Buffer | undefined>((resolve, reject) => {
    if (Number(req.headers['content-length']) > limit) return resolve(undefined);
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      chunks.push(c);
      if (size <= limit) return;
      req.off('data', onData); // still flowing: what follows is read and dropped
      chunks.length = 0;
      resolve(undefined);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** The request's headers as an origin gets them (If-None-Match is the CDN's to send: withConditional). */
export function headersOf(req: IncomingMessage) {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(',') : v;
  delete headers['if-none-match'];
  return headers;
}
export const withConditional = (headers: Record<string, string>, inm?: string) => (inm ? { ...headers, 'if-none-match': inm } : headers);

/** A Lambda's answer (payload 2.0) as an HTTP answer, with `extra` headers (the CDN's) under the function's own. */
export function toAnswer(out: APIGatewayProxyStructuredResultV2, extra: Record<string, string> = {}): Answer {
  const headers: Record<string, string> = { ...extra };
  for (const [k, v] of Object.entries(out.headers ?? {})) headers[k.toLowerCase()] = String(v);
  const body = out.body ? (out.isBase64Encoded ? Buffer.from(out.body, 'base64') : Buffer.from(out.body)) : Buffer.alloc(0);
  return { status: out.statusCode ?? 200, headers, body };
}
export const jsonAnswer = (status: number, body: unknown): Answer => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: Buffer.from(JSON.stringify(body)),
});

export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
