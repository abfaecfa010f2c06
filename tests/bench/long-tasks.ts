/**
 * `npm run bench:long-tasks [-- --sites A=<url>,B=<url>] [-- --pages /,/french]`: what blocks the main
 * thread of each public page after its first paint, by name (which script, which island, style, layout,
 * an SVG document), and Lighthouse's Total Blocking Time two ways: as Lighthouse reports it (from the
 * trace's wall-clock task durations), and from the same trace with each task's duration set to the
 * main thread's CPU time in it. On a shared machine a task's wall time grows with the machine's load
 * (the thread waits for a core); its CPU time hardly does, so the second figure compares two builds
 * where the first one cannot. With several sites (two builds, each served by its own twin), each
 * page is measured on every site in turn, the order alternating from run to run.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTwin } from '../../infra/twin/twin.js';
import { CHROMIUM, demoCourse, markdown, parseOptions, positive, requireBuild } from './args.js';

const opts = parseOptions({
  script: 'bench:long-tasks',
  about: `What blocks each public page's main thread after its first paint, by name, and Lighthouse's
Total Blocking Time from wall-clock and from CPU-time task durations (mobile preset, simulated
throttling), median of N runs. Without --sites it starts its own twin on the build (needs npm run build).`,
  options: {
    sites: { type: 'string', value: '<list>', description: 'label=url pairs, comma-separated (running twins, e.g. two builds); measured in turn' },
    pages: { type: 'string', value: '<list>', description: 'comma-separated paths (default: /, a language, a level, a lesson, its practice, a post)' },
    runs: { type: 'string', value: '<n>', description: 'Lighthouse runs per page and site, the median is kept (default 3)' },
    cpu: { type: 'string', value: '<n>', description: "Lighthouse's CPU slowdown (default 8, a low-end phone; 4 is its mobile preset)" },
    min: { type: 'string', value: '<ms>', description: 'list the tasks after the first paint of at least this CPU time (default 3)' },
  },
  env: { BENCH_PORT: "the twin's port when it starts one, and the 4 above it (default 3900)", SITE_DIST: 'the build that twin serves' },
});
const RUNS = positive(opts.runs, 3, 'runs');
const CPU = positive(opts.cpu, 8, 'cpu');
const MIN_MS = positive(opts.min, 3, 'min');

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown>; beginData?: Record<string, unknown> };
}
interface Measure {
  perf: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cpuTbt: number;
  cls: number;
  /** The main thread's tasks after the first paint, CPU ms, by name. */
  tasks: { at: number; ms: number; name: string }[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const file = (u: unknown) => (typeof u === 'string' ? (u.startsWith('http') ? new URL(u).pathname.replace(/^\/static\//, '') : u) : '');
const isTask = (e: TraceEvent) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');

/** The main frame's renderer thread and its navigation's start. */
function mainThread(events: TraceEvent[]) {
  const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && String(e.args.data.documentLoaderURL).startsWith('http'));
  if (!nav) throw new Error('no navigation in the trace');
  return { nav, events: events.filter((e) => e.pid === nav.pid && e.tid === nav.tid).sort((a, b) => a.ts - b.ts) };
}

/** Top-level tasks (not the nested ones of a nested run loop) with the events inside each. */
function* tasksOf(main: TraceEvent[]) {
  let end = -1;
  for (let i = 0; i < main.length; i++) {
    const t = main[i];
    if (!isTask(t) || t.ts < end || !t.dur) continue;
    end = t.ts + t.dur;
    const inner: TraceEvent[] = [];
    for (let j = i + 1; j < main.length && main[j].ts <= end; j++) inner.push(main[j]);
    yield { task: t, inner };
  }
}

const SCRIPT = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'FireIdleCallback',
  'FireAnimationFrame',
  'EventDispatch',
  'RunMicrotasks',
]);
const WORK: Record<string, string> = {
  ParseHTML: 'parse HTML',
  UpdateLayoutTree: 'style recalculation',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  Commit: 'paint',
  MajorGC: 'garbage collection',
  MinorGC: 'garbage collection',
  'BlinkGC.AtomicPhase': 'garbage collection',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
};

/** The label of an event that names what it and the events inside it do, if it is one. */
function labelOf(e: TraceEvent, inner: TraceEvent[], urls: Map<string, string>) {
  const d = e.args?.data ?? {};
  const within = (name: string) => inner.find((m) => m.name === name && m.ts >= e.ts && m.ts <= e.ts + (e.dur ?? 0));
  // A module's evaluation is named by the ModuleEvaluated event that follows it.
  const evaluated = () => inner.find((m) => m.name === 'ModuleEvaluated' && m.ts >= e.ts)?.args?.data?.url;
  if (e.name === 'EvaluateScript') return `run ${file(d.url) || 'inline script'}`;
  if (e.name === 'v8.evaluateModule') return `run ${file(evaluated()) || 'a module'}`;
  if (e.name === 'RunMicrotasks') return 'promise callbacks';
  if (SCRIPT.has(e.name)) {
    const call = e.name === 'FunctionCall' ? e : within('FunctionCall');
    const where = file(call?.args?.data?.url);
    const fnName = call?.args?.data?.functionName;
    const fn = typeof fnName === 'string' && fnName ? fnName : 'anonymous';
    const how =
      e.name === 'EventDispatch' ? `${String(d.type)} event:` : e.name === 'FunctionCall' ? 'call' : e.name.replace('Fire', '').replace('TimerFire', 'timer');
    return `${how} ${where === '_lighthouse-eval.js' ? '(Lighthouse wraps requestIdleCallback)' : where ? `${where} ${fn}` : ''}`.trim();
  }
  if (e.name === 'ParseAuthorStyleSheet') return `parse ${file(d.styleSheetUrl)}`;
  if (e.name === 'DocumentLoader::CommitNavigation') {
    // A document of its own: the page, or an SVG (an <img>, the icon sheet of <use href>).
    const res = inner.find((r) => r.name === 'ResourceReceivedData' || r.name === 'ResourceFinish');
    return `SVG document ${file(urls.get(String(res?.args?.data?.requestId))) || '(the page)'}`;
  }
  return WORK[e.name];
}

/**
 * What a task did, in a few words: each event's own time (less the events inside it) goes to the
 * nearest named event around it (a script runs all it calls; style, layout, paint, parse their own).
 */
function nameOf(task: TraceEvent, inner: TraceEvent[], urls: Map<string, string>) {
  const parts = new Map<string, number>();
  let traced = 0;
  const stack: { e: TraceEvent; label: string; self: number; script: boolean }[] = [];
  const close = (until: number) => {
    for (let top = stack.at(-1); top && top.e.ts + (top.e.dur ?? 0) <= until; top = stack.at(-1)) {
      stack.pop();
      parts.set(top.label, (parts.get(top.label) ?? 0) + Math.max(0, top.self));
    }
  };
  for (const e of inner) {
    if (e.ph !== 'X' || !e.dur) continue;
    close(e.ts);
    const parent = stack.at(-1);
    const own = parent?.script ? undefined : labelOf(e, inner, urls);
    const label = own ?? parent?.label ?? e.name;
    if (parent) parent.self -= e.tdur ?? e.dur;
    else traced += e.tdur ?? e.dur;
    stack.push({ e, label, self: e.tdur ?? e.dur, script: parent?.script || SCRIPT.has(e.name) });
  }
  close(Infinity);
  parts.set('untraced', (task.tdur ?? task.dur ?? 0) - traced);
  const top = [...parts].filter(([, us]) => us >= 300).sort((a, b) => b[1] - a[1]);
  return top.map(([k, us]) => `${k} ${(us / 1000).toFixed(1)}`).join(' + ') || 'other';
}

/** The trace with every main-thread task (and what it holds) shortened to the CPU time it took. */
function cpuTimeTrace(trace: { traceEvents: TraceEvent[] }) {
  const { events } = mainThread(trace.traceEvents);
  for (const { task, inner } of tasksOf(events)) {
    const s = Math.min(1, (task.tdur ?? task.dur ?? 0) / (task.dur ?? 1));
    for (const e of inner) {
      e.ts = task.ts + (e.ts - task.ts) * s;
      if (e.dur) e.dur *= s;
    }
    task.dur = (task.dur ?? 0) * s;
  }
  return trace;
}

async function measure(url: string): Promise<Measure> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parrot-long-tasks-'));
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  const flags = { output: 'json' as const, logLevel: 'error' as const, throttling: { cpuSlowdownMultiplier: CPU }, onlyCategories: ['performance'] };
  try {
    await lighthouse(url, { ...flags, port: chrome.port, gatherMode: path.join(dir, 'wall') });
  } finally {
    chrome.kill();
  }
  try {
    const wall = (await lighthouse(url, { ...flags, auditMode: path.join(dir, 'wall') }))!.lhr;
    if (wall.runtimeError) throw new Error(`${url}: ${wall.runtimeError.message}`);
    cpSync(path.join(dir, 'wall'), path.join(dir, 'cpu'), { recursive: true });
    const tracePath = path.join(dir, 'cpu', 'defaultPass.trace.json');
    const trace = JSON.parse(readFileSync(tracePath, 'utf8')) as { traceEvents: TraceEvent[] };
    const { nav, events } = mainThread(trace.traceEvents);
    const fcp = trace.traceEvents.find((e) => e.name === 'firstContentfulPaint' && e.pid === nav.pid && e.ts > nav.ts)?.ts ?? nav.ts;
    const urls = new Map(
      trace.traceEvents.filter((e) => e.name === 'ResourceSendRequest').map((e) => [String(e.args?.data?.requestId), String(e.args?.data?.url)]),
    );
    const tasks = [...tasksOf(events)]
      .filter(({ task }) => task.ts >= fcp && (task.tdur ?? 0) >= MIN_MS * 1000)
      .map(({ task, inner }) => ({ at: Math.round((task.ts - nav.ts) / 1000), ms: (task.tdur ?? 0) / 1000, name: nameOf(task, inner, urls) }));
    writeFileSync(tracePath, JSON.stringify(cpuTimeTrace(trace)));
    const cpu = (await lighthouse(url, { ...flags, auditMode: path.join(dir, 'cpu') }))!.lhr;
    return {
      perf: (wall.categories.performance.score ?? 0) * 100,
      fcp: wall.audits['first-contentful-paint'].numericValue ?? 0,
      lcp: wall.audits['largest-contentful-paint'].numericValue ?? 0,
      tbt: wall.audits['total-blocking-time'].numericValue ?? 0,
      cpuTbt: cpu.audits['total-blocking-time'].numericValue ?? 0,
      cls: wall.audits['cumulative-layout-shift'].numericValue ?? 0,
      tasks,
    };
  } finally {
    if (process.env.KEEP) cpSync(dir, path.join(process.env.KEEP, url.replace(/\W+/g, '_')), { recursive: true });
    rmSync(dir, { recursive: true, force: true });
  }
}

let stop = async () => {};
let sites: [string, string][];
if (opts.sites) sites = opts.sites.split(',').map((s) => s.split('=') as [string, string]);
else {
  requireBuild();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parrot-long-tasks-twin-'));
  const twin = await startTwin({ port: Number(process.env.BENCH_PORT ?? 3900), dataDir, seed: true });
  stop = async () => {
    await twin.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  sites = [['this build', twin.url]];
}
const results = new Map<string, Measure[]>();
try {
  const { lang, lvl, les, slug } = await demoCourse(sites[0][1]);
  const pages = opts.pages?.split(',') ?? ['/', `/${lang}`, `/${lang}/${lvl}`, `/${lang}/${lvl}/${les}`, `/${lang}/${lvl}/${les}/practice`, `/blog/${slug}`];
  for (const [, base] of sites) for (const page of pages) await fetch(base + page); // the CDN cache filled, as in production
  for (let run = 0; run < RUNS; run++)
    for (const page of pages)
      for (const [label, base] of run % 2 ? [...sites].reverse() : sites) {
        const m = await measure(base + page);
        results.set(`${page}\t${label}`, [...(results.get(`${page}\t${label}`) ?? []), m]);
        console.log(
          `${page} ${label} run ${run + 1}: TBT ${m.tbt.toFixed(0)} ms, from CPU time ${m.cpuTbt.toFixed(0)} ms (load ${os.loadavg()[0].toFixed(1)})`,
        );
      }
} finally {
  await stop();
}

const rows = [...results].map(([key, ms]) => {
  const [page, label] = key.split('\t');
  const m = (k: 'perf' | 'fcp' | 'lcp' | 'tbt' | 'cpuTbt' | 'cls') => median(ms.map((x) => x[k]));
  const s = (k: 'fcp' | 'lcp') => `${(m(k) / 1000).toFixed(1)} s`;
  return [`\`${page}\``, label, m('perf').toFixed(0), s('fcp'), s('lcp'), `${m('tbt').toFixed(0)} ms`, `${m('cpuTbt').toFixed(0)} ms`, m('cls').toFixed(3)];
});
console.log(`\nCPU ×${CPU}, median of ${RUNS}\n`);
console.log(markdown(['page', 'build', 'perf', 'FCP', 'LCP', 'TBT', 'TBT from CPU time', 'CLS'], rows));
for (const [key, ms] of results) {
  // The run whose CPU-time TBT is the median, its tasks after the first paint.
  const mid = [...ms].sort((a, b) => a.cpuTbt - b.cpuTbt)[Math.floor(ms.length / 2)];
  console.log(`\n${key.replace('\t', ' on ')} (tasks ≥ ${MIN_MS} ms CPU after the first paint, median run):`);
  for (const t of mid.tasks) console.log(`  ${String(t.at).padStart(5)} ms  ${t.ms.toFixed(1).padStart(5)} ms  ${t.name}`);
}
