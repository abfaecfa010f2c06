/**
 * The only module that touches Amplify. Loaded on demand (dynamic import) so visitors without a
 * session never download it. Local twin: USER_PASSWORD_AUTH against cognito-local (no SRP there).
 */
import { Amplify } from 'aws-amplify';
import { confirmSignIn, fetchAuthSession, signIn as amplifySignIn, signOut as amplifySignOut, type SignInOutput } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { config } from '../config';

export interface SessionUser {
  sub: string;
  email: string;
  groups: string[];
}

let configured = false;
export function configure() {
  if (configured) return;
  const c = config();
  Amplify.configure({
    Auth: {
      Cognito: { userPoolId: c.userPoolId, userPoolClientId: c.userPoolClientId, ...(c.userPoolEndpoint ? { userPoolEndpoint: c.userPoolEndpoint } : {}) },
    },
  });
  configured = true;
}

/** A claim that is a string; Amplify types every claim as present JSON, but a token may lack one. */
const stringClaim = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The signed-in user from the (refreshed if needed) tokens, or null. */
export async function currentUser(): Promise<SessionUser | null> {
  configure();
  const { tokens } = await fetchAuthSession();
  if (!tokens?.accessToken) return null;
  const access = tokens.accessToken.payload;
  const id = tokens.idToken?.payload;
  return {
    sub: String(access.sub),
    email: stringClaim(id?.email) ?? stringClaim(access.username) ?? '',
    groups: (access['cognito:groups'] as string[] | undefined) ?? [],
  };
}

export async function accessToken(): Promise<string | undefined> {
  configure();
  const { tokens } = await fetchAuthSession();
  return tokens?.accessToken.toString();
}

/**
 * What sign-in still needs: nothing, a new password (an administrator created with a temporary
 * one), a code from an authenticator app, or setting one up (TOTP MFA, required in prod).
 */
export type SignInStep = { step: 'done' } | { step: 'newPassword' } | { step: 'totpCode' } | { step: 'totpSetup'; secret: string; uri: string };

function nextStep(r: SignInOutput, email: string): SignInStep {
  if (r.isSignedIn) return { step: 'done' };
  const s = r.nextStep;
  switch (s.signInStep) {
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return { step: 'newPassword' };
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return { step: 'totpCode' };
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP':
      return { step: 'totpSetup', secret: s.totpSetupDetails.sharedSecret, uri: s.totpSetupDetails.getSetupUri(config().productName, email).toString() };
    default:
      throw new Error(`Sign-in needs another step (${s.signInStep}), which this site does not support.`);
  }
}

let pendingEmail = '';
export async function signIn(email: string, password: string): Promise<SignInStep> {
  configure();
  pendingEmail = email;
  return nextStep(await amplifySignIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } }), email);
}

/** Answers the step signIn asked for: the new password, or the authenticator's code. */
export async function continueSignIn(answer: string): Promise<SignInStep> {
  configure();
  return nextStep(await confirmSignIn({ challengeResponse: answer }), pendingEmail);
}

export async function signOut() {
  configure();
  await amplifySignOut();
}

/** Auth events (signedIn, signedOut, tokenRefresh, tokenRefresh_failure...). Returns the unsubscribe. */
export function onAuthEvent(fn: (event: string) => void) {
  return Hub.listen('auth', ({ payload }) => fn(payload.event));
}
