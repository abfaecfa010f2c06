import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type Route } from '@playwright/test';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureUser } from '../../infra/local/bootstrap.js';
import { E2E_ADMIN, E2E_DATA, E2E_PORT } from './playwright.config.js';

export { E2E_ADMIN };

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

/** A confirmed user who is not in the admins group, created in the e2e twin's cognito-local. */
export async function learner() {
  const { cognito, state } = twinCognito();
  const user = { email: 'learner@parrotphrases.test', password: 'Learner-Passw0rd!' };
  await ensureUser(cognito, state.userPoolId, user.email, user.password, false);
  return user;
}

/**
 * Public pages load the app on the visitor's first interaction (frontend/src/boot.ts). Tests that
 * exercise client-side behaviour (navigation without reload, mocked API answers) start it first.
 */
export async function hydrate(page: Page) {
  await page.mouse.move(1, 1);
  await page.mouse.move(2, 2);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
}

/** A client-side navigation of the hydrated app (as a link click would do, without needing one on screen). */
export async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** No axe violations of serious or critical impact. */
export async function expectAccessible(page: Page) {
  // Tabster's focus-trap sentinels (Fluent's focus management) are focusable by design and hidden from AT.
  const results = await new AxeBuilder({ page }).exclude('[data-tabster-dummy]').analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const describe = (v: (typeof bad)[number]) => `${v.id}: ${v.nodes.map((n) => `${n.html.slice(0, 100)} (${n.failureSummary ?? ''})`).join(' | ')}`;
  expect(bad.map(describe)).toEqual([]);
}

export const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join('test-results', 'screens', `${name}-${page.viewportSize()?.width}.png`), fullPage: true });

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
 * Holds the answers to the requests matching `url` until the returned `release()` is called, then
 * sends `answer`: the page's loading state stays on screen for as long as the test needs it.
 */
export async function holdRoute(page: Page, url: string, answer: Parameters<Route['fulfill']>[0]) {
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => (release = r));
  await page.route(url, async (route) => {
    await gate;
    await route.fulfill(answer);
  });
  return release;
}

/** The newest toast with this text (an earlier one of the same words may still be on screen). */
export const toast = (page: Page, text: string) => page.locator('.fui-Toast').getByText(text, { exact: true }).last();

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
