/**
 * /profile and the lesson page's learner controls, as a signed-in user goes through them: rename,
 * mark a lesson completed, favourite a phrase, see both on /profile, remove the favourite, sign out.
 * Also what a visitor gets: Previous/Next links in the server HTML and none of the learner controls.
 * The journey runs at 1280 px as a fresh administrator of its own, so it starts empty; at 390 px the
 * profile screen is looked at on its own.
 */
import { expect, test, type Page } from '@playwright/test';
import { ensureUser } from '../../infra/twin/bootstrap.js';
import { ADMIN_STATE, expectAccessible, islandsMounted, shot, signInAs, toast, twinCognito } from './helpers.js';

const LESSON = '/spanish/beginner/greetings';

/** A fresh administrator for this project (web sign-in is for administrators only). */
async function freshAdmin(project: string) {
  const { cognito, state } = twinCognito();
  const user = { email: `polly.${project}@parrotphrases.test`, password: 'Profile-Passw0rd!' };
  await ensureUser(cognito, state.userPoolId, user.email, user.password, true);
  return user;
}

const tab = (page: Page, name: 'Progress' | 'Favorites') => page.getByRole('tab', { name });

test.describe('profile', () => {
  test('signed out, /profile goes to /auth; after signing in the visitor is back on /profile', async ({ page }, testInfo) => {
    const user = await freshAdmin(testInfo.project.name);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Administrator Sign In' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Profile' })).toBeVisible();
  });

  test('the whole journey: empty tabs, rename, complete a lesson, favourite a phrase, remove it, sign out', async ({ page }, testInfo) => {
    const user = await freshAdmin(testInfo.project.name);
    await signInAs(page, user.email, user.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/profile');

    // Empty states.
    await expect(page.getByText("You haven't started any lessons yet")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Learning' })).toHaveAttribute('href', '/');
    await expect(page.getByLabel('Email')).toHaveValue(user.email);
    await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
    await tab(page, 'Favorites').click();
    await expect(page.getByText("You haven't saved any favorite phrases yet")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Explore Phrases' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'profile-empty');

    // Rename: too short is refused with the rule's text; a good name is saved and shown.
    const username = page.getByLabel('Username');
    await username.fill(' P ');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Username must be at least 2 characters')).toBeVisible();
    await username.fill('  Polly Glot ');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(toast(page, 'Profile updated')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Polly Glot' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Username')).toHaveValue('Polly Glot');

    // On a lesson: mark it completed and favourite its first phrase.
    await page.goto(LESSON);
    const completed = page.getByTestId('mark-completed');
    await expect(completed).toHaveText('Mark as completed');
    await completed.click();
    await expect(completed).toHaveText('Completed');
    await expect(completed).toHaveAttribute('aria-pressed', 'true');
    const firstPhrase = page.getByTestId('phrase').first();
    const star = firstPhrase.getByTestId('favorite-toggle');
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await shot(page, 'lesson-signed-in');
    // Still so after a reload (saved on the server, not in the page).
    await page.reload();
    await expect(page.getByTestId('mark-completed')).toHaveText('Completed');
    await expect(page.getByTestId('phrase').first().getByTestId('favorite-toggle')).toHaveAttribute('aria-pressed', 'true');

    // Both show on /profile.
    await page.goto('/profile');
    const spanish = page.getByTestId('language-progress').filter({ hasText: 'Spanish' });
    await expect(spanish).toBeVisible();
    await expect(spanish.getByText(/^1 of \d+ lessons completed$/)).toBeVisible();
    await expect(spanish.getByRole('progressbar')).toBeVisible();
    await shot(page, 'profile-progress');
    await tab(page, 'Favorites').click();
    const favorite = page.getByTestId('favorite');
    await expect(favorite).toHaveCount(1);
    await expect(favorite).toContainText('Hola');
    await expect(favorite).toContainText('Hello');
    await expectAccessible(page);
    await shot(page, 'profile-favorites');

    // Remove it: the spec's toast and the empty state.
    await favorite.getByRole('button', { name: 'Remove Hola' }).click();
    await expect(toast(page, 'Favorite removed')).toBeVisible();
    await expect(page.getByText("You haven't saved any favorite phrases yet")).toBeVisible();

    // Sign out: the home page with the spec's toast, and /profile is closed again. (The home page is
    // the server's, a full page load: the toast must still be there for the visitor to read.)
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Speak everyday phrases with confidence' })).toBeVisible();
    await expect(toast(page, 'Signed out')).toBeVisible();
    await expect(toast(page, "You've been signed out successfully.")).toBeVisible();
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test.describe('at 390 px', { tag: '@phone' }, () => {
  test.skip(({ isMobile }) => !isMobile, 'the phone layout');
  // Signed in as the stored session (admin.setup.ts): the sign-in and the journey run at 1280 px above.
  test.use({ storageState: ADMIN_STATE });

  test('the profile screen and its two tabs render accessibly', async ({ page }) => {
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Profile' })).toBeVisible();
    await expect(page.getByLabel('Username')).toBeVisible();
    await expect(tab(page, 'Progress')).toHaveAttribute('aria-selected', 'true');
    await expectAccessible(page);
    await shot(page, 'profile-progress');
    await tab(page, 'Favorites').click();
    await expect(tab(page, 'Favorites')).toHaveAttribute('aria-selected', 'true');
    await expectAccessible(page, '[role="tabpanel"]');
    await shot(page, 'profile-favorites');
  });
});

test.describe('lesson page for everyone', () => {
  test('Previous and Next lesson are links in the server HTML, and none of the learner controls is shown', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(LESSON);
    await expect(page.getByTestId('previous-lesson')).toHaveCount(0); // the course's first lesson
    const next = page.getByTestId('next-lesson');
    await expect(next).toContainText('Next lesson');
    // The learner's buttons are only <template>s, for the learner island to clone for a signed-in visitor.
    await expect(page.getByTestId('mark-completed')).toHaveCount(0);
    await expect(page.getByTestId('favorite-toggle')).toHaveCount(0);
    await expect(page.getByText('Mark as completed')).toHaveCount(0);
    await next.click();
    await expect(page).not.toHaveURL(new RegExp(`${LESSON}$`));
    await expect(page.getByTestId('previous-lesson')).toHaveAttribute('href', LESSON);
    await context.close();
  });

  test('a visitor loads no learner code and asks nothing of /api/me', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/me\/|LessonLearner|learner-/.test(r.url())) asked.push(r.url());
    });
    await page.goto(LESSON);
    // Every other island of the page is here by now: the learner's was never asked for.
    await islandsMounted(page, 'audio');
    await page.waitForLoadState('networkidle');
    await page.getByTestId('phrase').first().getByText('Show translation').click();
    await expect(page.getByTestId('translation').first()).toBeVisible();
    expect(asked).toEqual([]);
    await expect(page.locator('[data-island="learner"]')).not.toHaveAttribute('data-mounted');
    await expect(page.getByTestId('favorite-toggle')).toHaveCount(0);
    await expect(page.getByTestId('mark-completed')).toHaveCount(0);
  });
});
