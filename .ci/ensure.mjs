#!/usr/bin/env node
// Set-up that `npm start` and `npm test` run first, so a fresh clone needs nothing by hand.
//   deps:   npm ci when node_modules is missing or older than package-lock.json
//   node:   npm scripts run on the Lambda runtime's Node major (package.json engines.node), which
//           the pinned node-linux-{x64,arm64} package puts first on their PATH (node_modules/.bin/node)
//   build:  build the SPA (the local gateway serves frontend/dist)
//   java:   Java 17+ (with jdk.compiler) for DynamoDB Local (npm start needs it)
//   system: java, plus Debian's Chromium for the browser tests
// Uses only Node built-ins: it runs before any dependency is installed.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const steps = process.argv.slice(2);
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);

if (steps.includes('system') || steps.includes('java')) {
  const missing = [];
  if (steps.includes('system') && !existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) missing.push('chromium');
  // DynamoDB Local is started through infra/twin/DynamoDbLocalLoopback.java (source-file mode),
  // which needs the jdk.compiler module: every JDK and Debian's JRE have it.
  const javaOk =
    has('java') &&
    /version "(1[7-9]|[2-9]\d)/.test(spawnSync('java', ['-version'], { encoding: 'utf8' }).stderr ?? '') &&
    /^jdk\.compiler@/m.test(spawnSync('java', ['--list-modules'], { encoding: 'utf8' }).stdout ?? '');
  if (!javaOk) missing.push('openjdk-17-jre-headless');
  if (missing.length) {
    if (process.getuid?.() !== 0) {
      console.error(`Missing system packages: ${missing.join(', ')}. Install them with: sudo apt-get install -y ${missing.join(' ')}`);
      process.exit(1);
    }
    console.log(`Installing ${missing.join(', ')} from Debian's packages...`);
    run('apt-get update -qq');
    run(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`);
  }
}

if (steps.includes('deps')) {
  const lock = path.join(root, 'package-lock.json');
  const installed = path.join(root, 'node_modules/.package-lock.json');
  if (!existsSync(installed) || mtime(lock) > mtime(installed)) {
    console.log('Installing npm packages (npm ci)...');
    run('npm ci --no-audit --no-fund');
  }
}

if (steps.includes('node')) {
  // The machine's Node only runs npm (and this file); everything npm runs gets node_modules/.bin/node
  // first on its PATH. Where the registry has no Node package for the platform (only linux x64 and
  // arm64 are pinned), the machine's own Node must be the right major.
  const wanted = /^(\d+)\.x$/.exec(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node)[1];
  const pinned = path.join(root, 'node_modules/.bin/node');
  const node = existsSync(pinned) ? pinned : 'node';
  const version = spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  if (version.split('.')[0] !== wanted) {
    console.error(
      `npm scripts would run on Node ${version || '(none)'} (${node}), but this project runs on Node ${wanted}, the Lambda runtime's.\n` +
        `On linux x64 and arm64, \`npm ci\` installs it (the optional dependency node-${process.platform}-${process.arch}); ` +
        `elsewhere install Node ${wanted} and run npm with it.`,
    );
    process.exit(1);
  }
}

if (steps.includes('build')) run('npm run build -- --logLevel warn');
