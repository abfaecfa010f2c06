/**
 * The admin lists on the demo content: a phrase found by typing (the search lives in the URL and
 * survives reload, its row opens Edit Phrases) at 1280 and 390 px (a grid, or a list of cards); the
 * filters, and removing an admin after confirming, then undoing it from the toast, at 1280 px (the
 * users and blog screens at 390 px: site-admin.spec.ts). Every test starts signed in (the admin's
 * stored session, admin.setup.ts).
 */
import { expect, test } from '@playwright/test';
import { ensureUser } from '../../infra/twin/bootstrap.js';
import { ADMIN_STATE, expectAccessible, shot, toast, twinCognito } from './helpers.js';

/** A user of this spec only, so other specs' users keep their rights. */
const EDITOR = { email: 'lists.editor@parrotphrases.test', password: 'Lists-Editor-Passw0rd!' };

test.use({ storageState: ADMIN_STATE });

// The cookie banner has its own tests; here it would only cover the screens.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookie_consent_level', 'essential'));
});

test('a phrase found by typing: the URL keeps the search, reload keeps the rows, Edit opens its group', async ({ page }) => {
  await page.goto('/admin/phrases');
  // The accordion first: counts come from the API, lessons load when opened.
  await expect(page.getByRole('button', { name: /^Spanish/ })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search phrases and translations' });
  await search.pressSequentially('buenos dias');
  const results = page.getByRole(test.info().project.name === 'mobile' ? 'list' : 'grid', { name: 'Matching phrases' });
  await expect(results.getByText('Buenos días', { exact: true })).toBeVisible();
  await expect(results.getByText('Spanish › Beginner (A1) › Saludos')).toBeVisible();
  await expect(page.getByText(/^1 phrase$/)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/phrases\?q=buenos\+dias$/);
  await expectAccessible(page);
  await shot(page, 'admin-lists-phrase-search');

  await page.reload();
  await expect(search).toHaveValue('buenos dias');
  await expect(results.getByText('Buenos días', { exact: true })).toBeVisible();

  await results.getByRole('button', { name: 'Edit Buenos días' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Phrases' });
  await expect(edit.getByLabel('Phrase 1', { exact: true })).toHaveValue('Hola');
  await expect(edit.getByLabel('Phrase 2', { exact: true })).toHaveValue('Buenos días');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // A translation matches too; a language filter narrows, and clearing the search keeps the filter.
  await search.fill('HOW are');
  await expect(results.getByText(/^Spanish › /).first()).toBeVisible();
  await expect(results.getByText(/^German › /).first()).toBeVisible();
  await page.getByLabel('Language').selectOption({ label: 'French' });
  await expect(page).toHaveURL(/language=french/);
  await expect(results.getByText('Comment ça va ?', { exact: true })).toBeVisible();
  await expect(results.getByText(/^(Spanish|German) › /)).toHaveCount(0);
  await search.fill('zzz-nothing');
  await expect(page.getByText('No phrases match your search.')).toBeVisible();
  await shot(page, 'admin-lists-phrase-empty');
  await search.fill('');
  await expect(page).toHaveURL(/\/admin\/phrases\?language=french$/);
  await expect(results.getByText(/^French › /).first()).toBeVisible();
});

test('remove admin asks first, then Undo grants the rights again', async ({ page }) => {
  const { cognito, state } = twinCognito();
  await ensureUser(cognito, state.userPoolId, EDITOR.email, EDITOR.password, true);
  await page.goto('/admin/users');
  await expect(page.getByText(/^Total users: \d+$/)).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search by e-mail (starts with)' });
  await search.pressSequentially('lists.');
  await expect(page).toHaveURL(/\/admin\/users\?q=lists\.$/);
  await expect(page.getByText(/^Showing 1 user$/)).toBeVisible();

  await page.getByRole('button', { name: `Remove Admin: ${EDITOR.email}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove admin rights?' });
  await expect(confirm).toContainText(EDITOR.email);
  await expectAccessible(page, '[role="alertdialog"]'); // the users screen under it: site-admin.spec.ts
  await shot(page, 'admin-lists-remove-admin');
  // Cancel changes nothing.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: `Remove Admin: ${EDITOR.email}` })).toBeVisible();

  await page.getByRole('button', { name: `Remove Admin: ${EDITOR.email}` }).click();
  await confirm.getByRole('button', { name: 'Remove Admin' }).click();
  await expect(toast(page, 'Admin privileges removed')).toBeVisible();
  await expect(page.getByRole('button', { name: `Make Admin: ${EDITOR.email}` })).toBeVisible();
  // At 1280 px the row's last action is in view, whole: the table fits, or its Actions column stays
  // pinned while the other columns scroll (an action clipped by the table's scroll box is not in view).
  await expect(page.getByRole('button', { name: `Make Editor: ${EDITOR.email}` })).toBeInViewport({ ratio: 1 });
  await shot(page, 'admin-lists-undo');
  await page.locator('.fui-Toast').getByText('Undo').click();
  await expect(toast(page, `User ${EDITOR.email} has been granted admin privileges`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove Admin: ${EDITOR.email}` })).toBeVisible();

  // The admins filter (in the URL) lists them; reload reads the rights from Cognito again.
  await page.getByLabel('Show').selectOption({ label: 'Admins only' });
  await expect(page).toHaveURL(/role=admins/);
  await page.reload();
  await expect(page.getByRole('button', { name: `Remove Admin: ${EDITOR.email}` })).toBeVisible();
});

test('blog list: search by title, status filter and order in the URL', async ({ page }) => {
  await page.goto('/admin/blog?q=greetings');
  await expect(page.getByText(/^Total blog posts: \d+$/)).toBeVisible();
  await expect(page.getByText('Five Spanish Greetings You Will Use Every Day').first()).toBeVisible();
  await page.getByLabel('Status').selectOption({ label: 'Draft' });
  await expect(page).toHaveURL(/status=draft/);
  await expect(page.getByText('No blog posts match your search.')).toBeVisible();
  await page.getByLabel('Status').selectOption({ label: 'Published' });
  await page.getByLabel('Order').selectOption({ label: 'Oldest first' });
  await expect(page).toHaveURL(/sort=created/);
  await expect(page.getByText('Five Spanish Greetings You Will Use Every Day').first()).toBeVisible();
  // The blog screen is scanned by axe in site-admin.spec.ts (1280 and 390 px).
  await shot(page, 'admin-lists-blog');
});
