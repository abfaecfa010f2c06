/**
 * `npm run bench:web [-- --runs N] [-- --pages /,/languages]`: what a phone downloads and runs before
 * it can read each public page, measured on a fresh local twin (whose gateway caches and compresses
 * as CloudFront does), and Lighthouse 12 (mobile preset, simulated throttling), median of N runs.
 * Prints a table and writes it into docs/benchmarks.md between its markers. Needs `npm run build`.
 */
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTwin } from '../../infra/twin/twin.js';
import { CHROMIUM, demoCourse, parseOptions, positive, requireBuild, writeSection } from './args.js';

const opts = parseOptions({
  script: 'bench:web',
  about: `What a phone downloads and runs before it can read each public page, on a fresh local twin, and
Lighthouse 12 (mobile preset, simulated throttling), median of N runs. Prints a table and writes it
into docs/benchmarks.md between its markers. Needs npm run build.`,
  options: {
    runs: { type: 'string', value: '<n>', description: 'Lighthouse runs per page, the median is kept (default 3)' },
    pages: { type: 'string', value: '<list>', description: 'comma-separated paths (default: /, a language, a level, a lesson, its practice, a post)' },
    cpu: { type: 'string', value: '<n>', description: "Lighthouse's CPU slowdown (default 4, its mobile preset; 8 for a low-end phone)" },
    'service-worker': {
      type: 'boolean',
      description: 'Lighthouse on a repeat visit, the service worker installed and controlling the page (docs/offline.md)',
    },
  },
  env: {
    BENCH_PORT: "the twin's port, and the 4 above it (default 3900)",
    SITE_DIST: 'the build to serve (default frontend/dist)',
    CHROMIUM_PATH: 'the browser (default /usr/bin/chromium)',
  },
});
const RUNS = positive(opts.runs, 3, 'runs');
const SW = !!opts['service-worker'];
const CPU = positive(opts.cpu, 4, 'cpu');
requireBuild();

interface Row {
  page: string;
  html: number;
  /** Bytes as sent when the page is reached from another public page (the browser's cache warm). */
  next: number;
  js: number;
  css: number;
  scripts: number;
  critical: number;
  requests: number;
  apiCalls: number;
  perf: number;
  lcp: number;
  tbt: number;
  cls: number;
  a11y: number;
  seo: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n: number) => (n / 1024).toFixed(1);

/**
 * Bytes as sent when `url` is the second page of a visit (`from` loaded first in the same browser):
 * the Resource Timing transfer sizes (0 for a file the browser's cache answers, headers included otherwise).
 */
async function nextNavigation(from: string, url: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
    await page.goto(from, { waitUntil: 'networkidle' });
    await page.goto(url, { waitUntil: 'networkidle' });
    return await page.evaluate(() =>
      [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].reduce(
        (a, e) => a + (e as PerformanceResourceTiming).transferSize,
        0,
      ),
    );
  } finally {
    await browser.close();
  }
}

/** Bytes as sent (content-length of the compressed answer) and request counts until the network is idle. */
async function transfer(url: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
    const seen: { type: string; url: string; bytes: number }[] = [];
    page.on('response', async (res) => {
      const len = Number(res.headers()['content-length'] ?? (await res.body().catch(() => Buffer.alloc(0))).length);
      seen.push({ type: res.request().resourceType(), url: res.url(), bytes: len });
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const html = await page.content();
    const critical = new Set(
      [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map(
        (m) => (m[1] as string | undefined) ?? m[2],
      ),
    ).size;
    const sum = (type: string) => seen.filter((s) => s.type === type).reduce((a, s) => a + s.bytes, 0);
    return {
      html: seen.find((s) => s.type === 'document')?.bytes ?? 0,
      js: sum('script'),
      css: sum('stylesheet'),
      scripts: seen.filter((s) => s.type === 'script').length,
      critical,
      requests: seen.length,
      apiCalls: seen.filter((s) => new URL(s.url).pathname.startsWith('/api/') && !s.url.endsWith('/api/analytics')).length,
    };
  } finally {
    await browser.close();
  }
}

async function audit(url: string) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const runs: Pick<Row, 'perf' | 'lcp' | 'tbt' | 'cls' | 'a11y' | 'seo'>[] = [];
    // With the service worker: a first visit registers it (Lighthouse keeps the profile's storage), and
    // every measured load is then a repeat visit it controls, as for a visitor who came back.
    const flags = {
      port: chrome.port,
      output: 'json' as const,
      logLevel: 'error' as const,
      disableStorageReset: SW,
      throttling: { cpuSlowdownMultiplier: CPU },
    };
    if (SW) {
      await lighthouse(url, { ...flags, onlyCategories: ['performance'] });
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
    for (let i = 0; i < RUNS; i++) {
      const r = await lighthouse(url, { ...flags, onlyCategories: ['performance', 'accessibility', 'seo'] });
      const lhr = r!.lhr;
      runs.push({
        perf: (lhr.categories.performance.score ?? 0) * 100,
        lcp: lhr.audits['largest-contentful-paint'].numericValue ?? 0,
        tbt: lhr.audits['total-blocking-time'].numericValue ?? 0,
        cls: lhr.audits['cumulative-layout-shift'].numericValue ?? 0,
        a11y: (lhr.categories.accessibility.score ?? 0) * 100,
        seo: (lhr.categories.seo.score ?? 0) * 100,
      });
    }
    const m = (k: keyof (typeof runs)[number]) => median(runs.map((r) => r[k]));
    return { perf: m('perf'), lcp: m('lcp'), tbt: m('tbt'), cls: m('cls'), a11y: m('a11y'), seo: m('seo') };
  } finally {
    chrome.kill();
  }
}

async function pagesOf(base: string) {
  const { lang, lvl, les, slug } = await demoCourse(base);
  return ['/', `/${lang}`, `/${lang}/${lvl}`, `/${lang}/${lvl}/${les}`, `/${lang}/${lvl}/${les}/practice`, `/blog/${slug}`];
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parrot-bench-web-'));
const twin = await startTwin({ port: Number(process.env.BENCH_PORT ?? 3900), dataDir, seed: true });
const rows: Row[] = [];
try {
  const pages = opts.pages?.split(',') ?? (await pagesOf(twin.url));
  for (const page of pages) {
    const url = twin.url + page;
    await fetch(url); // the first visitor fills the CDN cache, as in production
    // The second page of a visit: from the home page, or to it from the languages page.
    const from = twin.url + (page === '/' ? '/languages' : '/');
    rows.push({ page, next: await nextNavigation(from, url), ...(await transfer(url)), ...(await audit(url)) });
    console.log(`measured ${page}`);
  }
} finally {
  await twin.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const header =
  '| page | HTML KB | as a second page KB | JS KB | CSS KB | scripts before idle | critical-path scripts | requests | data requests | perf | LCP | TBT | CLS | a11y | SEO |';
const table = [
  header,
  header.replace(/[^|]+/g, '---'),
  ...rows.map(
    (r) =>
      `| \`${r.page}\` | ${kb(r.html)} | ${kb(r.next)} | ${kb(r.js)} | ${kb(r.css)} | ${r.scripts} | ${r.critical} | ${r.requests} | ${r.apiCalls} | ${r.perf.toFixed(0)} | ${(r.lcp / 1000).toFixed(1)} s | ${r.tbt.toFixed(0)} ms | ${r.cls.toFixed(3)} | ${r.a11y.toFixed(0)} | ${r.seo.toFixed(0)} |`,
  ),
].join('\n');
console.log(`\n${table}\n`);

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const name = `web${SW ? '-sw' : ''}${CPU === 4 ? '' : `-cpu${CPU}`}`;
const section = `<!-- bench:${name} -->
## Public pages on a phone${SW ? ', service worker installed' : ''}${CPU === 4 ? '' : `, CPU ×${CPU}`} (\`npm run bench:web${SW || CPU !== 4 ? ' --' : ''}${SW ? ' --service-worker' : ''}${CPU === 4 ? '' : ` --cpu ${CPU}`}\`)

Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${cpu}, Debian Chromium, a fresh local
twin (its gateway caches, compresses and revalidates as CloudFront does). Bytes are as sent (br),
before the page is idle and before any interaction; Lighthouse 12 mobile preset (simulated
throttling, CPU ×${CPU}), median of ${RUNS} runs${SW ? ", each a repeat visit after a first one installed the service worker (Lighthouse's storage reset off)" : ''}.

${table}
<!-- /bench:${name} -->`;
console.log(`written to ${writeSection(name, section)}`);
