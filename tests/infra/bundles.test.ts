/**
 * Every Lambda bundle may only leave out what the Node.js runtime really provides (AWS SDK v3
 * clients and lib packages, node built-ins); anything else must be bundled or the function fails
 * at cold start in AWS. The offline speech engine is the one dev-only exception (never loaded there).
 */
import { build } from 'esbuild';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { handlerModules } from '../../functions/routes.js';
import { EXTERNALS, NODE_TARGET } from '../../infra/cdk/constructs/function.js';

const runtimeProvided = /^(node:|@aws-sdk\/(client|lib)-|@echogarden\/|@breezystack\/lamejs$)/;
const builtins = new Set([
  'crypto',
  'fs',
  'path',
  'os',
  'stream',
  'buffer',
  'util',
  'url',
  'http',
  'https',
  'zlib',
  'events',
  'module',
  'process',
  'child_process',
  'net',
  'tls',
  'dns',
  'assert',
  'querystring',
  'string_decoder',
  'timers',
  'worker_threads',
  'async_hooks',
  'perf_hooks',
]);

describe('Lambda bundles', () => {
  it.each([...handlerModules, 'render'])('%s imports nothing the runtime lacks', async (fn) => {
    const r = await build({
      entryPoints: [path.resolve(`functions/handlers/${fn}.ts`)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: NODE_TARGET,
      write: false,
      metafile: true,
      external: EXTERNALS,
    });
    const externals = Object.values(r.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path));
    expect(externals.filter((p) => !runtimeProvided.test(p) && !builtins.has(p))).toEqual([]);
  });
});
