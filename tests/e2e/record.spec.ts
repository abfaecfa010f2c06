/**
 * Record and compare (issue 33), on a fresh profile with Chromium's fake microphone (a beep) and a
 * phone's autoplay rule: the recorder is not in the page's script until 'Record' is tapped; a take
 * of a lesson's phrase group shows beside the native recording, both as waveforms, and plays;
 * 'Record again' replaces it, it is still there after a reload, 'Delete' removes it; a practice
 * card records with `R`. A refused microphone is said in words and stores nothing. The rules
 * (peaks, the format, the store) are unit tests (tests/unit/frontend/recorder.test.ts, takes.test.ts).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { answerCookies, islandsMounted, playing, recordPlaying, shot } from './helpers.js';
import { LAUNCH_OPTIONS } from './playwright.config.js';

const LESSON = '/spanish/beginner/greetings';

// A microphone that plays a beep and is allowed without a prompt; audio starts only inside a tap.
// (launchOptions start a browser of their own: file-wide, never in a describe.)
test.use({
  launchOptions: {
    ...LAUNCH_OPTIONS,
    args: [...LAUNCH_OPTIONS.args, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=user-gesture-required'],
  },
});
test.beforeEach(({ page }) => answerCookies(page));

/** The takes this browser keeps (IndexedDB), as the store holds them. */
const storedTakes = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ phraseId: string; mime: string; createdAt: string; size: number }[]>((resolve, reject) => {
        const req = indexedDB.open('parrot-practice');
        req.onerror = () => reject(req.error ?? new Error('open failed'));
        req.onsuccess = () => {
          const db = req.result;
          if (!db.objectStoreNames.contains('takes')) return resolve([]);
          const all = db.transaction('takes').objectStore('takes').getAll();
          all.onsuccess = () =>
            resolve(
              (all.result as { phraseId: string; mime: string; createdAt: string; data: ArrayBuffer }[]).map((t) => ({
                ...t,
                data: undefined,
                size: t.data.byteLength,
              })),
            );
        };
      }),
  );

/** Records about a second (the counter shows it) and stops with the same button. */
async function recordASecond(recorder: Locator, stop: () => Promise<void>) {
  await expect(recorder.getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect(recorder.getByRole('status')).toHaveText(/^Recording… 0:01 of 0:15$/);
  await stop();
}

const wave = (recorder: Locator, name: RegExp) => recorder.getByRole('img', { name });

test('a take of a phrase group plays beside the native recording, both drawn; again, after a reload, deleted', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await recordPlaying(page);
  await page.goto(LESSON);
  await islandsMounted(page, 'audio');
  await page.waitForLoadState('networkidle');
  // Not in the page's script: the recorder comes with the first tap.
  expect(scripts.filter((s) => s.includes('recorder'))).toEqual([]);

  const group = page.getByTestId('phrase-group').first();
  const recorder = group.locator('[data-island="recorder"]');
  const phraseId = await recorder.getAttribute('data-take');
  await recorder.getByRole('button', { name: 'Record' }).click();
  expect(scripts.filter((s) => s.includes('recorder'))).toHaveLength(1);
  await recordASecond(recorder, () => recorder.getByRole('button', { name: 'Stop' }).click());

  // Both waveforms, on one time scale, and the take kept on the device only.
  await expect(wave(recorder, /^Waveform of the native recording, \d+\.\d seconds$/)).toBeVisible();
  await expect(wave(recorder, /^Waveform of the take, \d+\.\d seconds$/)).toBeVisible();
  for (const path of await recorder.locator('svg[role=img] path').all()) await expect(path).toHaveAttribute('d', /^M0 /);
  await expect(recorder.getByRole('status')).toHaveText('Your take is kept on this device only.');
  const [first] = await storedTakes(page);
  expect(first).toMatchObject({ phraseId, mime: expect.stringMatching(/^audio\/webm/) });
  expect(first.size).toBeGreaterThan(1000);

  // Played inside the tap, each beside the other: the take, then the native recording.
  await recorder.getByRole('button', { name: 'Play my take' }).click();
  await expect.poll(() => playing(page)).toEqual([expect.stringMatching(/^blob:/)]);
  await recorder.getByRole('button', { name: 'Play native' }).click();
  const native = await group
    .locator('audio')
    .first()
    .evaluate((a: HTMLAudioElement) => a.currentSrc);
  await expect.poll(() => playing(page)).toEqual([expect.stringMatching(/^blob:/), native]);
  await page.keyboard.press('Tab');
  await expect(recorder.getByRole('button', { name: 'Play my take' })).toBeFocused();
  const groupShot = () => shot(group, 'record-group');
  await shot(page, 'record-take');
  await groupShot();
  await page.setViewportSize({ width: 390, height: 844 });
  await recorder.scrollIntoViewIfNeeded();
  await shot(page, 'record-take');
  await groupShot();
  await page.setViewportSize({ width: 1280, height: 800 });

  // 'Record again': the newer take replaces it.
  await recorder.getByRole('button', { name: 'Record again' }).click();
  await recordASecond(recorder, () => page.keyboard.press('Enter'));
  await expect(wave(recorder, /^Waveform of the take/)).toBeVisible();
  const again = await storedTakes(page);
  expect(again).toHaveLength(1);
  expect(Date.parse(again[0].createdAt)).toBeGreaterThan(Date.parse(first.createdAt));

  // A device that keeps takes shows them with their phrases, before any tap.
  await page.reload();
  await expect(wave(recorder, /^Waveform of the take/)).toBeVisible();
  await expect(page.getByTestId('phrase-group').nth(1).getByRole('button', { name: 'Record', exact: true })).toBeVisible();

  await recorder.getByRole('button', { name: 'Delete' }).click();
  await expect(recorder.getByRole('status')).toHaveText('Your take was deleted.');
  await expect(wave(recorder, /^Waveform/)).toHaveCount(0);
  await expect(recorder.getByRole('button', { name: 'Record', exact: true })).toBeFocused();
  expect(await storedTakes(page)).toEqual([]);
});

test('a practice card records with R, listed among the shortcuts', async ({ page }) => {
  await page.goto(`${LESSON}/practice`);
  await islandsMounted(page, 'practice');
  const card = page.getByTestId('practice').locator('[data-stage]');
  const recorder = card.locator('[data-island="recorder"]');
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('RRecord yourself, or stop');
  await page.keyboard.press('Escape');
  await page.keyboard.press('r');
  await recordASecond(recorder, () => page.keyboard.press('r'));
  await expect(wave(recorder, /^Waveform of the take/)).toBeVisible();
  await expect(wave(recorder, /^Waveform of the native recording/)).toBeVisible();
  const [take] = await storedTakes(page);
  expect(take.phraseId).toBe(await recorder.getAttribute('data-take'));
  await shot(page, 'record-practice');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'record-practice');
});

test('a refused microphone is said in words, and nothing is stored', async ({ page }) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await page.goto(LESSON);
  const recorder = page.getByTestId('phrase-group').first().locator('[data-island="recorder"]');
  await recorder.getByRole('button', { name: 'Record' }).click();
  await expect(recorder.getByRole('status')).toHaveText("Parrot Phrases cannot use your microphone. Allow it in your browser's site settings to record.");
  await expect(recorder.getByRole('button', { name: 'Record', exact: true })).toBeVisible();
  await shot(page, 'record-denied');
  expect(await storedTakes(page)).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('no Record is offered: nothing could record', async ({ page }) => {
    await page.goto(LESSON);
    await expect(page.getByText('Buenos días')).toBeVisible();
    await expect(page.locator('[data-island="recorder"]')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Record' })).toHaveCount(0);
  });
});
