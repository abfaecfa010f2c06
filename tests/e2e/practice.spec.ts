/**
 * Practice and spaced review as a visitor goes through them (issue 21), at 1280 and 390 px:
 * practise a lesson without an account, grade, 'Session complete'; /review has nothing due, the
 * device store survives a reload, and with the page's clock a day later the phrases are due and
 * reviewed by keyboard. A signed-in person's reviews follow them to another browser. The rules
 * (scheduling, the session's order, the merge, hostile input) are unit and integration tests.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminAccessToken, ADMIN_STATE, answerCookies, expectAccessible, islandsMounted, shot } from './helpers.js';

const LESSON = '/spanish/beginner/greetings';
const PRACTICE = `${LESSON}/practice`;
const T0 = new Date('2026-03-02T09:00:00Z');

const practice = (page: Page) => page.getByTestId('practice');
const progress = (page: Page) => practice(page).locator('[data-progress]');

/** Shows the answer and grades the card with the button (a tap) or the key. */
async function grade(page: Page, label: 'Again' | 'Hard' | 'Good' | 'Easy', by: 'tap' | 'key' = 'tap') {
  if (by === 'key') {
    await page.keyboard.press('Enter');
    await expect(practice(page).getByRole('button', { name: new RegExp(`^${label}`) })).toBeVisible();
    await page.keyboard.press(String(['Again', 'Hard', 'Good', 'Easy'].indexOf(label) + 1));
    return;
  }
  await practice(page).getByTestId('show-answer').click();
  await practice(page)
    .getByRole('button', { name: new RegExp(`^${label}`) })
    .click();
}

test('a visitor practises a lesson, and its phrases come due for review the next day', { tag: '@phone' }, async ({ page }) => {
  await answerCookies(page);
  await page.clock.install({ time: T0 });
  await page.goto(LESSON);
  await page.getByRole('link', { name: 'Practice this lesson' }).click();
  await expect(page).toHaveURL(PRACTICE);
  await expect(page.getByRole('heading', { level: 1, name: 'Practice: Greetings' })).toBeVisible();
  await islandsMounted(page, 'practice');
  await expect(progress(page)).toHaveText('1 of 5');
  await expectAccessible(page);

  // The answer: the phrase and its translation; 'Again' brings it back later in the session.
  await practice(page).getByTestId('show-answer').click();
  await expect(practice(page).locator('[data-original]').first()).toHaveText('Hola');
  await expect(practice(page).locator('[data-translation]').first()).toHaveText('Hello');
  await shot(page, 'practice-answer');
  await practice(page)
    .getByRole('button', { name: /^Again/ })
    .click();
  // The counter counts cards shown: the card again is one more to go, so no number reads twice.
  await expect(progress(page)).toHaveText('2 of 6');
  const seen: string[] = [];
  for (let i = 0; i < 5; i++) {
    await practice(page).getByTestId('show-answer').click();
    seen.push((await practice(page).locator('[data-stage] [data-original]').textContent()) ?? '');
    await practice(page).getByRole('button', { name: /^Good/ }).click();
  }
  expect(seen).toContain('Hola');

  await expect(page.getByRole('heading', { name: 'Session complete' })).toBeFocused();
  await expect(practice(page).getByRole('list', { name: 'What you practised' }).getByRole('listitem')).toHaveCount(5);
  await expect(practice(page).locator('[data-next-review]')).toContainText('Next review: in 10 minutes');
  await shot(page, 'practice-complete');

  // /review: nothing due yet, and when the next card is; the device keeps it across a reload.
  await page.getByRole('link', { name: 'Go to Review' }).click();
  await islandsMounted(page, 'practice');
  await expect(page.getByRole('heading', { name: 'Nothing to review right now' })).toBeVisible();
  await expect(practice(page).locator('[data-next-due]')).toContainText('Your next card is due in 10 minutes');
  await page.reload();
  await expect(practice(page).locator('[data-next-due]')).toContainText('Your next card is due in 10 minutes');

  // The next day the phrases are due; reviewed with the keyboard.
  await page.clock.setSystemTime(new Date(T0.getTime() + 24 * 3600_000));
  await page.reload();
  await islandsMounted(page, 'practice');
  const row = practice(page).getByRole('listitem').filter({ hasText: 'Spanish' });
  await expect(row).toContainText('5 cards due');
  await shot(page, 'review-due');
  await row.getByRole('button', { name: /Start review/ }).click();
  await expect(progress(page)).toHaveText('1 of 5');
  await grade(page, 'Good', 'key');
  await expect(progress(page)).toHaveText('2 of 5');
  for (let i = 0; i < 4; i++) await grade(page, 'Good', 'key');
  await expect(page.getByRole('heading', { name: 'Session complete' })).toBeVisible();
  await expect(practice(page).locator('[data-next-review]')).toContainText(/Next review: (tomorrow|in \d+ days)/);
  await practice(page).getByRole('button', { name: 'Back to Review' }).click();
  await expect(page.getByRole('heading', { name: 'Nothing to review right now' })).toBeVisible();
});

test('keyboard: the shortcuts are listed, and single-key shortcuts can be turned off', async ({ page }) => {
  await answerCookies(page);
  await page.goto(PRACTICE);
  await islandsMounted(page, 'practice');
  await page.keyboard.press('?');
  const keys = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(keys).toBeVisible();
  await expect(keys).toContainText('Show answer');
  await keys.getByRole('checkbox', { name: 'Single-key shortcuts' }).uncheck();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Enter');
  await expect(practice(page).getByRole('button', { name: /^Good/ })).toBeHidden();
  // The buttons still work, and the choice is kept.
  await grade(page, 'Good');
  await expect(progress(page)).toHaveText('2 of 5');
  await page.reload();
  await islandsMounted(page, 'practice');
  await page.keyboard.press('Enter');
  await expect(practice(page).getByRole('button', { name: /^Good/ })).toBeHidden();
});

test("a signed-in person's reviews follow them to another browser", async ({ browser }) => {
  // Two browsers with the same account: each starts from the admin's stored session (admin.setup.ts),
  // with nothing on its device.
  const mine = await browser.newContext({ storageState: ADMIN_STATE });
  const page = await mine.newPage();
  await answerCookies(page);
  await page.goto(PRACTICE);
  await islandsMounted(page, 'practice');
  for (let i = 0; i < 5; i++) await grade(page, 'Easy');
  await expect(page.getByRole('heading', { name: 'Session complete' })).toBeVisible();
  // The reviews went to the account (sent in the background after each grade).
  const token = await adminAccessToken();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/me/reviews', { headers: { authorization: `Bearer ${token}` } })).json()) as { cards: unknown[] }).cards.length,
    )
    .toBe(5);

  // Another browser: nothing on its device until the account's cards come down.
  const other = await browser.newContext({ storageState: ADMIN_STATE });
  const there = await other.newPage();
  await answerCookies(there);
  await there.goto('/review');
  await islandsMounted(there, 'practice');
  await expect(there.getByRole('heading', { name: 'Nothing to review right now' })).toBeVisible();
  await expect(practice(there).locator('[data-next-due]')).toContainText(/Your next card is due in \d+ days/);
  await other.close();
  await mine.close();
});

test('hands-free: prompt, pause, answer, next card with no tap; pausing stops it; the lock screen shows the phrase', async ({ page }) => {
  await answerCookies(page);
  await page.clock.install({ time: T0 });
  await page.goto(PRACTICE);
  await islandsMounted(page, 'practice');
  await practice(page).getByRole('switch', { name: 'Hands-free' }).check();
  // The recordings play in real time; the pause between them is the page's clock, moved on here.
  await expect
    .poll(
      async () => {
        await page.clock.runFor(1000);
        return progress(page).textContent();
      },
      { timeout: 30_000 },
    )
    .toBe('2 of 5');
  await expect(practice(page).locator('details[data-answer]')).not.toHaveAttribute('open');
  // The lock screen shows the phrase heard, and its translation only once the answer opens.
  expect(await page.evaluate(() => [navigator.mediaSession.metadata?.title, navigator.mediaSession.metadata?.artist])).toEqual(['Buenos días', '']);
  // Space (the keyboard away from the switch) pauses, and so stops the drill.
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press(' ');
  await expect(practice(page).getByRole('switch', { name: 'Hands-free' })).not.toBeChecked();
  await page.clock.runFor(10_000);
  await expect(progress(page)).toHaveText('2 of 5');
});
