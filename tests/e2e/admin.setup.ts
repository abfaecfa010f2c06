/**
 * Signs the e2e administrator in once, through the real sign-in screen, and keeps the browser's
 * state (Amplify's tokens in localStorage) in ADMIN_STATE for the tests whose subject is not the
 * sign-in itself. The sign-in screen's own rules (redirects, refusals, new password, MFA) are tested
 * in admin-languages.spec.ts, auth.spec.ts and profile.spec.ts.
 */
import { expect, test as setup } from '@playwright/test';
import { ADMIN_STATE, E2E_ADMIN } from './playwright.config.js';
import { signInAs } from './helpers.js';

setup('the administrator signs in', async ({ page }) => {
  await signInAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await page.context().storageState({ path: ADMIN_STATE });
});
