/**
 * A signed-in visitor on a public page, without Amplify (which only the back office loads): the
 * tokens Amplify keeps in localStorage for this app client are read here, and an expired access
 * token is renewed with the refresh token by one InitiateAuth call, stored back where Amplify
 * reads it. The cached HTML is the same for everyone; what a session adds is added here.
 */
import { roleOf } from '@shared/roles';
import { config } from '../config';
import { SITE, sel } from '@shared/markup';

const prefix = () => `CognitoIdentityServiceProvider.${config().userPoolClientId}`;
const read = (k: string) => {
  try {
    return localStorage.getItem(k);
  } catch {
    return null;
  }
};
const user = () => read(`${prefix()}.LastAuthUser`);
const tokenKey = (name: 'accessToken' | 'idToken' | 'refreshToken') => `${prefix()}.${user() ?? ''}.${name}`;

export const signedIn = () => !!user() && !!read(tokenKey('refreshToken'));

function claims(jwt: string | null): { exp?: number; 'cognito:groups'?: string[] } {
  try {
    return JSON.parse(atob((jwt ?? '').split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as ReturnType<typeof claims>;
  } catch {
    return {};
  }
}

/** Renews the tokens with the refresh token; undefined when that fails (signed out elsewhere). */
async function refresh(): Promise<string | undefined> {
  const c = config();
  const endpoint = c.userPoolEndpoint ?? `https://cognito-idp.${c.region}.amazonaws.com/`;
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: c.userPoolClientId, AuthParameters: { REFRESH_TOKEN: read(tokenKey('refreshToken')) } }),
  });
  if (!res.ok) return undefined;
  const { AuthenticationResult: r } = (await res.json()) as { AuthenticationResult?: { AccessToken: string; IdToken: string } };
  if (!r) return undefined;
  localStorage.setItem(tokenKey('accessToken'), r.AccessToken);
  localStorage.setItem(tokenKey('idToken'), r.IdToken);
  return r.AccessToken;
}

/** The access token, renewed when it is (about to be) expired. */
export async function accessToken(): Promise<string | undefined> {
  if (!signedIn()) return undefined;
  const token = read(tokenKey('accessToken'));
  const exp = claims(token).exp ?? 0;
  return exp * 1000 > Date.now() + 30_000 ? (token ?? undefined) : refresh();
}

/** 'Admin Dashboard' links (in the HTML for everyone, hidden) shown to an admin or an editor. */
export function showAdminLinks() {
  const groups = claims(read(tokenKey('idToken')))['cognito:groups'] ?? [];
  if (roleOf(groups).role !== 'learner') document.querySelectorAll<HTMLElement>(sel(SITE.adminOnly)).forEach((el) => (el.hidden = false));
}
