/**
 * Activity: an admin locks a level in the back office and finds the change in the Activity view
 * (who, what, which item, before → after), narrows it with the filters kept in the URL, and sees
 * the empty text when nothing matches. At 1280 and 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E_PORT } from './playwright.config.js';
import { adminAccessToken, ADMIN_STATE, E2E_ADMIN, expectAccessible, openAdminSection, shot } from './helpers.js';

// Signed in as the stored session (admin.setup.ts): the sign-in screen has its own tests.
test.use({ storageState: ADMIN_STATE });

test.beforeEach(async ({ context }) => {
  // A stored cookie choice keeps the consent banner from covering the screens.
  await context.addInitScript(() => localStorage.setItem('cookie_consent_level', 'essential'));
});

/** Unlocks every demo 'elementary' level again through the API, so other specs see the demo course as seeded. */
test.afterEach(async () => {
  const site = `http://localhost:${E2E_PORT}`;
  const headers = { authorization: `Bearer ${await adminAccessToken()}`, 'content-type': 'application/json' };
  const levels = (await (await fetch(`${site}/api/levels`, { headers })).json()) as { id: string; language_id: string; is_locked: boolean }[];
  for (const l of levels.filter((x) => x.id === 'elementary' && x.is_locked)) {
    const res = await fetch(`${site}/api/levels/${l.language_id}/${l.id}/lock`, { method: 'POST', headers, body: JSON.stringify({ is_locked: false }) });
    expect(res.status).toBe(200);
  }
});

/** Clicks the lock switch; if the screen asks first (a confirmation dialog), confirms; waits for the save. */
async function lockLevel(page: Page, title: string) {
  const lock = page.getByRole('switch', { name: `Lock ${title}` }).first();
  await expect(lock).not.toBeChecked();
  const saved = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/levels\/[^/]+\/[^/]+\/lock$/.test(new URL(r.url()).pathname));
  await lock.click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  const checked = page.getByRole('switch', { name: `Lock ${title}`, checked: true }).first();
  await expect(dialog.or(checked).first()).toBeVisible();
  if (await dialog.isVisible()) await dialog.getByRole('button', { name: /^(Confirm|Lock)/ }).click();
  expect((await saved).status()).toBe(200);
  await expect(lock).toBeChecked();
}

test('a level locked in the back office shows in Activity, with filters in the URL', { tag: '@phone' }, async ({ page, isMobile }) => {
  await page.goto('/admin/levels');
  await lockLevel(page, 'Elementary');

  await openAdminSection(page, 'Activity');
  await expect(page).toHaveURL(/\/admin\/activity$/);
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
  // Newest first: the lock just made is the first entry.
  const first = isMobile
    ? page.getByRole('list', { name: 'Activity' }).getByRole('listitem').first()
    : page.getByRole('grid', { name: 'Activity' }).getByRole('row').nth(1);
  // What was done in words, the item by name (no stored names or ids), the change as the form says it.
  await expect(first).toContainText(isMobile ? 'Level Elementary: locked' : 'Locked');
  await expect(first).toContainText('Level: Elementary');
  await expect(first).toContainText(E2E_ADMIN.email);
  await expect(first).toContainText('Locked: No → Yes');
  if (!isMobile) await expect(page.getByRole('grid', { name: 'Activity' }).getByRole('columnheader')).toHaveText(['When', 'Who', 'Action', 'Item', 'Change']);
  await expectAccessible(page);
  await shot(page, 'activity');

  // Filters: item type and who, both in the URL (a filtered view can be shared and survives reload).
  await page.getByRole('combobox', { name: 'Item type' }).selectOption('level');
  await expect(page).toHaveURL(/[?&]entity=level/);
  await page.getByRole('searchbox', { name: 'Filter by e-mail' }).fill(E2E_ADMIN.email.split('@')[0]);
  await expect(page).toHaveURL(/[?&]actor=admin/);
  await page.reload();
  await expect(first).toContainText('Level: Elementary');
  await expect(page.getByRole('combobox', { name: 'Item type' })).toHaveValue('level');

  await page.getByRole('searchbox', { name: 'Filter by e-mail' }).fill('nobody@nowhere.example');
  await expect(page.getByText('No activity matches these filters.')).toBeVisible();
});
