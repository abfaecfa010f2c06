#!/usr/bin/env node
// Runs the steps of an npm script that chains several commands, one after another, stopping at the
// first that fails (as `a && b` does). It exists so that `npm run <script> -- --help` answers before
// anything runs: npm appends `--help` to the whole command, which a plain `a && b` only hands to its
// last command, after the others have run (`format` would rewrite every file first).
//   node .ci/steps.mjs "<command>" "<command>" ... [options for the last command | --help]
// Uses only Node built-ins.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
// The steps are the quoted commands package.json gives; what npm appends after them are options.
const script = process.env.npm_lifecycle_event ?? 'this script';
const firstOption = args.findIndex((a) => a.startsWith('-'));
const steps = firstOption < 0 ? args : args.slice(0, firstOption);
const options = firstOption < 0 ? [] : args.slice(firstOption);

if (options.includes('--help') || options.includes('-h')) {
  console.log(`Usage: npm run ${script} [-- <options for its last step>]

Runs, in order, stopping at the first that fails:
${steps.map((s, i) => `  ${i + 1}. ${s}`).join('\n')}

Options after -- go to the last step. Each step is a command of its own: run it directly for its
own --help (e.g. npx ${steps.at(-1)?.split(' ')[0] ?? '<tool>'} --help).`);
  process.exit(0);
}

for (const [i, step] of steps.entries()) {
  const command = i === steps.length - 1 && options.length ? `${step} ${options.map((o) => JSON.stringify(o)).join(' ')}` : step;
  const { status, signal } = spawnSync(command, { shell: true, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? (signal ? 1 : 0));
}
