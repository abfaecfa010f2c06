/**
 * End-to-end tests in Debian's Chromium (never `playwright install`) against a fresh local twin
 * with demo content, on its own port and data folder.
 */
import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3400);
export const E2E_DATA = path.join(root, `.data/e2e-${E2E_PORT}`);
// A throwaway admin of a throwaway local instance: not a secret.
export const E2E_ADMIN = { email: 'admin@parrotphrases.test', password: 'E2e-Admin-Passw0rd!' };
/**
 * The admin's signed-in browser state (Amplify's tokens in localStorage), made once per run by the
 * 'setup' project (admin.setup.ts) through the real sign-in screen. Tests whose subject is not the
 * sign-in start from it (`test.use({ storageState: ADMIN_STATE })`): each still gets a fresh context.
 */
export const ADMIN_STATE = path.join(E2E_DATA, 'admin-state.json');
/** Debian's Chromium and its switches; a spec that needs another switch adds it to these (test.use replaces launchOptions whole). */
export const LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: '.',
  outputDir: path.join(root, `test-results/run-${E2E_PORT}`),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // A trace is recorded for every test even when only a failure's is kept, and recording took half
    // of a test's time (course-public and islands: 344 s of tests with it, 167 s without). CI keeps no
    // files, only the output; to debug a failure locally: `npm run test:e2e -- <spec> --trace on`.
    trace: 'off',
    launchOptions: LAUNCH_OPTIONS,
    // The offline service worker would answer requests that page.route() must see (failed reads,
    // analytics): blocked everywhere but tests/e2e/offline.spec.ts, which allows it.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'setup', testMatch: /\.setup\.ts$/, use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'desktop',
      dependencies: ['setup'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, channel: undefined },
    },
    {
      // At 390 px run only the tests tagged '@phone': what the phone's layout changes (the menus, the
      // tab bar, the dock, the players, the screens' reflow, touch drags). A journey whose steps are
      // the same at every width runs once, on desktop.
      name: 'mobile',
      grep: /@phone/,
      dependencies: ['setup'],
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
  ],
  webServer: {
    command: `rm -rf "${E2E_DATA}" && npx tsx infra/scripts/start.ts`,
    cwd: root,
    url: `http://localhost:${E2E_PORT}/config.json`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { PORT: String(E2E_PORT), DATA_DIR: E2E_DATA, ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password },
  },
});
