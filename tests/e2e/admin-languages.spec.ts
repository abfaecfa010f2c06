import { expect, test } from '@playwright/test';
import { ADMIN_STATE, E2E_ADMIN, expectAccessible, learner, shot, signInAs, submitLanguage, toast } from './helpers.js';

test.describe('admin access', () => {
  test('a signed-out visitor to /admin is sent to /auth, then back after signing in', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/admin/languages');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(toast(page, 'You must be logged in to access the admin area')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Administrator Access Only' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'auth');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Administrator Sign In' }).click();
    await expect(toast(page, 'Welcome back!')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/languages$/);
  });

  test('a non-admin is signed out at once with the spec message', async ({ page }) => {
    const user = await learner();
    await signInAs(page, user.email, user.password);
    await expect(toast(page, 'Access denied')).toBeVisible();
    await expect(toast(page, 'Only administrators can sign in.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('wrong password shows the sign-in error', async ({ page }) => {
    await signInAs(page, E2E_ADMIN.email, 'wrong-password-1');
    await expect(toast(page, 'Error signing in')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Administrator Sign In' })).toBeEnabled();
  });
});

test.describe('manage languages', () => {
  // Signed in as the stored session (admin.setup.ts); reaching the section from the navigation: admin-shell.spec.ts.
  test.use({ storageState: ADMIN_STATE });

  test('add, edit and delete a language, seen on the public page', async ({ page }) => {
    await page.goto('/admin/languages');
    await expect(page.getByRole('list', { name: 'Languages' }).getByRole('listitem')).toHaveCount(3);
    await expectAccessible(page);
    await shot(page, 'admin-languages');

    // Search narrows the cards at once; the view is in the URL and survives a reload.
    await page.getByRole('searchbox', { name: 'Search languages' }).fill('span');
    await expect(page.getByRole('list', { name: 'Languages' }).getByRole('listitem')).toHaveText([/Spanish/]);
    await expect(page).toHaveURL(/\?q=span$/);
    await expect(page.getByText('Showing 1 of 3 languages', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search languages' })).toHaveValue('span');
    await expect(page.getByRole('list', { name: 'Languages' }).getByRole('listitem')).toHaveCount(1);
    await page.getByRole('searchbox', { name: 'Search languages' }).fill('klingon');
    await expect(page.getByText('No languages match the search.', { exact: true })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search languages' }).fill('');
    await expect(page.getByRole('list', { name: 'Languages' }).getByRole('listitem')).toHaveCount(3);

    // Invalid input: the spec's texts, nothing saved.
    await page.getByRole('button', { name: 'Add Language' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Language' });
    await submitLanguage(dialog, { id: 'I', name: 'x', flag_url: 'not a url' });
    await expect(dialog.getByText('Language ID must be at least 2 characters')).toBeVisible();
    await expect(dialog.getByText('Language name must be at least 2 characters')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid URL for the flag image')).toBeVisible();
    await submitLanguage(dialog, { id: 'Ital ian', name: 'x', flag_url: 'not a url' });
    await expect(dialog.getByText('ID must contain only lowercase letters, numbers, and hyphens')).toBeVisible();
    await shot(page, 'admin-language-dialog-errors');

    // Valid input.
    await submitLanguage(dialog, { id: 'italian', name: 'Italian', flag_url: '/media/assets/flags/french.svg' });
    await expect(toast(page, 'Language added successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const card = page.getByRole('list', { name: 'Languages' }).getByRole('group', { name: /^Italian/ });
    await expect(page.getByRole('list', { name: 'Languages' }).getByText('Italian', { exact: true })).toBeVisible();

    await expect(async () => {
      await page.goto('/languages');
      await expect(page.getByRole('heading', { name: 'Italian', exact: true })).toBeVisible({ timeout: 1000 });
    }).toPass();

    // Edit: the id is read-only.
    await page.goto('/admin/languages');
    await page.getByRole('button', { name: 'Edit Italian' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Language' });
    await expect(edit.getByLabel('Language ID')).toHaveAttribute('readonly', '');
    await edit.getByLabel('Name').fill('Italiano');
    await edit.getByRole('button', { name: 'Update Language' }).click();
    await expect(toast(page, 'Language updated successfully')).toBeVisible();
    // The public list is read from an eventually consistent index (and a CDN in AWS): reload until it shows.
    await expect(async () => {
      await page.goto('/languages');
      await expect(page.getByRole('heading', { name: 'Italiano' })).toBeVisible({ timeout: 1000 });
    }).toPass();

    // Delete with the spec's confirmation.
    await page.goto('/admin/languages');
    await page.getByRole('button', { name: 'Delete Italiano' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete this language? This will also delete all associated levels, lessons, and phrases.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Language deleted successfully')).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(async () => {
      await page.goto('/languages');
      await expect(page.getByRole('heading', { name: 'Spanish' })).toBeVisible({ timeout: 1000 });
      await expect(page.getByRole('heading', { name: 'Italiano' })).toHaveCount(0, { timeout: 1000 });
    }).toPass();

    // The header offers the dashboard to admins only.
    await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toBeVisible();
  });
});
