/**
 * Manage Levels, Manage Lessons and Manage Phrases: one admin builds a small Portuguese course
 * through the three screens (validation texts, uploads, moves, locks, drag and keyboard reorder,
 * generated audio, the admin player, group edits), and sees it on the public lesson page. Every test
 * starts signed in (the admin's stored session, admin.setup.ts); the language the course is built in
 * is made and removed through the API (adding and deleting a language in its screen:
 * admin-languages.spec.ts; the cascade delete: tests/integration/languages.test.ts).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminAccessToken, adminApi, ADMIN_STATE, expectAccessible, openAdminSection, pickUp, shot, toast } from './helpers.js';
import { E2E_PORT } from './playwright.config.js';

// A 1x1 PNG: a real image for the icon upload.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test.use({ storageState: ADMIN_STATE });

/** The level titles of a language's grid, top to bottom. */
const levelTitles = (grid: Locator) => grid.getByRole('row').locator('.fui-TableCellLayout__main');

/** Answers the lock question of a level or lesson switch. */
async function confirmLock(page: Page, question: string, button: string) {
  const confirm = page.getByRole('alertdialog', { name: question });
  await confirm.getByRole('button', { name: button }).click();
  await expect(confirm).toBeHidden();
}

/** A screen, then the dialog its button opens (titled as the button): each checked by axe (the dialog on its own) and captured; the dialog is cancelled. */
async function screenAndDialog(page: Page, screenShot: string, button: string, dialogShot: string) {
  await expectAccessible(page);
  await shot(page, screenShot);
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByRole('dialog', { name: button })).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  await shot(page, dialogShot);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
}

test.beforeEach(async ({ context }) => {
  // A stored cookie choice keeps the consent banner from covering the screens.
  await context.addInitScript(() => localStorage.setItem('cookie_consent_level', 'essential'));
});

test.describe('course admin screens', () => {
  test('levels, lessons and phrases screens show the demo course, accessibly', { tag: '@phone' }, async ({ page }) => {
    // Reaching each section from the navigation: admin-shell.spec.ts.
    await page.goto('/admin/levels');
    // A grid with the spec's columns on wide screens, a card per level on phones.
    if (page.viewportSize()!.width >= 768) {
      const spanish = page.getByRole('grid', { name: 'Spanish levels' });
      await expect(spanish.getByRole('columnheader')).toHaveText(['Level', 'CEFR', 'Order', 'Lock Status', 'Actions']);
      await expect(levelTitles(spanish)).toHaveText(['Beginner', 'Elementary', 'Intermediate']);
    } else {
      const spanish = page.getByRole('list', { name: 'Spanish levels' }).getByRole('listitem');
      await expect(spanish).toHaveText([/Beginner.*CEFR.*A1.*Order.*0.*Lock Status/, /Elementary/, /Intermediate.*Locked/]);
    }
    await expect(page.getByRole('switch', { name: 'Lock Intermediate' }).first()).toBeChecked();
    await expect(page.getByRole('button', { name: 'Move Beginner up' }).first()).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Move Intermediate down' })).toBeDisabled();
    await screenAndDialog(page, 'admin-levels', 'Add Level', 'admin-level-dialog');

    await openAdminSection(page, 'Lessons');
    await expect(page.getByRole('heading', { name: 'Spanish - Beginner' })).toBeVisible();
    const group = page.getByRole('list', { name: 'Lessons of Spanish - Beginner' });
    await expect(group.getByRole('listitem')).toHaveCount(2);
    await expect(group.getByRole('listitem').first()).toContainText('Saludos');
    await expect(group.getByRole('listitem').first()).toContainText('Greetings');
    await expect(group.getByRole('listitem').first()).toContainText('Order: 0');
    await screenAndDialog(page, 'admin-lessons', 'Add New Lesson', 'admin-lesson-dialog');

    await openAdminSection(page, 'Phrases');
    await page.getByRole('button', { name: /^Spanish/ }).click();
    await page.getByRole('button', { name: /^Beginner \(A1\)/ }).click();
    await page.getByRole('button', { name: /^Saludos/ }).click();
    const audio = page.getByRole('group', { name: 'Saludos audio 1' });
    await expect(audio.getByRole('button', { name: 'Speed x1', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await audio.getByRole('button', { name: 'Hola' }).click();
    await expect(audio.getByText('Hello', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'admin-phrases');
    await audio.getByRole('button', { name: 'Edit Saludos audio 1' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Phrases' });
    await expect(edit.getByLabel('Phrase 1', { exact: true })).toHaveValue('Hola');
    await expectAccessible(page, '[role="dialog"]');
    await shot(page, 'admin-phrases-dialog');
    await edit.getByRole('button', { name: 'Cancel' }).click();
  });

  test('empty states', async ({ page }) => {
    await page.route('**/api/admin/languages', (route) => route.fulfill({ json: [] }));
    await page.route('**/api/levels', (route) => route.fulfill({ json: [] }));
    await page.route('**/api/lessons', (route) => route.fulfill({ json: [] }));
    await page.route('**/api/phrases', (route) => route.fulfill({ json: [] }));

    await page.goto('/admin/levels');
    await expect(page.getByText('You need to add languages first before creating levels', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Level' })).toBeDisabled();
    await page.getByRole('link', { name: 'Go to Languages' }).click();
    await expect(page).toHaveURL(/\/admin\/languages$/);

    // From section to section in the app (the routes above stay in force).
    await openAdminSection(page, 'Lessons');
    await expect(page.getByText('Add languages and levels first before creating lessons.', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add New Lesson' })).toBeDisabled();

    await openAdminSection(page, 'Phrases');
    await expect(page.getByText('Add languages, levels, and lessons first before creating phrases.', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Phrases' })).toBeDisabled();
    await expectAccessible(page);
  });
});

test.describe.serial('building a course in the admin screens', () => {
  test.afterAll(async () => {
    // Deleting the language removes its levels, lessons and phrases. Not asserted: a failed first test made nothing to delete.
    await fetch(`http://localhost:${E2E_PORT}/api/languages/portuguese`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${await adminAccessToken()}` },
    });
  });

  test('levels: add with validation and icon upload, move, lock, edit, delete', async ({ page }) => {
    // A language of our own, so the demo course other tests read stays as it is.
    await adminApi('POST', '/api/languages', { id: 'portuguese', name: 'Portuguese', flag_url: '/media/assets/flags/spanish.svg' });
    await page.goto('/admin/levels');
    const section = page.getByRole('region', { name: 'Portuguese' });
    await expect(section.getByText('No levels found for this language.', { exact: true })).toBeVisible();

    // Validation: the spec's texts, nothing saved.
    await page.getByRole('button', { name: 'Add Level' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Level' });
    await dialog.getByRole('button', { name: 'Add Level' }).click();
    await expect(dialog.getByText('Level ID is required', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Language is required', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Title must be at least 2 characters', { exact: true })).toBeVisible();
    await expect(dialog.getByText('CEFR label is required', { exact: true })).toBeVisible();
    await dialog.getByLabel('Level ID').fill('First Steps');
    await dialog.getByLabel('Icon URL').fill('not a url');
    await dialog.getByRole('button', { name: 'Add Level' }).click();
    await expect(dialog.getByText('ID must contain only lowercase letters, numbers, and hyphens', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Please enter a valid URL for the icon image', { exact: true })).toBeVisible();
    await shot(page, 'admin-level-dialog-errors');

    // Icon upload: images only, under 2 MB, then a real upload fills the URL.
    const file = dialog.locator('input[type=file]');
    await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(toast(page, 'Please select an image file')).toBeVisible();
    await file.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024) });
    await expect(toast(page, 'Image size should be less than 2MB')).toBeVisible();
    await file.setInputFiles({ name: 'icon one.png', mimeType: 'image/png', buffer: PNG });
    await expect(toast(page, 'Uploading icon...')).toBeVisible();
    await expect(toast(page, 'Icon uploaded successfully')).toBeVisible();
    await expect(dialog.getByLabel('Icon URL')).toHaveValue(/^\/media\/content\/icons\/level\/.+\.png$/);
    await expect(dialog.getByRole('img', { name: 'Icon preview' })).toBeVisible();

    await dialog.getByLabel('Level ID').fill('first-steps');
    await dialog.getByLabel('Language').selectOption('portuguese');
    await dialog.getByLabel('Title').fill('First Steps');
    await dialog.getByLabel('CEFR label').selectOption('A1');
    await dialog.getByRole('button', { name: 'Add Level' }).click();
    await expect(toast(page, 'Level added successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Add Level' }).click();
    await dialog.getByLabel('Level ID').fill('next-steps');
    await dialog.getByLabel('Language').selectOption('portuguese');
    await dialog.getByLabel('Title').fill('Next Steps');
    await dialog.getByLabel('CEFR label').selectOption('A2');
    await dialog.getByRole('button', { name: 'Add Level' }).click();
    await expect(toast(page, 'Level added successfully')).toBeVisible();

    const table = page.getByRole('grid', { name: 'Portuguese levels' });
    await expect(levelTitles(table)).toHaveText(['First Steps', 'Next Steps']);
    await expect(table.getByRole('row').nth(1)).toContainText('0');
    await expect(table.getByRole('row').nth(2)).toContainText('1');

    // Move: the first cannot go up, the last cannot go down.
    await expect(table.getByRole('button', { name: 'Move First Steps up' })).toBeDisabled();
    await expect(table.getByRole('button', { name: 'Move Next Steps down' })).toBeDisabled();
    await table.getByRole('button', { name: 'Move Next Steps up' }).click();
    await expect(toast(page, 'Level order updated')).toBeVisible();
    await expect(levelTitles(table)).toHaveText(['Next Steps', 'First Steps']);
    await table.getByRole('button', { name: 'Move Next Steps down' }).click();
    await expect(levelTitles(table)).toHaveText(['First Steps', 'Next Steps']);

    // Lock flips the current value after a question (Cancel changes nothing), each way with its toast.
    const lock = table.getByRole('switch', { name: 'Lock First Steps' });
    await expect(lock).not.toBeChecked();
    await lock.click();
    const question = page.getByRole('alertdialog', { name: 'Lock this level?' });
    await expect(question).toContainText('"First Steps" will be locked. Visitors will be sent to the locked-content page');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(lock).not.toBeChecked();
    await lock.click();
    await confirmLock(page, 'Lock this level?', 'Lock level');
    await expect(toast(page, 'Level locked successfully')).toBeVisible();
    await expect(lock).toBeChecked();
    await expect(table.getByRole('row').nth(1)).toContainText('Locked');
    await lock.click();
    await confirmLock(page, 'Unlock this level?', 'Unlock level');
    await expect(toast(page, 'Level unlocked successfully')).toBeVisible();
    await expect(lock).not.toBeChecked();

    // A failing call shows the failure text.
    await page.route('**/api/levels/portuguese/first-steps/lock', (route) => route.fulfill({ status: 500, json: { message: 'Internal error' } }));
    await lock.click();
    await confirmLock(page, 'Lock this level?', 'Lock level');
    await expect(toast(page, 'Failed to lock level')).toBeVisible();
    await expect(lock).not.toBeChecked();
    await page.unroute('**/api/levels/portuguese/first-steps/lock');

    // Edit: the id is read-only.
    await table.getByRole('button', { name: 'Edit First Steps' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Level' });
    await expect(edit.getByLabel('Level ID')).toHaveAttribute('readonly', '');
    await expect(edit.getByLabel('Level ID')).toHaveValue('first-steps');
    await edit.getByLabel('Title').fill('Primeiros Passos');
    await edit.getByRole('button', { name: 'Update Level' }).click();
    await expect(toast(page, 'Level updated successfully')).toBeVisible();
    await expect(levelTitles(table)).toHaveText(['Primeiros Passos', 'Next Steps']);

    // Delete with the spec's confirmation.
    await table.getByRole('button', { name: 'Delete Next Steps' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete this level? This will also delete all associated lessons and phrases.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Level deleted successfully')).toBeVisible();
    await expect(levelTitles(table)).toHaveText(['Primeiros Passos']);
  });

  test('lessons: dependent selects, add two, reorder by keyboard and by drag (saved per drop), move, lock, edit, delete', async ({ page }) => {
    await page.goto('/admin/lessons');
    await page.getByRole('button', { name: 'Add New Lesson' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Lesson' });
    const level = dialog.getByRole('combobox', { name: 'Level', exact: true });
    await expect(level).toBeDisabled();
    await dialog.getByRole('button', { name: 'Add Lesson' }).click();
    await expect(dialog.getByText('Lesson ID is required', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Language is required', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Level is required', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Title must be at least 2 characters', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Translated title must be at least 2 characters', { exact: true })).toBeVisible();
    await shot(page, 'admin-lesson-dialog-errors');

    // The level list follows the language; changing the language clears the level.
    await dialog.getByLabel('Language').selectOption('spanish');
    await expect(level).toBeEnabled();
    await expect(level.locator('option')).toHaveText(['Select a level', 'Beginner (A1)', 'Elementary (A2)', 'Intermediate (B1)']);
    await level.selectOption('beginner');
    await dialog.getByLabel('Language').selectOption('portuguese');
    await expect(level).toHaveValue('');
    await expect(level.locator('option')).toHaveText(['Select a level', 'Primeiros Passos (A1)']);
    await level.selectOption('first-steps');
    await expect(dialog.getByLabel('Order')).toHaveValue('0');

    await dialog.getByLabel('Lesson ID').fill('ola');
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Olá');
    await dialog.getByLabel('Translated title').fill('Hello');
    await dialog.getByRole('button', { name: 'Add Lesson' }).click();
    await expect(toast(page, 'Lesson added successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Add New Lesson' }).click();
    await dialog.getByLabel('Lesson ID').fill('cafe');
    await dialog.getByLabel('Language').selectOption('portuguese');
    await level.selectOption('first-steps');
    await expect(dialog.getByLabel('Order')).toHaveValue('1');
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('No café');
    await dialog.getByLabel('Translated title').fill('At the café');
    await dialog.getByRole('button', { name: 'Add Lesson' }).click();
    await expect(toast(page, 'Lesson added successfully')).toBeVisible();

    await expect(page.getByRole('heading', { name: 'Portuguese - Primeiros Passos' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Lessons of Portuguese - Primeiros Passos' });
    const cards = list.getByRole('listitem');
    await expect(cards).toHaveText([/Olá.*Hello.*Order: 0/, /No café.*At the café.*Order: 1/]);
    // Keyboard: Space on the handle picks the card up, Arrow Up moves it, Space drops it; the drop is saved at once.
    const handle = (title: string) => list.getByRole('button', { name: `Reorder ${title}` });
    await pickUp(page, handle('No café'), 'Picked up No café. It is in position 2 of 2.');
    await page.keyboard.press('ArrowUp');
    await expect(page.getByText('No café is now in position 1 of 2.', { exact: true })).toBeAttached();
    await page.keyboard.press('Space');
    await expect(toast(page, 'Lesson order updated successfully')).toBeVisible();
    await expect(cards).toHaveText([/No café.*Order: 0/, /Olá.*Order: 1/]);

    // Pointer: drag Olá's handle above No café, in steps.
    const from = (await handle('Olá').boundingBox())!;
    const to = (await cards.filter({ hasText: 'No café' }).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 12 });
    await page.mouse.up();
    await expect(toast(page, 'Lesson order updated successfully')).toBeVisible();
    await expect(cards).toHaveText([/Olá.*Order: 0/, /No café.*Order: 1/]);

    // Move buttons swap with the neighbour.
    await expect(list.getByRole('button', { name: 'Move Olá up' })).toBeDisabled();
    await list.getByRole('button', { name: 'Move Olá down' }).click();
    await expect(toast(page, 'Lesson order updated')).toBeVisible();
    await expect(cards).toHaveText([/No café/, /Olá/]);
    await list.getByRole('button', { name: 'Move Olá up' }).click();
    await expect(cards).toHaveText([/Olá/, /No café/]);

    // Lock and unlock, each after its question.
    const lock = list.getByRole('switch', { name: 'Lock Olá' });
    await lock.click();
    await confirmLock(page, 'Lock this lesson?', 'Lock lesson');
    await expect(toast(page, 'Lesson locked successfully')).toBeVisible();
    await expect(lock).toBeChecked();
    await lock.click();
    await confirmLock(page, 'Unlock this lesson?', 'Unlock lesson');
    await expect(toast(page, 'Lesson unlocked successfully')).toBeVisible();
    await expect(lock).not.toBeChecked();

    // Edit: read-only id, the lesson stays in its level.
    await list.getByRole('button', { name: 'Edit Olá' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Lesson' });
    await expect(edit.getByLabel('Lesson ID')).toHaveAttribute('readonly', '');
    await edit.getByLabel('Translated title').fill('Hi there');
    await edit.getByRole('button', { name: 'Update Lesson' }).click();
    await expect(toast(page, 'Lesson updated successfully')).toBeVisible();
    await expect(cards.first()).toContainText('Hi there');

    // Delete.
    await list.getByRole('button', { name: 'Delete No café' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete this lesson? This will also delete all associated phrases.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Lesson deleted successfully')).toBeVisible();
    await expect(cards).toHaveText([/Olá/]);
  });

  test('phrases: validation, paste, generated audio, admin player, group edit, public lesson page', async ({ page }) => {
    await page.goto('/admin/phrases');
    await page.getByRole('button', { name: 'Add Phrases' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Phrases' });

    await dialog.getByRole('button', { name: 'Add Phrases' }).click();
    for (const text of [
      'Language is required',
      'Level is required',
      'Lesson is required',
      'Please enter a valid URL for the audio file',
      'At least one phrase with translation is required',
    ]) {
      await expect(dialog.getByText(text, { exact: true })).toBeVisible();
    }
    await shot(page, 'admin-phrases-dialog-errors');
    await dialog.getByRole('button', { name: 'Generate audio' }).click();
    await expect(toast(page, 'Please enter at least one phrase to generate audio')).toBeVisible();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(toast(page, 'Please select an audio file')).toBeVisible();

    // Dependent selects: language → level → lesson.
    const [language, level, lesson] = ['Language', 'Level', 'Lesson'].map((name) => dialog.getByRole('combobox', { name, exact: true }));
    await expect(level).toBeDisabled();
    await expect(lesson).toBeDisabled();
    await language.selectOption('spanish');
    await level.selectOption('beginner');
    await expect(lesson.locator('option')).toHaveText(['Select a lesson', 'Saludos', 'En el café']);
    await lesson.selectOption('greetings');
    await level.selectOption('elementary');
    await expect(lesson).toHaveValue('');
    await lesson.selectOption('directions');
    await language.selectOption('portuguese');
    await expect(level).toHaveValue('');
    await expect(lesson).toHaveValue('');
    await expect(lesson).toBeDisabled();
    await level.selectOption('first-steps');
    await lesson.selectOption('ola');

    // A broken audio URL cannot be played.
    await dialog.getByLabel('Audio URL').fill('/media/content/audio/missing.mp3');
    await dialog.getByRole('group', { name: 'Audio player: Preview' }).getByRole('button', { name: 'Play' }).click();
    await expect(toast(page, 'Failed to play audio. Please check the URL.')).toBeVisible();

    // Rows: paste two lines (tab- and comma-separated), add one by hand, leave a blank one (dropped).
    await dialog.getByLabel('Paste phrases').fill('Olá\tHello\nBom dia,Good morning');
    await dialog.getByRole('button', { name: 'Add pasted phrases' }).click();
    await expect(dialog.getByLabel('Phrase 1', { exact: true })).toHaveValue('Olá');
    await expect(dialog.getByLabel('Translation 2', { exact: true })).toHaveValue('Good morning');
    await dialog.getByRole('button', { name: 'Add Phrase', exact: true }).click();
    await expect(dialog.getByLabel('Phrase 3', { exact: true })).toBeFocused();
    await page.keyboard.type('Obrigado');
    await dialog.getByLabel('Translation 3', { exact: true }).fill('Thank you');
    await dialog.getByRole('button', { name: 'Add Phrase', exact: true }).click();
    await expect(dialog.getByRole('button', { name: 'Remove phrase 4' })).toBeEnabled();

    // Generated audio from the rows' original texts.
    await dialog.getByRole('button', { name: 'Generate audio' }).click();
    await expect(toast(page, 'Generating audio...')).toBeVisible();
    await expect(toast(page, 'Audio generated successfully')).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByLabel('Audio URL')).toHaveValue(/^\/media\/content\/audio\/.+\.mp3$/);
    await dialog.getByRole('button', { name: 'Add Phrases' }).click();
    await expect(toast(page, '3 phrases added successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The accordion: language → level with its CEFR label → lesson → audio group.
    await page.getByRole('button', { name: /^Portuguese/ }).click();
    await page.getByRole('button', { name: /^Primeiros Passos \(A1\)/ }).click();
    await page.getByRole('button', { name: /^Olá/ }).click();
    const group = page.getByRole('group', { name: 'Olá audio 1' });
    const phrases = group.getByRole('listitem');
    await expect(phrases).toHaveText(['Olá', 'Bom dia', 'Obrigado']);

    // Each row reveals its translation.
    await expect(group.getByText('Thank you', { exact: true })).toHaveCount(0);
    await group.getByRole('button', { name: 'Obrigado' }).click();
    await expect(group.getByRole('button', { name: 'Obrigado' })).toHaveAttribute('aria-expanded', 'true');
    await expect(group.getByText('Thank you', { exact: true })).toBeVisible();

    // The admin player: play, then a speed change restarts at the new speed; one audio at a time.
    const player = group.getByRole('group', { name: 'Audio player: Olá audio 1' });
    const progress = player.getByRole('progressbar', { name: 'Playback progress' });
    await player.getByRole('button', { name: 'Play' }).click();
    await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    await player.getByRole('button', { name: 'Speed x1.3' }).click();
    await expect(player.getByRole('button', { name: 'Speed x1.3' })).toHaveAttribute('aria-pressed', 'true');
    await expect(player.getByRole('button', { name: 'Speed x1', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
    await player.getByRole('button', { name: 'Pause' }).click();
    await expect(player.getByRole('button', { name: 'Play' })).toBeVisible();
    await shot(page, 'admin-phrases-built');

    // Edit the group: add a row, remove one.
    await group.getByRole('button', { name: 'Edit Olá audio 1' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Phrases' });
    await expect(edit.getByLabel('Phrase 1', { exact: true })).toHaveValue('Olá');
    await expect(edit.getByLabel('Phrase 3', { exact: true })).toHaveValue('Obrigado');
    await edit.getByRole('button', { name: 'Add Phrase', exact: true }).click();
    await edit.getByLabel('Phrase 4', { exact: true }).fill('Tchau');
    await edit.getByLabel('Translation 4', { exact: true }).fill('Bye');
    await edit.getByRole('button', { name: 'Remove phrase 2' }).click();
    await expect(edit.getByLabel('Phrase 2', { exact: true })).toHaveValue('Obrigado');
    await expectAccessible(page, '[role="dialog"]'); // the screen under it: the first test
    await shot(page, 'admin-phrases-edit');
    await edit.getByRole('button', { name: 'Update Phrases' }).click();
    await expect(toast(page, 'Phrases updated successfully')).toBeVisible();
    await expect(phrases).toHaveText([/^Olá/, /^Obrigado/, /^Tchau/]);

    // The only row cannot be removed.
    await page.getByRole('button', { name: 'Add Phrases' }).click();
    await expect(dialog.getByRole('button', { name: 'Remove phrase 1' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The public lesson page shows the phrases.
    await page.goto('/portuguese/first-steps/ola');
    await expect(page.getByTestId('phrase')).toHaveText([/Olá/, /Obrigado/, /Tchau/]);
  });
});
