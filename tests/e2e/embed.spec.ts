/**
 * The embed banner on a third-party page: a plain HTML page on ANOTHER origin (a tiny server started
 * here) with hostile CSS loads /embed/banner.js from the twin. The banner must render in a shadow
 * root with the configured settings, untouched by the host's CSS and without leaking its own.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { E2E_PORT } from './playwright.config.js';
import { keepSettings, putSettings, shot } from './helpers.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCRIPT = path.join(ROOT, 'frontend/public/embed/banner.js');
const SITE = `http://localhost:${E2E_PORT}`;
const HOST_PORT = E2E_PORT + 7;
const HOST = `http://127.0.0.1:${HOST_PORT}`;

const BANNER = {
  banner_title: 'Speak Italian by Friday',
  banner_description: 'Short daily phrases with audio.',
  banner_cta_text: 'Get the free app',
  banner_bg_color: '#123456',
  banner_text_color: '#fafafa',
  banner_cta_color: '#000000',
  banner_cta_bg_color: '#ffcc00',
  banner_size: 'large',
  banner_show_logo: false,
  app_store_link: 'https://apps.apple.com/app/parrot-phrases/id123',
  play_store_link: '',
};

const HOSTILE = `<style>
  * { color: red !important; font-size: 40px; font-family: "Comic Sans MS", cursive; }
  div, aside, p, a { background: lime !important; padding: 30px !important; }
</style>`;

/** The third-party page: hostile CSS, host elements named like the banner's own classes, containers. */
function hostPage(scriptSrc: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Third-party blog</title>${HOSTILE}</head><body>
<h1>My travel blog</h1>
<p class="title">Host paragraph with class title</p>
<a class="cta" href="#x">Host link with class cta</a>
<div id="parrot-phrases-banner"></div>
<script src="${scriptSrc}" data-site-id="site_settings" data-target="parrot-phrases-banner" async></script>
<div id="side" style="width: 320px !important"></div>
<script src="${scriptSrc}" data-site-id="site_settings" data-target="side" async></script>
<div id="forced"></div>
<script src="${scriptSrc}" data-site-id="site_settings" data-target="forced" data-layout="vertical" async></script>
</body></html>`;
}

let server: http.Server;
// The banner settings saved here are put back afterwards, so later specs start from the same state.
let restoreSettings: () => Promise<void> = async () => {};

test.beforeAll(async () => {
  // The host: serves the page pointing at the twin, and a copy of the script on its own origin
  // (where /api/settings does not exist) for the failure case.
  server = http.createServer((req, res) => {
    if (req.url === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(hostPage(`${SITE}/embed/banner.js`));
    if (req.url === '/broken') return res.writeHead(200, { 'content-type': 'text/html' }).end(hostPage(`${HOST}/embed/banner.js`));
    if (req.url === '/embed/banner.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(SCRIPT));
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}');
  });
  await new Promise<void>((resolve) => server.listen(HOST_PORT, '127.0.0.1', resolve));
  expect((server.address() as AddressInfo).port).toBe(HOST_PORT);
  restoreSettings = await keepSettings();
  await saveBannerSettings();
});

test.afterAll(async () => {
  await restoreSettings();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Configures the banner through the API as the admin (token from the twin's cognito-local). */
const saveBannerSettings = () => putSettings(BANNER);

const styleOf = (page: Page, selector: string, prop: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), prop);

test('the script is small: under 10 KB gzipped', () => {
  const gz = gzipSync(readFileSync(SCRIPT)).length;
  console.log(`embed/banner.js: ${readFileSync(SCRIPT).length} bytes, ${gz} bytes gzipped`);
  expect(gz).toBeLessThan(10 * 1024);
});

test('renders the configured banner in a shadow root on another origin, isolated from the host CSS', async ({ page }) => {
  await page.goto(`${HOST}/`);
  const main = page.locator('#parrot-phrases-banner');
  // Playwright's CSS locators pierce open shadow roots; the DOM check proves it IS a shadow root.
  await expect(main.locator('aside')).toBeVisible();
  expect(await main.evaluate((el) => !!el.shadowRoot && el.shadowRoot.querySelector('aside') !== null && el.querySelector('aside') === null)).toBe(true);

  await expect(main.getByText(BANNER.banner_title)).toBeVisible();
  await expect(main.getByText(BANNER.banner_description)).toBeVisible();
  const cta = main.getByRole('link', { name: BANNER.banner_cta_text });
  await expect(cta).toHaveAttribute('href', BANNER.app_store_link);
  await expect(cta).toHaveAttribute('target', '_blank');
  await expect(main.locator('img')).toHaveCount(0); // banner_show_logo false

  // The configured colours and the large size (title 24px, description 16px), not the host's red/40px/lime.
  expect(await styleOf(page, '#parrot-phrases-banner aside', 'background-color')).toBe('rgb(18, 52, 86)');
  expect(await styleOf(page, '#parrot-phrases-banner .title', 'color')).toBe('rgb(250, 250, 250)');
  expect(await styleOf(page, '#parrot-phrases-banner .title', 'font-size')).toBe('24px');
  expect(await styleOf(page, '#parrot-phrases-banner .desc', 'font-size')).toBe('16px');
  expect(await styleOf(page, '#parrot-phrases-banner .title', 'font-family')).not.toContain('Comic Sans');
  expect(await styleOf(page, '#parrot-phrases-banner .title', 'background-color')).toBe('rgba(0, 0, 0, 0)');
  expect(await styleOf(page, '#parrot-phrases-banner .cta', 'color')).toBe('rgb(0, 0, 0)');
  expect(await styleOf(page, '#parrot-phrases-banner .cta', 'background-color')).toBe('rgb(255, 204, 0)');
  // Horizontal by default on a wide container.
  if ((page.viewportSize()?.width ?? 0) > 600) expect(await styleOf(page, '#parrot-phrases-banner aside', 'flex-direction')).toBe('row');

  // Nothing leaked out: the host's own .title and .cta keep the host's styles.
  const hostTitle = page.locator('body > p.title');
  expect(await hostTitle.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 0, 0)');
  expect(await hostTitle.evaluate((el) => getComputedStyle(el).fontSize)).toBe('40px');
  expect(await page.locator('body > a.cta').evaluate((el) => getComputedStyle(el).borderRadius)).toBe('0px');

  // A narrow container, or data-layout="vertical", gets the vertical layout.
  expect(await styleOf(page, '#side aside', 'flex-direction')).toBe('column');
  expect(await styleOf(page, '#forced aside', 'flex-direction')).toBe('column');
  expect(await styleOf(page, '#forced aside', 'max-width')).toBe('300px');
  await shot(page, 'embed-third-party');
});

test('fails silently with a console warning when the settings cannot be loaded', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await page.goto(`${HOST}/broken`);
  await expect.poll(() => warnings.filter((w) => w.includes('[Parrot Phrases banner] settings could not be loaded')).length).toBe(3);
  expect(await page.locator('#parrot-phrases-banner').evaluate((el) => el.shadowRoot)).toBeNull();
  await expect(page.getByRole('heading', { name: 'My travel blog' })).toBeVisible();
});
