/**
 * Users and admin rights live in Cognito: the user pool lists users, the `admins` group is the
 * role. Users are addressed by their `sub` (the pool's username; cognito-local's group calls need
 * it, not the e-mail).
 */
import {
  AdminAddUserToGroupCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
  type AttributeType,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP } from '../lib/auth.js';
import { cognitoIdp } from '../lib/clients.js';
import { config } from '../lib/config.js';
import { HttpError, notFound } from '../lib/http.js';
import type { AdminUser } from '../shared/types.js';

export const USER_NOT_FOUND = 'User not found';
export const SELF_REMOVE_TEXT = 'You cannot remove your own admin rights';
export const ONLY_ADMIN_TEXT = 'Only an existing administrator can grant admin rights.';

const pool = () => ({ UserPoolId: config.userPoolId });
const attr = (attrs: AttributeType[] | undefined, name: string) => attrs?.find((a) => a.Name === name)?.Value;
const isMissingUser = (e: unknown) => (e as Error)?.name === 'UserNotFoundException';

export function toAdminUser(u: UserType, admins: Set<string>): AdminUser {
  const id = attr(u.Attributes, 'sub') ?? u.Username ?? '';
  const email = attr(u.Attributes, 'email') ?? '';
  const created = u.UserCreateDate ? new Date(u.UserCreateDate).toISOString() : '';
  return {
    id,
    email,
    // Displayed name falls back to the part of the e-mail before the @ (spec section 3).
    user_metadata: { name: attr(u.Attributes, 'name') || email.split('@')[0] },
    // Cognito keeps no confirmation time: a verified address counts as confirmed when created.
    email_confirmed_at: attr(u.Attributes, 'email_verified') === 'true' ? created : null,
    created_at: created,
    is_admin: admins.has(id) || admins.has(u.Username ?? ''),
    enabled: u.Enabled !== false,
    status: u.UserStatus ?? 'UNKNOWN',
  };
}

/** Usernames and subs of the admins group (paginated). */
async function adminIds(limit?: number): Promise<Set<string>> {
  const idp = await cognitoIdp();
  const ids = new Set<string>();
  let NextToken: string | undefined;
  do {
    const r = await idp.send(new ListUsersInGroupCommand({ ...pool(), GroupName: ADMIN_GROUP, NextToken, Limit: limit ?? 60 }));
    for (const u of r.Users ?? []) {
      if (u.Username) ids.add(u.Username);
      const sub = attr(u.Attributes, 'sub');
      if (sub) ids.add(sub);
    }
    NextToken = limit ? undefined : r.NextToken;
  } while (NextToken);
  return ids;
}

/** Every user of the pool, newest first, with the admin flag. */
export async function listUsers(): Promise<AdminUser[]> {
  const idp = await cognitoIdp();
  const [admins, users] = await Promise.all([
    adminIds(),
    (async () => {
      const all: UserType[] = [];
      let PaginationToken: string | undefined;
      do {
        const r = await idp.send(new ListUsersCommand({ ...pool(), PaginationToken, Limit: 60 }));
        all.push(...(r.Users ?? []));
        PaginationToken = r.PaginationToken;
      } while (PaginationToken);
      return all;
    })(),
  ]);
  return users.map((u) => toAdminUser(u, admins)).sort((a, b) => b.created_at.localeCompare(a.created_at) || a.email.localeCompare(b.email));
}

export async function setAdmin(sub: string, admin: boolean): Promise<void> {
  const idp = await cognitoIdp();
  const input = { ...pool(), Username: sub, GroupName: ADMIN_GROUP };
  try {
    await idp.send(admin ? new AdminAddUserToGroupCommand(input) : new AdminRemoveUserFromGroupCommand(input));
  } catch (e) {
    if (isMissingUser(e)) throw notFound(USER_NOT_FOUND);
    throw e;
  }
}

/** Grants admin rights to the user with this e-mail (the pool's sign-in alias). */
export async function grantAdminByEmail(email: string): Promise<{ id: string; email: string }> {
  const idp = await cognitoIdp();
  let sub: string;
  try {
    const u = await idp.send(new AdminGetUserCommand({ ...pool(), Username: email }));
    sub = attr(u.UserAttributes, 'sub') ?? u.Username!;
  } catch (e) {
    if (isMissingUser(e)) throw notFound(USER_NOT_FOUND);
    throw e;
  }
  await setAdmin(sub, true);
  return { id: sub, email };
}

/**
 * 'Make Myself Admin' (any signed-in user). Security decision: it only bootstraps. It succeeds when
 * the admins group is still empty (a fresh pool) or when the caller already is an admin (no-op);
 * otherwise 403, so a signed-in user can never promote themselves past existing administrators.
 * The group membership is read from Cognito, not the token, which may predate a change.
 */
export async function makeSelfAdmin(sub: string): Promise<{ is_admin: true; changed: boolean }> {
  const idp = await cognitoIdp();
  const groups = await idp.send(new AdminListGroupsForUserCommand({ ...pool(), Username: sub }));
  if (groups.Groups?.some((g) => g.GroupName === ADMIN_GROUP)) return { is_admin: true, changed: false };
  if ((await adminIds(1)).size > 0) throw new HttpError(403, ONLY_ADMIN_TEXT);
  await setAdmin(sub, true);
  return { is_admin: true, changed: true };
}
