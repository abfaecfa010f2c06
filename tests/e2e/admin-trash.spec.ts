/**
 * The Trash as an admin meets it: a lesson deleted by mistake (with its phrases) is found in Trash,
 * restored with one click, shown where it lives again, and its public page is back for visitors.
 */
import { expect, test } from '@playwright/test';
import { adminAccessToken, adminApi, ADMIN_STATE, E2E_ADMIN, openAdminSection, shot, toast } from './helpers.js';
import { E2E_PORT } from './playwright.config.js';

const LANG = 'trash-lingo';
const base = `http://localhost:${E2E_PORT}`;

// Signed in as the stored session (admin.setup.ts): the sign-in screen has its own tests.
test.use({ storageState: ADMIN_STATE });

test.beforeEach(async () => {
  await adminApi('POST', '/api/languages', { id: LANG, name: 'Trash Lingo', flag_url: 'https://example.com/trash.png' });
  await adminApi('POST', '/api/levels', { id: 'a1', language_id: LANG, title: 'Basics', cefr_label: 'A1', icon_url: '' });
  await adminApi('POST', '/api/lessons', { id: 'greet', language_id: LANG, level_id: 'a1', title: 'Greetings', translated_title: 'Saluti' });
  await adminApi('POST', '/api/phrases', {
    language_id: LANG,
    level_id: 'a1',
    lesson_id: 'greet',
    audio_url: '/media/content/audio/trash-greet.mp3',
    phrases: [{ original_text: 'Ciao', translated_text: 'Hello' }],
  });
});

test.afterEach(async () => {
  await fetch(`${base}/api/languages/${LANG}`, { method: 'DELETE', headers: { authorization: `Bearer ${await adminAccessToken()}` } });
});

test('a deleted lesson is restored from Trash with its phrases, and its page is public again', async ({ page }) => {
  await page.goto(`/admin/lessons?language=${LANG}`);
  await page.getByRole('button', { name: 'Delete Greetings' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Lesson deleted successfully')).toBeVisible();
  expect((await fetch(`${base}/${LANG}/a1/greet`)).status).toBe(404);

  await openAdminSection(page, 'Trash');
  const row = page.getByRole('row', { name: /Lesson: Greetings/ });
  await expect(row).toContainText(`${LANG} / a1 / greet · 2 items`);
  await expect(row).toContainText(`by ${E2E_ADMIN.email}`);
  await shot(page, 'admin-trash');
  await row.getByRole('button', { name: 'Restore lesson Greetings' }).click();
  await expect(toast(page, 'Restored lesson "Greetings"')).toBeVisible();
  await expect(page.getByRole('row', { name: /Lesson: Greetings/ })).toHaveCount(0);
  await expect(page.getByText('Nothing was deleted in the last 30 days.').or(page.getByRole('row').nth(1))).toBeVisible();

  // 'Show' goes to where it lives again.
  await page
    .getByRole('button', { name: 'Show' })
    .or(page.getByRole('link', { name: 'Show' }))
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/lessons\\?language=${LANG}&level=a1`));
  await expect(page.getByText('Greetings', { exact: true }).first()).toBeVisible();

  // The public page is back, phrase and all.
  await page.goto(`/${LANG}/a1/greet`);
  await expect(page.getByRole('heading', { name: 'Saluti' })).toBeVisible();
  await expect(page.getByText('Ciao')).toBeVisible();
});

test('Trash reads well at 390 px', async ({ browser }) => {
  await adminApi('DELETE', `/api/lessons/${LANG}/a1/greet`);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, storageState: ADMIN_STATE });
  const page = await context.newPage();
  await page.goto('/admin/trash');
  await expect(page.getByRole('heading', { name: 'Trash' })).toBeVisible();
  await expect(page.getByText('Lesson: Greetings').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const restore = page.getByRole('button', { name: 'Restore lesson Greetings' });
  const box = await restore.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  await shot(page, 'admin-trash-390');
  await context.close();
});
