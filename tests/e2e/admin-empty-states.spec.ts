/**
 * The course lists' empty states, as a new admin meets them: a language just added has its place in
 * Manage Levels ('No levels found for this language.'), and a level just added its place in Manage
 * Lessons ('No lessons found for this level.'), so the next item is added from where it belongs.
 */
import { expect, test } from '@playwright/test';
import { adminAccessToken, ADMIN_STATE, openAdminSection, shot, submitLanguage, toast } from './helpers.js';
import { E2E_PORT } from './playwright.config.js';

const LANG = { id: 'empty-lingo', name: 'Empty Lingo', flag_url: 'https://example.com/empty.png' };

// Signed in as the stored session (admin.setup.ts): the sign-in screen has its own tests.
test.use({ storageState: ADMIN_STATE });

test.afterEach(async () => {
  // The language and whatever was added to it: one cascade delete through the API.
  await fetch(`http://localhost:${E2E_PORT}/api/languages/${LANG.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${await adminAccessToken()}` } });
});

test('a new language shows in Manage Levels with its empty state, its first level in Manage Lessons with its own', async ({ page }) => {
  await page.goto('/admin/languages');
  await page.getByRole('button', { name: 'Add Language' }).click();
  await submitLanguage(page.getByRole('dialog'), LANG);
  await expect(toast(page, 'Language added successfully')).toBeVisible();

  await openAdminSection(page, 'Levels');
  const group = page.getByRole('region', { name: LANG.name });
  await expect(group.getByText('No levels found for this language.')).toBeVisible();
  await shot(page, 'admin-levels-empty-language');

  // Its first level, added from there, then the lessons list has the level waiting for its lessons.
  await page.getByRole('button', { name: 'Add Level' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Level ID').fill('first');
  await dialog.getByLabel('Language').selectOption({ label: LANG.name });
  await dialog.getByLabel('Title').fill('First steps');
  await dialog.getByLabel('CEFR label').selectOption('A1');
  await dialog.getByRole('button', { name: 'Add Level' }).click();
  await expect(group.getByText('First steps', { exact: true })).toBeVisible();
  await expect(group.getByText('No levels found for this language.')).toHaveCount(0);

  await openAdminSection(page, 'Lessons');
  const lessons = page.getByRole('region', { name: `${LANG.name} - First steps` });
  await expect(lessons.getByText('No lessons found for this level.')).toBeVisible();
  await shot(page, 'admin-lessons-empty-level');
});
