/**
 * The static-first public site, as a browser sees it: content without JavaScript, one small script
 * up front, hydration that fetches nothing, a first tap that is never lost, revalidation by ETag,
 * 404s, and card links named by their titles.
 */
import { expect, test } from '@playwright/test';
import { adminAccessToken, shot } from './helpers.js';

const LESSON = '/spanish/beginner/greetings';

test.describe('static-first public pages', () => {
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(() => localStorage.setItem('cookie_consent_level', 'essential'));
  });

  test('every public page is readable with JavaScript switched off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(LESSON);
    await expect(page.getByRole('heading', { level: 1, name: 'Greetings' })).toBeVisible();
    await expect(page.getByText('Buenos días')).toBeVisible();
    await expect(page.getByTestId('lesson-context')).toHaveText('Spanish · Beginner · A1');
    await shot(page, 'no-js-lesson');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Speak everyday phrases with confidence' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Spanish', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Latest from Our Blog' })).toBeVisible();
    // Links are real links: a visitor without JavaScript still moves through the course.
    await page.getByRole('link', { name: 'Start Learning' }).click();
    await expect(page).toHaveURL(/\/languages$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Language' })).toBeVisible();
    for (const [path, heading] of [
      ['/blog', 'Our Blog'],
      ['/faq', /Frequently Asked Questions|FAQ/],
      ['/download', /app/i],
      ['/privacy-policy', 'Privacy Policy'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    await context.close();
  });

  test('one small script up front; the first tap hydrates, fetches no data and still works', async ({ page }) => {
    const scripts: string[] = [];
    const api: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
      if (new URL(r.url()).pathname.startsWith('/api/')) api.push(r.url());
    });
    await page.goto(LESSON, { waitUntil: 'networkidle' });
    expect(scripts).toHaveLength(1);
    // The first tap on a button arrives before the app: it is held and replayed once the page is live.
    await page
      .getByRole('button', { name: /show translation/i })
      .first()
      .click();
    await expect(page.getByText('Hello', { exact: true })).toBeVisible();
    await expect.poll(() => scripts.length).toBeGreaterThan(1);
    await page.waitForLoadState('networkidle');
    // Hydration used the answers inlined in the HTML: not one data request.
    expect(api.filter((u) => !u.endsWith('/api/analytics'))).toEqual([]);
    // From now on it is the app: client-side navigation reads the API.
    await page.getByRole('link', { name: 'Beginner' }).first().click();
    await expect(page).toHaveURL(/\/spanish\/beginner$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Lessons' })).toBeVisible();
  });

  test('a reload revalidates: the unchanged page answers 304', async ({ page }) => {
    await page.goto('/languages');
    const statuses: number[] = [];
    page.on('response', (r) => r.request().resourceType() === 'document' && statuses.push(r.status()));
    const [response] = await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === '/languages'), page.reload()]);
    // Chromium reports the revalidated document as 304 (or 200 served from its cache after a 304).
    expect(response.headers()['etag'] ?? '').toMatch(/^"/);
    expect(await response.request().headerValue('if-none-match')).toMatch(/^"/);
    expect(statuses.some((s) => s === 304) || response.status() === 304 || response.status() === 200).toBe(true);
  });

  test('unknown pages answer 404 with the spec texts', async ({ page }) => {
    for (const [path, text] of [
      ['/klingon', "The language you're looking for doesn't exist."],
      ['/spanish/z9', "The language or level you're looking for doesn't exist."],
      ['/spanish/beginner/nothing', "The lesson you're looking for doesn't exist."],
      ['/blog/no-such-post', "The blog post you're looking for doesn't exist or has been removed."],
      ['/a/b/c/d', 'Oops! Page not found'],
    ]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByText(text)).toBeVisible();
    }
  });

  test("each card link is named by its title; an admin's edit is on the next public load", async ({ page, request }) => {
    await page.goto('/spanish');
    await expect(page.getByRole('link', { name: /^Beginner\b/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Intermediate\b/ })).toBeVisible();
    await page.goto('/languages');
    await expect(page.getByRole('link', { name: /^Spanish\b/ })).toBeVisible();

    const token = await adminAccessToken();
    const headers = { authorization: `Bearer ${token}` };
    const german = await (await request.get('/api/languages/german')).json();
    const rename = async (name: string, version: number) => {
      const r = await request.put('/api/languages/german', { headers, data: { name, flag_url: german.flag_url, version } });
      expect(r.status()).toBe(200);
      return (await r.json()).version as number;
    };
    const v = await rename('Deutsch', german.version);
    try {
      // No waiting, no retries: the write invalidated the cached page.
      await page.goto('/languages');
      await expect(page.getByRole('heading', { name: 'Deutsch' })).toBeVisible();
    } finally {
      await rename(german.name, v);
    }
    await page.goto('/languages');
    await expect(page.getByRole('heading', { name: 'German' })).toBeVisible();
  });

  test('the sitemap gains a newly added lesson and loses a deleted one; robots and the feed are there', async ({ request }) => {
    const headers = { authorization: `Bearer ${await adminAccessToken()}` };
    const locs = async () => [...(await (await request.get('/sitemap.xml')).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(await locs()).toEqual(expect.arrayContaining(['/', '/languages', '/spanish', '/spanish/beginner', LESSON]));
    expect(await locs()).not.toContain('/spanish/intermediate'); // locked
    const created = await request.post('/api/lessons', {
      headers,
      data: { id: 'e2e-sitemap', language_id: 'spanish', level_id: 'beginner', title: 'Sitemap', translated_title: 'Sitemap' },
    });
    expect(created.status()).toBe(201);
    try {
      expect(await locs()).toContain('/spanish/beginner/e2e-sitemap');
    } finally {
      expect((await request.delete('/api/lessons/spanish/beginner/e2e-sitemap', { headers })).status()).toBe(204);
    }
    expect(await locs()).not.toContain('/spanish/beginner/e2e-sitemap');
    expect(await (await request.get('/robots.txt')).text()).toContain('Disallow: /admin');
    expect(await (await request.get('/blog/rss.xml')).text()).toContain('<rss version="2.0"');
  });
});
