import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type Route } from '@playwright/test';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureUser, readState } from '../../infra/twin/bootstrap.js';
import { portsFor } from '../../infra/twin/services.js';
import { SSR_BUILD_DIR, SSR_ENTRY_FILE, type ApiAnswer, type RenderEntry, type RenderResult } from '../../shared/render.js';
import { ADMIN_STATE, E2E_ADMIN, E2E_DATA, E2E_PORT } from './playwright.config.js';

export { ADMIN_STATE, E2E_ADMIN };

export async function signInAs(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Administrator Sign In' }).click();
}

/** The e2e twin's cognito-local with its pool and app client (from the twin's state file). */
export function twinCognito() {
  const state = JSON.parse(readFileSync(path.join(E2E_DATA, 'twin.json'), 'utf8')) as { userPoolId: string; userPoolClientId: string };
  const cognito = new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${E2E_PORT + 3}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return { cognito, state };
}

/**
 * Gives this test process the environment the e2e twin gives its functions, before a spec imports a
 * function module to call it in-process: functions/lib/config.ts reads the environment once, when
 * it first loads, and a worker keeps its modules from one spec file to the next. (The twin's module
 * is imported here, not at the top: every other spec would load it for nothing.)
 */
export async function useE2eTwinEnv() {
  const { useTwinEnv } = await import('../../infra/scripts/lambda/twin-session.js');
  const state = readState(E2E_DATA);
  if (!state) throw new Error('The e2e twin wrote no twin.json');
  useTwinEnv({ port: E2E_PORT, ports: portsFor(E2E_PORT), dataDir: E2E_DATA, state });
}

/** A confirmed user who is not in the admins group, created in the e2e twin's cognito-local. */
export async function learner() {
  const { cognito, state } = twinCognito();
  const user = { email: 'learner@parrotphrases.test', password: 'Learner-Passw0rd!' };
  await ensureUser(cognito, state.userPoolId, user.email, user.password, false);
  return user;
}

/**
 * Waits until every island root named `name` (`data-island`) on the page has mounted: its script
 * has taken over (`data-mounted`). Public pages are never hydrated; the islands loader brings them
 * in after the load event, once the browser is idle (frontend/src/islands/loader.ts).
 */
export async function islandsMounted(page: Page, name: 'audio' | 'support' | 'learner' | 'practice') {
  await expect(page.locator(`[data-island="${name}"]`).first()).toBeAttached();
  await expect(page.locator(`[data-island="${name}"]:not([data-mounted])`)).toHaveCount(0);
}

/**
 * axe for one page, run the cheap way (the same rules and the same violations): in the page itself
 * (legacy mode: no blank page opened to merge the frames' results, which only cross-origin frames
 * need and no page of the site has) and listing only the violations in full, not every pass.
 */
export const axeBuilder = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });

/**
 * No axe violations of serious or critical impact: on the whole page, or only inside `within` (a CSS
 * selector: a dialog over a screen that was already checked, so the same screen is not scanned twice).
 */
export async function expectAccessible(page: Page, within?: string) {
  // Tabster's focus-trap sentinels (Fluent's focus management) are focusable by design and hidden from AT.
  const builder = axeBuilder(page).exclude('[data-tabster-dummy]');
  const results = await (within ? builder.include(within) : builder).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const describe = (v: (typeof bad)[number]) => `${v.id}: ${v.nodes.map((n) => `${n.html.slice(0, 100)} (${n.failureSummary ?? ''})`).join(' | ')}`;
  expect(bad.map(describe)).toEqual([]);
}

/**
 * A screenshot to look at (test-results/screens/<name>-<width>.png), taken only when SCREENSHOTS is
 * set (`SCREENSHOTS=1 npm run test:e2e -- <spec>`): they are for a person to open, and nobody opens
 * them in CI, where the 130 full-page captures cost minutes. Assertions never depend on them.
 */
export const shot = async (target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) => {
  if (!process.env.SCREENSHOTS) return;
  const page = 'page' in target ? target.page() : target;
  const file = path.join('test-results', 'screens', `${name}-${page.viewportSize()?.width}.png`);
  // A page is taken whole unless told otherwise; a locator, just its box.
  await ('page' in target ? target.screenshot({ path: file }) : target.screenshot({ path: file, fullPage: options.fullPage ?? true }));
};

/** Opens a back-office section from the admin navigation (behind the 'Sections' menu button below 768 px). */
export async function openAdminSection(page: Page, label: string) {
  if ((page.viewportSize()?.width ?? 1280) < 768) await page.getByRole('button', { name: /^Sections: / }).click();
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: label, exact: true }).click();
}

/** Fills the Add Language dialog and submits it. */
export async function submitLanguage(dialog: Locator, language: { id: string; name: string; flag_url: string }) {
  await dialog.getByLabel('Language ID').fill(language.id);
  await dialog.getByLabel('Name').fill(language.name);
  await dialog.getByLabel('Flag image URL').fill(language.flag_url);
  await dialog.getByRole('button', { name: 'Add Language' }).click();
}

/**
 * Holds the requests matching `url` until the returned `release()` is called, then sends `answer`
 * (or lets them through to the server when there is none): the page's waiting state stays on
 * screen, or a script stays away, for as long as the test needs.
 */
export async function holdRoute(page: Page, url: string, answer?: Parameters<Route['fulfill']>[0]) {
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => (release = r));
  await page.route(url, async (route) => {
    await gate;
    await (answer ? route.fulfill(answer) : route.continue());
  });
  return release;
}

/**
 * The newest toast with this text (an earlier one of the same words may still be on screen): the
 * back office's Fluent toasts, or a public page's own toast (`[data-toast]`, filled by its islands).
 */
export const toast = (page: Page, text: string) => page.locator('.fui-Toast, [data-toast]').getByText(text, { exact: true }).last();

/**
 * Picks up a sortable item from the keyboard: focus its handle, Space, wait for the announcement.
 * dnd-kit's keyboard sensor starts listening for the arrow keys in a zero-delay timer after the
 * pick-up, and Chromium runs input before timers, so on a busy machine the next key could arrive
 * first and be lost: a timer set now runs after the sensor's, so the next key counts.
 */
export async function pickUp(page: Page, handle: Locator, announcement: string) {
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(announcement, { exact: true })).toBeAttached();
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve)));
}

/** An admin access token for API calls from the test itself (set-up and clean-up). */
export async function adminAccessToken() {
  const { cognito, state } = twinCognito();
  const r = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: state.userPoolClientId,
      AuthParameters: { USERNAME: E2E_ADMIN.email, PASSWORD: E2E_ADMIN.password },
    }),
  );
  return r.AuthenticationResult!.AccessToken!;
}

/** An admin API call from a test itself (set-up and clean-up) that must succeed: `path` from `/api`. */
export async function adminApi(method: string, path: string, body?: unknown): Promise<Response> {
  const res = await fetch(`http://localhost:${E2E_PORT}${path}`, {
    method,
    headers: { authorization: `Bearer ${await adminAccessToken()}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return res;
}

/** Saves site settings through the API as the admin, based on the version stored now (as the settings screen does). */
export async function putSettings(patch: Record<string, unknown>) {
  const site = `http://localhost:${E2E_PORT}`;
  const { version } = await (await fetch(`${site}/api/settings`)).json();
  const res = await fetch(`${site}/api/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${await adminAccessToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...patch, version }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/**
 * Snapshot of the site settings, restored after specs that change them, so every spec sees the
 * same starting point whatever the run order.
 */
export async function keepSettings() {
  const { id: _id, version: _v, updated_at: _u, created_at: _c, ...original } = await (await fetch(`http://localhost:${E2E_PORT}/api/settings`)).json();
  return () => putSettings(original);
}

const SITE = `http://localhost:${E2E_PORT}`;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The page at `url` as the twin's server renderer makes it (the build the twin runs), from the
 * twin's real API answers except `overrides`: for what no local server produces on demand (a failed
 * read, a site without any language). Show it in the browser with `showRendered`.
 */
export async function renderWith(url: string, overrides: Record<string, ApiAnswer>): Promise<RenderResult> {
  const dist = process.env.SITE_DIST ? path.resolve(process.env.SITE_DIST) : path.join(ROOT, 'frontend/dist');
  const { entry } = (await import(pathToFileURL(path.join(dist, SSR_BUILD_DIR, SSR_ENTRY_FILE)).href)) as { entry: RenderEntry };
  const keys = entry.plan(url);
  if (!keys) throw new Error(`${url} is not rendered on the server`);
  const answers: Record<string, ApiAnswer> = {};
  for (const key of keys) {
    const res = key in overrides ? undefined : await fetch(`${SITE}/api${key}`);
    answers[key] = overrides[key] ?? { status: res!.status, body: await res!.json() };
  }
  for (const key of Object.keys(overrides)) if (!keys.includes(key)) throw new Error(`${url} does not read ${key} (it reads ${keys.join(', ')})`);
  return entry.render({ url, origin: SITE, config: await (await fetch(`${SITE}/config.json`)).json(), answers });
}

/** Answers the next load of `url` in `page` with a page made by `renderWith` (its scripts, styles and media still come from the twin). */
export async function showRendered(page: Page, url: string, rendered: RenderResult) {
  await page.route(
    (u) => u.pathname === url,
    (route) => route.fulfill({ status: rendered.status, contentType: 'text/html; charset=utf-8', body: rendered.html }),
    { times: 1 },
  );
}

/** What the twin's local SES (aws-ses-v2-local, on the gateway's port + 4: infra/twin/services.ts) has sent. */
export interface SentMail {
  from: string;
  replyTo?: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
}
export const sentMail = async (): Promise<SentMail[]> => (await (await fetch(`http://127.0.0.1:${E2E_PORT + 4}/store`)).json()).emails;

/** The support messages stored this month in the twin's DynamoDB Local (the gateway's port + 1), as functions/data/support.ts keeps them. */
export async function storedSupportMessages(): Promise<{ id: string; name: string; email: string; message: string; status: string }[]> {
  const client = new DynamoDBClient({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${E2E_PORT + 1}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const out = await DynamoDBDocumentClient.from(client).send(
      new QueryCommand({
        TableName: 'parrot-phrases',
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `SUPPORT#${new Date().toISOString().slice(0, 7)}` },
      }),
    );
    return (out.Items ?? []) as Awaited<ReturnType<typeof storedSupportMessages>>;
  } finally {
    client.destroy();
  }
}

/** Answers the cookie banner before any page loads ('essential' unless asked), so it covers nothing. */
export const answerCookies = (page: Page, level: 'all' | 'essential' = 'essential') =>
  page.addInitScript((v) => localStorage.setItem('cookie_consent_level', v), level);

/** Records, in capture phase on the document from before any script of the page, every audio that starts playing (its URL). */
export const recordPlaying = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { playing: string[] };
    w.playing = [];
    document.addEventListener('playing', (e) => w.playing.push((e.target as HTMLAudioElement).currentSrc), true);
  });
/** The URLs recordPlaying saw start, in order. */
export const playing = (page: Page) => page.evaluate(() => (window as unknown as { playing: string[] }).playing);
