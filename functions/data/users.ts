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
  AdminUserGlobalSignOutCommand,
  DescribeUserPoolCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
  type AttributeType,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { forgetAdmin } from '../lib/admins.js';
import { ADMIN_GROUP } from '../shared/product.js';
import { cognitoIdp } from '../lib/clients.js';
import { config } from '../lib/config.js';
import { conflict, errorName, forbidden, invalid, notFound } from '../lib/errors.js';
import { ADMIN_ONLY_TEXT } from '../shared/product.js';
import { keys } from '../lib/keys.js';
import { deleteItem, putItem } from './table.js';
import { encodeCursor, INVALID_CURSOR_TEXT, queryHash, type Page } from '../shared/contracts/paging.js';
import type { AdminUser, UserListQuery } from '../shared/contracts/users.js';

export const USER_NOT_FOUND = 'User not found';
export const SELF_REMOVE_TEXT = 'You cannot remove your own admin rights';
export const ONLY_ADMIN_TEXT = 'Only an existing administrator can grant admin rights.';
export const BUSY_TEXT = 'Another change of admin rights is in progress. Try again in a moment.';
/** How long a crashed holder can keep the admin-rights lock. */
const LOCK_MS = 10_000;

const pool = () => ({ UserPoolId: config.userPoolId });
const attr = (attrs: AttributeType[] | undefined, name: string) => attrs?.find((a) => a.Name === name)?.Value;
const isMissingUser = (e: unknown) => errorName(e) === 'UserNotFoundException';

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

/** Members of the admins group (paginated; `limit` reads one page of at most that many). */
async function adminMembers(limit?: number): Promise<{ username: string; sub: string; user: UserType }[]> {
  const idp = await cognitoIdp();
  const members: { username: string; sub: string; user: UserType }[] = [];
  let NextToken: string | undefined;
  do {
    const r = await idp.send(new ListUsersInGroupCommand({ ...pool(), GroupName: ADMIN_GROUP, NextToken, Limit: limit ?? 60 }));
    for (const u of r.Users ?? []) members.push({ username: u.Username ?? '', sub: attr(u.Attributes, 'sub') ?? u.Username ?? '', user: u });
    NextToken = limit ? undefined : r.NextToken;
  } while (NextToken);
  return members;
}

/** Usernames and subs of the admins group. */
async function adminIds(limit?: number): Promise<Set<string>> {
  return new Set((await adminMembers(limit)).flatMap((m) => [m.username, m.sub]).filter(Boolean));
}

/**
 * Runs `change` while holding the admin-rights lock (a conditional item in the table, with a lease
 * so a crash cannot hold it for ever). Cognito has no transactions: without it, two admins removing
 * each other at once would both succeed and leave none, and two "Make Myself Admin" calls on an
 * empty group would make two admins.
 */
async function withAdminLock<T>(change: () => Promise<T>): Promise<T> {
  const owner = randomUUID();
  const now = Date.now();
  await putItem(
    { ...keys.adminsLock(), entity: 'lock', owner, until: now + LOCK_MS, ttl: Math.ceil((now + LOCK_MS) / 1000) + 3600 },
    {
      ConditionExpression: 'attribute_not_exists(PK) OR #until < :now',
      ExpressionAttributeNames: { '#until': 'until' },
      ExpressionAttributeValues: { ':now': now },
    },
    () => conflict(BUSY_TEXT),
  );
  try {
    return await change();
  } finally {
    await deleteItem(keys.adminsLock(), {
      ConditionExpression: '#o = :o',
      ExpressionAttributeNames: { '#o': 'owner' },
      ExpressionAttributeValues: { ':o': owner },
    }).catch(() => {}); // the lease ran out and someone else holds it now: theirs to release
  }
}

/**
 * One page of users with the admin flag. The whole pool comes from Cognito's ListUsers in Cognito's
 * own order (it has no other), `q` as its server-side filter `email ^= "q"`, the cursor wrapping its
 * PaginationToken; `total` is the pool's EstimatedNumberOfUsers (first page, no search). The
 * admins are read whole from the group (it is small, and the flag of every row needs it anyway),
 * filtered by the prefix, sorted by e-mail and paged by offset; `total` is then exact.
 */
export async function pageUsers(f: UserListQuery): Promise<Page<AdminUser>> {
  const h = queryHash([f.q ?? '', f.role]);
  const c = f.cursor;
  if (c && (c.h !== h || (f.role === 'admins' ? c.o === undefined : !c.t))) throw invalid(INVALID_CURSOR_TEXT, 'cursor');
  const idp = await cognitoIdp();
  const members = await adminMembers();
  const admins = new Set(members.flatMap((m) => [m.username, m.sub]).filter(Boolean));

  if (f.role === 'admins') {
    const all = members
      .map((m) => toAdminUser(m.user, admins))
      .filter((u) => !f.q || u.email.toLowerCase().startsWith(f.q))
      .sort((a, b) => a.email.localeCompare(b.email));
    const from = c?.o ?? 0;
    const next = from + f.limit;
    return { items: all.slice(from, next), cursor: next < all.length ? encodeCursor({ o: next, h }) : null, total: all.length };
  }

  const [page, total] = await Promise.all([
    idp
      .send(
        new ListUsersCommand({
          ...pool(),
          Limit: f.limit,
          PaginationToken: c?.t,
          ...(f.q ? { Filter: `email ^= "${f.q.replace(/["\\]/g, (ch) => `\\${ch}`)}"` } : {}),
        }),
      )
      .catch((e: unknown) => {
        // A token Cognito does not recognise (expired, or from another filter): the client's list is stale.
        if ((e as Error).name === 'InvalidParameterException' && c) throw invalid(INVALID_CURSOR_TEXT, 'cursor');
        throw e;
      }),
    !c && !f.q ? idp.send(new DescribeUserPoolCommand(pool())).then((r) => r.UserPool?.EstimatedNumberOfUsers) : undefined,
  ]);
  return {
    items: (page.Users ?? []).map((u) => toAdminUser(u, admins)),
    cursor: page.PaginationToken ? encodeCursor({ t: page.PaginationToken, h }) : null,
    ...(total !== undefined ? { total } : {}),
  };
}

export async function setAdmin(sub: string, admin: boolean): Promise<void> {
  const idp = await cognitoIdp();
  const input = { ...pool(), Username: sub, GroupName: ADMIN_GROUP };
  try {
    await idp.send(admin ? new AdminAddUserToGroupCommand(input) : new AdminRemoveUserFromGroupCommand(input));
  } catch (e) {
    if (isMissingUser(e)) throw notFound(USER_NOT_FOUND);
    throw e;
  } finally {
    forgetAdmin(sub);
  }
}

/**
 * Removes `sub` from the admins group and signs them out everywhere (their refresh tokens stop
 * working; admin routes already refuse their access token, which re-checks the group). Refused for
 * yourself; and since the caller's own rights are read again inside the lock (an admin removed a
 * moment ago cannot remove anyone), the caller is still an admin afterwards: the last administrator
 * can never be removed, even by two admins removing each other at once.
 */
export async function removeAdmin(callerSub: string, sub: string): Promise<void> {
  if (sub === callerSub) throw invalid(SELF_REMOVE_TEXT);
  await withAdminLock(async () => {
    const members = await adminMembers();
    const isMember = (id: string) => members.some((m) => m.sub === id || m.username === id);
    if (!isMember(callerSub)) throw forbidden(ADMIN_ONLY_TEXT);
    await setAdmin(sub, false);
    const idp = await cognitoIdp();
    await idp.send(new AdminUserGlobalSignOutCommand({ ...pool(), Username: sub }));
  });
}

/** Grants admin rights to the user with this e-mail (the pool's sign-in alias). */
export async function grantAdminByEmail(email: string): Promise<{ id: string; email: string }> {
  const idp = await cognitoIdp();
  let sub: string;
  try {
    const u = await idp.send(new AdminGetUserCommand({ ...pool(), Username: email }));
    // Cognito's answer types every field as optional: a user with neither is not one we can name.
    const found = attr(u.UserAttributes, 'sub') ?? u.Username;
    if (!found) throw notFound(USER_NOT_FOUND);
    sub = found;
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
 * The group membership is read from Cognito, not the token, which may predate a change; the lock
 * makes two simultaneous calls on an empty group end with one admin (the other gets 403 or 409).
 */
export async function makeSelfAdmin(sub: string): Promise<{ is_admin: true; changed: boolean }> {
  const idp = await cognitoIdp();
  const groups = await idp.send(new AdminListGroupsForUserCommand({ ...pool(), Username: sub }));
  if (groups.Groups?.some((g) => g.GroupName === ADMIN_GROUP)) return { is_admin: true, changed: false };
  return withAdminLock(async () => {
    if ((await adminIds(1)).size > 0) throw forbidden(ONLY_ADMIN_TEXT);
    await setAdmin(sub, true);
    return { is_admin: true as const, changed: true };
  });
}
