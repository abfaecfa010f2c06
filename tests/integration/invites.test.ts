/**
 * Inviting the team (functions/data/invites.ts) on the twin: the invitation is Cognito's mail with a
 * temporary password, delivered through the twin's SES; the invitee sets their own password at the
 * first sign-in; resend and remove access; only admins may do any of it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_EXISTS_TEXT, NOT_PENDING_TEXT, SELF_ACCESS_TEXT } from '../../functions/data/invites.js';
import { ADMIN_ONLY_TEXT } from '../../shared/product.js';
import { INVALID_EMAIL_TEXT, type AdminUser } from '../../shared/contracts/users.js';
import { OTHER_LANGUAGE_TEXT } from '../../shared/roles.js';
import { adminToken, api, cognitoCall, invalidFields, ok, twin, userToken, subOf } from './helpers.js';

let admin: string;
let learner: string;
const NEW_PASSWORD = 'My-own-Passw0rd!';
const OWN = 'invite-own';
const unique = (name: string) => `${name}-${Date.now().toString(36)}@team.test`;

interface Mail {
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
}
/** The newest invitation mailed to `email` by the twin's SES, and its temporary password. */
async function invitationTo(email: string) {
  const mails = ((await (await fetch(`http://127.0.0.1:${twin().ports.ses}/store`)).json()) as { emails: Mail[] }).emails;
  const mail = mails.filter((m) => m.destination.to.includes(email)).at(-1);
  const password = /temporary password <b>([^<]+)<\/b>/.exec(mail?.body.html ?? '')?.[1];
  return { mail, password, count: mails.filter((m) => m.destination.to.includes(email)).length };
}
const byEmail = async (email: string): Promise<AdminUser | undefined> =>
  (await api('GET', `/api/admin/users?q=${encodeURIComponent(email)}`, { token: admin })).body.items.find((u: AdminUser) => u.email === email);

/** Signs in through the gateway's /cognito as the SPA does: the challenge, or the tokens. */
const initiate = (email: string, password: string) =>
  cognitoCall('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: twin().userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } });
const answerNewPassword = (session: string, username: string, password: string) =>
  cognitoCall('RespondToAuthChallenge', {
    ClientId: twin().userPoolClientId,
    ChallengeName: 'NEW_PASSWORD_REQUIRED',
    Session: session,
    ChallengeResponses: { USERNAME: username, NEW_PASSWORD: password },
  });

const invite = (body: unknown, token = admin) => api('POST', '/api/admin/invitations', { token, body });

beforeAll(async () => {
  admin = await adminToken();
  learner = await userToken();
  // A language of this file's own: the one the invited editor is given.
  const made = await api('POST', '/api/languages', { token: admin, body: { id: OWN, name: 'Invitish', flag_url: 'https://flags.example/i.png' } });
  expect([201, 409]).toContain(made.status);
});

describe('inviting an editor', () => {
  it('mails a temporary password; the invitee sets their own and edits that language only', async () => {
    const email = unique('ed');
    const r = await invite({ email: email.toUpperCase(), role: 'editor', languages: [OWN], publish_posts: false });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ email, resent: false });

    const { mail, password } = await invitationTo(email);
    expect(mail?.subject).toBe('You are invited to the Parrot Phrases back office');
    expect(mail?.body.html).toContain(`${new URL(twin().url).port}/auth`);
    expect(password).toBeTruthy();
    expect(await byEmail(email)).toMatchObject({ status: 'FORCE_CHANGE_PASSWORD', editor: { languages: [OWN], publish_posts: false }, is_admin: false });

    // Cognito checks the temporary password before it asks for a new one.
    expect((await initiate(email, 'Wrong-Passw0rd!')).body.__type).toBe('NotAuthorizedException');
    const challenge = (await initiate(email, password!)).body;
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const username = challenge.ChallengeParameters.USER_ID_FOR_SRP;
    // Only with the session of that sign-in, and only a password the policy accepts.
    expect((await answerNewPassword('made-up-session', username, NEW_PASSWORD)).body.__type).toBe('NotAuthorizedException');
    expect((await answerNewPassword(challenge.Session, username, 'short')).body.__type).toBe('InvalidPasswordException');
    const done = await answerNewPassword(challenge.Session, username, NEW_PASSWORD);
    expect(done.status, JSON.stringify(done.body)).toBe(200);

    // The temporary password is spent; the new one signs in, as an editor of Spanish only.
    const spent = await initiate(email, password!);
    expect([spent.status, spent.body.AuthenticationResult]).toEqual([400, undefined]);
    const token = (await initiate(email, NEW_PASSWORD)).body.AuthenticationResult.AccessToken as string;
    expect((await api('GET', `/api/coverage/${OWN}`, { token })).status).toBe(200);
    const other = await api('GET', '/api/coverage/spanish', { token });
    expect([other.status, other.body.message]).toEqual([403, OTHER_LANGUAGE_TEXT]);
    expect((await byEmail(email))?.status).toBe('CONFIRMED');

    // Signed in: an invitation cannot be sent again, nor a second one made.
    const again = await invite({ email, role: 'admin' });
    expect([again.status, again.body.fields]).toEqual([409, { email: ACCOUNT_EXISTS_TEXT }]);
    const resend = await api('POST', `/api/admin/users/${r.body.id}/invitation`, { token: admin });
    expect([resend.status, resend.body.message]).toEqual([409, NOT_PENDING_TEXT]);

    // Remove access: rights gone, account kept (it has signed in).
    const removed = await ok(api('DELETE', `/api/admin/users/${r.body.id}/access`, { token: admin }));
    expect(removed.body).toEqual({ email, deleted: false });
    expect(await byEmail(email)).toMatchObject({ editor: null, is_admin: false, status: 'CONFIRMED' });
    expect((await api('GET', `/api/coverage/${OWN}`, { token })).status).toBe(403);
  });
});

describe('a pending invitation', () => {
  it('is sent again with a new password by Resend and by a second invite, which sets the new role', async () => {
    const email = unique('pending');
    const first = await ok(invite({ email, role: 'editor', languages: ['german'] }));
    const firstPassword = (await invitationTo(email)).password;

    expect((await api('POST', `/api/admin/users/${first.body.id}/invitation`, { token: admin })).status).toBe(204);
    const resent = await invitationTo(email);
    expect(resent.count).toBe(2);
    expect(resent.password).not.toBe(firstPassword);
    expect((await initiate(email, firstPassword!)).body.__type).toBe('NotAuthorizedException');

    // Inviting the same address again (a retry, or a change of mind) re-sends, with the role asked for now.
    const second = await invite({ email, role: 'admin' });
    expect([second.status, second.body]).toEqual([200, { id: first.body.id, email, resent: true }]);
    expect((await invitationTo(email)).count).toBe(3);
    expect(await byEmail(email)).toMatchObject({ is_admin: true, editor: null, status: 'FORCE_CHANGE_PASSWORD' });

    // Remove access withdraws it: the account goes, and its mailed password with it.
    const removed = await ok(api('DELETE', `/api/admin/users/${first.body.id}/access`, { token: admin }));
    expect(removed.body).toEqual({ email, deleted: true });
    expect(await byEmail(email)).toBeUndefined();
    expect((await initiate(email, (await invitationTo(email)).password!)).body.__type).toBe('NotAuthorizedException');
    // And the address can be invited afresh.
    expect((await invite({ email, role: 'editor', languages: ['spanish'] })).status).toBe(201);
  });
});

describe('refusals', () => {
  it('answers bad input with field errors, and never invites an account that exists', async () => {
    expect(await invalidFields('POST', '/api/admin/invitations', { token: admin, body: { email: 'not-an-email', role: 'admin' } })).toEqual({
      email: INVALID_EMAIL_TEXT,
    });
    expect(await invalidFields('POST', '/api/admin/invitations', { token: admin, body: { email: 'x@team.test', role: 'editor', languages: [] } })).toEqual({
      languages: 'Choose at least one language',
    });
    expect(await invalidFields('POST', '/api/admin/invitations', { token: admin, body: { email: 'x@team.test' } })).toEqual({
      role: 'Choose a role: administrator or editor',
    });
    const existing = await invite({ email: twin().admin.email, role: 'editor', languages: ['spanish'] });
    expect([existing.status, existing.body.fields]).toEqual([409, { email: ACCOUNT_EXISTS_TEXT }]);
  });

  it('lets only admins invite, resend or remove access, and nobody remove their own', async () => {
    const email = unique('refused');
    const asLearner = await invite({ email, role: 'admin' }, learner);
    expect([asLearner.status, asLearner.body.message]).toEqual([403, ADMIN_ONLY_TEXT]);
    expect(await byEmail(email)).toBeUndefined();
    const target = (await ok(invite({ email, role: 'editor', languages: ['spanish'] }))).body.id as string;
    expect((await api('POST', `/api/admin/users/${target}/invitation`, { token: learner })).status).toBe(403);
    expect((await api('DELETE', `/api/admin/users/${target}/access`, { token: learner })).status).toBe(403);
    const adminSub = subOf(admin);
    const self = await api('DELETE', `/api/admin/users/${adminSub}/access`, { token: admin });
    expect([self.status, self.body.message]).toEqual([400, SELF_ACCESS_TEXT]);
    expect((await api('DELETE', '/api/admin/users/no-such-user/access', { token: admin })).status).toBe(404);
  });
});
