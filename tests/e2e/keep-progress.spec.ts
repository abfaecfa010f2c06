/**
 * Keep my progress (issue 33 item 4), one journey on a fresh profile: practise a lesson, the done
 * screen says whether the browser keeps the store, /review shows the daily goal and the calendar,
 * back up, lose the site's data (a new browser profile), restore, and find the same due cards. The
 * file's rules (version, schema, merge, dedupe, all or nothing) and the calendar's are unit tests
 * (tests/unit/frontend/progress-file.test.ts, calendar.test.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { answerCookies, expectAccessible, islandsMounted, shot } from './helpers.js';

const LESSON = '/spanish/beginner/greetings';
const T0 = new Date('2026-03-02T09:00:00Z');
const NEXT_DAY = new Date(T0.getTime() + 24 * 3600_000);

const practice = (page: Page) => page.getByTestId('practice');

test('a learner backs up their progress, loses the site data, restores it and finds the same cards due', async ({ page, browser }, testInfo) => {
  // Two browser profiles and a dozen page views: longer than one page's test on two shared cores.
  test.setTimeout(120_000);
  await answerCookies(page);
  await page.clock.install({ time: T0 });
  await page.goto(`${LESSON}/practice`);
  await islandsMounted(page, 'practice');
  for (let i = 0; i < 5; i++) {
    await practice(page).getByTestId('show-answer').click();
    await practice(page).getByRole('button', { name: /^Good/ }).click();
  }
  await expect(page.getByRole('heading', { name: 'Session complete' })).toBeFocused();
  // The first finished session asked the browser to keep the store, and says what it answered.
  await expect(practice(page).locator('[data-done] [data-kept]')).toHaveText(
    /^This browser (will keep your progress\.|may clear your progress .* on the Review page\.)$/,
  );
  await shot(page, 'keep-done');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'keep-done');
  await page.setViewportSize({ width: 1280, height: 800 });

  // /review: the goal (off by default), the calendar with today practised, in words.
  await page.getByRole('link', { name: 'Go to Review' }).click();
  await islandsMounted(page, 'practice');
  const goal = page.getByLabel('Daily goal', { exact: true });
  await expect(goal).toHaveValue('0');
  await goal.selectOption('10');
  await expect(practice(page).locator('[data-goal-line]')).toHaveText('Today: 5 of 10 cards.');
  const calendar = page.getByRole('table', { name: /Days you practised/ });
  await expect(calendar.locator('[aria-current="date"]')).toHaveText(/Today, Monday 2 March: 5 cards practised/);
  await expect(practice(page).locator('[data-keep] [data-kept]')).toHaveText(/^This browser (will keep your progress|may clear your progress)/);
  await expectAccessible(page);

  // The next day the five are due; the backup holds them.
  await page.clock.setSystemTime(NEXT_DAY);
  await page.reload();
  await islandsMounted(page, 'practice');
  await expect(practice(page).getByRole('listitem').filter({ hasText: 'Spanish' })).toContainText('5 cards due');
  await expect(goal).toHaveValue('10');
  await expect(practice(page).locator('[data-goal-line]')).toHaveText('Today: 0 of 10 cards.');
  // Focused (its ring in the picture), the page back at its top for a whole-page picture.
  await page.getByRole('button', { name: 'Back up my progress' }).focus();
  await page.evaluate(() => scrollTo(0, 0));
  await shot(page, 'keep-review');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'keep-review');
  await page.setViewportSize({ width: 1280, height: 800 });
  // Every control of the section shows where the keyboard is.
  await goal.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Back up my progress' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Restore from a file' })).toBeFocused();
  await shot(practice(page).locator('[data-keep]'), 'keep-focus-restore');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(goal).toBeFocused();
  await shot(practice(page).locator('[data-keep]'), 'keep-focus-goal');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Back up my progress' }).click()]);
  expect(download.suggestedFilename()).toBe('parrot-phrases-progress-2026-03-03.json');
  await expect(practice(page).getByRole('status')).toHaveText(/^Saved parrot-phrases-progress-2026-03-03\.json with 5 cards, 5 reviews\./);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);

  // The site's data gone: a fresh profile has no cards.
  const fresh = await browser.newContext();
  const there = await fresh.newPage();
  await answerCookies(there);
  await there.clock.install({ time: NEXT_DAY });
  await there.goto('/review');
  await islandsMounted(there, 'practice');
  await expect(there.getByRole('heading', { name: 'Nothing to review right now' })).toBeVisible();
  const [chooser] = await Promise.all([there.waitForEvent('filechooser'), there.getByRole('button', { name: 'Restore from a file' }).click()]);
  await chooser.setFiles(file);
  await expect(practice(there).getByRole('status')).toHaveText('Restored 5 cards and 5 reviews.');
  await expect(practice(there).getByRole('listitem').filter({ hasText: 'Spanish' })).toContainText('5 cards due');
  await expect(there.getByRole('table', { name: /Days you practised/ }).getByText('Monday 2 March: 5 cards practised')).toBeAttached();
  // The same file again adds nothing.
  const [again] = await Promise.all([there.waitForEvent('filechooser'), there.getByRole('button', { name: 'Restore from a file' }).click()]);
  await again.setFiles(file);
  await expect(practice(there).getByRole('status')).toHaveText('Restored 5 cards and 0 reviews; 5 were already here.');
  await there.getByRole('button', { name: /Start review/ }).click();
  await expect(practice(there).locator('[data-progress]')).toHaveText('1 of 5');
  await fresh.close();
});
