/**
 * The Coverage screen: an admin's new language with an empty level, a lesson without phrases and
 * phrases without audio or translation shows each finding, every row links to the screen where it
 * is fixed, filtered to it; a complete language says nothing is missing. At 390 px nothing overflows
 * and every row is a 44 px target.
 */
import { expect, test } from '@playwright/test';
import { adminAccessToken, adminApi, ADMIN_STATE, expectAccessible, shot, useE2eTwinEnv } from './helpers.js';
import { E2E_PORT } from './playwright.config.js';

const SITE = `http://localhost:${E2E_PORT}`;
const MIN_TARGET = 44;

/** An admin API call from the test itself (set-up and clean-up), from /api. */
const call = (method: string, path: string, body?: unknown) => adminApi(method, `/api${path}`, body);

/** The data layer pointed at the twin's DynamoDB Local (the gateway's port + 1): phrases the API refuses, as an import may leave them. */
async function rawPhrase(p: { language_id: string; level_id: string; lesson_id: string; original_text: string; translated_text: string; audio_url: string }) {
  await useE2eTwinEnv();
  const { createPhrase } = await import('../../functions/data/course.js');
  await createPhrase(p);
}

/** A language whose course misses something of every kind; its ids carry the project's name (the projects share one twin). */
async function gappyLanguage(id: string, name: string) {
  await call('POST', '/languages', { id, name, flag_url: 'https://example.com/flag.png' });
  await call('POST', '/levels', { id: 'basics', language_id: id, title: 'Basics', cefr_label: 'A1' });
  await call('POST', '/levels', { id: 'later', language_id: id, title: 'Coming later', cefr_label: 'A2' });
  await call('POST', '/lessons', { id: 'hello', language_id: id, level_id: 'basics', title: 'Hello', translated_title: 'Hallo' });
  await call('POST', '/lessons', { id: 'food', language_id: id, level_id: 'basics', title: 'Food and drink', translated_title: 'Essen' });
  const hello = { language_id: id, level_id: 'basics', lesson_id: 'hello' };
  await call('POST', '/phrases', {
    ...hello,
    audio_url: '/media/content/audio/coverage.mp3',
    phrases: [{ original_text: 'Guten Morgen', translated_text: 'Good morning' }],
  });
  await rawPhrase({ ...hello, original_text: 'Tschüss', translated_text: 'Bye', audio_url: '' });
  await rawPhrase({ ...hello, original_text: 'Danke', translated_text: '', audio_url: '/media/content/audio/coverage.mp3' });
}

async function completeLanguage(id: string, name: string) {
  await call('POST', '/languages', { id, name, flag_url: 'https://example.com/flag.png' });
  await call('POST', '/levels', { id: 'one', language_id: id, title: 'One', cefr_label: 'A1' });
  await call('POST', '/lessons', { id: 'only', language_id: id, level_id: 'one', title: 'Only lesson', translated_title: 'Einzige' });
  await call('POST', '/phrases', {
    ...{ language_id: id, level_id: 'one', lesson_id: 'only' },
    audio_url: '/media/content/audio/coverage.mp3',
    phrases: [{ original_text: 'Ja', translated_text: 'Yes' }],
  });
}

const ids = (project: string) => ({
  gappy: { id: `coverage-gappy-${project}`, name: `Gappy ${project}` },
  complete: { id: `coverage-complete-${project}`, name: `Complete ${project}` },
});

test.beforeEach(async ({ context }) => {
  // A stored cookie choice keeps the consent banner from covering the screens.
  await context.addInitScript(() => localStorage.setItem('cookie_consent_level', 'essential'));
});

/** The two languages of a test, made before it and deleted (with whatever is in them) after it. */
function withLanguages() {
  test.beforeEach(async () => {
    const { gappy, complete } = ids(test.info().project.name);
    await gappyLanguage(gappy.id, gappy.name);
    await completeLanguage(complete.id, complete.name);
  });
  test.afterEach(async () => {
    // Not asserted: a skipped test made nothing to delete (404).
    const authorization = `Bearer ${await adminAccessToken()}`;
    for (const { id } of Object.values(ids(test.info().project.name)))
      await fetch(`${SITE}/api/languages/${id}`, { method: 'DELETE', headers: { authorization } });
  });
}

// Signed in as the stored session (admin.setup.ts); reaching the section from the navigation: admin-shell.spec.ts.
test.use({ storageState: ADMIN_STATE });

test.describe('on desktop', () => {
  test.describe('with a language missing something of every kind', () => {
    withLanguages();

    test('lists what is missing in a language, each finding linking to the filtered screen that fixes it', async ({ page }, info) => {
      const { gappy, complete } = ids(info.project.name);
      await page.goto('/admin/coverage');
      await expect(page.getByRole('heading', { level: 2, name: 'Coverage' })).toBeVisible();

      // The language chosen is kept in the URL.
      await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: gappy.name });
      await expect(page).toHaveURL(new RegExp(`\\?language=${gappy.id}$`));
      await expect(page.getByText(`${gappy.name}: 2 levels, 2 lessons, 3 phrases.`)).toBeVisible();
      const summary = page.getByRole('list', { name: 'Summary' }).getByRole('listitem');
      await expect(summary).toHaveText([
        'Levels without lessons1',
        'Lessons without phrases1',
        'Phrases without audio1',
        'Phrases without translation1',
        'Locked levels0',
        'Locked lessons0',
        'Draft levels0',
        'Draft lessons0',
      ]);
      const section = (name: string) => page.getByRole('region', { name });
      await expect(section('Levels without lessons').getByRole('link')).toHaveText([/Coming later.*Level A2.*Add lessons/]);
      await expect(section('Lessons without phrases').getByRole('link')).toHaveText([/Food and drink.*Basics.*Add phrases/]);
      await expect(section('Phrases without audio').getByRole('link')).toHaveText([/Tschüss.*Basics › Hello.*Add audio/]);
      await expect(section('Phrases without translation').getByRole('link')).toHaveText([/Danke.*Basics › Hello.*Add translation/]);
      // Nothing locked: no section for it.
      await expect(section('Locked levels')).toHaveCount(0);
      await expect(page.getByText('Nothing is missing in this language.')).toHaveCount(0);
      await expectAccessible(page);
      await shot(page, 'coverage');

      // A lesson without phrases: Manage Phrases filtered to that lesson, where they are added.
      await section('Lessons without phrases').getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/admin/phrases\\?language=${gappy.id}&level=basics&lesson=food$`));
      await expect(page.getByRole('combobox', { name: 'Lesson' })).toHaveValue('food');
      await expect(page.getByText('No phrases in this selection yet.')).toBeVisible();

      // Back on Coverage (the language still chosen): a level without lessons opens Manage Lessons on that level.
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/admin/coverage\\?language=${gappy.id}$`));
      await section('Levels without lessons').getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/admin/lessons\\?language=${gappy.id}&level=later$`));
      await expect(page.getByRole('region', { name: `${gappy.name} - Coming later` }).getByText('No lessons found for this level.')).toBeVisible();

      // A phrase without audio: its lesson's phrases, searched for it, with the Edit that fixes its group.
      await page.goBack();
      await section('Phrases without audio').getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/admin/phrases\\?language=${gappy.id}&level=basics&lesson=hello&q=Tsch%C3%BCss$`));
      await expect(page.getByRole('button', { name: 'Edit Tschüss' })).toBeVisible();

      // A complete language: nothing is missing.
      await page.goBack();
      await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: complete.name });
      await expect(page).toHaveURL(new RegExp(`\\?language=${complete.id}$`));
      await expect(page.getByText('Nothing is missing in this language.')).toBeVisible();
      await shot(page, 'coverage-nothing-missing');
      for (const name of ['Levels without lessons', 'Lessons without phrases', 'Phrases without audio', 'Phrases without translation'])
        await expect(page.getByRole('region', { name })).toHaveCount(0);
    });
  });

  test('an unknown language in the URL says so', async ({ page }) => {
    await page.goto('/admin/coverage?language=no-such-language');
    await expect(page.getByText("The language you're looking for doesn't exist.")).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('');
  });
});

test.describe('on a phone', { tag: '@phone' }, () => {
  test.skip(({ isMobile }) => !isMobile, 'the phone layout');
  withLanguages();

  test('at 390 px nothing overflows and every finding is a 44 px target', async ({ page }, info) => {
    const { gappy } = ids(info.project.name);
    await page.goto('/admin/coverage');
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: gappy.name });
    const rows = page.getByRole('region', { name: 'Coverage', exact: true }).getByRole('listitem').getByRole('link');
    await expect(rows).toHaveCount(4);
    const width = page.viewportSize()!.width;
    for (const el of [...(await rows.all()), page.getByRole('combobox', { name: 'Language' })]) {
      const box = (await el.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(MIN_TARGET);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page);
    await shot(page, 'coverage');

    // A row leads to its fix on the phone too.
    await page.getByRole('region', { name: 'Phrases without translation' }).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/admin/phrases\\?language=${gappy.id}&level=basics&lesson=hello&q=Danke$`));
    await expect(page.getByText('Danke', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
