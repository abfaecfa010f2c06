/**
 * Editors per language, as a course team meets them: an admin makes a user the editor of one
 * language in User Management; the editor signs in and the back office shows them only what they
 * can do. The rules themselves (every route for every role) are tested in
 * tests/integration/roles.test.ts.
 */
import { expect, test } from '@playwright/test';
import { ensureUser } from '../../infra/twin/bootstrap.js';
import { ADMIN_STATE, expectAccessible, shot, signInAs, toast, twinCognito } from './helpers.js';

test('an admin makes a user the editor of one language; the editor sees only that language and no admin screens', async ({ browser, isMobile }) => {
  // A user of their own per project: the other project's run has made its user an editor already.
  const user = { email: `editor-${test.info().project.name}@parrotphrases.test`, password: 'Editor-Passw0rd!' };
  const { cognito, state } = twinCognito();
  await ensureUser(cognito, state.userPoolId, user.email, user.password, false);
  const languages = (await (await fetch(`${test.info().project.use.baseURL}/api/languages`)).json()) as { id: string; name: string }[];
  const [mine, other] = languages;

  const adminContext = await browser.newContext({ storageState: ADMIN_STATE, ...(isMobile ? { viewport: { width: 390, height: 844 } } : {}) });
  const admin = await adminContext.newPage();
  await admin.goto(`/admin/users?q=${encodeURIComponent(user.email)}`);
  await admin.getByRole('button', { name: `Make Editor: ${user.email}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Make Editor' });
  await dialog.getByRole('button', { name: 'Make Editor' }).click();
  await expect(dialog.getByText('Choose at least one language')).toBeVisible();
  await dialog.getByRole('checkbox', { name: mine.name }).check();
  await shot(admin, 'editor-dialog');
  await dialog.getByRole('button', { name: 'Make Editor' }).click();
  await expect(toast(admin, `${user.email} can now edit ${mine.id}`)).toBeVisible();
  await expect(admin.getByText('Editor', { exact: true }).first()).toBeVisible();
  await adminContext.close();

  const page = await (await browser.newContext({ ...(isMobile ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}) })).newPage();
  await signInAs(page, user.email, user.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Page Views (last 30 days)' })).toHaveCount(0);

  await page.goto('/admin/languages');
  await expect(page.getByRole('list', { name: 'Languages' }).getByRole('listitem')).toHaveText([new RegExp(mine.name)]);
  await expect(page.getByRole('button', { name: 'Add Language' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Delete ${mine.name}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Edit ${mine.name}` })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'editor-languages');

  // The admin screens are not there, by link or by address.
  if (!isMobile) {
    const nav = page
      .getByRole('navigation')
      .filter({ has: page.getByRole('link', { name: 'Languages' }) })
      .first();
    for (const hidden of ['Users', 'Settings', 'Trash', 'Activity']) await expect(nav.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Blog', exact: true })).toBeVisible();
  }
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin$/);

  // Their language's levels only; another language is not offered anywhere.
  await page.goto('/admin/levels');
  await expect(page.getByRole('combobox', { name: 'Language' }).getByRole('option', { name: other.name })).toHaveCount(0);
});
