/**
 * Team invitations (docs/back-office.md "Inviting the team"). Cognito sends the mail itself
 * (AdminCreateUser with the pool's invitation template and a temporary password); the role is the
 * product's membership, the admins and editors groups (./users.ts). Cognito has no transactions, so
 * an invitation is made in an order that is all-or-nothing and safe to retry:
 *  1. the account, with no mail (SUPPRESS): a temporary password nobody knows, so nobody can use it;
 *  2. the rights (groups);
 *  3. the mail (RESEND), with a fresh temporary password: only now can the invitee sign in.
 * A failure in 2 or 3 deletes the new account; if even that fails, the account is left pending
 * and unusable, and inviting the same address again finishes it (an invitee who has not signed in
 * yet is re-invited: rights set to the new role, the mail sent again), never a 5xx for a retry.
 */
import { AdminCreateUserCommand, AdminDeleteUserCommand, AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP } from '../../shared/product.js';
import { PENDING_STATUS, USER_NOT_FOUND, type InviteInput, type Invited } from '../../shared/contracts/users.js';
import { cognitoIdp } from '../lib/clients.js';
import { config } from '../lib/config.js';
import { conflict, errorName, invalid, notFound } from '../lib/errors.js';
import { currentGroups, forgetGroups } from '../lib/membership.js';
import { removeAdmin, removeEditor, setAdmin, setEditor } from './users.js';

export const ACCOUNT_EXISTS_TEXT = 'This person already has an account. Give them rights with Make Admin or Make Editor in the list.';
export const INVITED_JUST_NOW_TEXT = 'This address was invited a moment ago. Reload the list.';
export const NOT_PENDING_TEXT = 'This person has already signed in: there is no invitation to send again.';
export const SELF_ACCESS_TEXT = 'You cannot remove your own access';

const pool = () => ({ UserPoolId: config.userPoolId });

interface PoolUser {
  sub: string;
  email: string;
  status: string;
}

/** The user whose username, sub or e-mail (the pool's sign-in attribute) this is, or undefined. */
async function findUser(username: string): Promise<PoolUser | undefined> {
  const idp = await cognitoIdp();
  try {
    const u = await idp.send(new AdminGetUserCommand({ ...pool(), Username: username }));
    const attr = (name: string) => u.UserAttributes?.find((a) => a.Name === name)?.Value;
    return { sub: attr('sub') ?? u.Username ?? username, email: attr('email') ?? '', status: u.UserStatus ?? '' };
  } catch (e) {
    if (errorName(e) === 'UserNotFoundException') return undefined;
    throw e;
  }
}

/** Step 1: the account, e-mail verified (the invitation proves it), no mail yet. Returns its sub. */
async function createSilently(email: string): Promise<string> {
  const idp = await cognitoIdp();
  try {
    const r = await idp.send(
      new AdminCreateUserCommand({
        ...pool(),
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    const sub = r.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? r.User?.Username;
    if (!sub) throw new Error('AdminCreateUser answered without the new user');
    return sub;
  } catch (e) {
    // Another admin invited the same address between our read and this call.
    if (errorName(e) === 'UsernameExistsException') throw conflict(INVITED_JUST_NOW_TEXT, 'email');
    throw e;
  }
}

/** Step 3 (and 'Resend invitation'): Cognito mails the invitation with a new temporary password. */
async function sendInvitation(email: string): Promise<void> {
  const idp = await cognitoIdp();
  await idp.send(new AdminCreateUserCommand({ ...pool(), Username: email, MessageAction: 'RESEND', DesiredDeliveryMediums: ['EMAIL'] }));
}

/** Step 2: exactly the role asked for (a re-invited pending user loses the role of the earlier invitation). */
async function grantRole(sub: string, input: InviteInput, fresh: boolean): Promise<void> {
  if (input.role === 'admin') {
    if (!fresh) await removeEditor(sub);
    return setAdmin(sub, true);
  }
  if (!fresh) await setAdmin(sub, false);
  await setEditor(sub, { languages: input.languages, publish_posts: input.publish_posts, reviews: [] });
}

export async function inviteUser(input: InviteInput): Promise<Invited> {
  const existing = await findUser(input.email);
  if (existing && existing.status !== PENDING_STATUS) throw conflict(ACCOUNT_EXISTS_TEXT, 'email');
  const sub = existing?.sub ?? (await createSilently(input.email));
  try {
    await grantRole(sub, input, !existing);
    await sendInvitation(input.email);
  } catch (e) {
    if (!existing) await deleteUser(sub).catch(() => {}); // left pending and unusable: the next invitation finishes it
    throw e;
  }
  return { id: sub, email: input.email, resent: Boolean(existing) };
}

/** 'Resend invitation': only for someone who has not signed in yet (Cognito refuses RESEND for anyone else). */
export async function resendInvitation(sub: string): Promise<{ email: string }> {
  const user = await findUser(sub);
  if (!user) throw notFound(USER_NOT_FOUND);
  if (user.status !== PENDING_STATUS) throw conflict(NOT_PENDING_TEXT);
  await sendInvitation(user.email);
  return { email: user.email };
}

/**
 * 'Remove access': takes every admin and editor right and signs them out everywhere. The account
 * of someone who has signed in is kept, enabled (as a learner's would be: the app may be theirs too,
 * and History and Activity still name them); /auth refuses it. An invitation not yet taken up is
 * withdrawn: that account is deleted, so the mailed password stops working.
 */
export async function removeAccess(callerSub: string, sub: string): Promise<{ email: string; deleted: boolean }> {
  if (sub === callerSub) throw invalid(SELF_ACCESS_TEXT);
  const user = await findUser(sub);
  if (!user) throw notFound(USER_NOT_FOUND);
  forgetGroups(sub);
  // removeAdmin keeps the last-administrator guarantee (and re-checks the caller under its lock).
  if ((await currentGroups(sub)).includes(ADMIN_GROUP)) await removeAdmin(callerSub, sub);
  await removeEditor(sub);
  const deleted = user.status === PENDING_STATUS;
  if (deleted) await deleteUser(sub);
  return { email: user.email, deleted };
}

async function deleteUser(sub: string): Promise<void> {
  const idp = await cognitoIdp();
  await idp.send(new AdminDeleteUserCommand({ ...pool(), Username: sub }));
  forgetGroups(sub);
}
