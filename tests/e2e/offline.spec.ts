/**
 * Offline lessons (issue 22) in Chromium: the site installs (manifest valid, the service worker
 * controlling the page); a downloaded lesson opens, plays and seeks with no connection; a page not
 * downloaded shows the offline page listing the downloads; removing a download takes it off the
 * device; a level's download opens each of its lessons; an admin's edit reaches a downloaded lesson
 * at the next online visit; the back office is never served from the worker's caches. The rules
 * that need no browser (which request goes where, the manifest, what a download holds) are unit
 * tests: tests/unit/frontend/offline-*.test.ts and tests/unit/offline-manifest.test.ts.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { adminApi, shot } from './helpers.js';

// The service worker is what this spec tests (blocked for the other specs in playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const LESSON = '/spanish/beginner/greetings';
const OTHER = '/spanish/beginner/at-the-cafe';
const LEVEL = '/spanish/beginner';

// The layout of these controls is the same at both widths: the desktop project runs them.

/** Opens `path` and waits until the service worker controls the page (it claims the page it installs from). */
async function controlled(page: Page, path: string) {
  await page.goto(path);
  // Registered at idle, the worker precaches this build's files before it activates: a fresh
  // machine's first install once took over 20 s in CI's clean clone, so wait for the install
  // itself (bounded by the test's own timeout), not for a clock.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

const control = (page: Page) => page.getByTestId('offline-download');

/** 'Download for offline', the size shown before anything is stored, 'Download', then 'Available offline'. */
async function download(page: Page) {
  await control(page).getByRole('button', { name: 'Download for offline' }).click();
  await expect(control(page).locator('[data-size-text]')).toHaveText(/^About \d+(\.\d)? (KB|MB) \(/);
  // Nothing is stored before the visitor agrees to the size.
  expect(await page.evaluate(() => caches.open('pp-offline').then((c) => c.keys().then((k) => k.length)))).toBe(0);
  await control(page).getByRole('button', { name: 'Download', exact: true }).click();
  await expect(control(page).locator('[data-show="done"]').getByText('Available offline')).toBeVisible();
  await expect(control(page).getByRole('button', { name: 'Remove download' })).toBeVisible();
}

/** Every URL the worker's caches hold, by path. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) paths.push(new URL(r.url).pathname);
    return paths;
  });

async function offline(context: BrowserContext, on: boolean) {
  await context.setOffline(on);
}

test.afterEach(async ({ context }) => {
  await context.setOffline(false);
});

test('the site installs: a valid manifest, linked from every public page, and a service worker controlling the page', async ({ page }) => {
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'Parrot Phrases', start_url: '/', display: 'standalone', theme_color: '#0f7b5f' });
  expect(manifest.icons.length).toBeGreaterThan(0);
  for (const path of ['/', LESSON, '/blog', '/offline']) {
    await page.goto(path);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  }
  await controlled(page, LESSON);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
  // Chromium's own verdict: the manifest parses without error and nothing stops the install.
  const cdp = await page.context().newCDPSession(page);
  const { errors } = await cdp.send('Page.getAppManifest');
  expect(errors).toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // A test's browser context is an incognito profile, where Chromium installs nothing: the one error allowed.
  expect(installabilityErrors.map((e) => e.errorId)).toEqual(['in-incognito']);
});

test('a downloaded lesson opens, plays and seeks offline; a lesson not downloaded shows the offline page; removed, it is gone', async ({ page, context }) => {
  await controlled(page, LESSON);
  await download(page);
  await shot(page, 'offline-lesson-downloaded');

  await offline(context, true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Greetings' })).toBeVisible();
  await expect(page.getByText('Hola', { exact: true })).toBeVisible();
  await expect(control(page).locator('[data-show="done"]').getByText('Available offline')).toBeVisible();
  // The translation, a native disclosure, and the player: Play starts the stored audio.
  await page.getByText('Show translation').first().click();
  await expect(page.getByText('Hello', { exact: true })).toBeVisible();
  const audio = page.locator('audio').first();
  const started = audio.evaluate(
    (a: HTMLAudioElement) => new Promise<boolean>((resolve) => a.addEventListener('playing', () => resolve(true), { once: true })),
  );
  await page
    .getByRole('group', { name: /^Audio player/ })
    .first()
    .getByRole('button', { name: 'Play' })
    .click();
  expect(await started).toBe(true);
  // Seeking: the element asks for a range of the file, which the worker slices from the stored copy.
  const seeked = await audio.evaluate(async (a: HTMLAudioElement) => {
    a.pause();
    const done = new Promise<void>((resolve) => a.addEventListener('seeked', () => resolve(), { once: true }));
    a.currentTime = a.duration / 2;
    await done;
    return { at: a.currentTime, half: a.duration / 2, error: a.error?.code ?? null };
  });
  expect(seeked.error).toBeNull();
  expect(seeked.at).toBeCloseTo(seeked.half, 1);
  const range = await audio.evaluate(async (a: HTMLAudioElement) => {
    const r = await fetch(a.currentSrc, { headers: { range: 'bytes=100-199' } });
    return { status: r.status, bytes: (await r.arrayBuffer()).byteLength, contentRange: r.headers.get('content-range') };
  });
  expect(range).toMatchObject({ status: 206, bytes: 100, contentRange: expect.stringMatching(/^bytes 100-199\/\d+$/) });

  // A lesson not downloaded: the offline page, listing the downloaded one, instead of the browser's error page.
  await page.goto(OTHER);
  await expect(page.getByRole('heading', { level: 1, name: 'Offline lessons' })).toBeVisible();
  await expect(page.getByRole('status').getByText('You’re offline')).toBeVisible();
  const list = page.getByRole('list', { name: 'Downloads' });
  await expect(list.getByRole('link', { name: 'Greetings' })).toHaveAttribute('href', LESSON);
  await shot(page, 'offline-fallback');
  // ...whose link opens the downloaded lesson, still offline.
  await list.getByRole('link', { name: 'Greetings' }).click();
  await expect(page.getByText('Hola', { exact: true })).toBeVisible();

  // Online again, /offline (from the menu) removes it; offline again, the lesson is the offline page.
  await offline(context, false);
  await page.goto('/offline');
  await expect(page.getByRole('status').getByText('You’re offline')).toBeHidden();
  await expect(list.getByText(/^\d+ KB · downloaded /)).toBeVisible();
  await list.getByRole('button', { name: 'Remove download: Greetings' }).click();
  await expect(page.getByText('Nothing is downloaded yet.')).toBeVisible();
  expect((await cachedPaths(page)).filter((p) => p.startsWith('/media/') || p === LESSON)).toEqual([]);
  await offline(context, true);
  await page.goto(LESSON);
  await expect(page.getByRole('heading', { level: 1, name: 'Offline lessons' })).toBeVisible();
  await expect(page.getByText('Nothing is downloaded yet.')).toBeVisible();
});

test("a level's download opens, plays and practises each of its lessons offline", async ({ page, context }) => {
  await controlled(page, LEVEL);
  await download(page);
  await page.goto(LESSON);
  await expect(control(page).getByText('With Beginner')).toBeVisible();
  await offline(context, true);
  for (const lesson of [LESSON, OTHER]) {
    await page.goto(lesson);
    await expect(page.locator('audio').first()).toBeAttached();
    const ready = await page
      .locator('audio')
      .first()
      .evaluate(
        (a: HTMLAudioElement) =>
          new Promise<boolean>((resolve) => (a.readyState >= 1 ? resolve(true) : a.addEventListener('loadedmetadata', () => resolve(true), { once: true }))),
      );
    expect(ready).toBe(true);
    await page.goto(`${lesson}/practice`);
    await expect(page.getByText('Show answer').first()).toBeVisible();
  }
  await offline(context, false);
  await page.goto('/offline');
  await page.getByRole('button', { name: 'Remove download: Beginner' }).click();
  await expect(page.getByText('Nothing is downloaded yet.')).toBeVisible();
});

test('an edit of a downloaded lesson reaches the device at the next online visit', async ({ page, context }) => {
  await controlled(page, LESSON);
  await download(page);
  const before = (await (await page.request.get(`/api/pages/lesson${LESSON}`)).json()).lesson;
  const edited = 'Greetings, edited for offline';
  await adminApi('PUT', `/api/lessons${LESSON}`, {
    title: before.title,
    translated_title: edited,
    icon_url: before.icon_url,
    order_index: before.order_index,
    version: before.version,
  });
  try {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: edited })).toBeVisible();
    // The worker refreshes the stored copy in the background; offline, the edit is there.
    await expect.poll(() => page.evaluate((url) => caches.match(url).then((r) => r?.text() ?? ''), LESSON), { timeout: 15_000 }).toContain(edited);
    await offline(context, true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: edited })).toBeVisible();
    await offline(context, false);
  } finally {
    const now = (await (await page.request.get(`/api/pages/lesson${LESSON}`)).json()).lesson;
    await adminApi('PUT', `/api/lessons${LESSON}`, { ...before, translated_title: before.translated_title, version: now.version });
    await page.goto('/offline');
    await page.getByRole('button', { name: /^Remove download: / }).click();
  }
});

test('the back office, sign-in and profile are never served from the worker, nor stored by it', async ({ page, context }) => {
  await controlled(page, LESSON);
  for (const path of ['/admin', '/auth', '/profile']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
  }
  // The back office's own files and pages are not in any of the worker's caches.
  const paths = await cachedPaths(page);
  expect(paths.filter((p) => /^\/(admin|auth|profile)(\/|$)|^\/api\/me\//.test(p))).toEqual([]);
  const appScripts = await page.evaluate(() => [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => new URL(s.src).pathname));
  expect(appScripts.length).toBeGreaterThan(0);
  expect(paths.filter((p) => appScripts.includes(p))).toEqual([]);
  // Offline, the back office is the offline page, never a stored copy of it.
  await offline(context, true);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Offline lessons' })).toBeVisible();
  await expect(page.locator('script[src*="/static/index-"]')).toHaveCount(0);
});
