/**
 * Practice beyond the lesson in 'Listen' (practice.spec.ts): the 'Say it' direction (the
 * translation first, the visitor says the phrase, 'Show answer' plays it) and the favourites deck
 * (phrases starred on a lesson page, practised from /review by a signed-in visitor). Audio starts
 * only from a gesture here, as on phones, so what plays is what a phone would play. At 1280 px:
 * the screens are practice.spec.ts's, looked at there at 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ensureUser } from '../../infra/twin/bootstrap.js';
import { api as apiUrls, apiPath } from '../../shared/urls.js';
import { answerCookies, expectAccessible, islandsMounted, playing, recordPlaying, shot, signInAs, twinCognito } from './helpers.js';
import { E2E_PORT, LAUNCH_OPTIONS } from './playwright.config.js';

const LESSON = '/spanish/beginner/greetings';
const PRACTICE = `${LESSON}/practice`;
/** The lesson's phrases in page order (infra/twin/fixtures/demo-content.json). */
const PHRASES = [
  ['Hola', 'Hello'],
  ['Buenos días', 'Good morning'],
  ['¿Cómo estás?', 'How are you?'],
  ['Mucho gusto', 'Nice to meet you'],
  ['Hasta luego', 'See you later'],
] as const;

/** Whether every audio of the practice screen is paused (play() unpauses at once, before anything is heard). */
const allPaused = (page: Page) =>
  practice(page)
    .locator('audio')
    .evaluateAll((all: HTMLAudioElement[]) => all.every((a) => a.paused));

const practice = (page: Page) => page.getByTestId('practice');
const progress = (page: Page) => practice(page).locator('[data-progress]');
const stage = (page: Page) => practice(page).locator('[data-stage]');
const playButton = (page: Page) => practice(page).getByRole('button', { name: 'Play phrase' });
const gradeButton = (page: Page, label: 'Again' | 'Good') => practice(page).getByRole('button', { name: new RegExp(`^${label}`) });

/** The audio URL of each card of the practice page's deck, by phrase. */
async function audioOf(page: Page): Promise<Map<string, string>> {
  const deck = JSON.parse((await practice(page).locator('script[data-deck]').textContent()) ?? '[]') as { original_text: string; audio_url: string }[];
  return new Map(deck.map((c) => [c.original_text, new URL(c.audio_url, page.url()).href]));
}

// Audio starts only from a user's gesture, as on phones: a play() outside a tap is refused.
// (launchOptions start a browser of their own: file-wide, never in a describe.)
test.use({ launchOptions: { ...LAUNCH_OPTIONS, args: [...LAUNCH_OPTIONS.args, '--autoplay-policy=user-gesture-required'] } });

test("'Say it': the translation first, the phrase heard only after 'Show answer', graded to 'Session complete'", async ({ page }) => {
  await answerCookies(page);
  await recordPlaying(page);
  await page.goto(PRACTICE);
  await islandsMounted(page, 'practice');
  const audio = await audioOf(page);
  const say = practice(page).getByRole('button', { name: 'Say it' });
  await expect(say).toHaveAttribute('aria-pressed', 'false');
  await say.click();
  await expect(say).toHaveAttribute('aria-pressed', 'true');
  await expect(practice(page).getByRole('button', { name: 'Listen' })).toHaveAttribute('aria-pressed', 'false');

  // Each card: the translation and the hint, no phrase and no audio until 'Show answer'; then both.
  // The first card is graded 'Again', so it comes back after three others.
  const order = ['Hola', 'Buenos días', '¿Cómo estás?', 'Mucho gusto', 'Hola', 'Hasta luego'];
  const translation = new Map<string, string>(PHRASES);
  for (const [i, original] of order.entries()) {
    await expect(practice(page).locator('[data-prompt]')).toHaveText(translation.get(original)!);
    await expect(practice(page).locator('[data-prompt]')).toBeVisible();
    await expect(practice(page).locator('[data-hint]')).toHaveText('Say it, then show the answer to hear it');
    await expect(playButton(page)).toBeHidden();
    await expect(stage(page).locator('[data-original]')).toBeHidden();
    expect(await allPaused(page), `nothing plays before the answer (card ${i + 1})`).toBe(true);
    expect(await playing(page)).toHaveLength(i);
    if (i === 0) {
      await expectAccessible(page);
      await shot(page, 'practice-say-prompt');
    }

    await practice(page).getByTestId('show-answer').click();
    await expect(stage(page).locator('[data-original]')).toHaveText(original);
    await expect(stage(page).locator('[data-original]')).toBeVisible();
    // The prompt already shows the translation: the answer does not repeat it.
    await expect(stage(page).locator('[data-translation]')).toBeHidden();
    // The phrase plays once revealed (the tap is the gesture), and can be replayed from the button.
    await expect.poll(() => playing(page)).toHaveLength(i + 1);
    expect((await playing(page)).at(-1)).toBe(audio.get(original));
    await expect(playButton(page)).toBeVisible();
    if (i === 0) await shot(page, 'practice-say-answer');
    await gradeButton(page, i === 0 ? 'Again' : 'Good').click();
    // The progress line counts the cards shown: each grade moves it on, 'Again' adds its card's return.
    if (i < order.length - 1) await expect(progress(page)).toHaveText(`${i + 2} of 6`);
  }

  await expect(page.getByRole('heading', { name: 'Session complete' })).toBeFocused();
  await expect(practice(page).locator('[data-done-summary]')).toHaveText('You practised 5 phrases (1 needed another try).');
  await expect(practice(page).getByRole('list', { name: 'What you practised' }).getByRole('listitem')).toHaveCount(5);
  await expect(practice(page).locator('[data-next-review]')).toContainText('Next review:');
  expect(await allPaused(page)).toBe(true);
  await shot(page, 'practice-say-complete');

  // The direction is kept: 'Practice again', and a reload, start in 'Say it' again, silent.
  await practice(page).getByRole('button', { name: 'Practice again' }).click();
  await expect(progress(page)).toHaveText('1 of 5');
  await expect(practice(page).locator('[data-prompt]')).toHaveText('Hello');
  await expect(playButton(page)).toBeHidden();
  await page.reload();
  await islandsMounted(page, 'practice');
  await expect(practice(page).getByRole('button', { name: 'Say it' })).toHaveAttribute('aria-pressed', 'true');
  await expect(practice(page).locator('[data-prompt]')).toBeVisible();
  await expect(playButton(page)).toBeHidden();
  expect(await allPaused(page)).toBe(true);

  // Favourites need an account: a visitor's /review does not offer them.
  await page.goto('/review');
  await islandsMounted(page, 'practice');
  await expect(page.getByRole('heading', { name: 'Nothing to review right now' })).toBeVisible();
  await expect(practice(page).getByRole('button', { name: 'Practise your favourites' })).toBeHidden();
});

test.describe('favourites as a deck', () => {
  /** A user of this spec only (web sign-in is for administrators), so its favourites are the ones starred here. */
  const USER = { email: 'practice.favorites@parrotphrases.test', password: 'Practice-Favorites-Passw0rd!' };
  const api = async (method: 'GET' | 'DELETE', path: string) => {
    const { cognito, state } = twinCognito();
    const auth = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: state.userPoolClientId,
        AuthParameters: { USERNAME: USER.email, PASSWORD: USER.password },
      }),
    );
    const res = await fetch(`http://localhost:${E2E_PORT}${apiPath(path)}`, {
      method,
      headers: { authorization: `Bearer ${auth.AuthenticationResult!.AccessToken!}` },
    });
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
    return res;
  };
  type Favorite = { language_id: string; level_id: string; lesson_id: string; phrase_id: string };
  const removeFavorites = async () => {
    const favorites = (await (await api('GET', apiUrls.favorites)).json()) as Favorite[];
    for (const f of favorites) await api('DELETE', apiUrls.favorite(f, f.phrase_id));
  };

  test.afterEach(async ({ isMobile }) => {
    if (!isMobile) await removeFavorites();
  });

  test('phrases starred on a lesson page are practised from /review, and the session completes', async ({ page }) => {
    const { cognito, state } = twinCognito();
    await ensureUser(cognito, state.userPoolId, USER.email, USER.password, true);
    await answerCookies(page);
    await recordPlaying(page);
    await signInAs(page, USER.email, USER.password);
    await expect(page).toHaveURL(/\/admin$/);

    // Star two phrases of the lesson.
    await page.goto(LESSON);
    await islandsMounted(page, 'learner');
    const starred = ['Buenos días', 'Hasta luego'];
    for (const original of starred) {
      const star = page.getByTestId('phrase').filter({ hasText: original }).getByTestId('favorite-toggle');
      await expect(star).toHaveAttribute('aria-pressed', 'false');
      await star.click();
      await expect(star).toHaveAttribute('aria-pressed', 'true');
    }

    // /review offers them as a deck; nothing is due yet.
    await page.goto('/review');
    await islandsMounted(page, 'practice');
    await expect(page.getByRole('heading', { name: 'Nothing to review right now' })).toBeVisible();
    const favorites = practice(page).getByRole('button', { name: 'Practise your favourites' });
    await expect(favorites).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'review-favorites');
    await favorites.click();
    await expect(progress(page)).toHaveText('1 of 2');
    await expect(page.getByRole('heading', { name: 'Nothing to review right now' })).toBeHidden();
    await expect(favorites).toBeHidden();

    // In 'Listen': the first card's audio plays from the tap, the phrase shows with the answer.
    await expect.poll(() => playing(page)).toHaveLength(1);
    await expect(practice(page).locator('[data-hint]')).toHaveText('Listen, and recall what it means');
    await expect(stage(page).locator('[data-original]')).toBeHidden();
    await shot(page, 'practice-favorites');
    const seen: string[] = [];
    for (let i = 0; i < starred.length; i++) {
      await expect(progress(page)).toHaveText(`${i + 1} of 2`);
      await practice(page).getByTestId('show-answer').click();
      const original = stage(page).locator('[data-original]');
      await expect(original).toBeVisible();
      seen.push((await original.textContent()) ?? '');
      await expect(stage(page).locator('[data-translation]')).toHaveText(new Map<string, string>(PHRASES).get(seen[i])!);
      await gradeButton(page, 'Good').click();
    }
    expect(seen.toSorted()).toEqual(starred.toSorted());

    await expect(page.getByRole('heading', { name: 'Session complete' })).toBeFocused();
    const learned = practice(page).getByRole('list', { name: 'What you practised' }).getByRole('listitem');
    await expect(learned).toHaveCount(2);
    for (const original of starred) await expect(learned.filter({ hasText: original })).toContainText('Next review in 10 minutes');
    await shot(page, 'practice-favorites-complete');

    // Back to /review: the graded favourites are cards now, due at their first learning step.
    await practice(page).getByRole('button', { name: 'Back to Review' }).click();
    await expect(page.getByRole('heading', { name: 'Nothing to review right now' })).toBeVisible();
    await expect(practice(page).locator('[data-next-due]')).toContainText('Your next card is due in 10 minutes');
    await expect(favorites).toBeVisible();
  });
});
