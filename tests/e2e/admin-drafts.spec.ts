/**
 * Drafts as a course team meets them: a lesson saved as a draft is marked in Manage Lessons and is
 * not public; its preview link shows the page as it will look (and says it is a preview); 'Publish
 * now' puts it live; its History lists what was done, and brings back the version from before the
 * first edit whatever published the later ones (a draft, a scheduled release). The rules (what the public reads leave out, caching, releases) are tested in
 * tests/integration/publishing.test.ts.
 */
import { expect, test } from '@playwright/test';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Release } from '../../shared/contracts/publishing.js';
import { adminAccessToken, adminApi, ADMIN_STATE, E2E_ADMIN, shot, toast } from './helpers.js';
import { E2E_PORT } from './playwright.config.js';

const LANG = 'draft-lingo';
const base = `http://localhost:${E2E_PORT}`;

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
  const history = page.getByRole('list', { name: 'History of At the market' }).locator(':scope > li');
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toContainText(`Published`);
  await expect(history.nth(0)).toContainText(`by ${E2E_ADMIN.email}`);
  await expect(history.nth(0)).toContainText('Draft: Yes → No');
  await expect(history.nth(1)).toContainText('Created');
  await expect(history.nth(1).getByRole('button', { name: /^Restore the version of .* as a draft of At the market$/ })).toBeVisible();
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

/** Makes release `id` due now: the twin's release timer (every 15 s) publishes it as the schedule would. */
async function due(id: string) {
  const client = new DynamoDBClient({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${E2E_PORT + 1}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const at = new Date(Date.now() - 1000).toISOString();
  try {
    await DynamoDBDocumentClient.from(client).send(
      new UpdateCommand({
        TableName: 'parrot-phrases',
        Key: { PK: `RELEASE#${id}`, SK: 'RELEASE' },
        UpdateExpression: 'SET publish_at = :at, GSI1SK = :sk',
        ExpressionAttributeValues: { ':at': at, ':sk': `${at}#${id}` },
      }),
    );
  } finally {
    client.destroy();
  }
}

test('History brings back the version from before the first edit, after a draft, Publish and a release', async ({ page }) => {
  test.setTimeout(120_000);
  // Seeded content: never edited in the back office, so no History of it yet.
  await adminApi('POST', '/api/lessons', { id: 'hello', language_id: LANG, level_id: 'a1', title: 'Hello', translated_title: 'Saludos' });
  const item = { kind: 'lesson', language_id: LANG, level_id: 'a1', lesson_id: 'hello' };
  const heading = async (text: string) => {
    await page.goto(`/${LANG}/a1/hello`);
    await expect(page.getByRole('heading', { name: text, level: 1 })).toBeVisible();
  };

  // Save as draft, then Publish now.
  await page.goto(`/admin/lessons?language=${LANG}&level=a1`);
  await page.getByRole('button', { name: 'Edit Hello' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Lesson' });
  await dialog.getByLabel('Translated title').fill('Greetings');
  await dialog.getByRole('button', { name: 'Save as draft' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Publishing: Hello' }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  await expect(toast(page, 'Hello is live')).toBeVisible();

  // Another draft, published by its scheduled release.
  const version = ((await (await adminApi('GET', `/api/lessons?language_id=${LANG}&level_id=a1`)).json()) as { id: string; version: number }[])[0].version;
  await adminApi('PUT', '/api/admin/drafts', { item, version, fields: { translated_title: 'Hi there' } });
  const release = (await (
    await adminApi('POST', '/api/admin/releases', { item, publish_at: new Date(Date.now() + 3_600_000).toISOString() })
  ).json()) as Release;
  await due(release.id);
  await expect.poll(async () => (await fetch(`${base}/${LANG}/a1/hello`)).text(), { timeout: 45_000 }).toContain('Hi there');

  // History: every version, what changed in words, by whom; the seeded one can come back.
  await page.goto(`/admin/lessons?language=${LANG}&level=a1`);
  await page.getByRole('button', { name: 'Publishing: Hello' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  const versions = page.getByRole('list', { name: 'History of Hello' }).locator(':scope > li');
  await expect(versions).toHaveCount(3);
  await expect(versions.nth(0)).toContainText('Published by its scheduled release');
  await expect(versions.nth(0)).toContainText('Current version');
  await expect(versions.nth(0)).toContainText('Translated title: Greetings → Hi there');
  await expect(versions.nth(0)).toContainText(`by ${E2E_ADMIN.email}`);
  await expect(versions.nth(1)).toContainText('Translated title: Saludos → Greetings');
  await expect(versions.nth(2)).toContainText('The oldest version kept');
  // To the second, in the reader's time zone.
  await expect(versions.nth(0).locator('time')).toHaveText(/\d{1,2}:\d\d:\d\d/);
  await shot(page, 'admin-history');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'admin-history');
  await page.setViewportSize({ width: 1280, height: 800 });

  await versions
    .nth(2)
    .getByRole('button', { name: /^Restore the version of .* as a draft of Hello$/ })
    .click();
  await expect(page.locator('.fui-Toast, [data-toast]').getByText(/is now the draft of Hello/)).toBeVisible();
  await heading('Hi there');
  await page.goto(`/admin/lessons?language=${LANG}&level=a1`);
  await page.getByRole('button', { name: 'Publishing: Hello' }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  await expect(toast(page, 'Hello is live')).toBeVisible();
  await heading('Saludos');

  // Activity says the same in words: names, not ids.
  await page.goto('/admin/activity');
  await expect(page.getByText('Translated title').first()).toBeVisible();
  expect(await page.locator('main').innerText()).not.toMatch(/translated_title|publish_at|lesson\.publish|[0-9A-HJKMNP-TV-Z]{26}/);
  await shot(page, 'admin-activity');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'admin-activity');
});
