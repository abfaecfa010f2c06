import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminRemoveUserFromGroupCommand,
  CognitoIdentityProviderClient,
  DescribeUserPoolCommand,
  ListUsersInGroupCommand,
  UpdateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { SIGN_UP_OPEN_TEXT } from '../../functions/data/users.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser } from '../../shared/contracts/users.js';
import { adminToken, api, cognitoCall, twin, userToken, subOf, claimsOf } from './helpers.js';
import { ADMIN_GROUP } from '../../shared/product.js';

let admin: string;
let learner: string;
const groupsOf = (token: string) => (claimsOf(token)['cognito:groups'] ?? []) as string[];
const idp = () =>
  new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${twin().ports.cognito}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
/** Every user of the pool: the list answers pages ({ items, cursor }) of at most 60. */
async function users() {
  const all: AdminUser[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: AdminUser[]; cursor: string | null } = (
      await api('GET', `/api/admin/users?limit=60${cursor ? `&cursor=${cursor}` : ''}`, { token: admin })
    ).body;
    all.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return all;
}
/**
 * Opens or closes the twin's pool to self sign-up (what learnerSignUp sets on AWS), keeping its other
 * settings: UpdateUserPool resets every setting it is not given.
 */
async function setSignUp(open: boolean) {
  const { UserPool } = await idp().send(new DescribeUserPoolCommand({ UserPoolId: twin().userPoolId }));
  const { AutoVerifiedAttributes, MfaConfiguration, Policies, AccountRecoverySetting, EmailConfiguration, VerificationMessageTemplate } = UserPool ?? {};
  await idp().send(
    new UpdateUserPoolCommand({
      UserPoolId: twin().userPoolId,
      ...{ AutoVerifiedAttributes, MfaConfiguration, Policies, AccountRecoverySetting, EmailConfiguration, VerificationMessageTemplate },
      AdminCreateUserConfig: { ...UserPool?.AdminCreateUserConfig, AllowAdminCreateUserOnly: !open },
    }),
  );
}
const byEmail = async (email: string) => (await users()).find((u) => u.email === email)!;

beforeAll(async () => {
  admin = await adminToken();
  learner = await userToken('learner@parrotphrases.test');
  // A user created without a name attribute (the list falls back to the e-mail's local part).
  await idp().send(
    new AdminCreateUserCommand({
      UserPoolId: twin().userPoolId,
      Username: 'no.name@parrotphrases.test',
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'email', Value: 'no.name@parrotphrases.test' }],
    }),
  );
});

describe('users API', () => {
  it('guards every admin route: 401 without a token, 403 for a non-admin; make-admin needs a sign-in', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/users'],
      ['POST', `/api/admin/users/${subOf(learner)}/admin`],
      ['DELETE', `/api/admin/users/${subOf(admin)}/admin`],
      ['POST', '/api/admin/admins', { email: 'learner@parrotphrases.test' }],
    ];
    for (const [method, path, body] of calls) {
      expect((await api(method, path, { body })).status, `${method} ${path}`).toBe(401);
      expect((await api(method, path, { body, token: learner })).status, `${method} ${path}`).toBe(403);
    }
    expect((await api('POST', '/api/me/make-admin')).status).toBe(401);
    expect((await byEmail('learner@parrotphrases.test')).is_admin).toBe(false);
  });

  it('lists users with admin flag, name fallback and confirmation', async () => {
    const list = await users();
    const a = list.find((u) => u.email === twin().admin.email)!;
    expect(a).toMatchObject({ id: subOf(admin), is_admin: true, enabled: true, status: 'CONFIRMED' });
    expect(a.email_confirmed_at).not.toBeNull();
    expect(Date.parse(a.created_at)).not.toBeNaN();
    expect(list.find((u) => u.email === 'learner@parrotphrases.test')).toMatchObject({ id: subOf(learner), is_admin: false });
    const noName = list.find((u) => u.email === 'no.name@parrotphrases.test')!;
    expect(noName).toMatchObject({ user_metadata: { name: 'no.name' }, email_confirmed_at: null, is_admin: false });
  });

  it('grants and removes admin rights by id, but never your own', async () => {
    const sub = subOf(learner);
    expect((await api('POST', `/api/admin/users/${sub}/admin`, { token: admin })).status).toBe(204);
    expect((await byEmail('learner@parrotphrases.test')).is_admin).toBe(true);
    // A fresh sign-in carries the group, so the admin area opens.
    const promoted = await userToken('learner@parrotphrases.test');
    expect(groupsOf(promoted)).toContain(ADMIN_GROUP);
    expect((await api('GET', '/api/admin/users', { token: promoted })).status).toBe(200);

    expect((await api('DELETE', `/api/admin/users/${sub}/admin`, { token: admin })).status).toBe(204);
    expect((await byEmail('learner@parrotphrases.test')).is_admin).toBe(false);

    const self = await api('DELETE', `/api/admin/users/${subOf(admin)}/admin`, { token: admin });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot remove your own admin rights');
    expect((await byEmail(twin().admin.email)).is_admin).toBe(true);

    expect((await api('POST', '/api/admin/users/00000000-0000-0000-0000-000000000000/admin', { token: admin })).status).toBe(404);
  });

  it('grants admin rights by e-mail', async () => {
    const empty = await api('POST', '/api/admin/admins', { token: admin, body: { email: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please enter an email address');
    const unknown = await api('POST', '/api/admin/admins', { token: admin, body: { email: 'nobody@parrotphrases.test' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('User not found');

    const ok = await api('POST', '/api/admin/admins', { token: admin, body: { email: ' no.name@parrotphrases.test ' } });
    expect(ok.status).toBe(200);
    expect((await byEmail('no.name@parrotphrases.test')).is_admin).toBe(true);
    const noName = await byEmail('no.name@parrotphrases.test');
    expect((await api('DELETE', `/api/admin/users/${noName.id}/admin`, { token: admin })).status).toBe(204);
  });

  it('make-admin: refused while admins exist, a no-op for an admin, allowed to bootstrap an empty group', async () => {
    const refused = await api('POST', '/api/me/make-admin', { token: learner });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only an existing administrator can grant admin rights.');
    expect((await byEmail('learner@parrotphrases.test')).is_admin).toBe(false);

    const noop = await api('POST', '/api/me/make-admin', { token: admin });
    expect(noop.status).toBe(200);
    expect(noop.body).toEqual({ is_admin: true, changed: false });

    // Empty the admins group (a fresh pool), then the first caller may claim it.
    const pool = { UserPoolId: twin().userPoolId, GroupName: ADMIN_GROUP };
    const members = (await idp().send(new ListUsersInGroupCommand(pool))).Users ?? [];
    for (const m of members) await idp().send(new AdminRemoveUserFromGroupCommand({ ...pool, Username: m.Username! }));
    try {
      // Not while anyone may sign up (learnerSignUp): a self-registered learner would take the site.
      await setSignUp(true);
      try {
        const open = await api('POST', '/api/me/make-admin', { token: learner });
        expect(open.status).toBe(403);
        expect(open.body.message).toBe(SIGN_UP_OPEN_TEXT);
        expect(groupsOf(await userToken('learner@parrotphrases.test'))).not.toContain(ADMIN_GROUP);
      } finally {
        await setSignUp(false);
      }
      const boot = await api('POST', '/api/me/make-admin', { token: learner });
      expect(boot.status).toBe(200);
      expect(boot.body).toEqual({ is_admin: true, changed: true });
      expect(groupsOf(await userToken('learner@parrotphrases.test'))).toContain(ADMIN_GROUP);
    } finally {
      for (const m of members) await idp().send(new AdminAddUserToGroupCommand({ ...pool, Username: m.Username! }));
      await idp()
        .send(new AdminRemoveUserFromGroupCommand({ ...pool, Username: subOf(learner) }))
        .catch(() => {});
    }
  });
});

describe('admin rights follow the admins group, not the token', () => {
  /** Signs in and returns the access token and the refresh token. */
  const session = async (email: string) => {
    await userToken(email); // creates the user with the helpers' password
    const r = await cognitoCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: twin().userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: 'Learner-Passw0rd!' },
    });
    const { AuthenticationResult } = r.body as { AuthenticationResult: { AccessToken: string; RefreshToken: string } };
    return { access: AuthenticationResult.AccessToken, refresh: AuthenticationResult.RefreshToken };
  };
  const refresh = (token: string) =>
    cognitoCall('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: twin().userPoolClientId, AuthParameters: { REFRESH_TOKEN: token } });
  const promote = async (email: string) => {
    await userToken(email);
    const { id } = (await api('POST', '/api/admin/admins', { token: admin, body: { email } })).body as { id: string };
    return { id, ...(await session(email)) };
  };

  it('an admin removed through the API loses every admin route at once and is signed out everywhere', async () => {
    const revoked = await promote('revoked@parrotphrases.test');
    expect(groupsOf(revoked.access)).toContain(ADMIN_GROUP);
    expect((await api('GET', '/api/admin/users', { token: revoked.access })).status).toBe(200);
    expect((await refresh(revoked.refresh)).status).toBe(200);

    expect((await api('DELETE', `/api/admin/users/${revoked.id}/admin`, { token: admin })).status).toBe(204);
    // The token still says admin; the server asks Cognito.
    expect(groupsOf(revoked.access)).toContain(ADMIN_GROUP);
    expect((await api('GET', '/api/admin/users', { token: revoked.access })).status).toBe(403);
    expect((await api('PUT', '/api/settings', { token: revoked.access, body: { about_title: 'Taken over' } })).status).toBe(403);
    expect((await api('POST', `/api/admin/users/${revoked.id}/admin`, { token: revoked.access })).status).toBe(403);
    expect((await api('DELETE', `/api/admin/users/${subOf(admin)}/admin`, { token: revoked.access })).status).toBe(403);
    expect((await byEmail(twin().admin.email)).is_admin).toBe(true);
    expect((await byEmail('revoked@parrotphrases.test')).is_admin).toBe(false);
    // Signed out everywhere: the refresh token no longer gives tokens.
    const again = await refresh(revoked.refresh);
    expect(again.status).toBe(400);
    expect((again.body as { __type: string }).__type).toBe('NotAuthorizedException');
  });

  it('an admin removed outside the API (the Cognito console) loses admin routes within the cache time', async () => {
    const outside = await promote('outside@parrotphrases.test');
    expect((await api('GET', '/api/admin/users', { token: outside.access })).status).toBe(200);
    await idp().send(new AdminRemoveUserFromGroupCommand({ UserPoolId: twin().userPoolId, GroupName: ADMIN_GROUP, Username: outside.id }));
    // Waits for the state, not a fixed time: within functions/lib/membership.ts CACHE_MS (5 s) the token stops opening admin routes.
    await expect.poll(async () => (await api('GET', '/api/admin/users', { token: outside.access })).status, { timeout: 8_000, interval: 250 }).toBe(403);
  });

  it('two admins removing each other at the same moment leave one of them an admin', async () => {
    for (let round = 0; round < 4; round++) {
      const other = await promote('rival@parrotphrases.test');
      const [a, b] = await Promise.all([
        api('DELETE', `/api/admin/users/${other.id}/admin`, { token: admin }),
        api('DELETE', `/api/admin/users/${subOf(admin)}/admin`, { token: other.access }),
      ]);
      const admins = (await idp().send(new ListUsersInGroupCommand({ UserPoolId: twin().userPoolId, GroupName: ADMIN_GROUP }))).Users ?? [];
      expect(admins.length, `round ${round}: ${a.status} ${b.status}`).toBeGreaterThanOrEqual(1);
      expect(
        [a.status, b.status].filter((s) => s === 204),
        `round ${round}`,
      ).toHaveLength(1);
      // Put things back: the original admin stays, the rival goes.
      await idp().send(new AdminAddUserToGroupCommand({ UserPoolId: twin().userPoolId, GroupName: ADMIN_GROUP, Username: subOf(admin) }));
      await idp().send(new AdminRemoveUserFromGroupCommand({ UserPoolId: twin().userPoolId, GroupName: ADMIN_GROUP, Username: other.id }));
    }
  });

  it('two "Make Myself Admin" calls on an empty group make one admin', async () => {
    const pool = { UserPoolId: twin().userPoolId, GroupName: ADMIN_GROUP };
    const members = (await idp().send(new ListUsersInGroupCommand(pool))).Users ?? [];
    const [x, y] = await Promise.all([userToken('first@parrotphrases.test'), userToken('second@parrotphrases.test')]);
    for (const m of members) await idp().send(new AdminRemoveUserFromGroupCommand({ ...pool, Username: m.Username! }));
    try {
      const answers = await Promise.all([x, y].map((token) => api('POST', '/api/me/make-admin', { token })));
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      expect((await idp().send(new ListUsersInGroupCommand(pool))).Users ?? []).toHaveLength(1);
    } finally {
      for (const u of (await idp().send(new ListUsersInGroupCommand(pool))).Users ?? [])
        await idp().send(new AdminRemoveUserFromGroupCommand({ ...pool, Username: u.Username! }));
      for (const m of members) await idp().send(new AdminAddUserToGroupCommand({ ...pool, Username: m.Username! }));
    }
  });
});
