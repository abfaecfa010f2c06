/**
 * The back office's own frame, at 1280 and 390 px: none of the public chrome (promo bar, cookie
 * banner, footer, public header) inside /admin; every section of the tab table reachable from its
 * navigation with nothing cut off and 44 px touch targets; the current one marked; the document title
 * per section; and the blog editor's live preview. Every test starts signed in (the admin's stored
 * session, admin.setup.ts): the sign-in screen has its own tests.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PRODUCT_NAME } from '../../shared/product.js';
import { ADMIN_TABS } from '../../frontend/src/admin/tabs.js';
import { ADMIN_STATE, expectAccessible, openAdminSection, shot } from './helpers.js';

const MIN_TARGET = 44;

test.use({ storageState: ADMIN_STATE });

/** The element's box: at least 44 x 44 px and (once a drawer has slid in) inside the viewport's width. */
async function expectTarget(page: Page, el: Locator) {
  const width = page.viewportSize()!.width;
  const name = (await el.getAttribute('aria-label')) ?? (await el.innerText());
  await expect.poll(async () => (await el.boundingBox())?.x, { message: `${name}: left edge` }).toBeGreaterThanOrEqual(0);
  const box = (await el.boundingBox())!;
  expect(box.height, `${name}: height`).toBeGreaterThanOrEqual(MIN_TARGET);
  expect(box.width, `${name}: width`).toBeGreaterThanOrEqual(MIN_TARGET);
  expect(box.x + box.width, `${name}: right edge`).toBeLessThanOrEqual(width);
}

test('the back office has its own frame: no promo bar, cookie banner, public header or footer', { tag: '@phone' }, async ({ page }) => {
  // No cookie choice stored: the public site asks, the back office does not.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin sections' }).or(page.getByRole('button', { name: /^Sections: / }))).toBeVisible();
  await expect(page.locator('[data-promo]')).toHaveCount(0);
  await expect(page.getByText('Free App', { exact: true })).toHaveCount(0);
  await expect(page.locator('[data-cookie-banner]')).toHaveCount(0);
  await expect(page.locator('footer')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
  await expect(page).toHaveTitle(`Admin | ${PRODUCT_NAME}`);
  await expectAccessible(page);
  await shot(page, 'admin-shell');

  // The header: the product links back to the public site, whose frame (and question) is back.
  await page.getByRole('link', { name: `${PRODUCT_NAME}: public site` }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('footer')).toBeVisible();
  await expect(page.locator('[data-cookie-banner]')).toBeVisible();
});

test('every section is reachable from the navigation, marked when current, nothing cut off, 44 px targets', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/admin');
  const narrow = page.viewportSize()!.width < 768;
  const header = page.locator('header');
  for (const control of [
    page.getByRole('link', { name: `${PRODUCT_NAME}: public site` }),
    page.getByRole('link', { name: 'Your Profile' }),
    page.getByRole('button', { name: 'Sign Out' }),
  ])
    await expectTarget(page, control);
  // The header fits the screen: no horizontal scrolling anywhere in the frame.
  expect(await header.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);

  // The links are the same in every section: all of them are measured once (in the first section's
  // navigation), then in each section the one marked current.
  let measured = false;
  for (const tab of ADMIN_TABS) {
    await openAdminSection(page, tab.label);
    await expect(page).toHaveURL(new RegExp(`${tab.path}$`));
    await expect(page).toHaveTitle(tab.path === '/admin' ? `Admin | ${PRODUCT_NAME}` : `Admin - ${tab.label} | ${PRODUCT_NAME}`);
    if (narrow) {
      // The drawer closed on navigation; the menu button names the current section.
      const menu = page.getByRole('button', { name: `Sections: ${tab.label}` });
      await expect(menu).toBeVisible();
      await expectTarget(page, menu);
      await menu.click();
    }
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await expect(nav.getByRole('link', { name: tab.label, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    if (!measured) for (const link of await nav.getByRole('link').all()) await expectTarget(page, link);
    else await expectTarget(page, nav.getByRole('link', { name: tab.label, exact: true }));
    measured = true;
    if (narrow) {
      if (tab.value === 'levels') await shot(page, 'admin-shell-menu', { fullPage: false });
      await page.getByRole('button', { name: 'Close menu' }).click();
      await expect(nav).toBeHidden();
    }
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('the blog editor previews the post as the public page renders it, while typing', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/admin/blog');
  await page.getByRole('button', { name: 'New Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Blog Post' });
  const preview = dialog.getByRole('region', { name: 'Post preview' });
  const narrow = page.viewportSize()!.width < 768;

  // Wide: side by side; narrow: the Preview tab.
  if (narrow) await expect(preview).toHaveCount(0);
  else await expect(preview.getByRole('heading', { level: 2, name: 'Untitled post' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Ten phrases for the market');
  await dialog.getByLabel('Content').fill('First paragraph.\nSecond paragraph.\n\nThird paragraph.');
  if (narrow) {
    await dialog.getByRole('tab', { name: 'Preview' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Title', exact: true })).toBeHidden();
  }
  await expect(preview.getByRole('heading', { level: 2, name: 'Ten phrases for the market' })).toBeVisible();
  await expect(preview.getByText(/· By Admin$/)).toBeVisible();
  await expect(preview.locator('p').filter({ hasText: /paragraph\.$/ })).toHaveText(['First paragraph.', 'Second paragraph.', 'Third paragraph.']);

  // The sample player appears where the public page puts it (after the third paragraph).
  if (narrow) await dialog.getByRole('tab', { name: 'Edit' }).click();
  await dialog.getByLabel('Sample language').selectOption('spanish');
  await dialog.getByLabel('Sample level').selectOption('beginner');
  await dialog.getByLabel('Sample lesson').selectOption('greetings');
  await dialog.getByLabel('Sample title').fill('Try these');
  if (narrow) await dialog.getByRole('tab', { name: 'Preview' }).click();
  const sample = preview.getByTestId('sample-phrases');
  await expect(sample.getByRole('heading', { name: 'Try these' })).toBeVisible();
  await expect(sample.getByText('Hola', { exact: true })).toBeVisible();
  await shot(page, 'admin-blog-preview');

  // Typing goes on updating it.
  if (narrow) await dialog.getByRole('tab', { name: 'Edit' }).click();
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Twelve phrases for the market');
  if (narrow) await dialog.getByRole('tab', { name: 'Preview' }).click();
  await expect(preview.getByRole('heading', { level: 2, name: 'Twelve phrases for the market' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('publishing from the editor can be undone from its toast', async ({ page }) => {
  await page.goto('/admin/blog');
  await page.getByRole('button', { name: 'New Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Blog Post' });
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Undo me please');
  await dialog.getByRole('textbox', { name: 'Content', exact: true }).fill('Published by mistake.');
  await dialog.getByRole('switch', { name: 'Published' }).check();
  await dialog.getByRole('button', { name: 'Create Post' }).click();
  const created = page.locator('.fui-Toast').filter({ hasText: 'Blog post created successfully' });
  await created.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('.fui-Toast').getByText('Publish status updated', { exact: true })).toBeVisible();
  // The closed toast left the focus on the page: Fluent hands a closing toast's focus to the next
  // toast when it unmounts, which could take it out of a dialog opened meanwhile.
  await expect(created).toHaveCount(0);
  expect(await page.evaluate(() => !!document.activeElement?.closest('[data-toasts]'))).toBe(false);
  const row = page.getByRole('row').filter({ hasText: 'Undo me please' });
  await expect(row).toContainText('Draft');

  await row.getByRole('button', { name: 'Delete Undo me please' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
});
