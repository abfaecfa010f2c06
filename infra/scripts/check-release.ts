/**
 * `npm run check:release`: the release check of CodeDeploy's pre-traffic hook
 * (functions/lib/release-check.ts) on a local build, before deploying it. The render function runs
 * in-process with the build's server renderer (DIST/.ssr/entry-server.mjs), and so does every API
 * function, against a running twin's data (npm start, on PORT). Exit 0 when every check passes,
 * 1 when one fails (each request is listed), 2 when it could not run.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseCli } from './cli.js';
import { portsFor } from '../twin/services.js';
import { functionEnv, ROOT } from '../twin/twin.js';
import { SSR_BUILD_DIR, SSR_ENTRY_FILE } from '../../shared/render.js';
import { handlerModules } from '../../functions/routes.js';
import type { CheckReport, Invoke, ReleaseTarget } from '../../functions/lib/release-check.js';

type Handler = (event: never, context: never) => Promise<unknown>;

/** Checks render and every API function of the build in `dist` against the twin on `port`. */
export async function checkLocalRelease(dist: string, port: number): Promise<CheckReport[]> {
  const ssrEntry = path.join(dist, SSR_BUILD_DIR, SSR_ENTRY_FILE);
  if (!existsSync(ssrEntry)) throw new Error(`${ssrEntry} is missing: run npm run build first, or pass --dist`);
  // The twin serves its runtime config; a refused connection here means no twin is running.
  const publicConfig = await (await fetch(`http://127.0.0.1:${port}/config.json`)).text();
  // The environment the twin gives its functions (functions/lib/config.ts reads it at import: set it first).
  Object.assign(process.env, functionEnv(portsFor(port)), { SSR_ENTRY: ssrEntry, PUBLIC_CONFIG: publicConfig });
  const { checkRelease } = await import('../../functions/lib/release-check.js');
  const { lambdaContext } = await import('../../functions/lib/events.js');

  const invokerOf = async (target: ReleaseTarget): Promise<Invoke> => {
    const { handler } = (await import(pathToFileURL(path.join(ROOT, 'functions', 'handlers', `${target}.ts`)).href)) as { handler: Handler };
    return async (event) => (await handler(event as never, lambdaContext(target, 'release-check') as never)) as Awaited<ReturnType<Invoke>>;
  };
  const reports: CheckReport[] = [];
  for (const target of ['render', ...new Set(handlerModules)] as ReleaseTarget[]) reports.push(await checkRelease(target, await invokerOf(target)));
  return reports;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseCli(
    {
      usage: ['npm run check:release [-- --dist <build folder>]'],
      about: `Runs the release check that CodeDeploy runs before a new version gets traffic, on a local build:
the render function with the build's server renderer renders /, /languages, a language, a level,
a lesson, /blog, a post, /faq and /support (found in the sitemap), and every API function answers
a GET of each of its public reads; any 5xx, or a page without its <main> landmark, fails. The
functions run in this process against the data of a running twin (npm start): it starts none.`,
      options: [['--dist <folder>', 'The build to check (default frontend/dist, from npm run build).']],
      env: [['PORT', "The running twin's port (default 3000)."]],
      examples: ['npm run build && npm run check:release', 'PORT=3100 npm run check:release -- --dist /tmp/other-build'],
    },
    { dist: { type: 'string' } },
  );
  const port = Number(process.env.PORT ?? 3000);
  const dist = path.resolve(values.dist ?? path.join(ROOT, 'frontend', 'dist'));
  const reports = await checkLocalRelease(dist, port).catch((e: unknown) => {
    const { message, cause } = e as Error;
    const down = /ECONNREFUSED/.test(`${message} ${cause instanceof Error ? String(cause) : ''}`);
    console.error(down ? `No twin is running on port ${port}: start it (npm start), or set PORT.` : `The release check could not run: ${message}`);
    process.exit(2);
  });
  const { describeReport } = await import('../../functions/lib/release-check.js');
  for (const r of reports) console.log(describeReport(r));
  const failed = reports.filter((r) => !r.ok).map((r) => r.target);
  console.log(failed.length ? `\nRelease check FAILED: ${failed.join(', ')}` : `\nRelease check passed: ${reports.length} functions.`);
  process.exit(failed.length ? 1 : 0);
}
