/**
 * `npm run test:e2e`: the browser specs in two lanes at once, each lane its own Playwright run against
 * its own twin (its own ports and data folder, playwright.config.ts), so no spec ever sees another
 * lane's writes. One lane used about half of this machine's two cores: most of a browser test is
 * waiting (for the twin, a render, an animation), so two lanes finish in about 60% of the time.
 *
 * The spec files are dealt longest first to the lane with the least work so far, by the seconds each
 * took in a full run (SECONDS; a new spec counts as the median until it is added). Arguments pass
 * through to Playwright; given spec files or E2E_LANES=1, everything runs in one lane.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const BASE_PORT = Number(process.env.E2E_PORT ?? 3400);
/** Ports apart: a twin takes its port and the four after it. */
const LANE_GAP = 20;

/** Seconds per spec file (both projects) in the full run of 2026-11-28, on an otherwise idle machine. */
const SECONDS: Record<string, number> = {
  'site-public.spec.ts': 172,
  'course-admin.spec.ts': 140,
  'site-admin.spec.ts': 137,
  'focus.spec.ts': 88,
  'course-public.spec.ts': 80,
  'admin-shell.spec.ts': 75,
  'islands.spec.ts': 70,
  'admin-reorder.spec.ts': 45,
  'practice-say-favorites.spec.ts': 45,
  'offline.spec.ts': 40,
  'practice.spec.ts': 40,
  'profile.spec.ts': 40,
  'auth.spec.ts': 40,
  'admin-coverage.spec.ts': 35,
  'admin-trash.spec.ts': 30,
  'admin-lists.spec.ts': 30,
  'admin-languages.spec.ts': 30,
  'admin-editors.spec.ts': 25,
  'backup.spec.ts': 20,
  'admin-drafts.spec.ts': 20,
  'embed.spec.ts': 20,
  'admin-releases.spec.ts': 15,
  'activity.spec.ts': 10,
  'admin-empty-states.spec.ts': 10,
  'admin-bulk.spec.ts': 10,
  'public.spec.ts': 10,
};

/** The spec files in lanes of about equal work: longest first, each to the lane with the least so far. */
export function deal(files: string[], lanes: number, seconds: Record<string, number> = SECONDS): string[][] {
  const known = Object.values(seconds).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 1;
  const weight = (f: string) => seconds[f] ?? median;
  const out = Array.from({ length: lanes }, () => ({ files: [] as string[], total: 0 }));
  for (const f of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lane = out.reduce((least, l) => (l.total < least.total ? l : least));
    lane.files.push(f);
    lane.total += weight(f);
  }
  return out.map((l) => l.files.sort());
}

function run(files: string[], lane: number, args: string[]): Promise<number> {
  const port = BASE_PORT + lane * LANE_GAP;
  const tag = `[lane ${lane + 1}] `;
  // A file argument is a pattern Playwright matches anywhere in a path: 'tests/e2e/public.spec.ts'
  // names that file only, where 'public.spec.ts' would also run site-public.spec.ts.
  const patterns = files.map((f) => `tests/e2e/${f}`);
  const child = spawn('npx', ['playwright', 'test', '-c', path.join(here, 'playwright.config.ts'), ...args, ...patterns], {
    cwd: root,
    env: { ...process.env, E2E_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Whole lines, each tagged with its lane, so the two runs' reports stay readable side by side.
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    let rest = '';
    from.setEncoding('utf8');
    from.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) to.write(tag + line + '\n');
    });
    from.on('end', () => rest && to.write(tag + rest + '\n'));
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

async function main() {
  const args = process.argv.slice(2);
  const named = args.some((a) => a.endsWith('.ts') || a.includes('.spec'));
  const lanes = named ? 1 : Math.max(1, Number(process.env.E2E_LANES ?? 2));
  if (lanes === 1) process.exit(await run([], 0, args));
  const specs = readdirSync(here).filter((f) => f.endsWith('.spec.ts'));
  const dealt = deal(specs, lanes);
  dealt.forEach((files, i) => console.log(`[lane ${i + 1}] ${files.join(' ')}`));
  const codes = await Promise.all(dealt.map((files, i) => run(files, i, args)));
  process.exit(codes.find((c) => c !== 0) ?? 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
