/**
 * Reorder for everyone, at 1280 (mouse) and 390 px (touch): lessons and levels move by keyboard
 * (handle, Space, arrow, Space) and by dragging the handle; each drop is saved at once and can be
 * undone; after a reload the admin list and the public level page show the saved order. The lock
 * switch asks first and its toast undoes it. Each project builds its own small course through the
 * API and removes it afterwards, so the demo course other specs read stays as seeded. Every test
 * starts signed in (the admin's stored session, admin.setup.ts). The two screens are scanned by axe
 * at both widths in course-admin.spec.ts, not again here.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminApi as api, ADMIN_STATE, pickUp, shot, toast } from './helpers.js';

let lang = '';
let langName = '';

test.beforeAll(async () => {
  const info = test.info();
  lang = `reorder-${info.project.name}`;
  langName = `Reorder ${info.project.name}`;
  await api('POST', '/api/languages', { id: lang, name: langName, flag_url: '/media/assets/flags/spanish.svg' });
  await api('POST', '/api/levels', { id: 'basics', language_id: lang, title: 'Basics', cefr_label: 'A1' });
  await api('POST', '/api/levels', { id: 'travel', language_id: lang, title: 'Travel', cefr_label: 'A2' });
  for (const [id, title] of [
    ['one', 'Lesson One'],
    ['two', 'Lesson Two'],
    ['three', 'Lesson Three'],
  ])
    await api('POST', '/api/lessons', { id, language_id: lang, level_id: 'basics', title, translated_title: `${title} (translated)` });
});

test.afterAll(async () => {
  await api('DELETE', `/api/languages/${lang}`);
});

test.use({ storageState: ADMIN_STATE });

test.beforeEach(async ({ context }) => {
  // A stored cookie choice keeps the consent banner from covering the screens.
  await context.addInitScript(() => localStorage.setItem('cookie_consent_level', 'essential'));
});

/** Clicks 'Undo' in the toast with this title. */
const undo = (page: Page, title: string) => page.locator('.fui-Toast').filter({ hasText: title }).getByRole('button', { name: 'Undo' }).first().click();

/**
 * Drags a handle to the vertical middle of `target` in small steps: with the mouse, or (phones) with
 * a finger through the DevTools protocol: press and hold until the item lifts, then move and lift.
 */
async function drag(page: Page, handle: Locator, target: Locator, lifted: Locator) {
  // The handle near the bottom of the screen, the target (above it) in view too.
  await handle.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  const [x, y] = [from.x + from.width / 2, from.y + from.height / 2];
  const endY = to.y + to.height / 2;
  if (page.viewportSize()!.width >= 768) {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await expect(lifted).toHaveCount(0); // a press alone lifts nothing
    await page.mouse.move(x, endY, { steps: 15 });
    await expect(lifted).toHaveCount(1);
    await page.mouse.up();
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', ty: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y: ty }] });
  await touch('touchStart', y);
  // Held still, the item lifts after the press delay (the page could still scroll before that).
  await expect(lifted).toHaveCount(1);
  for (let i = 1; i <= 15; i++) await touch('touchMove', y + ((endY - y) * i) / 15);
  await touch('touchEnd', endY);
  await cdp.detach();
}

test('lessons: reorder by keyboard and by drag, each drop saved at once with Undo; the public page follows', { tag: '@phone' }, async ({ page }) => {
  // The language filter in the URL opens just this course.
  await page.goto(`/admin/lessons?language=${lang}`);
  const list = page.getByRole('list', { name: `Lessons of ${langName} - Basics` });
  const cards = list.getByRole('listitem');
  const handle = (title: string) => list.getByRole('button', { name: `Reorder ${title}` });
  await expect(cards).toHaveText([/Lesson One/, /Lesson Two/, /Lesson Three/]);
  await expect(page.getByRole('button', { name: 'Save Order' })).toHaveCount(0);

  // Keyboard: focus the handle, Space picks up, Arrow Down moves, Space drops (saved at once).
  await pickUp(page, handle('Lesson One'), 'Picked up Lesson One. It is in position 1 of 3.');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('Lesson One is now in position 2 of 3.', { exact: true })).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText('Lesson One was dropped in position 2 of 3. Saving the new order.', { exact: true })).toBeAttached();
  await expect(toast(page, 'Lesson order updated successfully')).toBeVisible();
  await expect(cards).toHaveText([/Lesson Two.*Order: 0/, /Lesson One.*Order: 1/, /Lesson Three.*Order: 2/]);
  await expect(handle('Lesson One')).toBeFocused();

  // Undo restores the order before the drop.
  await undo(page, 'Lesson order updated successfully');
  await expect(cards).toHaveText([/Lesson One.*Order: 0/, /Lesson Two.*Order: 1/, /Lesson Three.*Order: 2/]);

  // Escape cancels a keyboard drag: nothing is saved.
  await pickUp(page, handle('Lesson Two'), 'Picked up Lesson Two. It is in position 2 of 3.');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('Lesson Two is now in position 1 of 3.', { exact: true })).toBeAttached();
  await page.keyboard.press('Escape');
  await expect(page.getByText(/^Reordering cancelled\. Lesson Two is back in position 2 of 3\.$/)).toBeAttached();
  await expect(cards).toHaveText([/Lesson One/, /Lesson Two/, /Lesson Three/]);

  // Drag (mouse on wide screens, a finger on phones): Lesson Three to the top.
  await drag(page, handle('Lesson Three'), cards.first(), list.locator('li[data-dragging]'));
  await expect(cards).toHaveText([/Lesson Three.*Order: 0/, /Lesson One.*Order: 1/, /Lesson Two.*Order: 2/]);
  await expect(page.locator('.fui-Toast').filter({ hasText: 'Lesson order updated successfully' }).first()).toBeVisible();
  await shot(page, 'admin-reorder-lessons');

  // Saved: a reload shows it, and so does the public level page.
  await page.reload();
  await expect(cards).toHaveText([/Lesson Three/, /Lesson One/, /Lesson Two/]);
  await page.goto(`/${lang}/basics`);
  await expect(page.getByRole('list', { name: 'Basics lessons' }).getByRole('listitem')).toHaveText([/Lesson Three/, /Lesson One/, /Lesson Two/]);
});

test('lessons: search and filters narrow the groups, kept in the URL; reordering waits for a full list', async ({ page }) => {
  await page.goto('/admin/lessons');
  const level = page.getByRole('combobox', { name: 'Level' });
  await expect(level).toBeDisabled(); // its choices follow the language
  // Nothing wider than the screen (long option texts included).
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.getByRole('combobox', { name: 'Language' }).selectOption(lang);
  await expect(page).toHaveURL(new RegExp(`[?&]language=${lang}`));
  await expect(level.locator('option')).toHaveText(['All levels', 'Basics (A1)', 'Travel (A2)']);
  await level.selectOption('basics');
  await page.getByRole('searchbox', { name: 'Search lessons' }).fill('two');
  const list = page.getByRole('list', { name: `Lessons of ${langName} - Basics` });
  await expect(list.getByRole('listitem')).toHaveText([/Lesson Two/]);
  await expect(page.getByText('Showing 1 of', { exact: false })).toBeVisible();
  // A filtered group cannot be dragged (its neighbours are hidden); the buttons still move it.
  await expect(list.getByRole('button', { name: 'Reorder Lesson Two' })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search lessons' })).toHaveValue('two');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  // A new language clears the level.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('spanish');
  await expect(level).toHaveValue('');
  await page.getByRole('combobox', { name: 'Lock status' }).selectOption('locked');
  await page.getByRole('searchbox', { name: 'Search lessons' }).fill('');
  await expect(page.getByText('No lessons match the search.', { exact: true })).toBeVisible();
});

test('levels: reorder by keyboard and by drag with Undo; lock asks first and Undo unlocks', { tag: '@phone' }, async ({ page }) => {
  await page.goto(`/admin/levels?language=${lang}`);
  const narrow = page.viewportSize()!.width < 768;
  const rows = narrow
    ? page.getByRole('list', { name: `${langName} levels` }).getByRole('listitem')
    : page
        .getByRole('grid', { name: `${langName} levels` })
        .getByRole('row')
        .filter({ hasNot: page.getByRole('columnheader') });
  const handle = (title: string) => page.getByRole('button', { name: `Reorder ${title}` });
  await expect(rows).toHaveText([/Basics/, /Travel/]);

  // Each key waits for the step before it to be announced (the pick-up measures the list first).
  await pickUp(page, handle('Travel'), 'Picked up Travel. It is in position 2 of 2.');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('Travel is now in position 1 of 2.', { exact: true })).toBeAttached();
  await page.keyboard.press('Space');
  await expect(toast(page, 'Level order updated')).toBeVisible();
  await expect(rows).toHaveText([/Travel/, /Basics/]);
  await undo(page, 'Level order updated');
  await expect(rows).toHaveText([/Basics/, /Travel/]);

  await drag(page, handle('Travel'), rows.first(), page.locator('[data-dragging]'));
  await expect(rows).toHaveText([/Travel/, /Basics/]);
  await page.reload();
  await expect(rows).toHaveText([/Travel/, /Basics/]);
  await shot(page, 'admin-reorder-levels');

  // Lock: the question first, then Undo brings it back unlocked.
  const lock = page.getByRole('switch', { name: 'Lock Basics' });
  await lock.click();
  const question = page.getByRole('alertdialog', { name: 'Lock this level?' });
  await expect(question).toContainText('Visitors will be sent to the locked-content page');
  await expect(question.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await question.getByRole('button', { name: 'Lock level' }).click();
  await expect(toast(page, 'Level locked successfully')).toBeVisible();
  await expect(lock).toBeChecked();
  await undo(page, 'Level locked successfully');
  await expect(toast(page, 'Level unlocked successfully')).toBeVisible();
  await expect(lock).not.toBeChecked();
  await page.goto(`/${lang}/basics`);
  await expect(page).toHaveURL(new RegExp(`/${lang}/basics$`));
});
