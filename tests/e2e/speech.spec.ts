/**
 * How a language sounds (issue 32: docs/back-office.md "Voices", "Pronunciations"), one journey on
 * desktop: choose a voice after listening to it, add a pronunciation, and hear it in 'Listen' (a new
 * audio file, served as audio/mpeg). Every rule behind it: tests/integration/voices.test.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminAccessToken, adminApi, ADMIN_STATE, expectAccessible, shot, toast } from './helpers.js';
import { E2E_PORT } from './playwright.config.js';

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

test('choose a voice, add a pronunciation and hear it in Listen', async ({ page }, info) => {
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
});
