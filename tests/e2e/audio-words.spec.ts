/**
 * Audio that follows the text (docs/learners.md), as a visitor meets it: a phrase group whose audio
 * was generated lights the word being said as it plays, and a tap on a word, or Enter on it, plays
 * from there. The twin's MP3 is real (its offline engine), so the highlight moves with real time.
 * The rules underneath (byte offsets, the split onto phrases, the attribute's form) are unit tests:
 * tests/unit/word-timings.test.ts and tests/unit/frontend/words.test.ts.
 */
import { expect, test } from '@playwright/test';
import { WORDS, sel } from '../../shared/markup.js';
import { adminApi, expectAccessible, islandsMounted, shot } from './helpers.js';

const LANG = 'wordsish';
const LESSON = `/${LANG}/a1/numbers`;
const TEXT = 'Uno, dos, tres, cuatro, cinco, seis, siete, ocho, nueve, diez.';

test.beforeAll(async () => {
  await adminApi('POST', '/api/languages', { id: LANG, name: 'Wordsish', flag_url: 'https://example.com/flag.png' });
  await adminApi('POST', '/api/levels', { id: 'a1', language_id: LANG, title: 'A1', cefr_label: 'A1' });
  await adminApi('POST', '/api/lessons', { id: 'numbers', language_id: LANG, level_id: 'a1', title: 'Numbers', translated_title: 'Numbers' });
  // As 'Generate audio' and 'Save' in the phrase dialog do it.
  const { audio_url } = (await (await adminApi('POST', '/api/media/tts', { text: TEXT, language: 'es' })).json()) as { audio_url: string };
  await adminApi('POST', '/api/phrases', {
    language_id: LANG,
    level_id: 'a1',
    lesson_id: 'numbers',
    audio_url,
    phrases: [{ original_text: TEXT, translated_text: 'One, two, three, four, five, six, seven, eight, nine, ten.' }],
  });
});
test.afterAll(async () => {
  await adminApi('DELETE', `/api/languages/${LANG}`);
});

test('the words light up as the audio plays, and a tap on a word plays from it', async ({ page }) => {
  await page.goto(LESSON);
  await islandsMounted(page, 'audio');
  const phrase = page.getByTestId('phrase').first();
  const spoken = phrase.locator(sel(WORDS.spoken));
  const audio = page.locator('audio').first();
  // The server sent the text whole: no word is wrapped until the audio plays.
  await expect(phrase.locator(sel(WORDS.word))).toHaveCount(0);

  await page.getByRole('button', { name: 'Play' }).first().click();
  await expect(spoken).toHaveText('Uno');
  await shot(page, 'words-playing');
  // Later, another word: the highlight follows the audio.
  await expect(spoken).not.toHaveText('Uno');
  await expect(spoken).toHaveText(/^(dos|tres|cuatro)$/);
  await expect(phrase.locator(sel(WORDS.word))).toHaveCount(10);
  await expect(phrase.getByText(TEXT)).toBeAttached(); // still one text, read as before

  // A tap on 'ocho' plays from it.
  await page.getByRole('button', { name: 'Pause' }).first().click();
  const ocho = phrase.locator(sel(WORDS.word), { hasText: 'ocho' });
  const at = Number(await ocho.getAttribute(WORDS.word)) / 1000;
  await ocho.click();
  await expect(spoken).toHaveText(/^(ocho|nueve)$/);
  expect(await audio.evaluate((a: HTMLAudioElement) => !a.paused && a.currentTime >= 0)).toBe(true);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThanOrEqual(at - 0.05);

  // The keyboard: the phrase's words are one tab stop, the arrows move along them, Enter plays from one.
  await page.getByRole('button', { name: 'Pause' }).first().click();
  await phrase.locator(sel(WORDS.word)).first().focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(phrase.locator(sel(WORDS.word), { hasText: 'tres' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(spoken).toHaveText(/^(tres|cuatro)$/);
  await shot(page, 'words-focused');
  await expectAccessible(page, '[data-testid="phrase-group"]');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'words-focused');
});
