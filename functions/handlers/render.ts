/**
 * The render function: the CloudFront origin of every HTML route (and the local gateway's too).
 * A public page is rendered on the server from the API's own answers, which are inlined for
 * hydration; the CDN keeps it until a write invalidates its path. The back office, sign-in and
 * profile get the bare shell, which the CDN never stores. No cookie or Authorization header
 * reaches this function (the CDN forwards none), so what it renders is the same for everyone.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { matchRoute, type HandlerName } from '../routes.js';
import { config } from '../lib/config.js';
import { apiEvent, lambdaContext } from '../lib/events.js';
import { conditional, PUBLIC_CACHE, REVALIDATE } from '../lib/http.js';
import { robotsTxt, rssXml, sitemapXml } from '../lib/seo.js';
import type { ApiAnswer, PublicConfig, RenderEntry } from '../shared/render.js';
import { handler as blog } from './blog.js';
import { handler as languages } from './languages.js';
import { handler as pages } from './pages.js';
import { handler as settings } from './settings.js';

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

async function answer(key: string): Promise<ApiAnswer> {
  const url = new URL(`/api${key}`, 'http://internal');
  const match = matchRoute('GET', url.pathname);
  const read = match?.route.access === 'public' ? readers[match.route.fn] : undefined;
  if (!match || !read) throw new Error(`No public reader for ${key}`);
  const event = apiEvent({ method: 'GET', path: url.pathname, query: url.search.slice(1), route: match.route, params: match.params });
  const out = await read(event, lambdaContext('render', event.requestContext.requestId));
  return { status: out.statusCode ?? 200, body: out.body ? JSON.parse(out.body) : undefined };
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
  return { 'cache-control': `public, max-age=0, s-maxage=${Math.max(seconds, 1)}` };
}

/** Crawlers' files, from the same data (and invalidated by the same writes) as the pages. */
const FEEDS: Partial<Record<string, { type: string; body: (origin: string) => Promise<string> }>> = {
  '/robots.txt': { type: 'text/plain; charset=utf-8', body: (origin) => Promise.resolve(robotsTxt(origin)) },
  '/sitemap.xml': { type: 'application/xml; charset=utf-8', body: sitemapXml },
  '/blog/rss.xml': { type: 'application/rss+xml; charset=utf-8', body: (origin) => rssXml(origin, config.productName) },
};

const html = (statusCode: number, body: string, cache: Record<string, string>): Result => ({
  statusCode,
  headers: { 'content-type': 'text/html; charset=utf-8', ...cache },
  body,
});

export async function handler(event: PageEvent): Promise<Result> {
  const method = event.requestContext.http.method;
  if (method !== 'GET' && method !== 'HEAD') return { statusCode: 405, headers: { allow: 'GET, HEAD' }, body: '' };
  const url = event.rawPath + (event.rawQueryString ? `?${event.rawQueryString}` : '');
  const origin = siteOrigin(event.headers ?? {});
  const feed = FEEDS[event.rawPath];
  if (feed)
    return conditional(
      { statusCode: 200, headers: { 'content-type': feed.type, ...PUBLIC_CACHE }, body: await feed.body(origin) },
      event.headers?.['if-none-match'],
    );
  const cfg = publicConfig(origin);
  const render = await loadEntry();

  const keys = render.plan(url);
  let result: Result;
  if (!keys) {
    // Personal areas: the shell only; browsers revalidate it and the CDN never stores it.
    result = html(200, render.shell(cfg), { 'cache-control': 'private, no-cache' });
  } else {
    const answers = Object.fromEntries(await Promise.all(keys.map(async (k) => [k, await answer(k)] as const)));
    const page = await render.render({ url, origin, config: cfg, answers });
    // Pages whose content no write can name (the locked screen's query) are revalidated, not stored;
    // pages that show today's date are kept until midnight UTC.
    const cache = event.rawPath === '/locked-content' ? REVALIDATE : page.daily ? untilMidnight() : PUBLIC_CACHE;
    result = page.location ? { statusCode: page.status, headers: { location: page.location, ...cache }, body: '' } : html(page.status, page.html, cache);
  }
  return conditional(result, event.headers?.['if-none-match']);
}
