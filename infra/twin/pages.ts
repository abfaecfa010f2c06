/**
 * The render function behind the local gateway, reached as CloudFront reaches it (infra/cdk/constructs/site.ts):
 *  - every page path but FORM_PATHS: its function URL behind origin access control (pagesOrigin);
 *  - FORM_PATHS: the HTTP API's `ANY {path}` route to it (formPagesOrigin, constructs/forms.ts).
 * Both through LocalCdn, the stand-in for CloudFront's cache of pages (keyed on the path alone).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { FORM_BODY_LIMIT } from '../../functions/handlers/render.js';
import { SECURITY_HEADERS } from '../cdk/csp.js';
import { sendAnswer, type LocalCdn } from './cdn.js';
import { headersOf, readBodyUpTo, send, toAnswer, withConditional } from './io.js';

type RenderHandler = (e: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;
let renderHandler: Promise<RenderHandler> | undefined;
/** The render function's handler, imported once (after the twin has set the functions' environment). */
export const loadRender = () => (renderHandler ??= import('../../functions/handlers/render.ts').then((m) => m.handler));

/** The largest request a Lambda function URL takes (6 MB: https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html). */
const FUNCTION_URL_MAX_BODY = 6 * 1024 * 1024;
/** Lambda's answer to a request its IAM auth refuses. */
const FUNCTION_URL_FORBIDDEN = {
  Message: 'Forbidden. For troubleshooting Function URL authorization issues, see: https://docs.aws.amazon.com/lambda/latest/dg/urls-auth.html',
};

/** A payload 2.0 event as the function URL or the API route delivers it; `method` HEAD is sent as GET. */
function pageEvent(req: IncomingMessage, url: URL, headers: Record<string, string>, via: 'url' | 'api', body?: Buffer) {
  const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
  return {
    version: '2.0',
    routeKey: via === 'api' ? `ANY ${url.pathname}` : '$default',
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    ...(body ? { body: body.toString('base64'), isBase64Encoded: true } : {}),
    requestContext: {
      domainName: via === 'api' ? 'twin.execute-api.localhost' : 'twin.lambda-url.localhost.on.aws',
      http: { method, path: url.pathname, sourceIp: req.socket.remoteAddress ?? '' },
    },
  } as unknown as APIGatewayProxyEventV2;
}

/**
 * CloudFront's origin access control signs a POST or PUT body to a Lambda function URL only with the
 * SHA-256 the viewer sends in x-amz-content-sha256, and Lambda refuses an unsigned payload or one whose
 * hash does not match (403):
 * https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/private-content-restricting-access-to-lambda.html
 * A browser's form never sends it: a form whose page comes from the function URL fails here as on AWS.
 * (The distribution's page behaviours take GET and HEAD only, so CloudFront refuses other methods with
 * 403 itself; this is the rule a POST-capable behaviour to the function URL would meet.)
 * Answers the refusal and says true, or says false with the body read (a signed one, or none).
 */
async function refusedUnsignedBody(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  if (req.method !== 'POST' && req.method !== 'PUT') return false;
  const body = await readBodyUpTo(req, FUNCTION_URL_MAX_BODY);
  if (!body) {
    if (!req.readableEnded) await new Promise((done) => req.on('end', done).on('error', done).resume());
    send(res, 413, { Message: 'Request must be smaller than 6291456 bytes for the InvokeFunction operation' });
    return true;
  }
  if (!body.length) return false;
  const sent = String(req.headers['x-amz-content-sha256'] ?? '').toLowerCase();
  if (sent === createHash('sha256').update(body).digest('hex')) return false;
  send(res, 403, FUNCTION_URL_FORBIDDEN, { 'x-amzn-errortype': 'AccessDeniedException' });
  return true;
}

/**
 * Every page path but FORM_PATHS: the render function's URL, as CloudFront's default behaviour calls
 * it. GET and HEAD through the page cache; a POST or PUT body meets origin access control first, and
 * the function then refuses any method but GET and HEAD (405).
 */
export async function pagesOrigin(cdn: LocalCdn, req: IncomingMessage, res: ServerResponse, url: URL) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    if (await refusedUnsignedBody(req, res)) return;
    return send(res, 405, { message: 'Method Not Allowed' }, { allow: 'GET, HEAD' });
  }
  const render = await loadRender();
  const headers = headersOf(req);
  // Neither cookies nor Authorization reach the render origin: nothing personal can be cached.
  delete headers.cookie;
  delete headers.authorization;
  // Pages are keyed on the path alone (CloudFront's pages cache policy): a tracking query does not
  // make a copy that invalidating the path would miss. Pages that read the query are never stored.
  await cdn.serve(req, res, url.pathname, async (inm) =>
    toAnswer(await render(pageEvent(req, url, withConditional(headers, inm), 'url')), { ...SECURITY_HEADERS }),
  );
}

/**
 * FORM_PATHS: CloudFront's form behaviour to the API origin, whose `ANY {path}` route calls the render
 * function with any body, unsigned. The page's cache for GET and HEAD, the form's POST straight through.
 * What reaches it: the form's origin request policy (the viewer's Host as x-forwarded-host, set by the
 * behaviour's function; Origin; Content-Type), and X-Forwarded-For. CloudFront also adds the origin
 * secret; the twin has none (FORM_ORIGIN_SECRET_ARN is unset, as ORIGIN_SECRET_ARN for /api/*).
 */
export async function formPagesOrigin(cdn: LocalCdn, req: IncomingMessage, res: ServerResponse, url: URL) {
  const render = await loadRender();
  const viewer = headersOf(req);
  const headers: Record<string, string> = { 'x-forwarded-host': req.headers.host ?? '' };
  for (const k of ['origin', 'content-type']) if (viewer[k]) headers[k] = viewer[k];
  // CloudFront appends the viewer's address to X-Forwarded-For before the origin sees it.
  headers['x-forwarded-for'] = [viewer['x-forwarded-for'], req.socket.remoteAddress ?? ''].filter(Boolean).join(', ');
  if (req.method === 'GET' || req.method === 'HEAD') {
    return cdn.serve(req, res, url.pathname, async (inm) =>
      toAnswer(await render(pageEvent(req, url, withConditional(headers, inm), 'api')), { ...SECURITY_HEADERS }),
    );
  }
  // Never cached (the pages cache policy stores GET and HEAD only). Bounded here, as the twin buffers it.
  const body = await readBodyUpTo(req, FORM_BODY_LIMIT);
  if (!body) return send(res, 413, { message: 'Request too large' });
  sendAnswer(req, res, toAnswer(await render(pageEvent(req, url, headers, 'api', body)), { ...SECURITY_HEADERS }));
}
