/**
 * Drafts as a course team meets them: a lesson saved as a draft is marked in Manage Lessons and is
 * not public; its preview link shows the page as it will look (and says it is a preview); 'Publish
 * now' puts it live; its History lists what was done. The rules (what the public reads leave out, caching, releases) are tested in
 * tests/integration/publishing.test.ts.
 */
import { expect, test } from '@playwright/test';
import { adminAccessToken, adminApi, ADMIN_STATE, E2E_ADMIN, shot, toast } from './helpers.js';
import { E2E_PORT } from './playwright.config.js';

const LANG = 'draft-lingo';
const base = `http://localhost:${E2E_PORT}`;

test.skip(({ isMobile }) => isMobile, 'the back office round trip runs once, on desktop');
// Signed in as the stored session (admin.setup.ts): the sign-in screen has its own tests.
test.use({ storageState: ADMIN_STATE });

test.beforeEach(async () => {
  await adminApi('POST', '/api/languages', { id: LANG, name: 'Draft Lingo', flag_url: 'https://example.com/draft.png' });
  await adminApi('POST', '/api/levels', { id: 'a1', language_id: LANG, title: 'Basics', cefr_label: 'A1', icon_url: '' });
});

test.afterEach(async () => {
  await fetch(`${base}/api/languages/${LANG}`, { method: 'DELETE', headers: { authorization: `Bearer ${await adminAccessToken()}` } });
});

test('a lesson saved as a draft is previewed privately, then published', async ({ page, context }) => {
  await page.goto(`/admin/lessons?language=${LANG}&level=a1`);
  await page.getByRole('button', { name: 'Add New Lesson' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Lesson ID').fill('market');
  await dialog.getByLabel('Language').selectOption(LANG);
  await dialog.getByLabel('Level').selectOption('a1');
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('At the market');
  await dialog.getByLabel('Translated title').fill('Al mercato');
  await dialog.getByRole('button', { name: 'Save as draft' }).click();
  await expect(toast(page, 'Lesson saved as a draft')).toBeVisible();
  const card = page.getByRole('group', { name: 'At the market' }).or(page.locator('[aria-label="At the market"]'));
  await expect(card.getByText('Draft', { exact: true })).toBeVisible();
  expect((await fetch(`${base}/${LANG}/a1/market`)).status).toBe(404);

  await page.getByRole('button', { name: 'Publishing: At the market' }).click();
  await page.getByRole('menuitem', { name: 'Preview' }).click();
  const link = page.getByRole('textbox', { name: 'Preview link' });
  await expect(link).toHaveValue(new RegExp(`^${base}/preview/[A-Za-z0-9_-]{32}$`));
  await shot(page, 'admin-preview-link');
  const [preview] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Open preview' }).click()]);
  await expect(preview.getByRole('heading', { name: 'Al mercato' })).toBeVisible();
  await expect(preview.getByRole('status').filter({ hasText: 'Only people with this link can see it.' })).toBeVisible();
  await preview.close();
  await page.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Publishing: At the market' }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  await expect(toast(page, 'At the market is live')).toBeVisible();
  await expect(card.getByText('Draft', { exact: true })).toHaveCount(0);

  // Its History: what was done, by whom; the saved version can come back as a draft.
  await page.getByRole('button', { name: 'Publishing: At the market' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  const history = page.getByRole('list', { name: 'History of At the market' }).getByRole('listitem');
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toContainText(`publish by ${E2E_ADMIN.email}`);
  await expect(history.nth(1)).toContainText('create');
  await expect(history.nth(1).getByRole('button', { name: /^Restore the version of .* as a draft$/ })).toBeVisible();
  await shot(page, 'admin-history');
  await page.getByRole('button', { name: 'Close' }).click();
  await page.goto(`/${LANG}/a1/market`);
  await expect(page.getByRole('heading', { name: 'Al mercato' })).toBeVisible();
});

test("a public lesson's phrase changes wait in its draft until it is published", async ({ page }) => {
  await adminApi('POST', '/api/lessons', { id: 'greet', language_id: LANG, level_id: 'a1', title: 'Greetings', translated_title: 'Saluti' });
  const audio = '/media/content/audio/draft_greet.mp3';
  await adminApi('POST', '/api/phrases', {
    language_id: LANG,
    level_id: 'a1',
    lesson_id: 'greet',
    audio_url: audio,
    phrases: [{ original_text: 'Ciao', translated_text: 'Hello' }],
  });

  await page.goto(`/admin/phrases?language=${LANG}&level=a1&lesson=greet`);
  await page.getByRole('button', { name: 'Edit Ciao' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Phrase 1' }).fill('Ciao a tutti');
  await dialog.getByRole('button', { name: 'Save as draft' }).click();
  await expect(toast(page, 'Draft saved: the public lesson is unchanged')).toBeVisible();
  expect(await (await fetch(`${base}/${LANG}/a1/greet`)).text()).not.toContain('Ciao a tutti');

  // Opened again, the group shows the draft, and a change can only go to it.
  await page.getByRole('button', { name: 'Edit Ciao' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Phrase 1' })).toHaveValue('Ciao a tutti');
  await expect(dialog.getByText(/This lesson’s phrases have a draft/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Update Phrases' })).toHaveCount(0);
  await shot(page, 'admin-phrase-draft');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // The accordion shows the lesson's phrases as its draft has them, marked.
  await page.goto('/admin/phrases');
  await page.getByRole('button', { name: /^Draft Lingo/ }).click();
  await page.getByRole('button', { name: /^Basics \(A1\)/ }).click();
  await page.getByRole('button', { name: /^Greetings/ }).click();
  await expect(page.getByText(/these are the phrases as they will be published/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ciao a tutti' })).toBeVisible();
  await shot(page, 'admin-phrase-draft-tree');

  await page.goto(`/admin/lessons?language=${LANG}&level=a1`);
  await page.getByRole('button', { name: 'Publishing: Greetings' }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  await expect(toast(page, 'Greetings is live')).toBeVisible();
  await page.goto(`/${LANG}/a1/greet`);
  await expect(page.getByText('Ciao a tutti')).toBeVisible();
});
