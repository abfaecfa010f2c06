/**
 * Auth state for the whole app: loading, then signed-in or signed-out, plus the role
 * (recomputed on every auth event, 'learner' when signed out). Amplify is imported only when a stored
 * session exists or someone signs in, so public pages stay light.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { config } from '../config';
import { setTokenProvider } from '../api/client';
import type { SessionUser, SignInStep } from './amplify';

import { roleOf, type Role } from '@shared/roles';

type Status = 'loading' | 'signedIn' | 'signedOut';
interface AuthValue {
  status: Status;
  user: SessionUser | null;
  /** What the token's groups say the user may do in the back office (the API checks it again, live). */
  role: Role;
  /** The session ended by the user's own Sign Out (guarded pages then go home, not to /auth). */
  signedOutByUser: boolean;
  /**
   * Signs in; resolves to the user (admin or not: the caller decides), or to the step Cognito still
   * asks for (a new password, an authenticator code), answered with continueSignIn.
   */
  signIn: (email: string, password: string) => Promise<SessionUser | Exclude<SignInStep, { step: 'done' }>>;
  continueSignIn: (answer: string) => Promise<SessionUser | Exclude<SignInStep, { step: 'done' }>>;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthValue | null>(null);
// Never on the server (nothing there is signed in), so the render function's bundle leaves Amplify out.
const loadAmplify = () => (import.meta.env.SSR ? Promise.reject(new Error('No sessions on the server')) : import('./amplify'));

/** Amplify keeps tokens in localStorage under this prefix: no key, no session, no need to load it. */
function hasStoredSession() {
  try {
    return !!localStorage.getItem(`CognitoIdentityServiceProvider.${config().userPoolClientId}.LastAuthUser`);
  } catch {
    return false;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<Status>('loading');
  const [user, setUser] = useState<SessionUser | null>(null);
  const [signedOutByUser, setSignedOutByUser] = useState(false);

  const refresh = useCallback(async () => {
    const amplify = await loadAmplify();
    try {
      const u = await amplify.currentUser();
      if (u) setSignedOutByUser(false);
      setUser(u);
      setStatus(u ? 'signedIn' : 'signedOut');
      return u;
    } catch (e) {
      console.error('Could not read the session', e);
      setUser(null);
      setStatus('signedOut');
      return null;
    }
  }, []);

  useEffect(() => {
    setTokenProvider(async () => (hasStoredSession() ? (await loadAmplify()).accessToken() : undefined));
    if (!hasStoredSession()) {
      setStatus('signedOut');
      return;
    }
    let unsubscribe: (() => void) | undefined;
    void refresh().then(async () => {
      unsubscribe = (await loadAmplify()).onAuthEvent(() => void refresh());
    });
    return () => unsubscribe?.();
  }, [refresh]);

  const finish = useCallback(
    async (step: SignInStep) => {
      if (step.step !== 'done') return step;
      const u = await refresh();
      if (!u) throw new Error('Sign-in did not create a session');
      return u;
    },
    [refresh],
  );
  const signIn = useCallback(async (email: string, password: string) => finish(await (await loadAmplify()).signIn(email, password)), [finish]);
  const continueSignIn = useCallback(async (answer: string) => finish(await (await loadAmplify()).continueSignIn(answer)), [finish]);

  const signOut = useCallback(async () => {
    const amplify = await loadAmplify();
    await amplify.signOut();
    setSignedOutByUser(true);
    setUser(null);
    setStatus('signedOut');
  }, []);

  const value = useMemo<AuthValue>(
    () => ({ status, user, role: roleOf(user?.groups ?? []), signedOutByUser, signIn, continueSignIn, signOut }),
    [status, user, signedOutByUser, signIn, continueSignIn, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth() {
  const v = useContext(AuthContext);
  if (!v) throw new Error('useAuth outside AuthProvider');
  return v;
}
