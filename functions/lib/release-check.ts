/**
 * The release check (docs/infra.md "Releases that roll themselves back"): what a new version of the
 * render function or of an API function must answer before it gets any traffic. The same checks
 * run in AWS, where CodeDeploy's pre-traffic hook calls the new version directly
 * (functions/jobs/pre-traffic.ts), and on a local build (`npm run check:release`,
 * infra/scripts/check-release.ts), where the handlers run in-process against a twin's data.
 *
 * - render: `/`, `/languages`, `/blog`, `/faq`, `/support`, and one language, level, lesson and post
 *   found in `/sitemap.xml` (a site without content has none: those are skipped, never invented).
 *   Any status >= 500, or an HTML page without its `<main` landmark, fails.
 * - an API function: a GET of each of its public reads (functions/routes.ts), path parameters
 *   naming nothing (a 404 still reads the table: the pages' reads with real ids are checked through
 *   render, which answers them in-process with the same handlers); a function without a public read
 *   gets one request to one of its routes without a caller (401/400 expected). Any status >= 500 fails.
 * Nothing here writes: a route that writes is only called without a caller or without a body.
 */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { handlerModules, pathParams, routes, type HandlerName, type RouteDef } from '../routes.js';
import { pages } from '../../shared/urls.js';
import { apiEvent } from './events.js';

/** What a release is checked as: the render function, or an API handler module. */
export type ReleaseTarget = 'render' | HandlerName;
/**
 * The environment variable of each released function that names its check (set by
 * infra/cdk/constructs/deployment.ts; the hook reads it from the new version's configuration).
 */
export const RELEASE_CHECK_ENV = 'RELEASE_CHECK';
export const isReleaseTarget = (value: unknown): value is ReleaseTarget => value === 'render' || handlerModules.includes(value as HandlerName);

/** Calls the version under test with one event (payload 2.0) and returns its answer; throws when the invocation itself fails. */
export type Invoke = (event: unknown) => Promise<APIGatewayProxyStructuredResultV2>;

export interface CheckedRequest {
  /** `GET /faq`, `GET /api/settings`... */
  request: string;
  status?: number;
  /** Why it fails the release; none when it passed. */
  problem?: string;
}

export interface CheckReport {
  target: ReleaseTarget;
  ok: boolean;
  checked: CheckedRequest[];
  /** What could not be checked, and why (a site without posts has no post to render). */
  skipped: string[];
}

/** The pages every site has. */
export const FIXED_PAGES = [pages.home, pages.languages, pages.blog, pages.faq, pages.support];
/** A path parameter value no item has (a valid id, so the handler reads rather than refuses it). */
export const ABSENT_ID = 'release-check-absent';
/** The host the pages are rendered for (canonical links; the answer is never stored). */
const CHECK_HOST = 'release-check.invalid';

const bodyOf = (r: APIGatewayProxyStructuredResultV2) => (r.isBase64Encoded ? Buffer.from(r.body ?? '', 'base64').toString('utf8') : (r.body ?? ''));
const header = (r: APIGatewayProxyStructuredResultV2, name: string) =>
  String(Object.entries(r.headers ?? {}).find(([k]) => k.toLowerCase() === name)?.[1] ?? '');

/** A function URL request as CloudFront sends it (payload 2.0, no cookie, no Authorization). */
function pageEvent(path: string) {
  return {
    ...apiEvent({ method: 'GET', path, query: '', route: { method: 'GET', path: '$default' }, params: {}, headers: { 'x-forwarded-host': CHECK_HOST } }),
    routeKey: '$default',
  };
}

/** One request: its answer, or the invocation's failure as a problem. */
async function call(invoke: Invoke, request: string, event: unknown): Promise<{ checked: CheckedRequest; answer?: APIGatewayProxyStructuredResultV2 }> {
  try {
    const answer = await invoke(event);
    const status = answer.statusCode ?? 200;
    return { checked: { request, status, ...(status >= 500 ? { problem: `answered ${status}` } : {}) }, answer };
  } catch (e) {
    return { checked: { request, problem: `the invocation failed: ${(e as Error).message}` } };
  }
}

/** One page; an HTML answer must hold the page's main landmark. */
async function checkPage(invoke: Invoke, path: string) {
  const { checked, answer } = await call(invoke, `GET ${path}`, pageEvent(path));
  if (answer && !checked.problem && header(answer, 'content-type').startsWith('text/html') && !/<main[\s>]/.test(bodyOf(answer))) {
    checked.problem = 'an HTML page without its <main> landmark';
  }
  return { checked, answer };
}

/** The first language, level, lesson and post the sitemap lists (its `<loc>` paths). */
export function samplesFrom(sitemap: string): { language?: string; level?: string; lesson?: string; post?: string } {
  const fixed = new Set<string>(Object.values(pages).filter((p): p is string => typeof p === 'string'));
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1].replace(/&amp;/g, '&')).pathname).filter((p) => !fixed.has(p));
  const depth = (p: string) => p.split('/').filter(Boolean).length;
  const isPost = (p: string) => p.startsWith(`${pages.blog}/`);
  return {
    language: paths.find((p) => depth(p) === 1),
    level: paths.find((p) => depth(p) === 2 && !isPost(p)),
    lesson: paths.find((p) => depth(p) === 3),
    post: paths.find((p) => depth(p) === 2 && isPost(p)),
  };
}

async function checkRender(invoke: Invoke): Promise<Omit<CheckReport, 'target' | 'ok'>> {
  const checked: CheckedRequest[] = [];
  const skipped: string[] = [];
  for (const path of FIXED_PAGES) checked.push((await checkPage(invoke, path)).checked);
  const sitemap = await call(invoke, `GET ${pages.sitemap}`, pageEvent(pages.sitemap));
  checked.push(sitemap.checked);
  const samples = sitemap.answer && !sitemap.checked.problem ? samplesFrom(bodyOf(sitemap.answer)) : {};
  for (const kind of ['language', 'level', 'lesson', 'post'] as const) {
    const path = samples[kind];
    if (path) checked.push((await checkPage(invoke, path)).checked);
    else skipped.push(`no ${kind} in the sitemap`);
  }
  return { checked, skipped };
}

/** The requests an API function is checked with (see the module comment). */
export function apiChecks(fn: HandlerName): RouteDef[] {
  const own = routes.filter((r) => r.fn === fn);
  const reads = own.filter((r) => r.access === 'public' && r.method === 'GET');
  if (reads.length) return reads;
  const first = own.find((r) => r.method === 'GET') ?? own.at(0);
  return first ? [first] : [];
}

async function checkApi(fn: HandlerName, invoke: Invoke, headers: Record<string, string>): Promise<Omit<CheckReport, 'target' | 'ok'>> {
  const checked: CheckedRequest[] = [];
  for (const route of apiChecks(fn)) {
    const params = Object.fromEntries(pathParams(route.path).map((p) => [p, ABSENT_ID]));
    const path = route.path.replace(/\{(\w+)\}/g, ABSENT_ID);
    const event = apiEvent({ method: route.method, path, query: '', route, params, headers });
    checked.push((await call(invoke, `${route.method} ${path}`, event)).checked);
  }
  return { checked, skipped: checked.length ? [] : [`${fn} has no route`] };
}

/**
 * Checks one new version. `headers` go with every API request (CloudFront's origin secret in AWS,
 * so the router lets the request through as it would CloudFront's).
 */
export async function checkRelease(target: ReleaseTarget, invoke: Invoke, headers: Record<string, string> = {}): Promise<CheckReport> {
  const { checked, skipped } = target === 'render' ? await checkRender(invoke) : await checkApi(target, invoke, headers);
  return { target, ok: checked.every((c) => !c.problem), checked, skipped };
}

/** One line per request, for a log or a terminal. */
export const describeReport = (r: CheckReport) =>
  [
    ...r.checked.map((c) => `${c.problem ? 'FAIL' : 'ok  '} ${r.target}: ${c.request}${c.status ? ` -> ${c.status}` : ''}${c.problem ? `: ${c.problem}` : ''}`),
    ...r.skipped.map((s) => `skip ${r.target}: ${s}`),
  ].join('\n');
