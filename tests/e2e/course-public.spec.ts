/**
 * The public course pages as a visitor goes through them, at 1280 and 390 px. What their server
 * HTML says without a browser (empty states, not-found texts, redirects, caching) is tested in
 * tests/integration/render.test.ts and tests/integration/public-pages.test.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminAccessToken, expectAccessible, islandsMounted, keepSettings, shot } from './helpers.js';

/** Seconds shown by a player's clock ("mm:ss"). */
const seconds = (text: string | null) => {
  const [m, s] = (text ?? '').split(':').map(Number);
  return m * 60 + s;
};
/** The element's own position, which the clock mirrors. */
const audioTime = (page: Page, i = 0) =>
  page
    .locator('audio')
    .nth(i)
    .evaluate((a: HTMLAudioElement) => a.currentTime);

test.describe('public course pages', () => {
  // A stored cookie choice keeps the consent banner from covering the screenshots.
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(() => localStorage.setItem('cookie_consent_level', 'essential'));
  });

  test(
    'languages → Spanish → Beginner → Greetings, with breadcrumbs and one request for the lesson',
    { tag: '@phone' },
    async ({ page, isMobile, browser }, testInfo) => {
      await page.goto('/languages');
      // Each card is a link named by its title.
      await page.getByRole('link', { name: /^Spanish\b/ }).click();
      await expect(page).toHaveURL(/\/spanish$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Choose a Level' })).toBeVisible();
      const levels = page.getByTestId('level-card');
      await expect(levels.getByRole('heading')).toHaveText(['Beginner', 'Elementary', 'Intermediate']);
      await expect(page.getByRole('link', { name: /^Beginner\b/ })).toBeVisible();
      await expect(page.getByRole('link', { name: /^Intermediate\b/ })).toBeVisible();
      const beginner = levels.filter({ hasText: 'Beginner' });
      await expect(beginner).toContainText('A1');
      await expect(beginner).toContainText('2 lessons');
      await expect(levels.filter({ hasText: 'Intermediate' })).toContainText('Locked');
      // 'Back to top' scrolls up and puts keyboard focus on the heading.
      await page.getByRole('button', { name: 'Back to top' }).scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.getByRole('button', { name: 'Back to top' }).click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await expect(page.getByRole('heading', { level: 1, name: 'Choose a Level' })).toBeFocused();
      await expectAccessible(page);
      await shot(page, 'course-language');

      await beginner.click();
      await expect(page).toHaveURL(/\/spanish\/beginner$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Lessons' })).toBeVisible();
      await expect(page.getByText('A1', { exact: true })).toBeVisible();
      const lessons = page.getByTestId('lesson-card');
      await expect(lessons.getByRole('heading')).toHaveText(['Saludos', 'En el café']);
      await expect(lessons.first()).toContainText('Greetings');
      await expectAccessible(page);
      await shot(page, 'course-level');

      await lessons.first().click();
      await expect(page).toHaveURL(/\/spanish\/beginner\/greetings$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Greetings' })).toBeVisible();
      await expect(page.getByTestId('lesson-context')).toHaveText('Spanish · Beginner · A1');
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      await expect(crumbs.getByRole('link', { name: 'Spanish' })).toHaveAttribute('href', '/spanish');
      await expect(crumbs.getByRole('link', { name: 'Beginner' })).toHaveAttribute('href', '/spanish/beginner');
      await expect(crumbs.getByText('Greetings')).toHaveAttribute('aria-current', 'page');
      // The mobile Back button goes up one level; the desktop layout relies on the breadcrumbs.
      const back = page.getByRole('link', { name: 'Back', exact: true });
      if (isMobile) {
        await back.click();
        await expect(page).toHaveURL(/\/spanish\/beginner$/);
        await page.goBack();
      } else {
        await expect(back).toBeHidden();
      }
      await expect(page.getByRole('main').getByRole('link', { name: 'Download App' })).toHaveAttribute('href', '/download');

      // A fresh load of the lesson page asks the API nothing: its data is in the HTML, and its islands
      // read none. A new context, so nothing comes from this one's caches.
      const { baseURL, viewport, isMobile: mobile, hasTouch, deviceScaleFactor } = testInfo.project.use;
      const fresh = await (await browser.newContext({ baseURL, viewport, isMobile: mobile, hasTouch, deviceScaleFactor })).newPage();
      const calls: string[] = [];
      fresh.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith('/api/') && url.pathname !== '/api/analytics') calls.push(url.pathname);
      });
      await fresh.goto('/spanish/beginner/greetings');
      await expect(fresh.getByTestId('phrase-group')).toHaveCount(2);
      await islandsMounted(fresh, 'audio');
      await fresh.waitForLoadState('networkidle');
      await fresh.context().close();
      expect(calls).toEqual([]);
    },
  );

  test('lesson: groups by audio, plays, seeks, reveals translations, collapses groups', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/spanish/beginner/greetings');
    const groups = page.getByTestId('phrase-group');
    await expect(groups).toHaveCount(2);
    await expect(groups.nth(0).getByTestId('phrase')).toHaveCount(3);
    await expect(groups.nth(1).getByTestId('phrase')).toHaveCount(2);
    const first = groups.nth(0);
    const player = first.getByRole('group', { name: /^Audio player/ });

    // Duration is known once metadata loads; the clock starts at 00:00.
    const duration = player.getByTestId('audio-duration');
    await expect(duration).not.toHaveText('00:00');
    const total = seconds(await duration.textContent());
    expect(total).toBeGreaterThan(0);
    await expect(player.getByTestId('audio-current')).toHaveText('00:00');
    await expectAccessible(page);
    await shot(page, 'course-lesson');

    // Play: the button turns into Pause and the position advances.
    await player.getByRole('button', { name: 'Play' }).click();
    await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect.poll(() => audioTime(page, 0), { timeout: 5000 }).toBeGreaterThan(0.3);
    // Only one audio at a time: starting the second group pauses the first.
    await groups.nth(1).getByRole('button', { name: 'Play' }).click();
    await expect(player.getByRole('button', { name: 'Play' })).toBeVisible();
    await expect(groups.nth(1).getByRole('button', { name: 'Pause' })).toBeVisible();
    await groups.nth(1).getByRole('button', { name: 'Pause' }).click();
    await expect(groups.nth(1).getByRole('button', { name: 'Play' })).toBeVisible();

    // Seek by clicking the progress bar at three quarters, then step with the ±10 s buttons.
    const bar = player.getByRole('slider', { name: 'Seek' });
    const box = (await bar.boundingBox())!;
    await bar.click({ position: { x: box.width * 0.75, y: box.height / 2 } });
    const t = await audioTime(page, 0);
    expect(
      t /
        (await page
          .locator('audio')
          .first()
          .evaluate((a: HTMLAudioElement) => a.duration)),
    ).toBeCloseTo(0.75, 1);
    await expect(player.getByTestId('audio-current')).toHaveText(`00:${String(Math.floor(t)).padStart(2, '0')}`);
    await player.getByRole('button', { name: 'Back 10 seconds' }).click();
    await expect.poll(() => audioTime(page, 0)).toBe(Math.max(0, t - 10));
    await expect(player.getByTestId('audio-current')).toHaveText('00:00');
    await player.getByRole('button', { name: 'Forward 10 seconds' }).click();
    await expect.poll(() => audioTime(page, 0)).toBeGreaterThan(Math.min(10, total) - 1);
    await expect(bar).toHaveAttribute('aria-valuenow', String(Math.round(Math.min(10, await audioTime(page, 0)))));

    // The slider works from the keyboard too.
    await bar.focus();
    await page.keyboard.press('Home');
    await expect.poll(() => audioTime(page, 0)).toBe(0);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => audioTime(page, 0)).toBe(1);
    await expect(player.getByTestId('audio-current')).toHaveText('00:01');

    // Playing through to the end returns the player to paused.
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await player.getByRole('button', { name: 'Play' }).click();
    await expect(player.getByRole('button', { name: 'Play' })).toBeVisible({ timeout: 5000 });

    // Translations: hidden until asked for, one phrase at a time (a native disclosure per phrase).
    const hola = first.getByTestId('phrase').filter({ hasText: 'Hola' });
    await expect(first.getByTestId('translation').filter({ visible: true })).toHaveCount(0);
    const disclosure = hola.locator('details');
    await expect(disclosure).not.toHaveAttribute('open');
    await hola.getByText('Show translation').click();
    await expect(hola.getByText('Hello', { exact: true })).toBeVisible();
    await expect(disclosure).toHaveAttribute('open', '');
    await expect(hola.getByText('Show translation')).toBeHidden();
    await expect(first.getByTestId('translation').filter({ visible: true })).toHaveCount(1);
    await shot(page, 'course-lesson-playing');
    await hola.getByText('Hide translation').click();
    await expect(hola.getByText('Hello', { exact: true })).toBeHidden();
    await expect(hola.getByText('Show translation')).toBeVisible();

    // Each group collapses on its own; both start open.
    const header = first.locator('summary').filter({ has: page.getByRole('heading', { level: 2, name: /^Part 1 · 3 phrases$/ }) });
    await expect(first).toHaveAttribute('open', '');
    await header.click();
    await expect(first).not.toHaveAttribute('open');
    await expect(first.getByTestId('phrase').filter({ visible: true })).toHaveCount(0);
    await expect(groups.nth(1).getByTestId('phrase').filter({ visible: true })).toHaveCount(2);
    await header.click();
    await expect(first.getByTestId('phrase').filter({ visible: true })).toHaveCount(3);
  });

  test('playback speed x0.8, x1, x1.3: one choice for every player, kept for the browser session', async ({ page, browser }) => {
    await page.goto('/spanish/beginner/greetings');
    const players = page.getByRole('group', { name: /^Audio player/ });
    await expect(players).toHaveCount(2);
    const speed = (i: number, v: string) =>
      players
        .nth(i)
        .getByRole('group', { name: 'Playback speed' })
        .getByRole('button', { name: `Speed x${v}`, exact: true });
    await expect(speed(0, '1')).toHaveAttribute('aria-pressed', 'true');
    // The speeds are the audio island's (only Play answers before it is here: islands.spec.ts).
    await islandsMounted(page, 'audio');
    await speed(0, '1.3').click();
    await expect(speed(0, '1.3')).toHaveAttribute('aria-pressed', 'true');
    await expect(speed(1, '1.3')).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(() =>
        page
          .locator('audio')
          .nth(1)
          .evaluate((a: HTMLAudioElement) => a.playbackRate),
      )
      .toBe(1.3);
    await shot(page, 'course-lesson-speed');
    await page.goto('/spanish/beginner/at-the-cafe');
    await islandsMounted(page, 'audio'); // the stored choice is applied by the island
    await expect(page.getByRole('button', { name: 'Speed x1.3', exact: true }).first()).toHaveAttribute('aria-pressed', 'true');
    // Another browser session starts at x1.
    const other = await (await browser.newContext()).newPage();
    await other.goto(page.url());
    await islandsMounted(other, 'audio');
    await expect(other.getByRole('button', { name: 'Speed x1', exact: true }).first()).toHaveAttribute('aria-pressed', 'true');
    await other.context().close();
  });

  test('a locked level leads to the locked-content screen, and Back returns to the language', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/spanish');
    await page.getByTestId('level-card').filter({ hasText: 'Intermediate' }).click();
    await expect(page).toHaveURL(/\/locked-content\?type=level&id=intermediate&languageId=spanish$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Intermediate' })).toBeVisible();
    await expect(page.getByText(/Intermediate \(B1\) level of our Spanish course/)).toBeVisible();
    for (const b of ['all lessons, including premium', 'offline', 'progress', 'pronunciation'])
      await expect(page.getByRole('listitem').filter({ hasText: new RegExp(b, 'i') })).toHaveCount(1);
    // The demo has no store links: the app's page is offered instead.
    await expect(page.getByRole('link', { name: 'Learn More About Our App' })).toHaveAttribute('href', '/download');
    await expect(page.getByRole('main').getByRole('link', { name: 'App Store' })).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, 'course-locked');
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/\/spanish$/);

    // Opening the locked level directly replaces it in history with the locked screen.
    await page.goto('/languages');
    await page.goto('/spanish/intermediate');
    await expect(page).toHaveURL(/\/locked-content\?type=level&id=intermediate&languageId=spanish$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/languages$/);
  });

  test('the locked-content screen with store links, for a lesson, and generic', async ({ page, request }) => {
    const restore = await keepSettings();
    const headers = { authorization: `Bearer ${await adminAccessToken()}` };
    const current = await (await request.get('/api/settings')).json();
    const links = await request.put('/api/settings', {
      headers,
      data: { app_store_link: 'https://apps.example/parrot', play_store_link: 'https://play.example/parrot', version: current.version },
    });
    expect(links.status()).toBe(200);
    try {
      await page.goto('/locked-content?type=lesson&id=greetings&languageId=spanish&levelId=beginner');
      await expect(page.getByRole('heading', { level: 1, name: 'Saludos' })).toBeVisible();
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: 'App Store' })).toHaveAttribute('href', 'https://apps.example/parrot');
      await expect(main.getByRole('link', { name: 'App Store' })).toHaveAttribute('target', '_blank');
      await expect(main.getByRole('link', { name: 'Play Store' })).toHaveAttribute('href', 'https://play.example/parrot');
      await expect(main.getByRole('link', { name: 'Learn More About Our App' })).toHaveCount(0);
      await page.getByRole('link', { name: 'Back', exact: true }).click();
      await expect(page).toHaveURL(/\/spanish\/beginner$/);

      await page.goto('/locked-content?type=level&id=nowhere&languageId=spanish');
      await expect(page.getByRole('heading', { level: 1, name: 'Get This Content Free' })).toBeVisible();
      await page.goto('/locked-content');
      await expect(page.getByRole('heading', { level: 1, name: 'Get This Content Free' })).toBeVisible();
      await page.getByRole('link', { name: 'Back', exact: true }).click();
      await expect(page).toHaveURL(/\/languages$/);
    } finally {
      await restore();
    }
  });

  test('an unknown language shows its not-found text, accessibly', async ({ page }) => {
    // The texts of every impossible course path, with their 404: tests/integration/render.test.ts, public-pages.test.ts.
    await page.goto('/klingon');
    await expect(page.getByText("The language you're looking for doesn't exist.")).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'course-language-missing');
  });
});
