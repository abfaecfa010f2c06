/**
 * Course backup in Settings (docs/backup.md): Export Course downloads the course as one file;
 * Import Course shows a broken file's problems with their place in the file and changes nothing; a
 * good file shows what it would change, asks for confirmation, and imports with a busy state.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { ADMIN_STATE, adminAccessToken, expectAccessible, shot, toast } from './helpers.js';

// The same card and file chooser at every width (the settings screen at 390 px: site-admin.spec.ts).
// Signed in as the stored session (admin.setup.ts): the sign-in screen has its own tests.
test.use({ storageState: ADMIN_STATE });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.getItem('cookie_consent_level') || localStorage.setItem('cookie_consent_level', 'essential'));
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Course backup' })).toBeVisible();
});

/** Chooses a file in the browser's file chooser that Import Course opens. */
async function importFile(page: Page, name: string, content: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import Course' }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(content) });
}

test('export downloads the course; a broken file shows its problems; a good one imports after confirming', async ({ page, baseURL }) => {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Course' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^parrot-phrases-\d{4}-\d{2}-\d{2}\.json$/);
  const text = await readFile(await file.path(), 'utf8');
  const doc = JSON.parse(text) as {
    format: string;
    languages: { id: string }[];
    levels: { title: string }[];
    posts: { lesson_path: string }[];
    lessons: { language_id: string; id: string; title: string }[];
    phrases: { original_text: string }[];
  };
  expect(doc.format).toBe('parrot-phrases-export');
  expect(doc.languages.map((l) => l.id)).toEqual(['french', 'german', 'spanish']);
  await expect(toast(page, 'Course exported')).toBeVisible();
  await shot(page, 'admin-backup');
  // On a phone the toast lies over the buttons (and pauses while the pointer is on it).
  await page.mouse.move(0, 0);
  await expect(toast(page, 'Course exported')).toBeHidden();

  // A broken file: every problem with its path, nothing sent for import.
  const broken = structuredClone(doc);
  broken.levels[0].title = 'x';
  broken.phrases[0].original_text = '';
  broken.posts[0].lesson_path = 'spanish/beginner/nowhere';
  await importFile(page, 'broken.json', JSON.stringify(broken));
  await expect(page.getByText('broken.json cannot be imported (3 problems); nothing was changed')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Problems in the file' }).getByRole('listitem')).toHaveText([
    'levels[0].title: Title must be at least 2 characters',
    'phrases[0].original_text: A phrase needs its text',
    'posts[0].lesson_path: Lesson "spanish/beginner/nowhere" is not in the file',
  ]);
  await expectAccessible(page);
  await shot(page, 'admin-backup-problems');

  // Not JSON at all: said at once, in the browser.
  await importFile(page, 'notes.json', 'these are notes');
  await expect(page.getByRole('list', { name: 'Problems in the file' }).getByRole('listitem')).toHaveText([
    'file: This file is not JSON: choose a file made by Export Course.',
  ]);

  // A good file: its changes, a confirmation in the spec's words, a busy state, then the import.
  const renamed = structuredClone(doc);
  const lesson = renamed.lessons.find((l) => l.language_id === 'spanish' && l.id === 'greetings')!;
  lesson.title = 'Saludos y más';
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/api/admin/import' && !url.search.includes('dry_run'),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await importFile(page, 'renamed.json', JSON.stringify(renamed));
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('This replaces the whole course, the blog and the settings.');
  await expect(dialog).toContainText('0 items will be created, 1 updated and 0 deleted');
  await shot(page, 'admin-backup-confirm');
  // Cancelled: the counts stay on the card, with a button to go on.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(
    page
      .getByRole('table', { name: 'What importing renamed.json changes' })
      .getByRole('row', { name: /^Lessons/ })
      .getByRole('cell'),
  ).toHaveText(['Lessons', '0', '1', '0', '7']);
  await shot(page, 'admin-backup-plan');
  await page.getByRole('button', { name: 'Import renamed.json' }).click();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByRole('button', { name: 'Importing...' })).toBeDisabled();
  release();
  await expect(toast(page, 'Course imported')).toBeVisible();
  await expect(dialog).toBeHidden();
  const page1 = (await (await fetch(`${baseURL}/api/pages/lesson/spanish/beginner/greetings`)).json()) as { lesson: { title: string } };
  expect(page1.lesson.title).toBe('Saludos y más');

  // Back to the exported course (through the API: the next project starts from the demo again).
  const res = await fetch(`${baseURL}/api/admin/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminAccessToken()}`, 'content-type': 'application/json' },
    body: text,
  });
  expect(res.status, await res.clone().text()).toBe(200);
});
