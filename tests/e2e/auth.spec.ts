/**
 * Sign-in steps Cognito can add: an administrator created with a temporary password (as
 * `npm run create-admin -- --stage ...` does in AWS) chooses their own at the first sign-in.
 */
import { expect, test } from '@playwright/test';
import { AdminAddUserToGroupCommand, AdminCreateUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_DATA, E2E_PORT } from './playwright.config.js';
import { shot, toast } from './helpers.js';

test('a new administrator with a temporary password sets their own, then signs in with it', async ({ page }, testInfo) => {
  const state = JSON.parse(readFileSync(path.join(E2E_DATA, 'twin.json'), 'utf8'));
  const cognito = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: `http://127.0.0.1:${E2E_PORT + 3}`, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const email = `new.admin.${testInfo.project.name}@parrotphrases.test`;
  const created = await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: state.userPoolId,
      Username: email,
      TemporaryPassword: 'Temporary-Passw0rd!',
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }],
    }),
  );
  await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: state.userPoolId, GroupName: 'admins', Username: created.User!.Username! }));

  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Temporary-Passw0rd!');
  await page.getByRole('button', { name: 'Administrator Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await shot(page, 'auth-new-password');
  await page.getByLabel('New password').fill('My-Own-Passw0rd!');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(toast(page, 'Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('My-Own-Passw0rd!');
  await page.getByRole('button', { name: 'Administrator Sign In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});
