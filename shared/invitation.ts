/**
 * What an invited team member meets, defined once: the user pool's password policy (the CDK pool,
 * the twin's Cognito stand-in and /auth's new-password step) and the invitation mail Cognito sends
 * on AdminCreateUser (the CDK pool's `userInvitation`; the twin's stand-in fills in the same text).
 */

/** Cognito's password policy of the pool (infra/cdk/constructs/auth.ts). */
export const PASSWORD_POLICY = { minLength: 12, tempPasswordValidityDays: 3 } as const;
export const PASSWORD_RULES_TEXT = `at least ${PASSWORD_POLICY.minLength} characters, with upper and lower case letters, a digit and a symbol`;

/**
 * Why `password` breaks the policy, or undefined. Cognito's symbols are its "special characters"
 * (https://docs.aws.amazon.com/cognito/latest/developerguide/managing-users-passwords.html#user-pool-settings-policies);
 * any non-alphanumeric printable character counts here.
 */
export function passwordProblem(password: string): string | undefined {
  const ok =
    password.length >= PASSWORD_POLICY.minLength &&
    password.length <= 256 &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password) &&
    /[^A-Za-z0-9\s]/.test(password);
  return ok ? undefined : `Use ${PASSWORD_RULES_TEXT}.`;
}

/** Cognito's placeholder for the temporary password in an invitation template. */
export const TEMP_PASSWORD_PLACEHOLDER = '{####}';

/**
 * The invitation's subject and HTML body, with Cognito's `{####}` placeholder for the temporary
 * password. `siteUrl` is where /auth is; without it (a stage on its CloudFront name, which the pool
 * cannot name without a dependency cycle) the mail names the page instead of linking it.
 */
export function invitationMessage(product: string, siteUrl?: string): { subject: string; body: string } {
  const auth = siteUrl ? `<a href="${siteUrl}/auth">${siteUrl}/auth</a>` : `the /auth page of the ${product} site`;
  return {
    subject: `You are invited to the ${product} back office`,
    body: [
      `<p>You have been invited to edit ${product}.</p>`,
      `<p>Sign in at ${auth} with this e-mail address and the temporary password <b>${TEMP_PASSWORD_PLACEHOLDER}</b></p>`,
      `<p>You will then choose your own password. The temporary one works for ${PASSWORD_POLICY.tempPasswordValidityDays} days; after that, ask an administrator to send the invitation again.</p>`,
    ].join('\n'),
  };
}
