/**
 * Audio that follows the text (docs/learners.md), as a visitor meets it: a phrase group whose audio
 * was generated lights the word being said as it plays, and a tap on a word, or Enter on it, plays
 * from there. The twin's MP3 is real (its offline engine), so the highlight moves with real time.
 * The rules underneath (byte offsets, the split onto phrases, the attribute's form) are unit tests:
 * tests/unit/word-timings.test.ts and tests/unit/frontend/words.test.ts.
 */
import { expect, test, type Page } from '@playwright/test';
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

/** Every word lit, in order, from now on (recorded in the page: a slow machine may take a screenshot between two). */
async function recordLit(page: Page) {
  await page.evaluate((spoken) => {
    const w = window as unknown as { lit: string[] };
    w.lit = [];
    new MutationObserver((records) => {
      for (const r of records) if ((r.target as Element).hasAttribute(spoken)) w.lit.push(r.target.textContent ?? '');
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: [spoken] });
  }, WORDS.spoken);
  return {
    words: () => page.evaluate(() => (window as unknown as { lit: string[] }).lit),
    clear: () => page.evaluate(() => void ((window as unknown as { lit: string[] }).lit = [])),
  };
}
const ORDER = TEXT.replace(/[,.]/g, '').split(' ');
/** Whether the words went forward through the phrase. */
const forward = (words: string[]) => words.every((w, i) => i === 0 || ORDER.indexOf(w) > ORDER.indexOf(words[i - 1]));

test('the words light up as the audio plays, and a tap on a word plays from it', async ({ page }) => {
  await page.goto(LESSON);
  await islandsMounted(page, 'audio');
  const phrase = page.getByTestId('phrase').first();
  const word = (text: string) => phrase.locator(sel(WORDS.word), { hasText: new RegExp(`^${text}$`) });
  const audio = page.locator('audio').first();
  const pause = () => audio.evaluate((a: HTMLAudioElement) => a.pause());
  // The server sent the text whole: no word is wrapped until the audio plays.
  await expect(phrase.locator(sel(WORDS.word))).toHaveCount(0);
  const lit = await recordLit(page);

  await page.getByRole('button', { name: 'Play' }).first().click();
  await expect(phrase.locator(sel(WORDS.word))).toHaveCount(10);
  await shot(page, 'words-playing');
  // The highlight follows the audio: 'Uno' first, then on through the phrase.
  await expect.poll(async () => (await lit.words()).length).toBeGreaterThanOrEqual(4);
  const first = await lit.words();
  expect(first[0]).toBe('Uno');
  expect(forward(first), first.join(' ')).toBe(true);
  await expect(phrase.getByText(TEXT)).toBeAttached(); // still one text, read as before

  // A tap on 'ocho' plays from it.
  await pause();
  await lit.clear();
  const at = Number(await word('ocho').getAttribute(WORDS.word)) / 1000;
  await word('ocho').click();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(at + 0.1);
  const fromOcho = await lit.words();
  expect(fromOcho[0]).toBe('ocho');
  expect(forward(fromOcho), fromOcho.join(' ')).toBe(true);

  // The keyboard: the phrase's words are one tab stop, the arrows move along them, Enter plays from one.
  await pause();
  await lit.clear();
  await phrase.locator(sel(WORDS.word)).first().focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(word('tres')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await lit.words())[0]).toBe('tres');
  await pause();
  await shot(page, 'words-focused');
  await page.emulateMedia({ forcedColors: 'active' });
  await shot(page.getByTestId('phrase-group'), 'words-forced-colors');
  await page.emulateMedia({ forcedColors: 'none' });
  await expectAccessible(page, '[data-testid="phrase-group"]');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'words-focused');
});
