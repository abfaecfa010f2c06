import { describe, expect, it } from 'vitest';
import { api, cognitoCall, signIn, twin } from './helpers.js';
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
    const claims = JSON.parse(Buffer.from(access.split('.')[1], 'base64url').toString());
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
    expect(JSON.parse(Buffer.from(IdToken.split('.')[1], 'base64url').toString())['cognito:groups']).toContain(ADMIN_GROUP);
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
