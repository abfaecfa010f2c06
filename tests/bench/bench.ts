/**
 * `npm run bench`: performance figures, measured rather than asserted in timed tests.
 *  - API latency through the local gateway (p50/p95 over many requests, after warm-up)
 *  - Lambda bundle size per handler module (esbuild, as the CDK construct bundles them)
 *  - gzip size of what a public page downloads vs the admin chunks (needs `npm run build`)
 */
import { build } from 'esbuild';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { handlerModules } from '../../functions/routes.js';
import { EXTERNALS, NODE_TARGET } from '../../infra/cdk/constructs/function.js';
import { ROOT, startTwin } from '../../infra/twin/twin.js';
import { parseOptions } from './args.js';

parseOptions({
  script: 'bench',
  about: `Performance figures, measured rather than asserted in timed tests: API latency through the local
gateway (p50/p95), Lambda bundle size per handler, the server renderer's size and cold import, and
the gzip size of what a public page downloads against the admin chunks (these need npm run build;
without it they are skipped).`,
  options: {},
  env: { BENCH_PORT: "the twin's port, and the 4 above it (default 3500)" },
});

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function bundles() {
  console.log('\nLambda bundles (minified ESM, runtime-provided AWS SDK external, as deployed):');
  for (const fn of [...handlerModules, 'render']) {
    const r = await build({
      entryPoints: [path.join(ROOT, `functions/handlers/${fn}.ts`)],
      bundle: true,
      minify: true,
      platform: 'node',
      format: 'esm',
      target: NODE_TARGET,
      write: false,
      external: EXTERNALS,
    });
    const code = r.outputFiles[0].contents;
    console.log(`  ${fn.padEnd(14)} ${kb(code.length).padStart(10)}  (${kb(gzipSync(code).length)} gzip)`);
  }
}

/** The render function also loads the server renderer beside its bundle: its size and cold import. */
async function serverRenderer() {
  const file = path.join(ROOT, 'frontend/dist/.ssr/entry-server.mjs');
  let code: Buffer;
  try {
    code = readFileSync(file);
  } catch {
    console.log('\nfrontend/dist/.ssr missing: run npm run build for the server renderer figures');
    return;
  }
  const t = performance.now();
  await import(file);
  console.log(`\nServer renderer: ${kb(code.length)} (${kb(gzipSync(code).length)} gzip), cold import ${(performance.now() - t).toFixed(0)} ms`);
}

function frontend() {
  const dir = path.join(ROOT, 'frontend/dist/static');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.js'));
  } catch {
    console.log('\nfrontend/dist missing: run npm run build for the frontend figures');
    return;
  }
  const size = (f: string) => gzipSync(readFileSync(path.join(dir, f))).length;
  const html = readFileSync(path.join(ROOT, 'frontend/dist/index.html'), 'utf8');
  const entry = [...html.matchAll(/\/static\/([\w.-]+\.js)/g)].map((m) => m[1]);
  const admin = files.filter((f) => /^(AdminApp|Manage|amplify)/.test(f));
  console.log('\nFrontend (gzip):');
  console.log(`  up front (every page) ${kb(entry.reduce((a, f) => a + size(f), 0))}  [${entry.join(', ')}]  (the app loads on interaction)`);
  console.log(`  admin + Amplify      ${kb(admin.reduce((a, f) => a + size(f), 0))}  (never loaded by public pages)`);
}

async function latency(url: string, label: string, n = 300) {
  for (let i = 0; i < 20; i++) await (await fetch(url)).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await (await fetch(url)).arrayBuffer();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.floor(q * (times.length - 1))].toFixed(1);
  console.log(`  ${label.padEnd(24)} p50 ${p(0.5)} ms   p95 ${p(0.95)} ms   (${n} requests)`);
}

await bundles();
await serverRenderer();
frontend();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parrot-bench-'));
const twin = await startTwin({ port: Number(process.env.BENCH_PORT ?? 3500), dataDir, seed: true });
try {
  console.log('\nAPI through the local gateway (DynamoDB Local; AWS latency differs, the trend is what counts):');
  await latency(`${twin.url}/api/languages`, 'GET /api/languages');
} finally {
  await twin.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
