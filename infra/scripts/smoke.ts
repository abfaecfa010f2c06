/**
 * `npm run smoke -- --stage dev` (or `--url https://...`): checks a deployed site end to end from
 * outside, through its public URL only, and prints one line per check (exit code 1 when one fails).
 * With --stage the URL and the Cognito app client come from the stack's outputs; with --url from the
 * site's /config.json. The admin sign-in runs when --email/--password (or SMOKE_EMAIL/SMOKE_PASSWORD)
 * are given. Runs against the local twin too: `npx tsx infra/scripts/smoke.ts --url http://localhost:3000`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRODUCT_NAME } from '../../shared/product.js';
import { parseCli, usageError, type Help } from './cli.js';
import { fieldErrors } from '../../shared/contracts/common.js';
import type { Language } from '../../shared/contracts/languages.js';
import { supportSchema } from '../../shared/contracts/support.js';
import { pages } from '../../shared/urls.js';
import type { Lesson } from '../../shared/contracts/lessons.js';
import type { LevelWithCount } from '../../shared/contracts/levels.js';

export type Status = 'pass' | 'warn' | 'fail' | 'skip';
export interface Result {
  name: string;
  status: Status;
  detail: string;
}
export interface SmokeOptions {
  email?: string;
  password?: string;
  /** A current authenticator code, for an admin whose sign-in asks for TOTP MFA. */
  mfaCode?: string;
  /** The SPA's app client and Cognito's region; default: the site's /config.json. */
  userPoolClientId?: string;
  region?: string;
  /** Per request. @default 15000 (a cold render function takes a few seconds) */
  timeoutMs?: number;
}

/** A finding that is not a failure, e.g. a new site without content. */
class Warning extends Error {}
const warn = (message: string): never => {
  throw new Warning(message);
};
const fail = (message: string): never => {
  throw new Error(message);
};
function check(ok: unknown, message: string): asserts ok {
  if (!ok) fail(message);
}
// fetch's "fetch failed" says why in its cause (ECONNREFUSED, ENOTFOUND, a certificate error).
const reason = (e: unknown) => {
  const { message, cause } = e as Error & { cause?: { code?: string; message?: string } };
  return cause ? `${message} (${cause.code ?? cause.message})` : message;
};
// React's escaping of text, to find a name in the server's HTML.
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
/** Lazily started, shared by the checks that need it (every check awaits it, so no rejection goes unhandled). */
const once = <T>(f: () => Promise<T>) => {
  let p: Promise<T> | undefined;
  return () => (p ??= f());
};
const kb = (text: string) => `${(Buffer.byteLength(text) / 1024).toFixed(1)} KB`;

interface Page {
  status: number;
  headers: Headers;
  text: string;
}

/** The site's public URL, read as a visitor's browser would: no redirect followed, each request bounded in time. */
export function siteClient(url: string, timeoutMs = 15_000) {
  const base = url.replace(/\/+$/, '');
  const get = async (p: string, headers: Record<string, string> = {}, init: RequestInit = {}): Promise<Page> => {
    const r = await fetch(base + p, { headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs), ...init });
    return { status: r.status, headers: r.headers, text: await r.text() };
  };
  const status = (r: Page, p: string, want = 200) =>
    check(r.status === want, `${p} answered ${r.status}${r.headers.get('location') ? ` → ${r.headers.get('location')}` : ''}, expected ${want}`);
  const getJson = async <T>(p: string): Promise<T> => {
    const r = await get(p);
    status(r, p);
    check(r.headers.get('content-type')?.includes('json'), `${p}: content-type ${r.headers.get('content-type')}, expected JSON`);
    return JSON.parse(r.text) as T;
  };
  /** A page: 200, HTML with an <h1> and, when given, a text it must show. */
  const html = async (p: string, mustShow?: string, page?: Page) => {
    const r = page ?? (await get(p));
    status(r, p);
    check(r.headers.get('content-type')?.startsWith('text/html'), `${p}: content-type ${r.headers.get('content-type')}`);
    check(/<h1[\s>]/.test(r.text), `${p}: no <h1>`);
    if (mustShow) check(r.text.includes(escapeHtml(mustShow)), `${p}: "${mustShow}" is not in the HTML`);
    return `${p} 200, ${kb(r.text)}`;
  };
  return { base, https: base.startsWith('https://'), timeoutMs, get, status, getJson, html };
}
type Site = ReturnType<typeof siteClient>;

/** What several checks read, each read once (lazily, so a check that needs none costs nothing). */
function sharedReads(site: Site) {
  const config = once(() =>
    site.getJson<{ productName?: string; userPoolClientId?: string; userPoolEndpoint?: string; region?: string }>('/config.json').catch(() => undefined),
  );
  const home = once(() => site.get('/'));
  const languages = once(() => site.getJson<Language[]>('/api/languages'));
  // A real lesson to open: the first unlocked level with lessons, then its first unlocked lesson,
  // in the first language that has one (a course in progress may lock its first language's levels).
  const lesson = once(async () => {
    for (const lang of (await languages()).slice(0, 10)) {
      const { levels } = await site.getJson<{ levels: LevelWithCount[] }>(`/api/pages/language/${encodeURIComponent(lang.id)}`);
      const level = levels.find((l) => !l.is_locked && l.lesson_count !== 0);
      if (!level) continue;
      const levelPath = `${encodeURIComponent(lang.id)}/${encodeURIComponent(level.id)}`;
      const { lessons } = await site.getJson<{ lessons: Lesson[] }>(`/api/pages/level/${levelPath}`);
      const found = lessons.find((l) => !l.is_locked);
      if (found) return { levelPath, lessonPath: `${levelPath}/${encodeURIComponent(found.id)}` };
    }
    return warn('no unlocked level with an unlocked lesson yet: nothing to open');
  });
  return { config, home, languages, lesson };
}
type Reads = ReturnType<typeof sharedReads>;
type Check = [name: string, run: () => Promise<string>];

/** What a visitor opens: the home, language, level and lesson pages (server-rendered), their headers and the API reads behind them. */
function visitorChecks(site: Site, reads: Reads): Check[] {
  const { config, home, languages, lesson } = reads;
  return [
    [
      'home page',
      async () => {
        const r = await home();
        const detail = await site.html('/', (await config())?.productName ?? PRODUCT_NAME, r);
        check(r.text.includes('id="pp-boot"'), 'no inline page data (#pp-boot): the page was not server-rendered');
        // The language list is in the pre-rendered body, not fetched by a script afterwards.
        const body = r.text.slice(r.text.indexOf('<body')).replace(/<script[\s\S]*?<\/script>/g, '');
        const first = (await languages().catch(() => [])).at(0);
        if (first) check(body.includes(escapeHtml(first.name)), `the language "${first.name}" is not in the server-rendered HTML`);
        return `${detail}, product name, <h1>, server-rendered${first ? ' with the language list' : ''}`;
      },
    ],
    [
      'security headers',
      async () => {
        const h = (await home()).headers;
        check(/default-src/.test(h.get('content-security-policy') ?? ''), 'no Content-Security-Policy');
        const missing = [
          !/max-age=\d+/.test(h.get('strict-transport-security') ?? '') && 'HSTS',
          h.get('x-content-type-options') !== 'nosniff' && 'nosniff',
        ].filter(Boolean);
        if (missing.length && site.https) fail(`CSP present; missing ${missing.join(', ')}`);
        // The deployed site is https only (CloudFront redirects); over plain http (the twin) this is a finding, not a failure.
        if (missing.length) warn(`CSP present; missing ${missing.join(', ')} (plain http: CloudFront's response headers policy adds them)`);
        return 'CSP, HSTS, nosniff';
      },
    ],
    [
      'GET /api/settings',
      async () => {
        const s = await site.getJson<{ id?: string; version?: unknown }>('/api/settings');
        check(s.id === 'site_settings', `id is ${JSON.stringify(s.id)}, expected "site_settings" (the settings read failed?)`);
        check(typeof s.version === 'number', 'no version');
        return `site_settings, version ${s.version}`;
      },
    ],
    [
      'GET /api/languages',
      async () => {
        const list = await languages();
        check(Array.isArray(list), 'not a list');
        return list.length ? `${list.length} languages` : warn('no languages yet (a site without content): add some in /admin');
      },
    ],
    [
      'language page',
      async () => {
        const first = (await languages())[0] ?? warn('no language to open yet');
        return site.html(`/${encodeURIComponent(first.id)}`, first.name);
      },
    ],
    ['level page', async () => site.html(`/${(await lesson()).levelPath}`)],
    [
      'lesson page',
      async () => {
        const { lessonPath } = await lesson();
        await site.getJson(`/api/pages/lesson/${lessonPath}`);
        return site.html(`/${lessonPath}`);
      },
    ],
    ['support form without script', () => postSupportForm(site)],
  ];
}

/**
 * The support form as a browser without script posts it (URL-encoded, this site as Origin, no x-amz-content-sha256), invalid on
 * purpose so no smoke run stores a message or mails the team: the page back with the spec's text beside each field proves the
 * origin took the unsigned body, where a path behind origin access control answers a bare 403 (docs/rendering.md).
 */
export async function postSupportForm(site: Site, path = pages.support, form = { name: 'A', email: 'not-an-email', message: 'short' }) {
  const expected = Object.values(fieldErrors(supportSchema.safeParse(form).error ?? fail('the invalid form passed the schema')));
  const headers = { 'content-type': 'application/x-www-form-urlencoded', origin: site.base };
  const r = await site.get(path, headers, { method: 'POST', body: new URLSearchParams(form).toString() });
  site.status(r, `POST ${path}`, 400);
  for (const text of expected) check(r.text.includes(escapeHtml(text)), `POST ${path}: the page does not show "${text}"`);
  return `POST ${path} 400, the page with the ${expected.length} field errors`;
}

/** What crawlers, tools and caches meet: the API's description, sitemap, robots.txt, a 404 and a revalidation. */
function crawlerChecks(site: Site, reads: Reads): Check[] {
  return [
    [
      'GET /api/openapi.json',
      async () => {
        const doc = await site.getJson<{ openapi?: string; paths?: object }>('/api/openapi.json');
        check(String(doc.openapi).startsWith('3.1'), `openapi is ${doc.openapi}, expected 3.1.x`);
        return `OpenAPI ${doc.openapi}, ${Object.keys(doc.paths ?? {}).length} paths`;
      },
    ],
    [
      'sitemap.xml',
      async () => {
        const r = await site.get('/sitemap.xml');
        site.status(r, '/sitemap.xml');
        check(r.text.includes('<urlset'), 'no <urlset>');
        return '200';
      },
    ],
    [
      'robots.txt',
      async () => {
        const r = await site.get('/robots.txt');
        site.status(r, '/robots.txt');
        return '200';
      },
    ],
    [
      'unknown path',
      async () => {
        const p = `/smoke-${Date.now().toString(36)}/no/such/page`;
        site.status(await site.get(p), p, 404);
        return `${p} 404`;
      },
    ],
    [
      'conditional GET /',
      async () => {
        const etag = (await reads.home()).headers.get('etag') ?? fail('the home page has no ETag');
        site.status(await site.get('/', { 'if-none-match': etag }), '/ with If-None-Match', 304);
        return '304 Not Modified';
      },
    ],
  ];
}

interface CognitoAnswer {
  __type?: string;
  message?: string;
  ChallengeName?: string;
  Session?: string;
  ChallengeParameters?: Record<string, string>;
  AuthenticationResult?: { AccessToken?: string };
}

/** Cognito's JSON API as the SPA calls it: an action and its body, a failure named by Cognito's error type. */
const cognitoAt = (endpoint: string, timeoutMs: number) => async (action: string, body: object) => {
  const headers = { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` };
  const r = await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
  const out = (await r.json().catch(() => ({}))) as CognitoAnswer;
  check(r.ok, `Cognito ${action}: ${out.__type?.split('#').pop() ?? r.status}: ${out.message ?? ''}`);
  return out;
};

/** USER_PASSWORD_AUTH (the SPA's flow), answering an MFA challenge with opts.mfaCode: the access token, or a failure saying what to do. */
async function signInToken(site: Site, reads: Reads, opts: SmokeOptions) {
  const cfg = (await reads.config()) ?? {};
  const clientId = opts.userPoolClientId ?? cfg.userPoolClientId ?? fail('no app client id: /config.json is unreadable (use --stage)');
  // The twin's config names its Cognito stand-in; in AWS it is the regional endpoint.
  const cognito = cognitoAt(cfg.userPoolEndpoint ?? `https://cognito-idp.${opts.region ?? cfg.region ?? 'us-east-1'}.amazonaws.com/`, site.timeoutMs);
  let auth = await cognito('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: opts.email, PASSWORD: opts.password },
  });
  if (auth.ChallengeName === 'SOFTWARE_TOKEN_MFA' && opts.mfaCode) {
    auth = await cognito('RespondToAuthChallenge', {
      ChallengeName: auth.ChallengeName,
      ClientId: clientId,
      Session: auth.Session,
      ChallengeResponses: { USERNAME: auth.ChallengeParameters?.USER_ID_FOR_SRP ?? opts.email, SOFTWARE_TOKEN_MFA_CODE: opts.mfaCode },
    });
  }
  const token = auth.AuthenticationResult?.AccessToken;
  if (token) return token;
  const help: Record<string, string> = {
    NEW_PASSWORD_REQUIRED: `the password is temporary: sign in once at ${site.base}/auth, choose a new one, and run again with it`,
    SOFTWARE_TOKEN_MFA: 'the admin has an authenticator: pass --mfa-code <current 6-digit code>',
    MFA_SETUP: `MFA is required but not set up: sign in once at ${site.base}/auth to add an authenticator, then pass --mfa-code`,
  };
  return fail(
    `password accepted, but Cognito asks for the ${auth.ChallengeName} challenge: ${help[auth.ChallengeName ?? ''] ?? 'this check cannot answer it'}`,
  );
}

/** The admin sign-in, then an admin-only read with the access token. */
async function adminSignIn(site: Site, reads: Reads, opts: SmokeOptions) {
  const token = await signInToken(site, reads, opts);
  const r = await site.get('/api/admin/users', { authorization: `Bearer ${token}` });
  check(r.status !== 403, `signed in, but GET /api/admin/users answered 403: ${opts.email} is not in the admins group`);
  check(r.status === 200, `signed in, but GET /api/admin/users answered ${r.status}: ${r.text.slice(0, 200)}`);
  const page = JSON.parse(r.text) as { items: unknown[]; total?: number };
  return `signed in as ${opts.email}; GET /api/admin/users 200 (${page.total ?? page.items.length} users)`;
}

export async function smoke(url: string, opts: SmokeOptions = {}): Promise<Result[]> {
  const site = siteClient(url, opts.timeoutMs);
  const reads = sharedReads(site);
  const checks = [...visitorChecks(site, reads), ...crawlerChecks(site, reads)];
  const signsIn = Boolean(opts.email && opts.password);
  if (signsIn) checks.push(['admin sign-in', () => adminSignIn(site, reads, opts)]);

  const results: Result[] = [];
  for (const [name, run] of checks) {
    // One at a time: a cold site is measured as a visitor meets it, and the output keeps its order.
    await run().then(
      (detail) => results.push({ name, status: 'pass', detail }),
      (e: unknown) => results.push({ name, status: e instanceof Warning ? 'warn' : 'fail', detail: reason(e) }),
    );
  }
  if (!signsIn) results.push({ name: 'admin sign-in', status: 'skip', detail: 'give --email and --password (or SMOKE_EMAIL, SMOKE_PASSWORD)' });
  return results;
}

/** The site URL and app client from the stack's outputs (region: --region, AWS_REGION, else us-east-1 as the stack's default). */
async function fromStack(stage: string, region?: string): Promise<SmokeOptions & { url: string }> {
  const { CloudFormationClient, DescribeStacksCommand } = await import('@aws-sdk/client-cloudformation');
  const { STAGES } = await import('../cdk/context.js');
  const { stackNameOf } = await import('../cdk/stack.js');
  if (!STAGES.includes(stage as never)) fail(`--stage must be one of ${STAGES.join(', ')}`);
  const name = stackNameOf(stage as (typeof STAGES)[number]);
  const client = new CloudFormationClient({ region: region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1' });
  const outputs = (await client.send(new DescribeStacksCommand({ StackName: name }))).Stacks?.[0]?.Outputs ?? [];
  const out = (key: string) => outputs.find((o) => o.OutputKey === key)?.OutputValue;
  return {
    url: out('SiteUrl') ?? fail(`${name} has no SiteUrl output: is it deployed (npm run deploy -- -c stage=${stage})?`),
    userPoolClientId: out('UserPoolClientId'),
    region: out('UserPoolId')?.split('_')[0], // pool ids are {region}_{id}
  };
}

const HELP: Help = {
  usage: [
    'npm run smoke -- --stage <dev|prod> [--region <region>] [--email <e-mail> --password <password> [--mfa-code <code>]]',
    'npm run smoke -- --url <site> [...]',
  ],
  about: `Checks a deployed site end to end from outside, through its public URL only: the home, language,
level and lesson pages (server-rendered), an invalid support form posted without script (nothing is stored or mailed), the
public API, security headers, sitemap, robots.txt, an unknown path, a conditional GET, and (with an administrator's e-mail
and password) the admin sign-in. It changes nothing. Prints one line per check; exits 1 when one fails.
Runs against the local twin too (--url http://localhost:3000).`,
  options: [
    ['--stage <dev|prod>', 'A deployed stage: its URL and app client from the stack outputs (needs AWS credentials).'],
    ['--url <site>', 'Any site, e.g. https://example.com (no credentials needed).'],
    ['--region <region>', "With --stage: the stack's region (default AWS_REGION, else us-east-1)."],
    ['--email <e-mail>', 'An administrator, to check the admin sign-in (skipped otherwise).'],
    ['--password <password>', 'Their password.'],
    ['--mfa-code <code>', 'A current authenticator code, when their sign-in asks for one.'],
  ],
  env: [
    ['SMOKE_EMAIL, SMOKE_PASSWORD', 'The administrator, instead of --email/--password.'],
    ['AWS_PROFILE, AWS_REGION', 'With --stage: the AWS credentials and region.'],
  ],
  examples: ['npm run smoke -- --stage dev', 'npm run smoke -- --url http://localhost:3000'],
};

async function main() {
  const str = { type: 'string' } as const;
  const { values: v } = parseCli(HELP, { stage: str, url: str, region: str, email: str, password: str, 'mfa-code': str });
  let opts: SmokeOptions & { url?: string } = {
    url: v.url,
    email: v.email ?? process.env.SMOKE_EMAIL,
    password: v.password ?? process.env.SMOKE_PASSWORD,
    mfaCode: v['mfa-code'],
  };
  if (!opts.url && v.stage) {
    try {
      opts = { ...opts, ...(await fromStack(v.stage, v.region)) };
    } catch (e) {
      console.error(`Cannot read the stack outputs (--stage needs AWS credentials; --url needs none): ${(e as Error).name}: ${(e as Error).message}`);
      process.exit(1);
    }
  }
  if (!opts.url) return usageError(HELP, 'Give --stage or --url.');
  console.log(`Smoke test of ${opts.url}`);
  const results = await smoke(opts.url, opts);
  const mark: Record<Status, string> = { pass: '✓', warn: '!', fail: '✗', skip: '-' };
  for (const r of results) console.log(`${mark[r.status]} ${r.name}: ${r.detail}`);
  const count = (s: Status) => results.filter((r) => r.status === s).length;
  console.log(`${count('pass')} passed, ${count('warn')} with a warning, ${count('fail')} failed`);
  process.exitCode = count('fail') ? 1 : 0;
}

// Only as a script: the tests import smoke().
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
