/**
 * The only module that touches Amplify. Loaded on demand (dynamic import) so visitors without a
 * session never download it. Local twin: USER_PASSWORD_AUTH against cognito-local (no SRP there).
 */
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signIn as amplifySignIn, signOut as amplifySignOut } from 'aws-amplify/auth';
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
    Auth: { Cognito: { userPoolId: c.userPoolId, userPoolClientId: c.userPoolClientId, ...(c.userPoolEndpoint ? { userPoolEndpoint: c.userPoolEndpoint } : {}) } },
  });
  configured = true;
}

/** The signed-in user from the (refreshed if needed) tokens, or null. */
export async function currentUser(): Promise<SessionUser | null> {
  configure();
  const { tokens } = await fetchAuthSession();
  if (!tokens?.accessToken) return null;
  const access = tokens.accessToken.payload;
  const id = tokens.idToken?.payload;
  return {
    sub: String(access.sub),
    email: String(id?.email ?? access.username ?? ''),
    groups: (access['cognito:groups'] as string[] | undefined) ?? [],
  };
}

export async function accessToken(): Promise<string | undefined> {
  configure();
  const { tokens } = await fetchAuthSession();
  return tokens?.accessToken?.toString();
}

export async function signIn(email: string, password: string) {
  configure();
  const r = await amplifySignIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  if (!r.isSignedIn) throw new Error(`Sign-in needs another step (${r.nextStep.signInStep}), which this site does not support.`);
}

export async function signOut() {
  configure();
  await amplifySignOut();
}

/** Auth events (signedIn, signedOut, tokenRefresh, tokenRefresh_failure...). Returns the unsubscribe. */
export function onAuthEvent(fn: (event: string) => void) {
  return Hub.listen('auth', ({ payload }) => fn(payload.event));
}
