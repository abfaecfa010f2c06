/**
 * Bulk work on the Coverage screen: select rows, change them all at once, and Undo. The rules
 * (all or nothing, texts, what visitors see) are in tests/integration/bulk.test.ts.
 */
import { expect, test } from '@playwright/test';
import { adminAccessToken, adminApi, ADMIN_STATE, expectAccessible, shot, toast } from './helpers.js';

test.use({ storageState: ADMIN_STATE });

// The projects share one twin: the language carries the project's name, and goes after the test
// (other specs count the languages).
const langOf = () => `bulk-${test.info().project.name}`;
test.afterEach(async () => {
  await fetch(`${test.info().project.use.baseURL}/api/languages/${langOf()}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${await adminAccessToken()}` },
  });
});

test('select empty lessons in Coverage, lock them at once, delete one, and Undo each', async ({ page }) => {
  const id = langOf();
  await adminApi('POST', '/api/languages', { id, name: `Bulk ${test.info().project.name}`, flag_url: 'https://example.com/flag.png' });
  await adminApi('POST', '/api/levels', { id: 'basics', language_id: id, title: 'Basics', cefr_label: 'A1' });
  for (const lesson of ['hello', 'food'])
    await adminApi('POST', '/api/lessons', { id: lesson, language_id: id, level_id: 'basics', title: `Lesson ${lesson}`, translated_title: lesson });

  await page.goto(`/admin/coverage?language=${id}`);
  const empty = page.getByRole('region', { name: /Lessons without phrases/ });
  await expect(empty.getByRole('listitem')).toHaveCount(2);
  await empty.getByRole('checkbox', { name: 'Select all' }).check();
  await expect(empty.getByRole('button', { name: 'Lock selected (2)' })).toBeEnabled();
  await expectAccessible(page);
  await shot(page, 'coverage-bulk');
  await empty.getByRole('button', { name: 'Lock selected (2)' }).click();
  await expect(toast(page, '2 lessons locked')).toBeVisible();

  const locked = page.getByRole('region', { name: /Locked lessons/ });
  await expect(locked.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page, '2 lessons unlocked')).toBeVisible();
  await expect(page.getByRole('region', { name: /Locked lessons/ })).toHaveCount(0);

  // Delete asks first, then the toast's Undo puts the lesson back from the Trash.
  await empty.getByRole('checkbox', { name: 'Select Lesson hello' }).check();
  await empty.getByRole('button', { name: 'Delete selected (1)' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete 1 lesson?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, '1 lesson deleted')).toBeVisible();
  await expect(empty.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Undo' }).last().click();
  await expect(toast(page, '1 lesson restored')).toBeVisible();
  await expect(empty.getByRole('listitem')).toHaveCount(2);
});
