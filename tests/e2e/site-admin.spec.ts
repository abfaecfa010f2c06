/**
 * Admin site features: blog management, the six settings tabs (each checked where a visitor sees
 * it), users and admin rights, and the Overview. Writes run in the desktop project; the mobile
 * project looks at every screen at 390 px. Every test starts signed in (the admin's stored session,
 * admin.setup.ts): the sign-in screen has its own tests.
 */
import { expect, test, type Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { ADMIN_STATE, axeBuilder, expectAccessible, keepSettings, learner, openAdminSection, shot, toast } from './helpers.js';

/** A real PNG (solid colour) so the browser can display what was uploaded. */
function png(width: number, height: number, rgb: [number, number, number]) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const image = (name: string, rgb: [number, number, number] = [225, 107, 60]) => ({ name, mimeType: 'image/png', buffer: png(120, 63, rgb) });

test.use({ storageState: ADMIN_STATE });

// The cookie banner has its own tests; here it would only cover the screens.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.getItem('cookie_consent_level') || localStorage.setItem('cookie_consent_level', 'essential'));
});

/**
 * expectAccessible, except the banner preview: it shows the admin's chosen colours as they are (the
 * spec's default button colours included), and the tab warns about low contrast instead. `within`: as
 * for expectAccessible.
 */
async function expectAccessibleExceptPreview(page: Page, within?: string) {
  const builder = axeBuilder(page).exclude('[data-tabster-dummy]').exclude('[data-testid="banner-preview"]');
  const results = await (within ? builder.include(within) : builder).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 100)).join(' | ')}`)).toEqual([]);
}

/** The settings tab panel (the page also has the admin tab bar). */
const panel = (page: Page) => page.getByRole('tabpanel');

test.describe('site admin (writes)', () => {
  // These tests change the site settings: put them back so later specs start from the same state.
  let restoreSettings: () => Promise<void> = async () => {};
  test.beforeAll(async () => {
    restoreSettings = await keepSettings();
  });
  test.afterAll(async () => restoreSettings());

  test('blog: create with image and sample, publish, public list, edit (slug follows title), delete', async ({ page }) => {
    await page.goto('/admin/blog');
    await expect(page.getByText(/^Total blog posts: \d+$/)).toBeVisible();
    const before = Number((await page.getByText(/^Total blog posts: \d+$/).textContent())!.match(/\d+/)![0]);

    await page.getByRole('button', { name: 'New Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Blog Post' });
    await expect(dialog).toBeVisible();
    // Required fields, with the spec's text.
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expect(dialog.getByText('Blog post requires title, content, and author_id').first()).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Ten Travel Phrases');
    await dialog.getByRole('textbox', { name: 'Content', exact: true }).fill('First paragraph.\nSecond paragraph.\nThird paragraph.\nFourth paragraph.');
    await dialog.getByLabel('Excerpt').fill('Phrases for your next trip.');
    await expect(dialog.getByText('Recommended size: 1200x630 pixels.')).toBeVisible();
    await dialog.getByTestId('featured-image-input').setInputFiles(image('travel cover.png'));
    await expect(dialog.getByRole('img', { name: 'Post cover preview' })).toBeVisible();
    // Draft by default.
    await expect(dialog.getByRole('switch', { name: 'Published' })).not.toBeChecked();
    await dialog.getByRole('switch', { name: 'Published' }).check();

    // The cascade: each select waits for its parent; a parent change resets the children.
    const language = dialog.getByLabel('Sample language');
    const level = dialog.getByLabel('Sample level');
    const lesson = dialog.getByLabel('Sample lesson');
    const group = dialog.getByLabel('Phrase group');
    await expect(level).toBeDisabled();
    await expect(lesson).toBeDisabled();
    await expect(group).toBeDisabled();
    await language.selectOption({ index: 1 });
    await expect(level).toBeEnabled();
    await expect(lesson).toBeDisabled();
    await expect(level.locator('option')).not.toHaveCount(1);
    await level.selectOption({ index: 1 });
    await expect(lesson).toBeEnabled();
    await expect(lesson.locator('option')).not.toHaveCount(1);
    await lesson.selectOption({ index: 1 });
    await expect(group).toBeEnabled();
    await expect(group.locator('option')).not.toHaveCount(1);
    await group.selectOption({ index: 1 });
    const pick = { language: await language.inputValue(), level: await level.inputValue(), lesson: await lesson.inputValue(), group: await group.inputValue() };
    expect(pick.group).not.toBe('');
    await level.selectOption({ index: 0 });
    await expect(lesson).toHaveValue('');
    await expect(group).toHaveValue('');
    await expect(lesson).toBeDisabled();
    await level.selectOption(pick.level);
    await lesson.selectOption(pick.lesson);
    await group.selectOption(pick.group);
    await expect(dialog.getByLabel('Sample title')).toHaveAttribute('placeholder', 'Here is a sample of our daily easy phrases to learn');
    await dialog.getByLabel('Sample title').fill('Try these phrases');
    await expectAccessible(page, '[role="dialog"]'); // the list under it is checked below
    await shot(page, 'admin-blog-dialog');

    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expect(toast(page, 'Blog post created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Total blog posts: ${before + 1}`)).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Ten Travel Phrases' });
    await expect(row.getByText('Published')).toBeVisible();
    await expect(row.getByRole('img', { name: 'Cover of Ten Travel Phrases' })).toBeVisible();
    await expect(row.getByRole('link', { name: 'View Ten Travel Phrases' })).toHaveAttribute('href', '/blog/ten-travel-phrases');
    await expect(row.getByRole('link', { name: 'View Ten Travel Phrases' })).toHaveAttribute('target', '_blank');
    // Not while the toast fades out (its text passes through the background colour): axe would measure that frame.
    await expect(toast(page, 'Blog post created successfully')).toBeHidden();
    await expectAccessible(page);
    await shot(page, 'admin-blog');

    // A new post dialog starts empty again (the form reset after saving).
    await page.getByRole('button', { name: 'New Post' }).click();
    await expect(page.getByRole('dialog', { name: 'Create New Blog Post' }).getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    // Public (a visitor's tab beside the back office): listed on /blog, with its sample after the third paragraph.
    const visitor = await page.context().newPage();
    await visitor.goto('/blog');
    await expect(visitor.getByRole('heading', { name: 'Ten Travel Phrases' })).toBeVisible();
    await visitor.goto('/blog/ten-travel-phrases');
    await expect(visitor.getByRole('heading', { level: 1, name: 'Ten Travel Phrases' })).toBeVisible();
    await expect(visitor.getByText('Try these phrases')).toBeVisible();
    await visitor.close();

    // Edit: preselected sample, new title → new slug.
    await page.getByRole('button', { name: 'Edit Ten Travel Phrases' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Blog Post' });
    await expect(edit.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Ten Travel Phrases');
    await expect(edit.getByLabel('Sample language')).toHaveValue(pick.language);
    await expect(edit.getByLabel('Sample level')).toHaveValue(pick.level);
    await expect(edit.getByLabel('Sample lesson')).toHaveValue(pick.lesson);
    await expect(edit.getByLabel('Phrase group')).toHaveValue(pick.group);
    await expect(edit.getByRole('img', { name: 'Post cover preview' })).toBeVisible();
    await edit.getByRole('textbox', { name: 'Title', exact: true }).fill('Twelve Travel Phrases!');
    await edit.getByRole('button', { name: 'Update Post' }).click();
    await expect(toast(page, 'Blog post updated successfully')).toBeVisible();
    await expect(edit).toBeHidden();
    const edited = page.getByRole('row').filter({ hasText: 'Twelve Travel Phrases!' });
    await expect(edited.getByRole('link', { name: 'View Twelve Travel Phrases!' })).toHaveAttribute('href', '/blog/twelve-travel-phrases');
    // The image was kept without a new file.
    await expect(edited.getByRole('img')).toBeVisible();

    // Delete with the spec's confirmation, which says where the post goes (the Trash) instead of 'cannot be undone'.
    await edited.getByRole('button', { name: 'Delete Twelve Travel Phrases!' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(
      confirm.getByText(
        'Are you sure you want to delete this blog post? It goes to the Trash and can be put back from there for 30 days, or with Undo right after.',
      ),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Blog post deleted successfully')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Twelve Travel Phrases!' })).toHaveCount(0);
    await expect(page.getByText(`Total blog posts: ${before}`)).toBeVisible();
  });

  test('blog: a failed image upload still saves the post, without an image', async ({ page }) => {
    await page.goto('/admin/blog');
    // Storage refusing the upload is a fault no local server produces on demand: cut the S3 POST.
    await page.route('**/s3/**', (route) => route.abort('failed'));
    await page.getByRole('button', { name: 'New Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Blog Post' });
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Draft Without Image');
    await dialog.getByRole('textbox', { name: 'Content', exact: true }).fill('Just text.');
    await dialog.getByTestId('featured-image-input').setInputFiles(image('cover.png'));
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expect(toast(page, 'Failed to upload image')).toBeVisible();
    await expect(toast(page, 'Blog post created successfully')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Draft Without Image' });
    await expect(row.getByText('Draft', { exact: true })).toBeVisible();
    await expect(row.getByText('None')).toBeVisible();
    // Drafts are not public.
    const visitor = await page.context().newPage();
    await visitor.goto('/blog/draft-without-image');
    await expect(visitor.getByText('Post not found')).toBeVisible();
    await visitor.close();
    await page.getByRole('button', { name: 'Delete Draft Without Image' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Blog post deleted successfully')).toBeVisible();
  });

  test('settings: tabs by ?tab=, app links, screenshot, content and social seen on the public site', async ({ page }) => {
    await page.goto('/admin/settings');
    await expect(page.getByRole('tab', { name: 'App Links' })).toHaveAttribute('aria-selected', 'true');
    for (const label of ['Admin Access', 'App Links', 'Content', 'Branding', 'Social', 'Embed'])
      await expect(page.getByRole('tab', { name: label })).toBeVisible();
    await page.goto('/admin/settings?tab=social');
    await expect(page.getByRole('tab', { name: 'Social' })).toHaveAttribute('aria-selected', 'true');
    await expect(panel(page).getByLabel('Pinterest')).toBeVisible();
    await page.getByRole('tab', { name: 'App Links' }).click();
    await expect(page).toHaveURL(/tab=app/);

    // App: a bad link shows the inline 'Error' alert and the toast; a good one saves.
    await panel(page).getByLabel('App Store link').fill('not a link');
    await panel(page).getByRole('button', { name: 'Save App Settings' }).click();
    await expect(toast(page, 'Failed to update app settings')).toBeVisible();
    await expect(panel(page).getByText('Error', { exact: true })).toBeVisible();
    await shot(page, 'admin-settings-app-error');
    await panel(page).getByLabel('App Store link').fill('https://apps.apple.com/app/parrot-phrases/id1');
    await panel(page).getByLabel('Play Store link').fill('https://play.google.com/store/apps/details?id=parrot');
    await panel(page).getByRole('button', { name: 'Save App Settings' }).click();
    await expect(toast(page, 'App settings updated successfully')).toBeVisible();
    await page.locator('input[type=file]').setInputFiles(image('screen.png', [40, 120, 200]));
    await expect(toast(page, 'App screenshot uploaded successfully')).toBeVisible();
    await expect(panel(page).getByRole('img', { name: 'Current app screenshot' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'admin-settings-app');

    // Content.
    await page.getByRole('tab', { name: 'Content' }).click();
    await panel(page).getByLabel('About title').fill('About Our Parrots');
    await panel(page).getByLabel('About content').fill('We teach phrases the parrot way.');
    await panel(page).getByLabel('Who We Are title').fill('The Flock');
    await panel(page).getByRole('button', { name: 'Save Content' }).click();
    await expect(toast(page, 'Content settings updated successfully')).toBeVisible();
    await expectAccessible(page, '[role="tabpanel"]'); // the page around the tab: the App Links tab above
    await shot(page, 'admin-settings-content');

    // Social.
    await page.getByRole('tab', { name: 'Social' }).click();
    await panel(page).getByLabel('Facebook').fill('https://facebook.com/parrotphrases');
    await panel(page).getByRole('button', { name: 'Save Social Links' }).click();
    await expect(toast(page, 'Social links updated successfully')).toBeVisible();
    await shot(page, 'admin-settings-social');

    // What a visitor sees.
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'About Our Parrots' })).toBeVisible();
    await expect(page.getByText('We teach phrases the parrot way.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'The Flock' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Take .* with you/ })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Follow us' }).getByRole('link', { name: 'Facebook' })).toHaveAttribute(
      'href',
      'https://facebook.com/parrotphrases',
    );
  });

  test('settings: a failed load shows the toast and no forms to overwrite the real values', async ({ page }) => {
    // A broken settings read is a server fault the twin does not produce on demand.
    await page.route('**/api/settings', (route) =>
      route.request().method() === 'GET' ? route.fulfill({ status: 500, json: { message: 'Internal server error' } }) : route.continue(),
    );
    await page.goto('/admin/settings?tab=social');
    await expect(toast(page, 'Failed to load settings')).toBeVisible();
    await expect(page.locator('.fui-Toast').getByText('Internal server error')).toBeVisible();
    await expect(page.getByText('Failed to load settings. Use Refresh to try again.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Social Links' })).toHaveCount(0);
  });

  test('settings: branding uploads and the parrot favicon reload the page', async ({ page }) => {
    await page.goto('/admin/settings?tab=branding');
    await expect(panel(page).getByRole('button', { name: 'Choose Logo' })).toBeVisible();
    await expectAccessible(page, '[role="tabpanel"]'); // the page around the tab: the App Links test

    // 'Use Parrot Favicon' saves, then reloads after 1.5 s.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await panel(page).getByRole('button', { name: 'Use Parrot Favicon' }).click();
    await expect(toast(page, 'Favicon set successfully. Reloading page to apply changes...')).toBeVisible();
    await page.waitForFunction(() => !(window as unknown as { marker?: number }).marker, undefined, { timeout: 10_000 });
    await expect(panel(page).getByRole('img', { name: 'Current favicon' })).toHaveAttribute('src', '/parrot-favicon.svg');

    // Logo: with a favicon set, no reload.
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), panel(page).getByRole('button', { name: 'Choose Logo' }).click()]);
    await chooser.setFiles(image('logo.png', [10, 140, 90]));
    await expect(toast(page, 'Logo uploaded successfully')).toBeVisible();
    await expect(panel(page).getByRole('img', { name: 'Current logo' })).toBeVisible();
    await shot(page, 'admin-settings-branding');

    // Images only: a text file is refused with the inline 'Upload Error'.
    const [textChooser] = await Promise.all([page.waitForEvent('filechooser'), panel(page).getByRole('button', { name: 'Choose Icon' }).click()]);
    await textChooser.setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(toast(page, 'Failed to upload favicon')).toBeVisible();
    await expect(panel(page).getByText('Upload Error')).toBeVisible();
    await expect(panel(page).getByText('Please select an image file')).toBeVisible();
  });

  test('settings: banner preview updates live, saves, and the embed code copies with a 2 s check', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/admin/settings?tab=embed');
    const snippet = await panel(page).getByRole('textbox', { name: 'Embed code' }).inputValue();
    expect(snippet).toContain('<div id="parrot-phrases-banner"></div>');
    expect(snippet).toContain(
      `src="${new URL(page.url()).origin}/embed/banner.js" data-site-id="site_settings" data-target="parrot-phrases-banner" async></script>`,
    );

    await panel(page).getByRole('button', { name: 'Copy embed code' }).click();
    await expect(toast(page, 'Embed code copied to clipboard')).toBeVisible();
    await expect(panel(page).getByRole('button', { name: 'Embed code copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
    // Back to the copy icon after 2 seconds.
    await expect(panel(page).getByRole('button', { name: 'Copy embed code' })).toBeVisible({ timeout: 3500 });

    const preview = panel(page).getByTestId('banner-preview');
    await panel(page).getByLabel('Banner title').fill('Parrots speak every language');
    await expect(preview.getByText('Parrots speak every language')).toBeVisible();
    await panel(page).getByLabel('Background color hex', { exact: true }).fill('#003366');
    await expect(preview).toHaveCSS('background-color', 'rgb(0, 51, 102)');
    await panel(page).getByLabel('Text color hex', { exact: true }).fill('#333333');
    await expect(panel(page).getByText(/^Low contrast: Text 1\.\d:1/)).toBeVisible();
    await panel(page).getByLabel('Text color hex', { exact: true }).fill('#ffffff');
    await expect(preview.getByText('Parrots speak every language')).toHaveCSS('color', 'rgb(255, 255, 255)');
    await panel(page).getByRole('radio', { name: 'Large' }).check();
    await expect(preview.getByText('Parrots speak every language')).toHaveCSS('font-size', '24px');
    await expect(preview).toHaveCSS('flex-direction', 'row');
    await panel(page).getByRole('tab', { name: 'Vertical' }).click();
    await expect(preview).toHaveCSS('flex-direction', 'column');
    await expect(preview).toHaveCSS('max-width', '300px');
    await expectAccessibleExceptPreview(page, '[role="tabpanel"]'); // the page around the tab: the App Links test
    await shot(page, 'admin-settings-embed');

    await panel(page).getByRole('button', { name: 'Save Banner Settings' }).click();
    await expect(toast(page, 'Banner embed settings updated successfully')).toBeVisible();
    const saved = await (await page.request.get('/api/settings')).json();
    expect(saved).toMatchObject({ banner_title: 'Parrots speak every language', banner_bg_color: '#003366', banner_size: 'large' });

    await panel(page).getByLabel('Text color hex', { exact: true }).fill('not-a-colour!');
    await panel(page).getByRole('button', { name: 'Save Banner Settings' }).click();
    await expect(toast(page, 'Failed to update banner settings')).toBeVisible();
    await expect(panel(page).getByText('Error', { exact: true })).toBeVisible();
  });

  test('admin access and users: grant by e-mail, list, details, remove and make admin', async ({ page }) => {
    const user = await learner();
    await page.goto('/admin/settings?tab=admin');
    await expect(panel(page).getByText('Admin privileges give full access')).toBeVisible();
    await panel(page).getByRole('button', { name: 'Grant Admin Access' }).click();
    await expect(panel(page).getByText('Please enter an email address')).toBeVisible();
    await panel(page).getByLabel('Email address').fill('nobody@parrotphrases.test');
    await panel(page).getByRole('button', { name: 'Grant Admin Access' }).click();
    await expect(page.locator('.fui-Toast').getByText(/^Failed to add admin: /)).toBeVisible();
    await panel(page).getByLabel('Email address').fill(user.email);
    await panel(page).getByRole('button', { name: 'Grant Admin Access' }).click();
    await expect(toast(page, `User ${user.email} has been granted admin privileges`)).toBeVisible();
    await panel(page).getByRole('button', { name: 'Make Myself Admin' }).click();
    await expect(toast(page, 'You have been granted admin privileges! Please refresh the page to see the changes.')).toBeVisible();
    await expectAccessible(page, '[role="tabpanel"]'); // the page around the tab: the App Links test
    await shot(page, 'admin-settings-admin');

    await openAdminSection(page, 'Users');
    await expect(page.getByText(/^Total users: \d+$/)).toBeVisible();
    for (const h of ['Email', 'Name', 'Admin', 'Verification', 'Email Confirmed', 'Joined', 'Actions'])
      await expect(page.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: user.email });
    await expect(row.getByRole('gridcell', { name: 'learner', exact: true })).toBeVisible(); // name falls back to the e-mail's local part
    await expect(row.getByText('Admin', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'admin-users');

    await row.getByRole('button', { name: `Details of ${user.email}` }).click();
    const details = page.getByRole('dialog', { name: 'User Details' });
    await expect(details.getByText(user.email)).toBeVisible();
    await details.getByRole('button', { name: 'Close' }).click();

    // Remove Admin asks first (tests/e2e/admin-lists.spec.ts tries Cancel and Undo).
    const confirmRemove = page.getByRole('alertdialog', { name: 'Remove admin rights?' }).getByRole('button', { name: 'Remove Admin' });
    await row.getByRole('button', { name: `Remove Admin: ${user.email}` }).click();
    await confirmRemove.click();
    await expect(toast(page, 'Admin privileges removed')).toBeVisible();
    await expect(row.getByText('User', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Make Admin: ${user.email}` }).click();
    await expect(toast(page, `User ${user.email} has been granted admin privileges`)).toBeVisible();
    await expect(row.getByText('Admin', { exact: true })).toBeVisible();
    // Leave the learner a learner for other specs.
    await row.getByRole('button', { name: `Remove Admin: ${user.email}` }).click();
    await confirmRemove.click();
    await expect(toast(page, 'Admin privileges removed').last()).toBeVisible();
    await expect(row.getByText('User', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(toast(page, 'User list refreshed')).toBeVisible();
  });

  test('overview: five counts, 30-day page views chart, seven quick links', async ({ page }) => {
    // A visitor who accepted analytics: their page views are counted and charted.
    await page.addInitScript(() => localStorage.setItem('cookie_consent_level', 'all'));
    const counted = page.waitForResponse((r) => r.url().endsWith('/api/analytics') && r.request().method() === 'POST' && r.status() === 204);
    await page.goto('/languages');
    await counted;
    await page.goto('/admin');
    const counts = page.getByRole('region', { name: 'Counts' });
    for (const label of ['Languages', 'Levels', 'Lessons', 'Phrases', 'Blog Posts']) await expect(counts.getByText(label, { exact: true })).toBeVisible();
    await expect(counts.getByText('Languages', { exact: true }).locator('..').getByText(/^\d+$/)).toBeVisible();
    const chart = page.getByRole('img', { name: /^Page views per day, / });
    await expect(chart).toBeVisible();
    await expect(chart.locator('rect')).toHaveCount(30);
    await expect(page.getByText(/^[1-9]\d* page views in the last 30 days$/)).toBeVisible();
    const quick = page.getByRole('region', { name: 'Quick Access' }).getByRole('link');
    await expect(quick).toHaveCount(7);
    // Scanned by axe at both widths in admin-shell.spec.ts (the back office's own frame, on this screen).
    await shot(page, 'admin-overview');
    await quick.filter({ hasText: 'Blog' }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
  });
});

test.describe('site admin screens at 390 px', { tag: '@phone' }, () => {
  test.skip(({ isMobile }) => !isMobile, 'the desktop project takes its screenshots in the write tests');

  test('every screen renders accessibly', async ({ page }) => {
    // The overview: scanned at 390 px in admin-shell.spec.ts.
    await page.goto('/admin');
    await expect(page.getByRole('img', { name: /^Page views per day, / })).toBeVisible();
    await shot(page, 'admin-overview');
    await page.goto('/admin/blog');
    await expect(page.getByText(/^Total blog posts: \d+$/)).toBeVisible();
    // Below 768 px the table becomes a list of cards with the same actions.
    await expect(
      page
        .getByRole('list', { name: 'Blog posts' })
        .getByRole('button', { name: /^Edit / })
        .first(),
    ).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'admin-blog');
    await page.getByRole('button', { name: 'New Post' }).click();
    await expect(page.getByRole('dialog', { name: 'Create New Blog Post' })).toBeVisible();
    await shot(page, 'admin-blog-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/admin/users');
    await expect(page.getByText(/^Total users: \d+$/)).toBeVisible();
    await expect(
      page
        .getByRole('list', { name: 'Users' })
        .getByRole('button', { name: /^Details of / })
        .first(),
    ).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'admin-users');
    // The settings: the whole page once, then each tab's panel, reached from the tab bar (no reload).
    await page.goto('/admin/settings?tab=admin');
    for (const [tab, label] of [
      ['admin', 'Admin Access'],
      ['app', 'App Links'],
      ['content', 'Content'],
      ['branding', 'Branding'],
      ['social', 'Social'],
      ['embed', 'Embed'],
    ]) {
      if (tab !== 'admin') await page.getByRole('tab', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`tab=${tab}`));
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expect(page.getByText('Loading settings...')).toHaveCount(0);
      await expectAccessibleExceptPreview(page, tab === 'admin' ? undefined : '[role="tabpanel"]');
      await shot(page, `admin-settings-${tab}`);
    }
  });
});
