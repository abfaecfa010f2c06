#!/usr/bin/env node
// Runs commands at the same time and fails if any fails: for checks that each keep one core busy
// (tsc, ESLint) on a machine with two. Each command's output is held and printed whole when it ends,
// so two logs never interleave. Uses only Node built-ins.
//   node .ci/parallel.mjs "<command>" "<command>" ...
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
const results = await Promise.all(
  commands.map(
    (command) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn(command, { shell: true, env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
        const out = [];
        child.stdout.on('data', (d) => out.push(d));
        child.stderr.on('data', (d) => out.push(d));
        child.on('close', (code, signal) => {
          process.stdout.write(`\n> ${command} (${((Date.now() - started) / 1000).toFixed(0)} s)\n${Buffer.concat(out).toString()}`);
          resolve(code ?? (signal ? 1 : 0));
        });
      }),
  ),
);
process.exit(results.find((code) => code !== 0) ?? 0);
