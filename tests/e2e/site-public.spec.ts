/**
 * The public site beyond the course pages: layout chrome (header, mobile tab bar, menu and promo bar,
 * footer, cookie banner, analytics consent), home, download, blog, FAQ, support, legal and 404 pages.
 * Runs in both projects (desktop 1280 and mobile 390). Pages are server-rendered from real data and
 * never hydrated (every link is a page load; the islands add what needs script): settings and blog
 * posts are set through the real admin API (and restored). What no local server produces stands in
 * as such: a failed read is rendered by the twin's own renderer (renderWith), a failed send of the
 * support island is answered by page.route. What the server's HTML says without a browser (each
 * page's title, the footer's links, the logo and favicon of the settings, the home page's blog
 * teaser, a short post's sample after its last paragraph) is tested in
 * tests/integration/public-pages.test.ts.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import type { BlogPost } from '../../shared/contracts/blog.js';
import type { SiteSettings } from '../../shared/contracts/settings.js';
import {
  adminAccessToken,
  ADMIN_STATE,
  expectAccessible,
  holdRoute,
  islandsMounted,
  keepSettings,
  putSettings,
  renderWith,
  shot,
  showRendered,
  toast,
} from './helpers.js';
import { E2E_PORT } from './playwright.config.js';

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;
const today = () => new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** Most tests answer the cookie banner up front ('essential': no analytics) so it covers nothing. */
async function answerCookies(page: Page, level: 'all' | 'essential' = 'essential') {
  await page.addInitScript((v) => localStorage.setItem('cookie_consent_level', v), level);
}

let restoreSettings: (() => Promise<void>) | undefined;
/** Real site settings for this test (the write invalidates every cached page); restored after it. */
async function withSettings(patch: Partial<SiteSettings>) {
  restoreSettings ??= await keepSettings();
  await putSettings(patch);
}
test.afterEach(async () => {
  await restoreSettings?.();
  restoreSettings = undefined;
});

const SITE = `http://localhost:${E2E_PORT}`;
const asAdmin = async () => ({ authorization: `Bearer ${await adminAccessToken()}`, 'content-type': 'application/json' });

async function createPost(body: Record<string, unknown>): Promise<BlogPost> {
  const res = await fetch(`${SITE}/api/admin/blog`, { method: 'POST', headers: await asAdmin(), body: JSON.stringify(body) });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

async function setPublished(post: BlogPost, published: boolean): Promise<BlogPost> {
  const res = await fetch(`${SITE}/api/admin/blog/${post.id}`, {
    method: 'PUT',
    headers: await asAdmin(),
    body: JSON.stringify({ published, version: post.version }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

/** Runs `check` while the site has no published post (each one unpublished through the admin API, then published again). */
async function withoutPublishedPosts(check: () => Promise<void>) {
  const published: BlogPost[] = await (await fetch(`${SITE}/api/blog`)).json();
  const hidden: BlogPost[] = [];
  try {
    for (const post of published) hidden.push(await setPublished(post, false));
    await check();
  } finally {
    for (const post of hidden) await setPublished(post, true);
  }
}

test.describe('layout chrome', () => {
  test.beforeEach(({ page }) => answerCookies(page));

  test('header links, no Admin Dashboard for visitors, translucent with a shadow after 10 px of scrolling', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/');
    const header = page.locator('header');
    await expect(header.getByRole('link', { name: 'Parrot Phrases home' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Admin Dashboard' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
    if (!isMobile(page)) {
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const [name, href] of [
        ['Home', '/'],
        ['Languages', '/languages'],
        ['Download App', '/download'],
        ['Blog', '/blog'],
      ]) {
        await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
      }
      await expect(page.getByRole('navigation', { name: 'Tabs' })).toBeHidden();
    }
    await expect(header).toHaveCSS('box-shadow', 'none');
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(header).toHaveAttribute('data-scrolled');
    await expect(header).not.toHaveCSS('box-shadow', 'none');
    // Reopened where it was scrolled to (the browser restores the position): the shadow is there too.
    await page.reload();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(10);
    await expect(header).toHaveAttribute('data-scrolled');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).not.toHaveAttribute('data-scrolled');
    await expect(header).toHaveCSS('box-shadow', 'none');
  });

  test.describe('signed in', () => {
    // The admin's session as the sign-in screen stores it (admin.setup.ts): the sign-in is not what is tested here.
    test.use({ storageState: ADMIN_STATE });

    test('the Admin Dashboard button is there for a signed-in admin', { tag: '@phone' }, async ({ page }) => {
      // The page is the same for everyone: the loader shows the hidden link to the stored admin session.
      await page.goto('/blog');
      if (isMobile(page)) {
        await expect(page.locator('header').getByRole('link', { name: 'Admin Dashboard' })).toBeHidden();
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Admin Dashboard' })).toBeVisible();
      } else {
        const link = page.locator('header').getByRole('link', { name: 'Admin Dashboard' });
        await expect(link).toBeVisible();
        await expect(link).toHaveAttribute('href', '/admin');
      }
    });
  });

  test('a favicon that does not load is swapped for the parrot', async ({ page }) => {
    // The server's part (logo and icon from the settings, the icon's fallback): tests/integration/public-pages.test.ts.
    await withSettings({ logo: '', favicon: '/media/assets/no-such-icon.png' });
    await page.goto('/faq');
    // The loader probes the icon once the page is idle and points the link at the parrot.
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /\/parrot-favicon\.svg$/);
    await expect(page.locator('header img').first()).toHaveAttribute('src', '/favicon.svg');
  });

  test('mobile: bottom tab bar, slide-out menu, Back button', { tag: '@phone' }, async ({ page }) => {
    test.skip(!isMobile(page), 'mobile layout only');
    await page.goto('/');
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    await expect(tabs.getByRole('link')).toHaveText(['Home', 'Languages', 'Blog', 'Download']);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await tabs.getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(tabs.getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link')).toHaveText(['Home', 'Languages', 'Download App', 'Blog', 'Search', 'Offline lessons', 'FAQ', 'Support']);
    await expectAccessible(page, '#site-menu'); // the page under it is checked on its own (the blog test)
    await shot(page, 'site-menu');
    await menu.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  });

  test('desktop: no tab bar, promo bar or mobile Back button', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('navigation', { name: 'Tabs' })).toBeHidden();
    await expect(page.getByRole('complementary', { name: 'App promotion' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeHidden();
  });

  test('mobile promo bar: to /download, hidden there, dismissal kept for the session', { tag: '@phone' }, async ({ page }) => {
    test.skip(!isMobile(page), 'mobile layout only');
    await page.goto('/');
    const promo = page.getByRole('complementary', { name: 'App promotion' });
    await expect(promo).toBeVisible();
    await shot(page, 'site-promo');
    await promo.getByRole('link', { name: 'Free App' }).click();
    await expect(page).toHaveURL(/\/download$/);
    await expect(promo).toBeHidden();
    await page.goto('/faq');
    await expect(promo).toBeVisible();
    await promo.getByRole('button', { name: 'Dismiss app promotion' }).click();
    // Hidden by CSS (the bar stays in the same HTML everyone gets), on this page and the next ones.
    await expect(promo).toBeHidden();
    expect(await page.evaluate(() => sessionStorage.getItem('hideDownloadBar'))).toBe('true');
    await page.reload();
    await expect(promo).toBeHidden();
    await page.goto('/blog');
    await expect(page.getByRole('heading', { name: 'Our Blog' })).toBeVisible();
    await expect(promo).toBeHidden();
  });
});

test.describe('cookie consent and analytics', () => {
  const collect = (page: Page) => {
    const sent: Request[] = [];
    page.on('request', (r) => r.url().includes('/api/analytics') && r.method() === 'POST' && sent.push(r));
    const names = () => sent.flatMap((r) => (JSON.parse(r.postData() ?? '{}').events ?? []).map((e: { name: string }) => e.name));
    return { sent, names };
  };
  /**
   * Today's stored counts per event. What a page sends as it goes (at pagehide, a keepalive
   * request) escapes the test's browser hooks: these counts say whether it was sent.
   */
  const todayCounts = async () => {
    const res = await fetch(`${SITE}/api/admin/analytics`, { headers: await asAdmin() });
    const days = (await res.json()) as { date: string; events: Partial<Record<string, number>> }[];
    return days.find((d) => d.date === new Date().toISOString().slice(0, 10))?.events ?? {};
  };

  test("banner until a choice; 'Essential only' is stored, kept after reload, and nothing is sent", { tag: '@phone' }, async ({ page }) => {
    const { sent } = collect(page);
    const counts = await todayCounts();
    // The page's clock is ours: waiting past the 2 s analytics flush takes no real time.
    await page.clock.install();
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookies on this site' });
    await expect(banner).toBeVisible();
    await expectAccessible(page, '[data-cookie-banner]'); // the home page under it: the home page test
    await shot(page, 'site-cookies');
    await page.evaluate(() => window.scrollTo(0, 500));
    await page.clock.runFor(2500);
    await banner.getByRole('button', { name: 'Essential only' }).click();
    // Hidden by CSS: the banner stays in the HTML, which is the same for every visitor.
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookie_consent_level'))).toBe('essential');
    await page.goto('/faq');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
    await expect(banner).toBeHidden();
    await page.clock.runFor(2500);
    await page.goto('about:blank'); // pagehide: would send what is held, if anything were allowed
    expect(sent).toHaveLength(0);
    expect(await todayCounts()).toEqual(counts);
  });

  test('the banner leaves the admin sign-in uncovered', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Administrator Access Only' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cookies on this site' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Return to homepage' }).click();
    await expect(page.getByRole('region', { name: 'Cookies on this site' })).toBeVisible();
  });

  test("'Accept all' is stored and kept; then first-party events go to /api/analytics", async ({ page }) => {
    const { sent, names } = collect(page);
    const thirdParty: string[] = [];
    page.on('request', (r) => !r.url().startsWith(`http://localhost:${E2E_PORT}`) && !r.url().startsWith('data:') && thirdParty.push(r.url()));
    await page.clock.install();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Choose Your Language' })).toBeVisible();
    await page.clock.runFor(2500); // past the analytics flush
    expect(sent).toHaveLength(0); // nothing before the visitor answers
    await page.getByRole('button', { name: 'Accept all' }).click();
    await expect(page.getByRole('region', { name: 'Cookies on this site' })).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookie_consent_level'))).toBe('all');
    // The page view held back while the banner was open is sent now, with the consent itself.
    await expect.poll(names).toEqual(expect.arrayContaining(['app_initialized', 'page_view', 'consent_status', 'minimal_interaction']));
    const first = JSON.parse(sent[0].postData()!);
    expect(first.app_version).toBe('1.0.0');
    expect(first.events.find((e: { name: string }) => e.name === 'page_view').path).toBe('/');

    await page.reload();
    await expect(page.getByRole('region', { name: 'Cookies on this site' })).toBeHidden();
    const before = sent.length;
    await page.getByRole('link', { name: 'Start Learning' }).click();
    await expect(page).toHaveURL(/\/languages$/);
    await expect
      .poll(() =>
        sent
          .slice(before)
          .flatMap((r) => JSON.parse(r.postData()!).events)
          .some((e: { name: string; path: string }) => e.name === 'page_view' && e.path === '/languages'),
      )
      .toBe(true);
    // The API accepts what the client sends (schema shared with the handler).
    const res = await page.request.post('/api/analytics', { data: JSON.parse(sent[sent.length - 1].postData()!) });
    expect(res.status()).toBe(204);
    expect(thirdParty).toEqual([]);
  });

  test('scroll depth, time on page (> 5 s, sent on pagehide) and window errors are reported', async ({ page }) => {
    await answerCookies(page, 'all');
    const { sent } = collect(page);
    const events = () =>
      sent.flatMap((r) => JSON.parse(r.postData()!).events as { name: string; value?: number; path: string; params?: Record<string, unknown> }[]);
    const views = (path: string) => events().filter((e) => e.name === 'page_view' && e.path === path).length;
    // Analytics starts on every page load once the page is idle; its page view goes out with the
    // first flush (2 s later). The clock moves in steps until it has: never long enough for 5 s.
    const viewSent = (path: string, n: number) =>
      expect
        .poll(async () => {
          await page.clock.runFor(500);
          return views(path);
        })
        .toBe(n);
    // Sent at pagehide: seen in the stored counts.
    const timeOnPageCount = async () => (await todayCounts()).time_on_page ?? 0;
    const timeOnPages = await timeOnPageCount();
    await page.clock.install();
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
    await viewSent('/privacy-policy', 1);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.clock.runFor(1100); // scroll is sampled at most once a second
    await page.evaluate(() => window.dispatchEvent(new Event('scroll')));
    await expect
      .poll(() =>
        events()
          .filter((e) => e.name === 'scroll')
          .map((e) => e.value),
      )
      .toEqual([25, 50, 75, 90]);
    // An uncaught error outside any handler (a microtask: the fake clock would catch a timer's).
    await page.evaluate(() =>
      queueMicrotask(() => {
        throw new Error('boom for analytics');
      }),
    );
    await expect.poll(() => events().find((e) => e.name === 'app_error')?.params?.message).toContain('boom for analytics');
    expect(events().filter((e) => e.name === 'time_on_page')).toEqual([]); // not before the page ends
    await page.clock.runFor(5200);
    // Leaving the page (a link is a page load) ends it: over 5 s, its time goes out at pagehide.
    await page.locator('footer').getByRole('link', { name: 'Terms of Use' }).click();
    await expect(page).toHaveURL(/\/terms-of-use$/);
    await expect.poll(timeOnPageCount).toBe(timeOnPages + 1);
    await viewSent('/terms-of-use', 1);
    await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).click(); // under 5 s on /terms-of-use
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await viewSent('/privacy-policy', 2);
    expect(await timeOnPageCount()).toBe(timeOnPages + 1); // /terms-of-use stayed under 5 s: not reported
    await page.clock.runFor(5200);
    await page.goto('about:blank');
    await expect.poll(timeOnPageCount).toBe(timeOnPages + 2);
  });
});

test.describe('home page', () => {
  test.beforeEach(({ page }) => answerCookies(page));

  test('hero, picker, about defaults and claim; no app block or blog teaser without data', { tag: '@phone' }, async ({ page }) => {
    // The demo has a published post (and other tests add some): none is published while this runs.
    await withoutPublishedPosts(async () => {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Latest from Our Blog' })).toHaveCount(0);
    });
    await expect(page.getByRole('link', { name: 'Start Learning' })).toHaveAttribute('href', '/languages');
    await expect(page.getByRole('main').getByRole('link', { name: 'Download App' })).toHaveAttribute('href', '/download');
    await expect(page.getByRole('heading', { name: 'Choose Your Language' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Spanish' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'About Parrot Phrases' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Who We Are' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
    await expect(page.getByText('Join over 10,000 language learners')).toBeVisible();
    await expect(page.getByRole('link', { name: 'App Store' })).toHaveCount(0);
    if (!isMobile(page)) await expect(page.getByTestId('hero-placeholder')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'site-home');
  });

  test('about texts, hero image and app block come from the settings; a broken hero image shows the placeholder', async ({ page }) => {
    await withSettings({
      about_title: 'About us',
      about_content: 'We teach phrases.',
      who_we_are_title: 'Our team',
      how_it_works_content: 'Listen and repeat.',
      hero_image: '/favicon.svg',
      app_store_link: 'https://apps.apple.com/app/parrot',
      app_screenshot: '/parrot-favicon.svg',
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'About us' })).toBeVisible();
    await expect(page.getByText('We teach phrases.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our team' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible(); // empty title: default
    await expect(page.getByText('Listen and repeat.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'People learning a new language together' })).toHaveAttribute('src', '/favicon.svg');
    const app = page.getByRole('region', { name: 'Take Parrot Phrases with you' });
    await expect(app.getByText('Learn offline')).toBeVisible();
    const store = app.getByRole('link', { name: 'App Store' });
    await expect(store).toHaveAttribute('href', 'https://apps.apple.com/app/parrot');
    await expect(store).toHaveAttribute('target', '_blank');
    await expect(app.getByRole('link', { name: 'Play Store' })).toHaveCount(0);
    await shot(page, 'site-home-settings');

    await withSettings({ hero_image: '/media/assets/missing-hero.jpg' });
    await page.goto('/');
    // The page's script swaps the broken image for the placeholder beside it.
    if (!isMobile(page)) await expect(page.getByTestId('hero-placeholder')).toBeVisible();
    await expect(page.getByRole('img', { name: 'People learning a new language together' })).toBeHidden();
  });

  test('a failed settings read hides the app block silently', async ({ page }) => {
    await withSettings({ app_store_link: 'https://apps.apple.com/app/parrot' });
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Take Parrot Phrases with you' })).toBeVisible();
    // The server's read of the settings fails (no local server does on demand: the twin's renderer
    // makes the page with that answer): the defaults, no app block, no error for the visitor.
    await showRendered(page, '/', await renderWith('/', { '/settings': { status: 500, body: { message: 'Internal Server Error' } } }));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'About Parrot Phrases' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Spanish', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: /Take Parrot Phrases/ })).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.locator('[data-toast]')).toBeHidden();
  });
});

test.describe('download page', () => {
  test.beforeEach(({ page }) => answerCookies(page));

  test("no store links: the blurbs and 'App download links coming soon!'", async ({ page }) => {
    await page.goto('/download');
    await expect(page.getByRole('heading', { level: 1, name: 'Get the Parrot Phrases App' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['Learn Offline', 'Personalized Learning', 'Audio Pronunciations']);
    await expect(page.getByText('App download links coming soon!')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'site-download');
  });

  test('store buttons open in a new tab; the screenshot is shown', async ({ page }) => {
    await withSettings({
      app_store_link: 'https://apps.apple.com/app/parrot',
      play_store_link: 'https://play.google.com/store/apps/parrot',
      app_screenshot: '/parrot-favicon.svg',
    });
    await page.goto('/download');
    const main = page.getByRole('main');
    for (const [name, href] of [
      ['App Store', 'https://apps.apple.com/app/parrot'],
      ['Play Store', 'https://play.google.com/store/apps/parrot'],
    ]) {
      await expect(main.getByRole('link', { name })).toHaveAttribute('href', href);
      await expect(main.getByRole('link', { name })).toHaveAttribute('target', '_blank');
      await expect(main.getByRole('link', { name })).toHaveAttribute('rel', /noopener/);
    }
    await expect(page.getByRole('img', { name: 'Parrot Phrases app screenshot' })).toHaveAttribute('src', '/parrot-favicon.svg');
    await expect(page.getByText('App download links coming soon!')).toHaveCount(0);
    await expectAccessible(page, 'main'); // header and footer: the test above
  });
});

test.describe('blog', () => {
  test.beforeEach(({ page }) => answerCookies(page));

  test('list: published posts as cards; the empty state', { tag: '@phone' }, async ({ page }, info) => {
    const post = await createPost({
      title: `Travel phrases ${info.project.name}`,
      content: 'Body text of the travel post.',
      excerpt: 'Pack these phrases.',
      published: true,
    });
    await createPost({ title: `Draft only ${info.project.name}`, content: 'Not yet.', published: false });
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Blog' })).toBeVisible();
    const card = page.getByTestId('blog-card').filter({ hasText: post.title });
    await expect(card.getByText('Pack these phrases.')).toBeVisible();
    await expect(card.getByText(/By Admin/)).toBeVisible();
    await expect(
      card.getByText(new Date(post.created_at).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })),
    ).toBeVisible();
    await expect(page.getByText(`Draft only ${info.project.name}`)).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, 'site-blog');
    await card.getByRole('link', { name: `Read more about ${post.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${post.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();

    // The empty state, in the server's page, while no post is published.
    await withoutPublishedPosts(async () => {
      await page.goto('/blog');
      await expect(page.getByRole('heading', { name: 'No blog posts yet' })).toBeVisible();
      await expect(page.getByText('Check back later for language learning tips and updates!')).toBeVisible();
      await expect(page.getByTestId('blog-card')).toHaveCount(0);
      await expectAccessible(page);
      await shot(page, 'site-blog-empty');
    });
  });

  test('post: title, date, author, paragraphs, and the sample player after the paragraph at index 2', { tag: '@phone' }, async ({ page }, info) => {
    const post = await createPost({
      title: `Greetings week ${info.project.name}`,
      content: 'First paragraph.\nSecond paragraph.\n\nThird paragraph.\nFourth paragraph.\nFifth paragraph.',
      published: true,
      lesson_path: 'spanish/beginner/greetings',
    });
    await page.goto(`/blog/${post.slug}`);
    const article = page.getByRole('article');
    await expect(article.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    await expect(article.getByText(/By Admin/)).toBeVisible();
    const sample = page.getByTestId('sample-phrases');
    await expect(sample.getByRole('heading', { name: 'Here is a sample of our daily easy phrases to learn' })).toBeVisible();
    await expect(sample.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    await expect(sample.getByRole('link', { name: 'Open the full lesson' })).toHaveAttribute('href', '/spanish/beginner/greetings');
    // DOM order: 3 paragraphs, the sample, then the rest.
    const order = await article.evaluate((el) =>
      [...el.querySelectorAll('p, [data-testid="sample-phrases"]')]
        .map((n) => ((n as HTMLElement).dataset.testid === 'sample-phrases' ? 'SAMPLE' : n.textContent))
        .filter((t) => t === 'SAMPLE' || /paragraph\.$/.test(t)),
    );
    expect(order).toEqual(['First paragraph.', 'Second paragraph.', 'Third paragraph.', 'SAMPLE', 'Fourth paragraph.', 'Fifth paragraph.']);
    await expectAccessible(page);
    await shot(page, 'site-blog-post');
  });

  test('post not found', async ({ page }) => {
    await page.goto('/blog/no-such-post-anywhere');
    await expect(page.getByRole('heading', { name: 'Post not found' })).toBeVisible();
    await expect(page.getByText("The blog post you're looking for doesn't exist or has been removed.")).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'site-blog-missing');
    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });
});

test.describe('FAQ', () => {
  test.beforeEach(({ page }) => answerCookies(page));

  test('four categories, single-open collapsible questions, the facts, support links', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/faq');
    const tabs = page.getByRole('tablist', { name: 'FAQ categories' });
    await expect(tabs.getByRole('tab')).toHaveCount(4);
    for (const name of ['General', 'Account', 'Subscription', 'Technical']) await expect(tabs.getByRole('tab', { name })).toBeVisible();
    await expect(tabs.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    // Each question is a native disclosure (its summary holds the question's heading); one open per category.
    const question = (name: string) => page.locator('details').filter({ has: page.getByRole('heading', { name, exact: true }) });
    const open = async (name: string) => {
      await question(name).getByRole('heading').click();
      await expect(question(name)).toHaveAttribute('open', '');
    };
    const q1 = question('Which languages can I learn?');
    const q2 = question('Do I need to know any grammar first?');
    await open('Which languages can I learn?');
    await expect(page.getByText('Spanish, French, Italian, German, Japanese, Mandarin Chinese, Portuguese and Russian.')).toBeVisible();
    await open('Do I need to know any grammar first?');
    await expect(q1).not.toHaveAttribute('open');
    await q2.getByRole('heading').click();
    await expect(q2).not.toHaveAttribute('open');

    await tabs.getByRole('tab', { name: 'Subscription' }).click();
    await expect(tabs.getByRole('tab', { name: 'Subscription' })).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'false');
    await expect(page.getByRole('tabpanel', { name: 'General questions' })).toBeHidden();
    await open('How much does premium cost?');
    await expect(page.getByText('Premium costs 9.99 per month or 79.99 per year.')).toBeVisible();
    await open('Is it free?');
    await expect(page.getByText('The free tier gives you basic content. Premium adds all content, no ads and offline use.', { exact: false })).toBeVisible();
    await tabs.getByRole('tab', { name: 'Account' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Subscription questions' })).toBeHidden();
    await open('What is the minimum age?');
    await expect(page.getByText('You must be at least 13 years old to use Parrot Phrases.')).toBeVisible();
    await tabs.getByRole('tab', { name: 'Technical' }).click();
    await expect(page.getByRole('heading', { name: 'Can I learn offline?' })).toBeVisible();

    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'support@parrotphrases.example' })).toHaveAttribute('href', 'mailto:support@parrotphrases.example');
    await expect(main.getByRole('link', { name: 'support page' })).toHaveAttribute('href', '/support');
    await expectAccessible(page);
    await shot(page, 'site-faq');
    await main.getByRole('link', { name: 'Contact Support' }).click();
    await expect(page).toHaveURL(/\/support$/);
  });
});

test.describe('support page', () => {
  test.beforeEach(({ page }) => answerCookies(page));

  const SENT = "Message sent successfully! We'll get back to you soon.";

  test('validation texts of the shared schema; a real message is sent and the form cleared', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/support');
    // The island validates inline and sends by fetch (without it the form posts: islands.spec.ts).
    await islandsMounted(page, 'support');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Name must be at least 2 characters.')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(page.getByText('Message must be at least 10 characters.')).toBeVisible();
    await shot(page, 'site-support-invalid');
    await page.getByRole('textbox', { name: 'Name' }).fill('Ana');
    await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await page.getByRole('textbox', { name: 'Message' }).fill('Short');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(page.getByText('Name must be at least 2 characters.')).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Email' }).fill('ana@example.com');
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello, how do I reset my progress in the app?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status').getByText(SENT)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    await expectAccessible(page, 'form[data-island="support"]'); // the rest of the page: before sending
    await shot(page, 'site-support-sent');
  });

  test("'Sending...' while busy; a failure shows the error and a toast and keeps what was typed", async ({ page }) => {
    const release = await holdRoute(page, '**/api/support', { status: 502, json: { message: 'Failed to send your message. Please try again later.' } });
    await page.goto('/support');
    await islandsMounted(page, 'support');
    await page.getByRole('textbox', { name: 'Name' }).fill('Ana');
    await page.getByRole('textbox', { name: 'Email' }).fill('ana@example.com');
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello, is there an offline mode?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    await expect(page.getByRole('alert').getByText('Failed to send your message. Please try again later.')).toBeVisible();
    await expect(toast(page, 'Failed to send message. Please try again.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Ana');
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('Hello, is there an offline mode?');
    await shot(page, 'site-support-failed');

    await page.unroute('**/api/support');
    await page.route('**/api/support', (route) => route.abort('connectionreset'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert').getByText('An unexpected error occurred. Please try again later.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('ana@example.com');
  });
});

test.describe('legal and 404 pages', () => {
  test.beforeEach(({ page }) => answerCookies(page));

  for (const [url, title] of [
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-use', 'Terms of Use'],
  ]) {
    test(`${title}: 'Last Updated' is today; Back goes back`, { tag: '@phone' }, async ({ page }) => {
      await page.goto('/faq');
      await page.locator('footer').getByRole('link', { name: title }).click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(`Last Updated: ${today()}`)).toBeVisible();
      // One scan for the two pages of the same layout.
      if (url === '/privacy-policy') await expectAccessible(page);
      await shot(page, `site-${url.slice(1)}`);
      await page.getByRole('main').getByRole('button', { name: 'Back', exact: true }).click();
      await expect(page).toHaveURL(/\/faq$/);
    });
  }

  test('404 page', async ({ page }) => {
    await page.goto('/blog/a/b/c/d');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'site-404');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle('Parrot Phrases');
  });
});
