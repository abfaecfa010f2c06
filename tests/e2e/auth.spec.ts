/**
 * Sign-in steps Cognito can add: an administrator created with a temporary password (as
 * `npm run create-admin -- --stage ...` does in AWS) chooses their own at the first sign-in; one
 * with an authenticator app enters its code. (cognito-local cannot run the MFA *setup* step that a
 * prod pool asks of a new administrator: that screen is Amplify's documented flow, untested here.)
 */
import { expect, test } from '@playwright/test';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createHmac } from 'node:crypto';
import { ensureUser } from '../../infra/twin/bootstrap.js';
import { shot, toast, twinCognito } from './helpers.js';

// The steps are the same at every width; the sign-in screen at 390 px: admin-languages.spec.ts.

test('a new administrator with a temporary password sets their own, then signs in with it', async ({ page }, testInfo) => {
  const { cognito, state } = twinCognito();
  const email = `new.admin.${testInfo.project.name}@parrotphrases.test`;
  const created = await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: state.userPoolId,
      Username: email,
      TemporaryPassword: 'Temporary-Passw0rd!',
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
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
  // The home page is the server's: the app loads it in place of itself before anything else can go.
  await expect(page.getByRole('heading', { level: 1, name: 'Speak everyday phrases with confidence' })).toBeVisible();
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('My-Own-Passw0rd!');
  await page.getByRole('button', { name: 'Administrator Sign In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

/** The 6-digit TOTP code of a base32 secret now (RFC 6238: HMAC-SHA1, 30 s steps), as an authenticator app shows it. */
function totp(secret: string, at = Date.now()) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

test('an administrator with an authenticator app (TOTP MFA) enters its code after the password', async ({ page }, testInfo) => {
  const { cognito, state } = twinCognito();
  const user = { email: `mfa.admin.${testInfo.project.name}@parrotphrases.test`, password: 'Mfa-Admin-Passw0rd!' };
  await ensureUser(cognito, state.userPoolId, user.email, user.password, true);
  // Enrol an authenticator as Amplify would for a signed-in user.
  const signedIn = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: state.userPoolClientId,
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    }),
  );
  const AccessToken = signedIn.AuthenticationResult!.AccessToken!;
  const { SecretCode } = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken }));
  await cognito.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: totp(SecretCode!) }));
  await cognito.send(new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));

  await page.goto('/auth');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Administrator Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await page.getByLabel('Authenticator code').fill('000000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(toast(page, 'Error signing in')).toBeVisible(); // a wrong code keeps the step open
  await shot(page, 'auth-totp');
  // A new sign-in: Cognito's MFA session does not take a second answer.
  await page.goto('/auth');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Administrator Sign In' }).click();
  await page.getByLabel('Authenticator code').fill(totp(SecretCode!));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(toast(page, 'Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
});
