/**
 * `npm run bench:admin [-- --port 3780] [-- --runs 5]`: how fast the admin lists are with the large
 * fixture (infra/scripts/seed-large.ts: 5,000 phrases, ~500 lessons, 300 users, 150 posts).
 *  - API: p50/p95 of the list and search requests an admin's screens send, through the gateway;
 *  - browser (headless Chromium, 1280 px): from navigation to the first rows of each list, and from
 *    a typed search to the narrowed rows.
 * Without --port it starts a fresh twin (demo content, then the fixture); with --port it uses the
 * running twin of that port (DATA_DIR as for `npm start`) and adds the fixture if missing. Prints
 * a table and writes it into docs/benchmarks.md between its markers. Needs `npm run build`.
 */
import { chromium, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readState } from '../../infra/twin/bootstrap.js';
import { LARGE, seedLarge } from '../../infra/scripts/seed-large.js';
import { portsFor } from '../../infra/twin/services.js';
import { ROOT, startTwin } from '../../infra/twin/twin.js';
import { CHROMIUM, parseOptions, positive, requireBuild, writeSection } from './args.js';

const opts = parseOptions({
  script: 'bench:admin',
  about: `How fast the admin lists are with the large fixture (npm run seed:large): p50/p95 of the list and
search requests through the gateway, and in headless Chromium the time to the first rows of each list
and from a typed search to the narrowed rows. Prints a table and writes it into docs/benchmarks.md
between its markers. Needs npm run build.`,
  options: {
    port: { type: 'string', value: '<port>', description: 'use the running twin of that port (DATA_DIR as for npm start) instead of a fresh one' },
    runs: { type: 'string', value: '<n>', description: 'browser runs per screen, the median is kept (default 5)' },
  },
  env: {
    PORT: "the fresh twin's port, and the 4 above it (default 3690)",
    DATA_DIR: "with --port: the running twin's data folder (default .data)",
    CHROMIUM_PATH: 'the browser (default /usr/bin/chromium)',
  },
});
const RUNS = positive(opts.runs, 5, 'runs');
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const ms = (n: number) => `${Math.round(n)} ms`;

async function target() {
  if (opts.port) {
    const port = positive(opts.port, 0, 'port');
    const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(ROOT, '.data'));
    const state = readState(dataDir) as (ReturnType<typeof readState> & { adminEmail: string; adminPassword: string }) | undefined;
    if (!state) throw new Error(`No twin state in ${dataDir}`);
    return {
      url: `http://localhost:${port}`,
      port,
      userPoolId: state.userPoolId,
      clientId: state.userPoolClientId,
      admin: { email: state.adminEmail, password: state.adminPassword },
      stop: async () => {},
    };
  }
  requireBuild();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parrot-bench-admin-'));
  const port = Number(process.env.PORT ?? 3690);
  console.log(`starting a fresh twin on ${port} (demo content, with audio)...`);
  const twin = await startTwin({ port, dataDir });
  return {
    url: twin.url,
    port,
    userPoolId: twin.state.userPoolId,
    clientId: twin.state.userPoolClientId,
    admin: twin.admin,
    stop: async () => {
      await twin.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function accessToken(url: string, clientId: string, admin: { email: string; password: string }) {
  const r = await fetch(`${url}/cognito`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: admin.email, PASSWORD: admin.password } }),
  });
  return ((await r.json()) as { AuthenticationResult: { AccessToken: string } }).AuthenticationResult.AccessToken;
}

/** The requests the screens send: first pages, and searches as an admin types them. */
const API_CASES: [string, string[]][] = [
  ['phrases: first page of a filter', ['/api/phrases?language_id=spanish&limit=50', '/api/phrases?language_id=german&level_id=beginner&limit=50']],
  [
    'phrases: search, all languages',
    ['taxi', 'estacion', 'museum', 'por favor', 'flughafen', 'umbrella'].map((q) => `/api/phrases?q=${encodeURIComponent(q)}&limit=50`),
  ],
  ['phrases: search without a match (reads every language)', ['zzzz', 'xylophone'].map((q) => `/api/phrases?q=${q}&limit=50`)],
  ['phrases: a lesson (panel opened)', ['/api/phrases?language_id=spanish&level_id=beginner&lesson_id=large-at-the-hotel-1&limit=200']],
  ['phrases: counts per lesson', ['/api/phrases/counts']],
  ['users: first page', ['/api/admin/users']],
  ['users: e-mail prefix', ['am', 'lucas', 'sofia.m', 'admin'].map((q) => `/api/admin/users?q=${q}`)],
  ['users: admins', ['/api/admin/users?role=admins']],
  ['blog: first page (with total)', ['/api/admin/blog', '/api/admin/blog?status=draft']],
  ['blog: title search', ['hotel', 'travellers', 'german', 'week'].map((q) => `/api/admin/blog?q=${q}`)],
];

async function apiLatency(url: string, token: string) {
  const rows: string[] = [];
  for (const [what, paths] of API_CASES) {
    const times: number[] = [];
    for (let i = 0; i < 3; i++) await fetch(url + paths[i % paths.length], { headers: { authorization: `Bearer ${token}` } }); // warm-up
    for (let i = 0; i < Math.max(20, paths.length * 5); i++) {
      const t = performance.now();
      const r = await fetch(url + paths[i % paths.length], { headers: { authorization: `Bearer ${token}` } });
      await r.arrayBuffer();
      if (!r.ok) throw new Error(`${paths[i % paths.length]}: ${r.status}`);
      times.push(performance.now() - t);
    }
    rows.push(`| ${what} | ${ms(quantile(times, 0.5))} | ${ms(quantile(times, 0.95))} |`);
  }
  return rows;
}

async function signIn(page: Page, admin: { email: string; password: string }) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Administrator Sign In' }).click();
  await page.waitForURL(/\/admin/);
}

type Ready = (p: Page) => ReturnType<Page['getByRole']>;

/** Milliseconds from a full load of the page (the SPA starting, signed in) to `ready` being visible. */
async function timeToRows(page: Page, path: string, ready: Ready) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await page.goto(path);
    await ready(page).first().waitFor({ state: 'visible', timeout: 30_000 });
    times.push(performance.now() - t);
  }
  return quantile(times, 0.5);
}

/** Milliseconds from a click in the admin navigation (the app already running, on the Overview) to `ready`. */
async function timeFromNav(page: Page, label: string, ready: Ready) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await page.goto('/admin');
    await page
      .getByRole('region', { name: 'Counts' })
      .getByText(/^\d{4,}$/)
      .first()
      .waitFor();
    const t = performance.now();
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: label, exact: true }).click();
    await ready(page).first().waitFor({ state: 'visible', timeout: 30_000 });
    times.push(performance.now() - t);
  }
  return quantile(times, 0.5);
}

/** Milliseconds from the last key of a search to the narrowed rows (debounce included). */
async function timeToNarrow(page: Page, path: string, box: string, text: string, expected: RegExp) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await page.goto(path);
    const search = page.getByRole('searchbox', { name: box });
    await search.waitFor();
    await page
      .getByRole('row')
      .nth(1)
      .or(page.getByRole('button', { name: /^Spanish/ }))
      .first()
      .waitFor();
    await search.fill(text.slice(0, -1));
    const t = performance.now();
    await search.press(text.slice(-1));
    await page.getByRole('gridcell', { name: expected }).first().waitFor({ timeout: 30_000 });
    times.push(performance.now() - t);
  }
  return quantile(times, 0.5);
}

async function browserTimes(url: string, admin: { email: string; password: string }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await (await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 } })).newPage();
    await signIn(page, admin);
    const phrasesReady: Ready = (p) => p.getByRole('button', { name: /^Spanish/ });
    const firstRow: Ready = (p) => p.getByRole('row').nth(1);
    const rows: [string, number, number | undefined][] = [
      ['Overview: the five counts', await timeToRows(page, '/admin', (p) => p.getByRole('region', { name: 'Counts' }).getByText(/^\d{4,}$/)), undefined],
      ['Manage Phrases: the accordion', await timeToRows(page, '/admin/phrases', phrasesReady), await timeFromNav(page, 'Phrases', phrasesReady)],
      [
        'Manage Phrases: `?q=taxi` (a shared link)',
        await timeToRows(page, '/admin/phrases?q=taxi', (p) => p.getByRole('gridcell', { name: /taxi/i })),
        undefined,
      ],
      ['User Management: first page', await timeToRows(page, '/admin/users', firstRow), await timeFromNav(page, 'Users', firstRow)],
      ['Blog management: first page', await timeToRows(page, '/admin/blog', firstRow), await timeFromNav(page, 'Blog', firstRow)],
    ];
    const typing: [string, number][] = [
      ['Manage Phrases: typing `estacion`', await timeToNarrow(page, '/admin/phrases', 'Search phrases and translations', 'estacion', /estación/)],
      ['User Management: typing `amelia.kow`', await timeToNarrow(page, '/admin/users', 'Search by e-mail (starts with)', 'amelia.kow', /^amelia\.kowalski/)],
      ['Blog management: typing `transport`', await timeToNarrow(page, '/admin/blog', 'Search by title', 'transport', /public transport/i)],
    ];
    return [
      ...rows.map(([what, full, nav]) => `| ${what} | ${ms(full)} | ${nav === undefined ? '–' : ms(nav)} |`),
      ...typing.map(([what, t]) => `| ${what} | ${ms(t)} (last key to narrowed rows) | |`),
    ];
  } finally {
    await browser.close();
  }
}

const t = await target();
try {
  const seeded = await seedLarge({ ports: portsFor(t.port), userPoolId: t.userPoolId }, LARGE, (m) => console.log(`[seed:large]${m}`));
  console.log(`fixture ready in ${seeded.seconds.toFixed(1)} s`);
  const token = await accessToken(t.url, t.clientId, t.admin);
  const api = await apiLatency(t.url, token);
  const web = await browserTimes(t.url, t.admin);
  const section = `<!-- bench:admin -->
## Admin lists at scale (\`npm run bench:admin\`)

Measured ${new Date().toISOString().slice(0, 10)} on the project's 2-core machine against a local twin with the large
fixture (\`npm run seed:large\`: ${LARGE.phrases.toLocaleString('en')} phrases, ${LARGE.lessons} lessons, ${LARGE.users} users, ${LARGE.posts} posts;
writing it took ${seeded.added.phrases ? `${seeded.seconds.toFixed(0)} s` : 'nothing: it was there'}). DynamoDB Local, s3rver and cognito-local stand in for AWS, so
absolute figures are the twin's, not Lambda's; compare them with each other and over time.

| API request (through the gateway, admin token) | p50 | p95 |
|---|---|---|
${api.join('\n')}

| screen (headless Chromium, 1280 px, signed in, median of ${RUNS}) | full page load | from the admin navigation |
|---|---|---|
${web.join('\n')}

"Full page load" runs from \`page.goto\` (the SPA starting again: scripts, session, settings) to
the first row on screen; "from the admin navigation" from the click on the section's link (the app
running) to the first row; typing from the last key to the narrowed rows, the 200 ms debounce included.
<!-- /bench:admin -->`;
  console.log(`\n${section}\n`);
  console.log(`written to ${writeSection('admin', section)}`);
} finally {
  await t.stop();
}
