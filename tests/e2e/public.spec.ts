/**
 * The public languages page and what the home page loads. The 404 page: site-public.spec.ts (in the
 * browser) and tests/integration/render.test.ts (status and texts).
 */
import { expect, test } from '@playwright/test';
import { expectAccessible, renderWith, shot, showRendered } from './helpers.js';

test.describe('public languages page', () => {
  test('shows the demo languages as cards, accessibly', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/languages');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Language' })).toBeVisible();
    for (const name of ['French', 'German', 'Spanish']) {
      await expect(
        page
          .getByRole('listitem')
          .getByRole('link')
          .filter({ has: page.getByRole('heading', { name }) }),
      ).toHaveAttribute('href', `/${name.toLowerCase()}`);
    }
    await expect(page).toHaveTitle('Languages | Parrot Phrases');
    await expectAccessible(page);
    await shot(page, 'languages');
  });

  test('a site without any language shows the empty text, accessibly', async ({ page }) => {
    // The list is the server's (no client read, no loading state). The demo's languages stay: the
    // page is rendered by the twin's own renderer with an empty answer and shown in the browser.
    await showRendered(page, '/languages', await renderWith('/languages', { '/languages': { status: 200, body: [] } }));
    await page.goto('/languages');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Language' })).toBeVisible();
    await expect(page.getByText('No languages available yet. Check back soon!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Spanish' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('the home page needs no admin code or Amplify, and breaks no CSP rule', async ({ page }) => {
    const scripts: string[] = [];
    const violations: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    page.on('console', (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text()));
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Start Learning' })).toBeVisible();
    await page.goto('/languages');
    await expect(page.getByRole('heading', { name: 'Spanish' })).toBeVisible();
    expect(scripts.filter((s) => /AdminApp|ManageLanguages|amplify/i.test(s))).toEqual([]);
    expect(violations).toEqual([]);
    const csp = (await page.request.get('/languages')).headers()['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    await shot(page, 'home');
  });
});
