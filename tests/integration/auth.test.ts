import { AdminGetUserCommand, AdminListGroupsForUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { api, cognitoCall, signIn, twin, claimsOf } from './helpers.js';
import { ADMIN_GROUP } from '../../shared/product.js';

/** The twin's admin signs in through the gateway's /cognito endpoint, as Amplify does: Cognito's answer. */
const adminSignIn = () => {
  const { admin, userPoolClientId } = twin();
  return cognitoCall('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: userPoolClientId,
    AuthParameters: { USERNAME: admin.email, PASSWORD: admin.password },
  });
};

describe('auth through the local gateway', () => {
  it('signs in with USER_PASSWORD_AUTH and refreshes with GetTokensFromRefreshToken (mapped for cognito-local)', async () => {
    const signedIn = await adminSignIn();
    expect(signedIn.status).toBe(200);
    const refreshToken = signedIn.body.AuthenticationResult.RefreshToken;
    expect(refreshToken).toBeTruthy();

    const refreshed = await cognitoCall('GetTokensFromRefreshToken', { ClientId: twin().userPoolClientId, RefreshToken: refreshToken });
    expect(refreshed.status).toBe(200);
    const access = refreshed.body.AuthenticationResult.AccessToken as string;
    const claims = claimsOf(access);
    expect(claims['cognito:groups']).toContain(ADMIN_GROUP);

    // The refreshed token is accepted by the API as an admin token.
    const r = await api('POST', '/api/languages', { token: access, body: { id: 'refresh-check', name: 'Refresh', flag_url: 'https://example.com/f.svg' } });
    expect(r.status).toBe(201);
    expect((await api('DELETE', '/api/languages/refresh-check', { token: access })).status).toBe(204);
  });

  it("tags every answer with a correlation id (the caller's when it sends a sane one), errors included", async () => {
    const mine = await fetch(`${twin().url}/api/languages`, { headers: { 'x-correlation-id': 'trace-123' } });
    expect(mine.headers.get('x-correlation-id')).toBe('trace-123');
    const theirs = await fetch(`${twin().url}/api/languages/no-such-language`, { headers: { 'x-correlation-id': 'bad id <script>' } });
    expect(theirs.status).toBe(404);
    expect(theirs.headers.get('x-correlation-id')).toMatch(/^[\w.-]+$/);
    expect(theirs.headers.get('x-correlation-id')).not.toContain('script');
  });

  it('accepts only access tokens: an ID token (which the authorizer would let through) gets 401', async () => {
    const { IdToken, AccessToken } = (await adminSignIn()).body.AuthenticationResult as { IdToken: string; AccessToken: string };
    expect(claimsOf(IdToken)['cognito:groups']).toContain(ADMIN_GROUP);
    expect((await api('GET', '/api/admin/users', { token: IdToken })).status).toBe(401);
    expect((await api('GET', '/api/me/profile', { token: IdToken })).status).toBe(401);
    expect((await api('GET', '/api/me/profile', { token: AccessToken })).status).toBe(200);
  });

  it('rejects a token from another user pool client or signed by someone else', async () => {
    const forged = [
      'eyJhbGciOiJSUzI1NiIsImtpZCI6IngifQ',
      Buffer.from(JSON.stringify({ sub: 'x', 'cognito:groups': [ADMIN_GROUP] })).toString('base64url'),
      'c2ln',
    ].join('.');
    expect((await api('POST', '/api/languages', { token: forged, body: {} })).status).toBe(401);
  });

  it('a wrong password is refused by Cognito', async () => {
    await expect(signIn(twin().admin.email, 'nope-nope-1')).rejects.toThrow();
  });
});

describe("the gateway's /cognito stand-in refuses what Cognito refuses", () => {
  const pool = () => ({ UserPoolId: twin().userPoolId, Username: twin().admin.email });
  /** An AWS SDK client as the functions have one: it signs every call (SigV4, the twin's dummy keys). */
  const signedClient = () =>
    new CognitoIdentityProviderClient({
      region: 'us-east-1',
      endpoint: `${twin().url}/cognito`,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  const raw = async (target: string, body: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${twin().url}/cognito`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}`, ...headers },
      body,
    });
    return { status: res.status, body: await res.json() };
  };

  it('refuses an unsigned call that Cognito authorizes with IAM only (Admin*, user lists), and answers the same call signed', async () => {
    for (const [target, body] of [
      ['AdminGetUser', pool()],
      ['AdminListGroupsForUser', pool()],
      ['AdminAddUserToGroup', { ...pool(), GroupName: ADMIN_GROUP }],
      ['AdminUserGlobalSignOut', pool()],
      ['ListUsers', { UserPoolId: twin().userPoolId }],
    ] as const) {
      const r = await cognitoCall(target, body);
      expect(r, target).toEqual({ status: 403, body: { __type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' } });
    }
    // A header that only looks like a signature is not one.
    expect((await raw('AdminGetUser', JSON.stringify(pool()), { authorization: 'Bearer x' })).status).toBe(403);

    const user = await signedClient().send(new AdminGetUserCommand(pool()));
    expect(user.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe(twin().admin.email);
    const groups = await signedClient().send(new AdminListGroupsForUserCommand({ UserPoolId: twin().userPoolId, Username: user.Username }));
    expect(groups.Groups?.map((g) => g.GroupName)).toContain(ADMIN_GROUP);
    // The browser's calls need no signature.
    expect((await adminSignIn()).status).toBe(200);
  });

  it("answers a body that is not a JSON object with Cognito's 400, never a 500", async () => {
    // The form of a SigV4 signature (the twin has no real keys to check it with): the signature is checked first, then the body.
    const signed = {
      authorization: `AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/cognito-idp/aws4_request, SignedHeaders=host;x-amz-date, Signature=${'0'.repeat(64)}`,
    };
    for (const [target, headers] of [
      ['InitiateAuth', {}],
      ['GetTokensFromRefreshToken', {}],
      ['AdminUserGlobalSignOut', signed],
      ['ListUsers', signed],
    ] as const) {
      for (const body of ['{not json', '', '[]', '"text"']) {
        const r = await raw(target, body, headers);
        expect(r.status, `${target} ${JSON.stringify(body)}`).toBe(400);
        expect(r.body.__type).toBe('SerializationException');
      }
    }
    // A refresh token that is not cognito-local's JWT is refused by Cognito, not a crash here.
    const refreshed = await cognitoCall('GetTokensFromRefreshToken', { ClientId: twin().userPoolClientId, RefreshToken: 'a.%%%.b' });
    expect(refreshed.status).toBeLessThan(500);
  });
});
