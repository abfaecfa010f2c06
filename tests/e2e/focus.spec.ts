/**
 * Focus you can see (WCAG 2.4.7) and that nothing fixed covers (2.4.11): the keyboard tabs through
 * each page type, and every control it reaches must look different focused than blurred, in a
 * screenshot of the control and its surroundings that is not hidden behind the cookie question or
 * the phones' dock. Public pages are never hydrated (Fluent's own ring needs its script: the ring
 * comes from frontend/index.html), so they are also tried with JavaScript off; the back office's
 * main screens draw Fluent's ring.
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_STATE } from './helpers.js';

const PUBLIC = ['/', '/spanish/beginner/greetings', '/spanish/beginner/greetings/practice', '/support'];
/** Looked at whole (header, footer, cookie question), and also at 390 px, where the dock and the question sit at the bottom. */
const LESSON = '/spanish/beginner/greetings';
const PHONE = LESSON;
const ADMIN = ['/admin', '/admin/languages'];
/** Tabs per page at most: more than any of these pages has controls (about 50 on a lesson). */
const MAX_TABS = 90;

/**
 * Tabs from the top of the page until focus comes back round; the controls whose focus did not show.
 * `within`: only the controls inside it are looked at (every page shares the header, footer and cookie
 * question, which the lesson page looks at whole); Tab still goes through all of them.
 */
async function unseenFocus(page: Page, within = 'body'): Promise<{ reached: number; unseen: string[] }> {
  const unseen: string[] = [];
  let reached = 0;
  for (let i = 0; i < MAX_TABS; i++) {
    await page.keyboard.press('Tab');
    // The control now focused: its name, its box, and whether it (not something fixed over it) is what shows at its place.
    const found = await page.evaluate((scope) => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body || el.hasAttribute('data-focus-seen')) return null;
      el.setAttribute('data-focus-seen', 'now');
      if (!el.closest(scope)) return { skip: true } as const;
      // A visually hidden input (a switch's) shows its ring on its parent: the parent's box is what shows.
      const own = el.getBoundingClientRect();
      const r = own.width && own.height ? own : (el.parentElement ?? el).getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      const onTop = !!hit && (el.contains(hit) || hit.contains(el) || !!el.parentElement?.contains(hit));
      const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent).trim().slice(0, 40)}"`;
      return { name, onTop, box: { x: r.left, y: r.top, width: r.width, height: r.height } };
    }, within);
    if (!found) break;
    const now = page.locator('[data-focus-seen="now"]');
    if ('skip' in found) {
      await now.evaluate((el) => el.setAttribute('data-focus-seen', ''));
      continue;
    }
    reached++;
    const { name, onTop, box } = found;
    if (box.width > 0 && box.height > 0) {
      const width = page.viewportSize()?.width ?? 1280;
      const clip = { x: Math.max(0, box.x - 6), y: Math.max(0, box.y - 6), width: Math.min(box.width + 12, width), height: box.height + 12 };
      const focused = await page.screenshot({ clip });
      await now.evaluate((el) => (el as HTMLElement).blur());
      const blurred = await page.screenshot({ clip });
      if (!onTop || focused.equals(blurred)) unseen.push(name);
      // Back to it, so the next Tab goes on from there.
      await now.evaluate((el) => (el as HTMLElement).focus());
    }
    await now.evaluate((el) => el.setAttribute('data-focus-seen', ''));
  }
  return { reached, unseen };
}

test.describe('keyboard focus on the public pages', () => {
  // A lesson has about 60 controls, each captured twice: more than the default minute on a busy machine.
  test.describe.configure({ timeout: 120_000 });
  for (const path of PUBLIC) {
    // On a phone the same controls and rings: the lesson is tried there for what is fixed at the bottom.
    test(`every control of ${path} shows its focus`, { tag: path === PHONE ? '@phone' : [] }, async ({ page }) => {
      await page.goto(path);
      const { reached, unseen } = await unseenFocus(page, path === LESSON ? 'body' : 'main');
      expect(reached).toBeGreaterThan(path === LESSON ? 15 : 1);
      expect(unseen).toEqual([]);
    });
  }

  test.describe('without script', () => {
    test.use({ javaScriptEnabled: false });
    for (const path of ['/spanish/beginner/greetings']) {
      test(`every control of ${path} shows its focus`, async ({ page }) => {
        await page.goto(path);
        const { reached, unseen } = await unseenFocus(page, 'main');
        expect(reached).toBeGreaterThan(15);
        expect(unseen).toEqual([]);
      });
    }
  });
});

test.describe('keyboard focus in the back office', () => {
  test.use({ storageState: ADMIN_STATE });
  for (const path of ADMIN) {
    test(`every control of ${path} shows its focus`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      await page.getByRole('main').getByRole('heading').first().waitFor();
      // The Overview is looked at whole (the back office's header and tabs); the other screens, their main part.
      const { reached, unseen } = await unseenFocus(page, path === '/admin' ? 'body' : 'main');
      expect(reached).toBeGreaterThan(1);
      expect(unseen).toEqual([]);
    });
  }
});
