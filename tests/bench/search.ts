/**
 * `npm run bench:search [-- --runs N] [-- --large]`: the public search's figures (issue 33) on a fresh
 * local twin with demo content (and, with --large, seed:large's course added): each language's
 * search index (JSON, and gzip as the CDN sends it), and on a slow phone (Slow 4G and CPU x4, applied
 * for real over CDP as bench:tap does) the time from the first focus in the /search page's box, with
 * a word typed at once, to the first result painted (the island and the indexes load on that focus),
 * and from a keystroke to its results once they are loaded. Median of N runs (default 5). Prints the
 * tables and writes them into docs/benchmarks.md between its markers. Needs `npm run build`.
 */
import { chromium } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startTwin } from '../../infra/twin/twin.js';
import { api, apiPath, pages } from '../../shared/urls.js';
import e2e from '../e2e/playwright.config.js';
import { CHROMIUM, markdown, parseOptions, positive, requireBuild, writeSection } from './args.js';

const opts = parseOptions({
  script: 'bench:search',
  about: `The public search's index size per language and its time to the first result on a slow phone
(Slow 4G, CPU x4), on a fresh local twin with demo content. Writes docs/benchmarks.md. Needs npm run build.`,
  options: {
    runs: { type: 'string', value: '<n>', description: 'runs of each timing, the median is kept (default 5)' },
    large: { type: 'boolean', description: "also seed:large's course (500 lessons, 5,000 phrases)" },
  },
  env: { BENCH_PORT: "the twin's port, and the 4 above it (default 3960)", CHROMIUM_PATH: 'the browser (default /usr/bin/chromium)' },
});
const RUNS = positive(opts.runs, 5, 'runs');
requireBuild();

const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: Math.floor((1474.56 * 1024) / 8), uploadThroughput: Math.floor((675 * 1024) / 8) };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parrot-bench-search-'));
const twin = await startTwin({ port: Number(process.env.BENCH_PORT ?? 3960), dataDir, seed: true });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: e2e.use?.launchOptions?.args ?? [] });
try {
  if (opts.large) {
    // Only when asked: the seeding module reads the twin's config as it loads.
    const { LARGE, seedLarge } = await import('../../infra/scripts/seed-large.js');
    await seedLarge({ ports: twin.ports, userPoolId: twin.state.userPoolId }, LARGE, console.log);
  }
  const languages = (await (await fetch(twin.url + apiPath(api.languages))).json()) as { id: string }[];
  const sizeRows: string[][] = [];
  for (const { id } of languages) {
    const body = Buffer.from(await (await fetch(twin.url + apiPath(api.searchIndex(id)))).arrayBuffer());
    const index = JSON.parse(body.toString()) as { lessons: unknown[]; phrases: unknown[] };
    sizeRows.push([id, String(index.lessons.length), String(index.phrases.length), kb(body.length), kb(gzipSync(body).length)]);
  }

  const first: number[] = [];
  const next: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(twin.url + pages.search, { waitUntil: 'networkidle' });
    const box = page.locator('#search-page');
    // A string, not a function: tsx wraps a function's inner functions in a helper the page does not have.
    const shown = () =>
      page.evaluate<number>(`new Promise((resolve) => {
        const start = performance.now();
        const check = () => document.querySelector('form[role=search] ul li a')
          ? requestAnimationFrame(() => resolve(performance.now() - start))
          : requestAnimationFrame(check);
        check();
      })`);
    // The first focus with a word typed: the island, the languages and each index load, then the results show.
    const waiting = shown();
    await box.focus();
    await box.pressSequentially('cafe');
    first.push(await waiting);
    // Another word once loaded: one keystroke's matching and painting.
    await box.fill('');
    const again = shown();
    await box.pressSequentially('h');
    next.push(await again);
    await context.close();
  }
  const section = [
    '<!-- bench:search -->',
    '## Search (`npm run bench:search`)',
    '',
    `Issue 33. A fresh twin with demo content${opts.large ? " and seed:large's course" : ''}; index sizes as served (JSON) and`,
    'gzipped (as the CDN sends them). Times on the slow-phone profile (Slow 4G, CPU x4, over CDP), on',
    `the /search page's box at 390 px, median of ${RUNS} runs.`,
    '',
    markdown(['language', 'lessons', 'phrases', 'index', 'gzip'], sizeRows),
    '',
    markdown(
      ['from', 'to the first result painted'],
      [
        ['the first focus, "cafe" typed at once (island, languages and indexes load)', `${Math.round(median(first))} ms`],
        ['a keystroke, indexes loaded', `${Math.round(median(next))} ms`],
      ],
    ),
    '<!-- /bench:search -->',
  ].join('\n');
  console.log(section);
  console.log(`written to ${writeSection('search', section)}`);
} finally {
  await browser.close();
  await twin.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
