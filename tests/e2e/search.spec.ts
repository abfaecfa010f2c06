/**
 * Finding and sharing a phrase (issue 33), one journey on the desktop: a word typed without its
 * accents in the header's box lists the phrase at once, picking it opens its lesson at the phrase
 * (marked, its group's Play focused); its Share control copies a link that does the same. The
 * server's /search answer, drafts, locked lessons and the query's limit are tested in
 * tests/integration/search.test.ts; the matching in tests/unit/search.test.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { shot, toast } from './helpers.js';

/** The phrase row the URL's anchor names is the page's :target, and the focus is its group's Play. */
async function expectLinkedPhrase(page: Page, text: string) {
  const row = page.locator('li:target');
  await expect(row).toContainText(text);
  await expect(row).toBeInViewport();
  const play = page.getByTestId('phrase-group').filter({ has: row }).getByRole('button', { name: 'Play' });
  await expect(play).toBeFocused();
}

test.describe('search and shared phrase links', () => {
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(() => localStorage.setItem('cookie_consent_level', 'essential'));
  });

  test('find "cafe por" in the header box, land on "Un café, por favor"; share it and open the link', async ({ page, context }) => {
    test.slow();
    await page.goto('/languages');
    const box = page.getByRole('search').getByRole('searchbox', { name: 'Search phrases and lessons' });
    // The index is read on the first focus, not before.
    const indexes: string[] = [];
    page.on('request', (r) => r.url().includes('/api/search-index/') && indexes.push(r.url()));
    await page.waitForLoadState('networkidle');
    expect(indexes).toEqual([]);
    await box.click();
    await box.pressSequentially('cafe por');
    const result = page.getByRole('link', { name: /Un café, por favor/ });
    await expect(result).toBeVisible();
    await expect(page.getByRole('search').getByRole('status')).toHaveText('1 result');
    expect(indexes.length).toBeGreaterThan(0);
    await shot(page, 'search-header-box');

    // Arrow down reaches the result, Enter follows it.
    await box.press('ArrowDown');
    await expect(result).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/spanish\/beginner\/at-the-cafe#p-[0-9A-Z]+$/);
    await expectLinkedPhrase(page, 'Un café, por favor');
    await shot(page, 'search-phrase-highlighted');

    // Share, where the browser has no Web Share: 'Copy link', a toast, the link on the clipboard.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const row = page.getByTestId('phrase').filter({ hasText: '¿Cuánto cuesta?' });
    await row.getByRole('button', { name: 'Copy link to this phrase' }).click();
    await expect(toast(page, 'Link copied')).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/spanish\/beginner\/at-the-cafe#p-[0-9A-Z]+$/);

    const other = await context.newPage();
    await other.goto(link);
    await expectLinkedPhrase(other, '¿Cuánto cuesta?');

    // The full list: Enter in the box opens /search, answered by the server.
    await page.goto('/');
    await box.fill('cafe');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=cafe$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /Un café, por favor/ })).toBeVisible();
    await shot(page, 'search-page');

    // The same screens on a phone, for the eye (the journey is the desktop's): the /search page with
    // its instant results, the shared phrase, the header (the box gives way to the menu's link).
    for (const p of [page, other]) await p.setViewportSize({ width: 390, height: 844 });
    await page.locator('#search-page').fill('cuanto');
    await expect(page.getByRole('search').getByRole('link', { name: /Cuánto cuesta/ })).toBeVisible();
    await shot(page, 'search-page');
    await other.reload();
    await expectLinkedPhrase(other, '¿Cuánto cuesta?');
    await shot(other, 'search-phrase-highlighted');
    await other.goto('/languages');
    await shot(other, 'search-header-box');
  });
});
