/**
 * `npm run bench:load [-- --seconds 5] [-- --connections 1,10,50,100] [-- --json]`: the public site
 * under load on a fresh local twin with demo content. autocannon (in a process of its own,
 * ./load-driver.ts) drives each scenario at rising concurrency:
 *  - pages-cdn     public pages through the gateway's CDN stand-in, all hits (the store is filled first);
 *  - api-cdn       public API reads through the CDN stand-in, all hits;
 *  - pages-origin  the same pages, all misses: a bench-only HTTP server in the twin's process calls
 *                  the render function's handler as the CDN stand-in does on a miss (the twin keys
 *                  pages on the path alone, so no query string or header makes a miss through it);
 *  - api-origin    the same reads, all misses: that server calls each route's handler as API Gateway does.
 * Reports p50/p95/p99, requests/s and error rates per step, and the render function's throughput
 * per instance. Prints a table (or JSON with --json) and writes it into docs/benchmarks.md between
 * its markers. Needs `npm run build`.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { apiEvent, lambdaContext } from '../../functions/lib/events.js';
import { matchRoute } from '../../functions/routes.js';
import { startTwin } from '../../infra/twin/twin.js';
import { demoCourse, markdown, parseOptions, positive, requireBuild, writeSection } from './args.js';
import type { Step, StepResult } from './load-driver.js';

const SCENARIOS = {
  'pages-cdn': 'pages, CDN hits',
  'api-cdn': 'public API reads, CDN hits',
  'pages-origin': 'pages, origin (render function, misses)',
  'api-origin': 'public API reads, origin (API handlers, misses)',
} as const;
type ScenarioId = keyof typeof SCENARIOS;

const opts = parseOptions({
  script: 'bench:load',
  about: `The public site under load on a fresh local twin with demo content: autocannon drives public pages
and public API reads through the CDN stand-in (hits) and straight at the origin (misses), at rising
concurrency, and reports p50/p95/p99 latency, requests/s and error rates per step, and the render
function's throughput per instance. Prints a table (JSON with --json) and writes it into
docs/benchmarks.md between its markers. Needs npm run build. About 2.5 minutes with the defaults.`,
  options: {
    seconds: { type: 'string', value: '<s>', description: 'duration of each step (default 5)' },
    connections: { type: 'string', value: '<list>', description: 'concurrent connections of the CDN steps, comma-separated (default 1,10,50,100)' },
    'origin-connections': { type: 'string', value: '<list>', description: 'concurrent connections of the origin steps (default 1,5,10,25)' },
    scenarios: { type: 'string', value: '<list>', description: `which scenarios, comma-separated (default all: ${Object.keys(SCENARIOS).join(', ')})` },
    acceptable: { type: 'string', value: '<ms>', description: "the p99 a page miss may take for the render's per-instance figure (default 1000)" },
    json: { type: 'boolean', description: 'print the figures as JSON on stdout instead of the table (progress goes to stderr)' },
    'no-docs': { type: 'boolean', description: 'do not write docs/benchmarks.md' },
  },
  env: {
    BENCH_PORT: "the twin's port, and the 4 above it (default 3860); the origin server takes a free port",
    SITE_DIST: 'the build to serve (default frontend/dist)',
  },
});
const SECONDS = positive(opts.seconds, 5, 'seconds');
const list = (value: string, name: string) => value.split(',').map((c) => Math.round(positive(c, 1, name)));
const CONNECTIONS = {
  cdn: list(opts.connections ?? '1,10,50,100', 'connections'),
  origin: list(opts['origin-connections'] ?? '1,5,10,25', 'origin-connections'),
};
const CHOSEN = (opts.scenarios?.split(',') ?? Object.keys(SCENARIOS)).map((s) => {
  if (!(s in SCENARIOS)) {
    console.error(`--scenarios: unknown scenario "${s}" (one of ${Object.keys(SCENARIOS).join(', ')})`);
    process.exit(2);
  }
  return s as ScenarioId;
});
const ACCEPTABLE = positive(opts.acceptable, 1000, 'acceptable');
requireBuild();

/** Progress and notes: stderr, so that stdout is the table or the JSON alone. */
const note = (m: string) => console.error(`[bench:load] ${m}`);

/** The public pages and reads of the demo course: a language, an open level and lesson, a post. */
async function pathsOf(base: string) {
  const { lang, lvl, les, slug } = await demoCourse(base, 'spanish');
  return {
    pages: ['/', '/languages', `/${lang}`, `/${lang}/${lvl}`, `/${lang}/${lvl}/${les}`, '/blog', `/blog/${slug}`],
    api: [
      '/api/languages',
      `/api/pages/language/${lang}`,
      `/api/pages/level/${lang}/${lvl}`,
      `/api/pages/lesson/${lang}/${lvl}/${les}`,
      '/api/blog',
      `/api/catalogue/${lang}`,
    ],
  };
}

/**
 * The origin with no CDN store in front, as CloudFront reaches it on a miss: pages go to the render
 * function's handler as the gateway's CDN stand-in calls it (infra/twin/gateway.ts, handleRender),
 * public API reads to their route's handler as API Gateway calls it (gateway.ts, callApi), and
 * answers go out uncompressed (CloudFront compresses at the edge). It times each handler call (what
 * Lambda bills) and knows when every request it took has been answered, so that one step's
 * backlog never runs into the next. Imported after the twin has set the functions' environment,
 * which functions/lib/config.ts reads once.
 */
async function startOrigin() {
  const { loadHandler, loadRender } = await import('../../infra/twin/gateway.js');
  const render = await loadRender();

  async function answer(url: URL, headers: Record<string, string>): Promise<APIGatewayProxyStructuredResultV2> {
    if (!url.pathname.startsWith('/api/')) {
      const event = {
        version: '2.0',
        rawPath: url.pathname,
        rawQueryString: url.search.slice(1),
        headers,
        requestContext: { http: { method: 'GET', path: url.pathname } },
      } as unknown as APIGatewayProxyEventV2;
      return render(event);
    }
    const match = matchRoute('GET', url.pathname);
    if (match?.route.access !== 'public') return { statusCode: 404, body: '' };
    const event = apiEvent({
      method: 'GET',
      path: url.pathname,
      query: url.search.slice(1),
      route: match.route,
      params: match.params,
      headers,
      sourceIp: '127.0.0.1',
    });
    return (await loadHandler(match.route.fn))(event, lambdaContext(match.route.fn, event.requestContext.requestId));
  }

  /** How long the handler took per path, from the last reset. */
  const durations = new Map<string, number[]>();
  let inFlight = 0;
  let waiting: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    inFlight++;
    const t = performance.now();
    const url = new URL(req.url ?? '/', 'http://origin');
    // Neither cookies nor Authorization reach the origin (the CDN forwards none to pages; public reads ignore them).
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && !['cookie', 'authorization', 'if-none-match'].includes(k)) headers[k] = v;
    answer(url, headers)
      .then(
        (out) => {
          durations.set(url.pathname, [...(durations.get(url.pathname) ?? []), performance.now() - t]);
          const body = out.body ? Buffer.from(out.body, out.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
          const h = Object.fromEntries(Object.entries(out.headers ?? {}).map(([k, v]) => [k, String(v)]));
          res.writeHead(out.statusCode ?? 200, { ...h, 'content-length': String(body.length) }).end(body);
        },
        (e: unknown) => {
          console.error(`origin: ${url.pathname} failed`, e);
          if (!res.headersSent) res.writeHead(500).end();
        },
      )
      .finally(() => {
        if (--inFlight > 0) return;
        for (const done of waiting) done();
        waiting = [];
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    durations,
    /** Resolves once every request taken so far has been answered (or its client has gone). */
    drained: () => (inFlight ? new Promise<void>((resolve) => waiting.push(resolve)) : Promise.resolve()),
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** One request of each path, checked: a scenario measures 200s, and through the CDN, hits. */
async function check(base: string, paths: string[], headers: Record<string, string>, cache: 'Hit' | undefined) {
  for (const p of paths) {
    const r = await fetch(base + p, { headers });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`${base}${p}: ${r.status}, expected 200`);
    const xCache = r.headers.get('x-cache') ?? '';
    if (cache && !xCache.startsWith(cache)) throw new Error(`${base}${p}: x-cache "${xCache}", expected ${cache}`);
  }
}

/** The load generator, in its own process: one step at a time over IPC. */
function startDriver() {
  const child = fork(fileURLToPath(new URL('./load-driver.ts', import.meta.url)), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let pending: { resolve: (r: StepResult) => void; reject: (e: Error) => void } | undefined;
  child.on('message', (m: { result?: StepResult; error?: string }) => {
    const p = pending;
    pending = undefined;
    if (m.result) p?.resolve(m.result);
    else p?.reject(new Error(`load driver: ${m.error}`));
  });
  child.on('exit', (code) => pending?.reject(new Error(`load driver exited (${code})`)));
  return {
    run: (step: Step) =>
      new Promise<StepResult>((resolve, reject) => {
        pending = { resolve, reject };
        child.send(step);
      }),
    stop: () => child.disconnect(),
  };
}

interface Scenario {
  id: ScenarioId;
  what: string;
  target: string;
  paths: string[];
  headers: Record<string, string>;
  steps: StepResult[];
}

const startedAt = Date.now();
const loadBefore = os.loadavg()[0];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parrot-bench-load-'));
note('starting a fresh twin with demo content...');
const twin = await startTwin({ port: Number(process.env.BENCH_PORT ?? 3860), dataDir, seed: true });
// The twin checks every API answer against its contract (CHECK_ANSWERS); AWS does not, and the check costs CPU on every read.
const { config } = await import('../../functions/lib/config.js');
config.checkAnswers = false;
let origin: Awaited<ReturnType<typeof startOrigin>> | undefined;
let driver: ReturnType<typeof startDriver> | undefined;
const scenarios: Scenario[] = [];
/** Each origin scenario's handler durations per path, median, at one connection (no queueing): the Lambda's billed duration in the twin. */
const handlerMs: Partial<Record<ScenarioId, Record<string, number>>> = {};
const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : NaN);
let paths: Awaited<ReturnType<typeof pathsOf>>;
try {
  const renderOrigin = (origin = await startOrigin());
  const load = (driver = startDriver());
  paths = await pathsOf(twin.url);
  const compressed = { 'accept-encoding': 'br, gzip' };
  const all: Record<ScenarioId, Omit<Scenario, 'steps'>> = {
    'pages-cdn': { id: 'pages-cdn', what: SCENARIOS['pages-cdn'], target: twin.url, paths: paths.pages, headers: compressed },
    'api-cdn': { id: 'api-cdn', what: SCENARIOS['api-cdn'], target: twin.url, paths: paths.api, headers: compressed },
    'pages-origin': { id: 'pages-origin', what: SCENARIOS['pages-origin'], target: renderOrigin.url, paths: paths.pages, headers: {} },
    'api-origin': { id: 'api-origin', what: SCENARIOS['api-origin'], target: renderOrigin.url, paths: paths.api, headers: {} },
  };
  note(`setup ${((Date.now() - startedAt) / 1000).toFixed(0)} s; ${CHOSEN.length} scenarios, steps of ${SECONDS} s`);
  for (const id of CHOSEN) {
    const s: Scenario = { ...all[id], steps: [] };
    const cdn = id.endsWith('-cdn');
    // Through the CDN: the first visitor fills the store (compressed once per encoding), the second must be a hit.
    if (cdn) await check(s.target, s.paths, s.headers, undefined);
    await check(s.target, s.paths, s.headers, cdn ? 'Hit' : undefined);
    // Warm-up, not reported: JIT, the renderer's first import, keep-alive sockets.
    await load.run({ url: s.target, paths: s.paths, headers: s.headers, connections: 4, seconds: 1 });
    for (const connections of cdn ? CONNECTIONS.cdn : CONNECTIONS.origin) {
      // What the last step left queued at the origin is answered before the next starts.
      await renderOrigin.drained();
      renderOrigin.durations.clear();
      const r = await load.run({ url: s.target, paths: s.paths, headers: s.headers, connections, seconds: SECONDS });
      s.steps.push(r);
      if (!cdn && connections === 1)
        handlerMs[id] = Object.fromEntries(s.paths.map((p) => [p, Number(median(renderOrigin.durations.get(p) ?? []).toFixed(1))]));
      note(
        `${id} c=${connections}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, errors ${r.httpErrors + r.socketErrors}`,
      );
    }
    scenarios.push(s);
  }
  await renderOrigin.drained();
} finally {
  driver?.stop();
  await origin?.stop();
  await twin.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * The render function per instance. A Lambda instance serves one request at a time, so one
 * connection against the origin is one instance: 1 / its latency. More connections let one Node
 * process overlap one render's reads with another's rendering, which an instance cannot: the best
 * rate whose p99 stays acceptable is the ceiling of one process (about one core), not of an instance.
 */
const pageMisses = scenarios.find((s) => s.id === 'pages-origin');
const sequential = pageMisses?.steps.find((r) => r.connections === 1);
const withinLimit = pageMisses?.steps.filter((r) => r.p99 <= ACCEPTABLE && r.errorRate === 0) ?? [];
const best = withinLimit.length ? withinLimit.reduce((a, b) => (b.rps > a.rps ? b : a)) : undefined;
const render = {
  oneAtATime: sequential && { rps: sequential.rps, p50: sequential.p50, p99: sequential.p99 },
  oneProcess: best && { connections: best.connections, rps: best.rps, p99: best.p99, acceptableP99: ACCEPTABLE },
};

const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
const machine = { cpus: os.cpus().length, cpu, memoryGiB: Math.round(os.totalmem() / 2 ** 30), loadBefore: Number(loadBefore.toFixed(2)) };
const ms = (n: number) => (n < 10 ? n.toFixed(1) : n.toFixed(0));
const pct = (n: number) => (n === 0 ? '0' : `${(n * 100).toFixed(n < 0.001 ? 3 : 1)}%`);
const table = markdown(
  ['scenario', 'connections', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', '4xx/5xx', 'socket errors', 'error rate'],
  scenarios.flatMap((s) =>
    s.steps.map((r) => [
      s.id,
      String(r.connections),
      r.responses.toLocaleString('en'),
      r.rps.toFixed(0),
      ms(r.p50),
      ms(r.p95),
      ms(r.p99),
      String(r.httpErrors),
      String(r.socketErrors),
      pct(r.errorRate),
    ]),
  ),
);
const byPath = (id: ScenarioId) =>
  Object.entries(handlerMs[id] ?? {})
    .map(([p, t]) => `\`${p}\` ${ms(t)}`)
    .join(', ');
const findings = [
  render.oneAtATime &&
    `render, one request at a time (one connection, as one Lambda instance serves them): **${render.oneAtATime.rps.toFixed(1)} misses/s** (p50 ${ms(render.oneAtATime.p50)} ms, p99 ${ms(render.oneAtATime.p99)} ms)`,
  render.oneProcess &&
    `render, one Node process with requests overlapped: **${render.oneProcess.rps.toFixed(1)} misses/s** at ${render.oneProcess.connections} connection${render.oneProcess.connections === 1 ? '' : 's'} (p99 ${ms(render.oneProcess.p99)} ms; the most with p99 ≤ ${ACCEPTABLE} ms and no error)`,
  handlerMs['pages-origin'] && `render handler's own duration at one connection, median, ms: ${byPath('pages-origin')}`,
  handlerMs['api-origin'] && `API handlers' own duration at one connection, median, ms: ${byPath('api-origin')}`,
].filter(Boolean);

if (opts.json) {
  console.log(
    JSON.stringify(
      {
        date: new Date().toISOString(),
        machine,
        options: { seconds: SECONDS, connections: CONNECTIONS, acceptableP99: ACCEPTABLE },
        paths,
        scenarios,
        renderPerInstance: render,
        handlerMsAtOneConnection: handlerMs,
      },
      null,
      2,
    ),
  );
} else {
  console.log(`\n${table}\n`);
  if (findings.length) console.log(`${findings.map((l) => `- ${l}`).join('\n')}\n`);
}

const args = process.argv.slice(2);
const section = `<!-- bench:load -->

## Load (\`npm run bench:load\`)

\`npm run bench:load${args.length ? ` -- ${args.join(' ')}` : ''}\`, measured ${new Date().toISOString().slice(0, 10)} on ${machine.cpus} × ${cpu} (${machine.memoryGiB} GiB;
load average ${machine.loadBefore} before the run: the machine is shared), a fresh local twin with demo content; ${((Date.now() - startedAt) / 1000).toFixed(0)} s in all.
These are the twin's figures, not AWS's: the gateway with its CDN stand-in, the functions and the
renderer run in one Node process, DynamoDB Local (Java) beside it and autocannon in a third process,
all on the same ${machine.cpus} cores. Each step is ${SECONDS} s of closed-loop load (each connection sends its next
request when its last is answered), cycling through the paths; the twin's answer check
(\`CHECK_ANSWERS\`) is off, as in AWS.

- _pages_: ${paths.pages.map((p) => `\`${p}\``).join(', ')};
- _API reads_: ${paths.api.map((p) => `\`${p}\``).join(', ')};
- \`-cdn\`: through the gateway, every answer a hit of the CDN stand-in (stored and compressed once, br);
- \`-origin\`: every request a miss, straight at the handlers: a bench-only server in the twin's
  process calls the render function's handler as the CDN stand-in does on a miss, and a public
  read's handler as API Gateway does, and answers uncompressed. Pages are keyed on the path alone,
  so no query string or header makes a page miss through the gateway (an \`Authorization\` header
  would make a public read miss, as in CloudFront); this server also lets each step start only once
  the last one's queue is answered.

_4xx/5xx_ counts answers with those statuses, _socket errors_ requests with no answer (connection
errors, 10 s timeouts); the error rate is both over all requests. Where a step has few answers (the
origin at many connections), its percentiles are those of the requests answered within the step.

${table}

${findings.map((l) => `- ${l}`).join('\n')}

<!-- /bench:load -->`;
if (!opts['no-docs']) note(`written to ${writeSection('load', section)}`);
