/**
 * Starts the whole local twin: services, bootstrap, demo content, gateway. Used by `npm start`,
 * `npm run dev` and the test suites (each on its own port and data folder).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpush from 'web-push';
import { bootstrap, BUCKETS, readState, REGION, TABLE, writeState, type TwinState } from './bootstrap.js';
import { portsFor, startServices, type Ports } from './services.js';
import { startReleaseTimer } from './releases.js';
import { PRODUCT_NAME } from '../../shared/product.js';
import { SSR_BUILD_DIR, SSR_ENTRY_FILE, type PublicConfig } from '../../shared/render.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The twin's demo learner (not an admin); the password is made once per data folder (twin.json). */
export const LEARNER_EMAIL = 'student@parrotphrases.test';

export interface TwinOptions {
  port: number;
  dataDir: string;
  seed?: boolean;
  log?: (msg: string) => void;
}

export async function startTwin(opts: TwinOptions) {
  const log = opts.log ?? (() => {});
  const ports = portsFor(opts.port);
  const dataDir = path.resolve(opts.dataDir);
  mkdirSync(dataDir, { recursive: true });

  const previous = readState(dataDir);
  const admin = {
    email: process.env.ADMIN_EMAIL ?? previous?.adminEmail ?? 'admin@parrotphrases.test',
    // Generated once per data folder (never committed); ADMIN_PASSWORD overrides it.
    password: process.env.ADMIN_PASSWORD ?? previous?.adminPassword ?? `Parrot-${randomBytes(6).toString('hex')}-9a`,
  };
  // A demo learner (not an admin) with some progress and favourites: what the companion app's API shows a user.
  const learner = { email: LEARNER_EMAIL, password: previous?.learnerPassword ?? `Learner-${randomBytes(6).toString('hex')}-7b` };

  Object.assign(process.env, functionEnv(ports));

  const services = await startServices(ports, dataDir, log);
  try {
    const { state, learnerSub } = await bootstrap(ports, dataDir, admin, learner);
    const distDir = siteDist();
    const productName = process.env.PRODUCT_NAME ?? PRODUCT_NAME;
    const full = { ...state, adminEmail: admin.email, adminPassword: admin.password, learnerPassword: learner.password, vapid: previous?.vapid ?? vapidKeys() };
    writeState(dataDir, full);
    Object.assign(process.env, stateEnv(ports, full));

    // The default settings row, as the deploy makes it in AWS (the read path never writes). Imported
    // late: functions/lib/config.ts reads the environment set above.
    const { ensureDefaultSettings } = await import('../../functions/data/settings.js');
    await ensureDefaultSettings();

    // The first start decides: the demo course, or none (`npm start -- --empty`); a later start never adds it over real content.
    if (!state.seeded) {
      if (opts.seed !== false) {
        log('first start: adding demo content (generating audio offline)...');
        const { seedDemo } = await import('./seed.js');
        await seedDemo(log, learnerSub);
      }
      writeState(dataDir, { ...full, seeded: true });
    }

    const { createGateway } = await import('./gateway.js');
    const server = await createGateway({
      ports,
      userPoolId: state.userPoolId,
      userPoolClientId: state.userPoolClientId,
      distDir,
      publicConfig: publicConfig(productName, full),
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(ports.gateway, '127.0.0.1', resolve);
    });
    const url = `http://localhost:${ports.gateway}`;
    const stopReleases = startReleaseTimer(log);
    return {
      url,
      ports,
      admin,
      learner,
      state,
      /** Fault tests stop and start DynamoDB Local under the running twin. */
      dynamodb: services.dynamodb,
      async stop() {
        stopReleases();
        server.closeAllConnections();
        await new Promise<void>((r) => server.close(() => r()));
        await services.stop();
      },
    };
  } catch (e) {
    await services.stop();
    throw e;
  }
}
type PoolAndKeys = Pick<TwinState, 'userPoolId' | 'userPoolClientId' | 'vapid'>;

/**
 * The reminders' VAPID pair, made once per data folder and kept in its twin.json (as AWS keeps its
 * pair in a secret: docs/infra.md "Reminders"): a new pair would orphan every subscription made.
 */
function vapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}

/** The SPA's runtime config in the twin: Cognito sits behind the gateway's /cognito. */
function publicConfig(productName: string, state: PoolAndKeys): PublicConfig {
  return {
    productName,
    apiBase: '/api',
    region: REGION,
    userPoolId: state.userPoolId,
    userPoolClientId: state.userPoolClientId,
    userPoolEndpoint: '/cognito',
    mediaBaseUrl: '/media',
    vapidPublicKey: state.vapid?.publicKey ?? '',
  };
}

export type Twin = Awaited<ReturnType<typeof startTwin>>;

const siteDist = () => (process.env.SITE_DIST ? path.resolve(process.env.SITE_DIST) : path.join(ROOT, 'frontend/dist'));

/**
 * What the functions' environment adds to functionEnv once the twin's user pool exists: the pool,
 * and the render function's environment as the CDK stack sets it in AWS (the CDN stand-in is the
 * gateway). `npm run invoke` runs a function with the same two against a running twin.
 */
export function stateEnv(ports: Ports, state: PoolAndKeys): Record<string, string> {
  return {
    ...(state.vapid ? { VAPID_PUBLIC_KEY: state.vapid.publicKey, VAPID_PRIVATE_KEY: state.vapid.privateKey } : {}),
    USER_POOL_ID: state.userPoolId,
    SSR_ENTRY: path.join(siteDist(), SSR_BUILD_DIR, SSR_ENTRY_FILE),
    PUBLIC_CONFIG: JSON.stringify(publicConfig(process.env.PRODUCT_NAME ?? PRODUCT_NAME, state)),
    CDN_DISTRIBUTION_ID: 'LOCAL',
    CLOUDFRONT_ENDPOINT: `http://127.0.0.1:${ports.gateway}`,
  };
}

/**
 * The environment the functions run with against a twin on these ports: they read only
 * functions/lib/config.ts, which reads these, so it is the same code as in AWS.
 */
export function functionEnv(ports: Ports): Record<string, string> {
  return {
    AWS_REGION: REGION,
    TABLE_NAME: TABLE,
    CONTENT_BUCKET: BUCKETS.content,
    ASSETS_BUCKET: BUCKETS.assets,
    MEDIA_BASE_URL: '/media',
    UPLOAD_BASE_URL: '/s3',
    SPEECH_ENGINE: 'offline',
    // Every answer is checked against its route's contract (functions/lib/http.ts): drift fails here, not in a browser.
    CHECK_ANSWERS: 'true',
    // Powertools' metrics go to CloudWatch from Lambda's log lines; locally they would only flood the console.
    POWERTOOLS_METRICS_DISABLED: 'true',
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.dynamodb}`,
    S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
    SES_ENDPOINT: `http://127.0.0.1:${ports.ses}`,
    // Through the gateway, which adds what cognito-local lacks (AdminUserGlobalSignOut).
    COGNITO_ENDPOINT: `http://127.0.0.1:${ports.gateway}/cognito`,
    AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local',
    AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
  };
}
