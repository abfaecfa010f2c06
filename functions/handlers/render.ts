/**
 * The render function: the CloudFront origin of every HTML route (and the local gateway's too).
 * A public page is rendered on the server from the API's own answers (never sent to the browser:
 * the page is not hydrated, its islands read the markup); the CDN keeps it until a write
 * invalidates its path. The back office, sign-in and
 * profile get the bare shell, which the CDN never stores. No cookie or Authorization header
 * reaches this function (the CDN forwards none), so what it renders is the same for everyone.
 * A page's form posted without script (the support form, FORM_PATHS) is answered here too: the
 * API's own handler takes it in-process and the page is rendered with the outcome, never stored.
 * Such a page (GET and POST) comes through the HTTP API, not the function URL, and must carry
 * CloudFront's origin secret (docs/rendering.md "The same HTML for every visitor").
 * A page whose reads fail is never rendered (and so never cached): it answers 503 (500 for a defect)
 * with a readable page and `no-store`, while the CDN serves its last good copy (`stale-if-error`).
 * A preview link (`/preview/{secret}`) renders an item's page with its drafts shown (the same
 * renderer, inside the preview scope), for its holder only: never stored, never indexed.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { decodePath, MALFORMED_PATH, matchRoute, type HandlerName } from '../routes.js';
import { config } from '../lib/config.js';
import { apiEvent, lambdaContext } from '../lib/events.js';
import { isOutage, OUTAGE_RETRY_AFTER } from '../lib/errors.js';
import { failurePage, noticePage } from '../lib/failure-page.js';
import { conditional, NO_STORE, PUBLIC_CACHE, REVALIDATE, STALE_IF_ERROR } from '../lib/caching.js';
import { ORIGIN_VERIFY_HEADER, verifyOrigin } from '../lib/origin-secret.js';
import { withPreview } from '../lib/preview.js';
import { previewPath } from '../data/previews.js';
import { countFailure, logger } from '../lib/powertools.js';
import { manifestJson, robotsTxt, rssXml, sitemapXml } from '../services/seo.js';
import { MANIFEST_PATH, MANIFEST_TYPE } from '../../shared/manifest.js';
import type { ApiAnswer, PublicConfig, RenderEntry } from '../../shared/render.js';
import { api as apiUrls, apiPath, pages as sitePages } from '../../shared/urls.js';
import { handler as blog } from './blog.js';
import { handler as languages } from './languages.js';
import { handler as pages } from './pages.js';
import { handler as settings } from './settings.js';
import { handler as support } from './support.js';

type Result = APIGatewayProxyStructuredResultV2;
/**
 * A page request (from the function URL, or the local gateway). aws-lambda's type says headers are
 * always there; they are read as optional, so a request that carries none still gets its page.
 */
type PageEvent = Omit<APIGatewayProxyEventV2, 'headers'> & { headers?: APIGatewayProxyEventV2['headers'] };

/** The public reads a page may need, answered in-process by the API's own handlers. */
const readers: Partial<Record<HandlerName, typeof pages>> = { blog, languages, pages, settings };

let entry: Promise<RenderEntry> | undefined;
const loadEntry = () => (entry ??= import(pathToFileURL(path.resolve(config.ssrEntry)).href).then((m: { entry: RenderEntry }) => m.entry));

/** A read the page needs failed: the page is not rendered (503), so no cache keeps a broken page. */
class ReadFailed extends Error {}

/**
 * One public read, answered in-process by the API's handler. A 5xx, or a fallback the API marks
 * `no-store` (the settings' defaults when the table cannot be read), is a failed read.
 */
async function answer(key: string): Promise<ApiAnswer> {
  const url = new URL(apiPath(key), 'http://internal');
  const match = matchRoute('GET', url.pathname);
  const read = match?.route.access === 'public' ? readers[match.route.fn] : undefined;
  if (!match || !read) throw new Error(`No public reader for ${key}`);
  const event = apiEvent({ method: 'GET', path: url.pathname, query: url.search.slice(1), route: match.route, params: match.params });
  const out = await read(event, lambdaContext('render', event.requestContext.requestId));
  const status = out.statusCode ?? 200;
  if (status >= 500 || /\bno-store\b/.test(String(out.headers?.['cache-control'] ?? ''))) throw new ReadFailed(`GET ${apiPath(key)} answered ${status}`);
  return { status, body: out.body ? JSON.parse(out.body) : undefined };
}

function siteOrigin(headers: Record<string, string | undefined>) {
  if (config.siteUrl) return config.siteUrl;
  const host = headers['x-forwarded-host'] ?? headers.host ?? 'localhost';
  const proto = headers['x-forwarded-proto'] ?? (/^(localhost|127\.0\.0\.1)(:\d+)?$/.test(host) ? 'http' : 'https');
  return `${proto}://${host}`;
}

function publicConfig(origin: string): PublicConfig {
  const c = JSON.parse(config.publicConfig || '{}') as PublicConfig;
  // The twin's Cognito stand-in sits behind the same origin: a relative endpoint becomes absolute.
  return c.userPoolEndpoint?.startsWith('/') ? { ...c, userPoolEndpoint: `${origin}${c.userPoolEndpoint}` } : c;
}

function untilMidnight() {
  const now = new Date();
  const seconds = Math.floor((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000);
  return { 'cache-control': `public, max-age=0, s-maxage=${Math.max(seconds, 1)}, ${STALE_IF_ERROR}` };
}

/** Crawlers' files, from the same data (and invalidated by the same writes) as the pages. */
const FEEDS: Partial<Record<string, { type: string; body: (origin: string) => Promise<string> }>> = {
  [sitePages.robots]: { type: 'text/plain; charset=utf-8', body: (origin) => Promise.resolve(robotsTxt(origin)) },
  [sitePages.sitemap]: { type: 'application/xml; charset=utf-8', body: sitemapXml },
  [sitePages.rss]: { type: 'application/rss+xml; charset=utf-8', body: (origin) => rssXml(origin, config.productName) },
  [MANIFEST_PATH]: { type: MANIFEST_TYPE, body: () => manifestJson(config.productName) },
};

/** Pages whose content depends on a query no write can name: never stored by the CDN. */
const UNNAMED: string[] = [sitePages.lockedContent, sitePages.search];

/** The largest form a page takes without script (the support form's longest message fits several times). */
export const FORM_BODY_LIMIT = 32 * 1024;
/** The form posted to each form page: the API route that takes it, and the fields it sends. */
const FORMS: Partial<Record<string, { api: string; fields: string[] }>> = {
  [sitePages.support]: { api: apiPath(apiUrls.support), fields: ['name', 'email', 'message'] },
};

/**
 * A form posted without script: only from this site's own pages (a browser always sends Origin
 * with a POST), URL-encoded as a form is; the API's handler answers it in-process, with the
 * visitor's address for its per-client limit, and the page shows the outcome.
 */
async function postForm(event: PageEvent, origin: string, cfg: PublicConfig, render: RenderEntry): Promise<Result> {
  const form = FORMS[event.rawPath];
  const headers = event.headers ?? {};
  if (!form) return { statusCode: 405, headers: { allow: 'GET, HEAD' }, body: '' };
  if (headers.origin !== origin)
    return { statusCode: 403, headers: { 'content-type': 'text/plain; charset=utf-8', ...NO_STORE }, body: 'Forms are accepted from this site only.' };
  if (!headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
    return { statusCode: 415, headers: { 'content-type': 'text/plain; charset=utf-8', ...NO_STORE }, body: 'Send the form as a browser does.' };
  const raw = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
  if (raw.length > FORM_BODY_LIMIT)
    return { statusCode: 413, headers: { 'content-type': 'text/plain; charset=utf-8', ...NO_STORE }, body: 'The form is too large.' };
  const posted = new URLSearchParams(raw.toString('utf8'));
  const values = Object.fromEntries(form.fields.map((f) => [f, posted.get(f) ?? '']));
  const match = matchRoute('POST', form.api);
  if (!match) throw new Error(`No API route for the form of ${event.rawPath}`);
  const api = apiEvent({
    method: 'POST',
    path: form.api,
    query: '',
    route: match.route,
    params: match.params,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': headers['x-forwarded-for'] },
    body: JSON.stringify(values),
    sourceIp: event.requestContext.http.sourceIp,
  });
  const out = await support(api, lambdaContext('render', api.requestContext.requestId));
  const status = out.statusCode ?? 500;
  const body = (out.body ? JSON.parse(out.body) : {}) as { message?: string; fields?: Record<string, string> };
  const ok = status < 300;
  const answers = await answersFor(render.plan(event.rawPath) ?? []);
  const page = await render.render({
    url: event.rawPath,
    origin,
    config: cfg,
    answers,
    form: { values, errors: body.fields ?? {}, result: body.fields ? undefined : { ok, text: body.message ?? '' } },
  });
  const retry = out.headers?.['retry-after'];
  return html(ok ? 200 : status, page.html, { ...NO_STORE, ...(retry ? { 'retry-after': String(retry) } : {}) });
}

const answersFor = async (keys: string[]) => Object.fromEntries(await Promise.all(keys.map(async (k) => [k, await answer(k)] as const)));

const html = (statusCode: number, body: string, cache: Record<string, string>): Result => ({
  statusCode,
  headers: { 'content-type': 'text/html; charset=utf-8', ...cache },
  body,
});

export async function handler(event: PageEvent): Promise<Result> {
  try {
    return await serve(event);
  } catch (e) {
    return failed(event, e);
  }
}

/**
 * A page that could not be made: 503 with Retry-After when a read failed or a service is down, 500
 * for a defect; a readable page, never stored; counted (RenderFailures: ../lib/failure-metrics.ts).
 */
function failed(event: PageEvent, e: unknown): Result {
  const outage = e instanceof ReadFailed || isOutage(e);
  logger.error(outage ? 'page not rendered: a read it needs failed' : 'page not rendered: the renderer failed', { path: event.rawPath, error: e as Error });
  countFailure('RenderFailures', true);
  const page = failurePage(config.productName, event.rawPath, outage);
  return html(outage ? 503 : 500, page, { ...NO_STORE, ...(outage ? { 'retry-after': String(OUTAGE_RETRY_AFTER) } : {}) });
}

/** A preview is its link holder's alone: no cache keeps it, no search engine lists it, no Referer carries its link. */
const PREVIEW_HEADERS = { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex, nofollow', 'referrer-policy': 'no-referrer' };
const PREVIEW_GONE = {
  title: 'Preview not found',
  heading: 'This preview link does not work',
  text: ['It has expired, or it was never made. Ask for a new link in the back office.'],
  link: { href: '/', label: 'Go to the home page' },
};
const PREVIEW_PATH = /^\/preview\/([^/]+)$/;
const PREVIEW_BANNER =
  '<div role="status" style="position:sticky;top:0;z-index:1000;padding:8px 16px;background:#fff4ce;color:#3b2f00;border-bottom:1px solid #d9b300;font:600 14px/1.4 system-ui,sans-serif;text-align:center">' +
  'Preview: this page as it will look when published. Only people with this link can see it.</div>';

/** `/preview/{secret}`: the page of the item the link names, drafts and pending changes shown (404 for an unknown or expired link). */
async function previewPage(secret: string, origin: string, cfg: PublicConfig, render: RenderEntry): Promise<Result> {
  const path = await previewPath(secret);
  const keys = path ? render.plan(path) : null;
  if (!path || !keys) return html(404, noticePage(config.productName, PREVIEW_GONE), PREVIEW_HEADERS);
  const page = await withPreview(async () => render.render({ url: path, origin, config: cfg, answers: await answersFor(keys) }));
  if (page.location) return { statusCode: page.status, headers: { location: page.location, ...PREVIEW_HEADERS }, body: '' };
  return html(
    page.status,
    page.html.replace(/<body[^>]*>/, (body) => body + PREVIEW_BANNER),
    PREVIEW_HEADERS,
  );
}

/**
 * Whether Lambda's IAM auth let the request in: it came to the function URL, whose domain is
 * {url-id}.lambda-url.{region}.on.aws (https://docs.aws.amazon.com/lambda/latest/dg/urls-invocation.html),
 * signed by CloudFront's origin access control. Anything else came through the HTTP API.
 */
const viaFunctionUrl = (event: PageEvent) => /\.lambda-url\.[a-z0-9-]+\.on\.aws$/.test(event.requestContext.domainName);

/**
 * A form page reaches this function through the HTTP API (Api.addFormPages in infra/cdk/constructs/api.ts),
 * whose public URL anyone may call: only with CloudFront's origin secret, as every API function checks it.
 */
async function refusedOrigin(event: PageEvent): Promise<boolean> {
  const secret = config.formOriginSecretArn;
  return !!secret && !viaFunctionUrl(event) && !(await verifyOrigin(event.headers?.[ORIGIN_VERIFY_HEADER], secret));
}

async function serve(event: PageEvent): Promise<Result> {
  if (await refusedOrigin(event)) return { statusCode: 403, headers: { 'content-type': 'text/plain; charset=utf-8', ...NO_STORE }, body: 'Forbidden' };
  // A path that does not decode (`/fr/%E0%A4%A`) names no page: refused before the router or the renderer decodes it.
  if (decodePath(event.rawPath) === undefined)
    return { statusCode: 400, headers: { 'content-type': 'text/plain; charset=utf-8', ...NO_STORE }, body: MALFORMED_PATH };
  const method = event.requestContext.http.method;
  const origin = siteOrigin(event.headers ?? {});
  if (method === 'POST' && FORMS[event.rawPath]) return postForm(event, origin, publicConfig(origin), await loadEntry());
  if (method !== 'GET' && method !== 'HEAD') return { statusCode: 405, headers: { allow: 'GET, HEAD' }, body: '' };
  const url = event.rawPath + (event.rawQueryString ? `?${event.rawQueryString}` : '');
  const feed = FEEDS[event.rawPath];
  if (feed)
    return conditional(
      { statusCode: 200, headers: { 'content-type': feed.type, ...PUBLIC_CACHE }, body: await feed.body(origin) },
      event.headers?.['if-none-match'],
    );
  const cfg = publicConfig(origin);
  const render = await loadEntry();
  const preview = PREVIEW_PATH.exec(event.rawPath);
  if (preview) return previewPage(preview[1], origin, cfg, render);

  const keys = render.plan(url);
  let result: Result;
  if (!keys) {
    // Personal areas: the shell only; browsers revalidate it and the CDN never stores it.
    result = html(200, render.shell(cfg, event.rawPath), { 'cache-control': 'private, no-cache' });
  } else {
    const answers = await answersFor(keys);
    const page = await render.render({ url, origin, config: cfg, answers });
    if (page.status >= 500) throw new Error(`the renderer failed on ${url}`);
    // Pages whose content no write can name (the locked screen's query, a search's) are revalidated,
    // not stored; pages that show today's date are kept until midnight UTC.
    const cache = UNNAMED.includes(event.rawPath) ? REVALIDATE : page.daily ? untilMidnight() : PUBLIC_CACHE;
    result = page.location ? { statusCode: page.status, headers: { location: page.location, ...cache }, body: '' } : html(page.status, page.html, cache);
  }
  return conditional(result, event.headers?.['if-none-match']);
}
