/**
 * How a language sounds (issue 32: docs/back-office.md "Voices", "Pronunciations", "Marks"), one
 * journey on desktop: choose a voice after listening to it, add a pronunciation, and hear it in
 * 'Listen' (a new audio file, served as audio/mpeg); then mark a phrase's 'How to say it', see a
 * wrong mark on its field, fix it and listen to the row. Every rule behind it:
 * tests/integration/voices.test.ts, tests/integration/speech-marks.test.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminAccessToken, adminApi, ADMIN_STATE, expectAccessible, shot, toast } from './helpers.js';
import { E2E_PORT } from './playwright.config.js';
import { MARKS_TEXT } from '../../shared/speech-marks.js';

const SITE = `http://localhost:${E2E_PORT}`;
// 'es-…' speaks Spanish: its voices are Polly's Spanish ones.
const language = (project: string) => ({ id: `es-speech-${project}`, name: `Voz ${project}` });

/** Clicks and answers the audio file that then plays: its URL, whether it was served (a media element asks for a range: 206) and its type. */
async function heard(page: Page, click: () => Promise<void>) {
  const [audio] = await Promise.all([page.waitForResponse((r) => /\/media\/content\/audio\/tts_/.test(r.url()) && r.request().method() === 'GET'), click()]);
  return { url: new URL(audio.url()).pathname, served: [200, 206].includes(audio.status()), type: audio.headers()['content-type'] };
}

test.use({ storageState: ADMIN_STATE });

test.beforeEach(async ({ context }, info) => {
  test.skip(info.project.name !== 'desktop', 'one journey, on desktop');
  await context.addInitScript(() => localStorage.setItem('cookie_consent_level', 'essential'));
  const { id, name } = language(info.project.name);
  await adminApi('POST', '/api/languages', { id, name, flag_url: 'https://example.com/flag.png' });
});
test.afterEach(async () => {
  const authorization = `Bearer ${await adminAccessToken()}`;
  await fetch(`${SITE}/api/languages/${language(test.info().project.name).id}`, { method: 'DELETE', headers: { authorization } });
});

test('choose a voice, add a pronunciation and hear it in Listen; mark a phrase and hear it', async ({ page }, info) => {
  const { id } = language(info.project.name);
  await page.goto(`/admin/voices?language=${id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Voices' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Lucia/ })).toBeChecked();

  // Listen to a voice before choosing it: its sample is an MP3.
  const sample = await heard(page, () => page.getByRole('button', { name: 'Listen to Sergio' }).click());
  expect(sample).toMatchObject({ served: true, type: 'audio/mpeg' });
  await page.getByRole('radio', { name: /^Sergio/ }).check();
  await page.getByRole('button', { name: 'Save voices' }).click();
  await expect(toast(page, 'Voices saved: new audio uses them')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'voices');

  // A phrase with a name the voice would say wrongly, heard before and after its pronunciation.
  await page.goto(`/admin/pronunciations?language=${id}`);
  await expect(page.getByText('No pronunciations yet: every word is said as the voice reads it.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Try a phrase' }).fill('Me llamo Nguyen');
  const listen = page.getByRole('button', { name: 'Listen', exact: true });
  const before = await heard(page, () => listen.click());
  expect(before).toMatchObject({ served: true, type: 'audio/mpeg' });

  await page.getByRole('button', { name: 'Add pronunciation' }).click();
  await page.getByRole('textbox', { name: 'Word or name' }).fill('Nguyen');
  await page.getByRole('textbox', { name: 'Say as' }).fill('Guin');
  await page.getByRole('button', { name: 'Save pronunciations' }).click();
  await expect(toast(page, 'Pronunciations saved: new audio uses them')).toBeVisible();
  const after = await heard(page, () => listen.click());
  expect(after).toMatchObject({ served: true, type: 'audio/mpeg' });
  expect(after.url).not.toBe(before.url);
  await expectAccessible(page);
  await shot(page, 'pronunciations');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'pronunciations');
  await page.goto(`/admin/voices?language=${id}`);
  await expect(page.getByRole('radio', { name: /^Sergio/ })).toBeChecked();
  await shot(page, 'voices');

  // A phrase's 'How to say it': a wrong mark is shown on its field before anything is sent; fixed, the row is heard.
  await page.setViewportSize({ width: 1280, height: 900 });
  await adminApi('POST', '/api/levels', { id: 'a1', language_id: id, title: 'Inicio', cefr_label: 'A1', icon_url: '' });
  await adminApi('POST', '/api/lessons', { id: 'hola', language_id: id, level_id: 'a1', title: 'Hola', translated_title: 'Hello' });
  await page.goto('/admin/phrases');
  await page.getByRole('button', { name: 'Add Phrases' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Phrases' });
  await dialog.getByLabel('Language').selectOption(id);
  await dialog.getByLabel('Level').selectOption('a1');
  await dialog.getByLabel('Lesson').selectOption('hola');
  await dialog.getByLabel('Phrase 1', { exact: true }).fill('Me llamo Ana');
  await dialog.getByLabel('Translation 1', { exact: true }).fill('My name is Ana');
  const how = dialog.getByRole('button', { name: 'How to say it, phrase 1' });
  await expect(how).toHaveAttribute('aria-expanded', 'false');
  await how.focus();
  await page.keyboard.press('Enter');
  await expect(how).toHaveAttribute('aria-expanded', 'true');
  await expect(how).toBeFocused();
  await shot(dialog, 'phrase-marks-open');
  const marks = dialog.getByLabel('How to say it 1', { exact: true });
  await expect(marks).toHaveValue('Me llamo Ana');
  await marks.fill('Me llamo {spell}Ana');
  const listenRow = dialog.getByRole('button', { name: 'Listen to phrase 1' });
  await listenRow.click();
  await expect(dialog.getByText(MARKS_TEXT.notClosed('spell'), { exact: true })).toBeVisible();
  await expect(marks).toBeFocused();
  await shot(page, 'phrase-marks-error');
  await marks.fill('Me llamo,{pause} {spell}Ana{/spell}');
  await listenRow.click();
  await expect(dialog.getByText(MARKS_TEXT.notTheText('Me llamo, Ana'), { exact: true })).toBeVisible();
  await marks.fill('Me llamo{pause} {spell}Ana{/spell}');
  const marked = await heard(page, () => listenRow.click());
  expect(marked).toMatchObject({ served: true, type: 'audio/mpeg' });
  expect(marked.url).not.toBe(after.url);
  await expectAccessible(page);
  await shot(page, 'phrase-marks');
  await page.setViewportSize({ width: 390, height: 844 });
  await listenRow.scrollIntoViewIfNeeded();
  await shot(page, 'phrase-marks');
});
