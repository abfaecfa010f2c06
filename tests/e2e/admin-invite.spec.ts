/**
 * Building the team in the product: an admin invites an editor of one language; the invitee signs in
 * at /auth with the temporary password the twin's mail stand-in received, chooses their own, and edits
 * that language only. The rules (existing accounts, resend, remove access, refusals) are tested in
 * tests/integration/invites.test.ts.
 */
import { expect, test } from '@playwright/test';
import { ADMIN_STATE, expectAccessible, sentMail, shot, signInAs, toast } from './helpers.js';

test('an admin invites an editor of one language, who sets a password and edits that language only', async ({ browser }) => {
  const email = `invitee-${test.info().project.name}@parrotphrases.test`;
  const languages = (await (await fetch(`${test.info().project.use.baseURL}/api/languages`)).json()) as { id: string; name: string }[];
  const [mine] = languages;

  const adminContext = await browser.newContext({ storageState: ADMIN_STATE });
  const admin = await adminContext.newPage();
  await admin.goto('/admin/users');
  await admin.getByRole('button', { name: 'Invite', exact: true }).click();
  const dialog = admin.getByRole('dialog', { name: 'Invite someone' });
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('checkbox', { name: mine.name }).check();
  await expectAccessible(admin, '[role="dialog"]');
  await shot(admin, 'invite-dialog');
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(toast(admin, `Invitation sent to ${email}`)).toBeVisible();

  // The list shows them as invited, with the invitation's own actions.
  await admin.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await expect(admin.getByText('Invited', { exact: true })).toBeVisible();
  await expect(admin.getByRole('button', { name: `Resend invitation: ${email}` })).toBeVisible();
  await expect(admin.getByRole('button', { name: `Remove access: ${email}` })).toBeVisible();
  await shot(admin, 'users-pending-invitee');
  await adminContext.close();

  // The mail Cognito sent (the twin's SES): the product, /auth, and the temporary password.
  const mail = (await sentMail()).filter((m) => m.destination.to.includes(email)).at(-1);
  expect(mail?.subject).toBe('You are invited to the Parrot Phrases back office');
  const temporary = /temporary password (\S+)/.exec(mail?.body.text ?? '')?.[1];
  expect(temporary).toBeTruthy();

  const page = await (await browser.newContext()).newPage();
  await signInAs(page, email, temporary!);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  const newPassword = page.getByLabel('New password');
  await newPassword.fill('too-short');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(/^Use at least 12 characters/)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'set-password');
  await newPassword.fill('Invitee-Own-Passw0rd!');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  // An editor of that language only.
  await page.goto('/admin/languages');
  await expect(page.getByRole('list', { name: 'Languages' }).getByRole('listitem')).toHaveText([new RegExp(mine.name)]);
  await expect(page.getByRole('button', { name: `Edit ${mine.name}` })).toBeVisible();
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin$/);
});
