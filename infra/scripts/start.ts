/**
 * `npm start`: the whole product on this machine, offline. `--dev` also runs Vite with hot reload
 * in front of the twin; `--empty` leaves a new data folder without the demo course (e.g. to import
 * a course export into). PORT (default 3000), DATA_DIR (default .data), ADMIN_EMAIL and
 * ADMIN_PASSWORD may be set in the environment.
 */
import path from 'node:path';
import { parseCli } from './cli.js';
import { PortInUseError } from '../twin/services.js';
import { ROOT, startTwin } from '../twin/twin.js';

const { values } = parseCli(
  {
    usage: ['npm start [-- --empty]', 'npm run dev [-- --empty]'],
    about: `Runs the whole product on this machine, offline: the local twin (DynamoDB Local, S3, Cognito
and SES stand-ins, the API's handlers and the render function behind one gateway with the CDN's
cache) on PORT and the four ports after it, serving the built site (npm start builds it first).
A new data folder gets the demo course; the admin's and the demo learner's sign-ins are printed.
npm run dev also runs Vite with hot reload for /admin, /auth and /profile on PORT + 10.
Ctrl-C stops it; the data folder is kept across restarts.`,
    options: [
      ['--dev', 'Also run Vite with hot reload in front of the twin (what npm run dev passes).'],
      ['--empty', 'A new data folder gets no demo course (e.g. to import a course export into).'],
    ],
    env: [
      ['PORT', "The site's port (default 3000); the stand-ins use the next four."],
      ['DATA_DIR', 'The data folder (default .data); delete it to start afresh.'],
      ['ADMIN_EMAIL, ADMIN_PASSWORD', "The administrator's sign-in (default admin@parrotphrases.test, a password made once per data folder)."],
      ['SITE_DIST', 'The built site to serve (default frontend/dist).'],
    ],
    examples: ['npm start', 'PORT=3100 DATA_DIR=/tmp/pp npm start -- --empty', 'npm run dev'],
  },
  { dev: { type: 'boolean' }, empty: { type: 'boolean' } },
);
const dev = values.dev === true;
const empty = values.empty === true;
const port = Number(process.env.PORT ?? 3000);
const dataDir = process.env.DATA_DIR ?? path.join(ROOT, '.data');
const log = (m: string) => console.log(`[twin] ${m}`);

try {
  const twin = await startTwin({ port, dataDir, log, seed: !empty });
  let siteUrl = twin.url;
  let stopVite: (() => Promise<void>) | undefined;
  if (dev) {
    const { createServer } = await import('vite');
    const vite = await createServer({
      configFile: path.join(ROOT, 'frontend/vite.config.ts'),
      server: { port: port + 10, proxy: Object.fromEntries(['/api', '/media', '/s3', '/cognito', '/config.json', '/embed'].map((p) => [p, twin.url])) },
    });
    await vite.listen();
    siteUrl = `http://localhost:${port + 10}`;
    stopVite = () => vite.close();
  }
  console.log(`
  Parrot Phrases is running (local twin, offline).

    Site:     ${siteUrl}${dev ? `   (Vite with hot reload for /admin, /auth, /profile; public pages at ${twin.url})` : ''}
    Admin:    ${siteUrl}/auth
      e-mail:   ${twin.admin.email}
      password: ${twin.admin.password}
    Learner:  the companion app's API (/api/me/*; the web sign-in is for administrators only)
      e-mail:   ${twin.learner.email}
      password: ${twin.learner.password}
    Data:     ${dataDir}   (kept across restarts; delete it to start afresh)

  Press Ctrl-C to stop.
`);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\n[twin] stopping...');
    await stopVite?.();
    await twin.stop();
    process.exit(0);
  };
  const onSignal = () => {
    shutdown().catch((e: unknown) => {
      console.error('[twin] could not stop cleanly', e);
      process.exit(1);
    });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
} catch (e) {
  if (e instanceof PortInUseError) {
    console.error(`\n  Cannot start: ${e.message}\n`);
    process.exit(1);
  }
  throw e;
}
