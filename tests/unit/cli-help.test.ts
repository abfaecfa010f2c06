/**
 * Every script of ours under `npm run` (package.json's `tsx infra/...` commands) answers `--help`
 * with its usage and exits 0 before doing anything, and refuses an unknown option with a clear
 * message (exit 1), also before doing anything: run as npm runs them, with `npx tsx`, in a child
 * process whose PORT and DATA_DIR point nowhere, so a script that did start would be seen.
 * (tests/bench/* and the tools' own scripts, vite, tsc, eslint, vitest, cdk, answer --help themselves.)
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

/** `npm run <name>` → the tsx file and arguments it runs (the last `tsx infra/...` of its command). */
const SCRIPTS = Object.entries(pkg.scripts).flatMap(([name, command]) => {
  // A plain command, or the last step of .ci/steps.mjs ("... " "tsx infra/... --dev").
  const m = /(?:^|&&\s*|")tsx\s+(infra\/\S+\.ts)([^&"]*)"?$/.exec(command);
  return m ? [{ name, file: m[1], args: m[2].trim().split(/\s+/).filter(Boolean) }] : [];
});
/** Scripts that chain several commands run them through .ci/steps.mjs, which answers --help before any runs. */
const CHAINED = Object.entries(pkg.scripts).filter(([, command]) => command.includes('&&') || command.startsWith('node .ci/steps.mjs'));

/** Each script starts in a few seconds; a busy machine running the suites side by side may take ten times that. */
const CHILD_TIMEOUT = 120_000;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parrot-cli-help-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}
function run(file: string, args: string[]): Promise<Run> {
  // PORT: nothing listens there; DATA_DIR: empty. A twin started, a sweep or an import would show.
  const env = { ...process.env, PORT: '3997', DATA_DIR: dataDir, AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'none', AWS_SECRET_ACCESS_KEY: 'none' };
  return new Promise((resolve) => {
    execFile('npx', ['tsx', file, ...args], { cwd: ROOT, env, timeout: CHILD_TIMEOUT, killSignal: 'SIGTERM' }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** What the help must name: how it is called. */
const callOf = (name: string) => (name === 'start' ? 'npm start' : `npm run ${name}`);

describe('scripts that chain commands', () => {
  it('run them through .ci/steps.mjs, which answers --help having run none of them', () => {
    for (const [name, command] of CHAINED) {
      expect(command, name).toMatch(/^node \.ci\/steps\.mjs /);
      const r = spawnSync(`${command} --help`, { shell: true, cwd: ROOT, encoding: 'utf8', env: { ...process.env, npm_lifecycle_event: name } });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage: npm run ${name}`, 'm'));
      expect(r.stdout).toContain('Runs, in order');
    }
    expect(CHAINED.map(([name]) => name).sort()).toEqual(['build', 'deploy', 'dev', 'format', 'lint', 'test', 'typecheck']);
  });
});

describe('scripts under npm run', () => {
  it('are found in package.json', () => {
    expect(SCRIPTS.map((s) => s.name).sort()).toEqual([
      'check:release',
      'cost',
      'create-admin',
      'dev',
      'event',
      'export',
      'import',
      'invoke',
      'seed:large',
      'smoke',
      'start',
      'sweep-media',
      'vapid-keys',
    ]);
  });

  describe.concurrent.each(SCRIPTS)('npm run $name', ({ name, file, args }) => {
    it(
      'answers --help with its usage, exit 0, having done nothing',
      async () => {
        const r = await run(file, [...args, '--help']);
        expect(r.code, r.stderr).toBe(0);
        expect(r.stdout).toMatch(/^Usage: /m);
        expect(r.stdout).toContain(callOf(name));
        expect(r.stdout).toMatch(/^Options:\n(.*\n)*\s+-h, --help/m);
        expect(r.stdout).toMatch(/^Examples?:$/m);
        expect(r.stderr).not.toMatch(/error/i);
        expect(readdirSync(dataDir)).toEqual([]);
      },
      CHILD_TIMEOUT + 10_000,
    );

    it(
      'refuses an unknown option with a clear message, exit 1, having done nothing',
      async () => {
        const r = await run(file, [...args, '--no-such-option']);
        expect(r.code, r.stdout + r.stderr).toBe(1);
        expect(r.stderr).toMatch(/^Unknown option '--no-such-option'/m);
        expect(r.stderr).toMatch(/^Usage: /m);
        expect(r.stderr).toContain('--help');
        expect(r.stderr).not.toMatch(/^\s+at /m); // no stack trace
        expect(readdirSync(dataDir)).toEqual([]);
      },
      CHILD_TIMEOUT + 10_000,
    );
  });

  it(
    'answers -h too',
    async () => {
      const r = await run('infra/scripts/create-admin.ts', ['-h']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^Usage: npm run create-admin/m);
    },
    CHILD_TIMEOUT + 10_000,
  );
});
