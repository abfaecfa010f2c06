/**
 * Users and admin rights live in Cognito: the user pool lists users, the `admins` group is the
 * role. Users are addressed by their `sub` (the pool's username; cognito-local's group calls need
 * it, not the e-mail).
 */
import {
  AdminAddUserToGroupCommand,
  CreateGroupCommand,
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
import { forgetGroups, forgetReviewers } from '../lib/membership.js';
import { ADMIN_GROUP } from '../../shared/product.js';
import { EDITOR_GROUP, EDITOR_POSTS_GROUP, editorLanguageGroup, isEditorGroup, reviewerLanguageGroup, roleOf } from '../../shared/roles.js';
import { cognitoIdp } from '../lib/clients.js';
import { config } from '../lib/config.js';
import { conflict, errorName, forbidden, invalid, notFound } from '../lib/errors.js';
import { ADMIN_ONLY_TEXT } from '../../shared/product.js';
import { keys } from '../lib/keys.js';
import { deleteItem, putItem } from './table.js';
import { encodeCursor, INVALID_CURSOR_TEXT, queryHash, type Page } from '../../shared/contracts/paging.js';
import { USER_NOT_FOUND, type AdminUser, type EditorGrant, type UserListQuery } from '../../shared/contracts/users.js';

export const SELF_REMOVE_TEXT = 'You cannot remove your own admin rights';
export const ONLY_ADMIN_TEXT = 'Only an existing administrator can grant admin rights.';
export const SIGN_UP_OPEN_TEXT =
  'Anyone can create an account on this site, so no account can make itself an administrator. Create the first one with npm run create-admin.';
export const BUSY_TEXT = 'Another change of admin rights is in progress. Try again in a moment.';
export const ADMIN_EDITOR_TEXT = 'An administrator can already edit every language.';
/** How long a crashed holder can keep the admin-rights lock. */
const LOCK_MS = 10_000;

const pool = () => ({ UserPoolId: config.userPoolId });
const attr = (attrs: AttributeType[] | undefined, name: string) => attrs?.find((a) => a.Name === name)?.Value;
const isMissingUser = (e: unknown) => errorName(e) === 'UserNotFoundException';

export function toAdminUser(u: UserType, admins: Set<string>, editors: Map<string, EditorGrant> = new Map()): AdminUser {
  const id = attr(u.Attributes, 'sub') ?? u.Username ?? '';
  const email = attr(u.Attributes, 'email') ?? '';
  const created = u.UserCreateDate ? new Date(u.UserCreateDate).toISOString() : '';
  return {
    id,
    email,
    // Displayed name falls back to the part of the e-mail before the @.
    user_metadata: { name: attr(u.Attributes, 'name') || email.split('@')[0] },
    // Cognito keeps no confirmation time: a verified address counts as confirmed when created.
    email_confirmed_at: attr(u.Attributes, 'email_verified') === 'true' ? created : null,
    created_at: created,
    is_admin: admins.has(id) || admins.has(u.Username ?? ''),
    editor: editors.get(id) ?? editors.get(u.Username ?? '') ?? null,
    enabled: u.Enabled !== false,
    status: u.UserStatus ?? 'UNKNOWN',
  };
}

/** Members of a group, by default the admins (paginated; `limit` reads one page of at most that many). */
async function adminMembers(limit?: number, group = ADMIN_GROUP): Promise<{ username: string; sub: string; user: UserType }[]> {
  const idp = await cognitoIdp();
  const members: { username: string; sub: string; user: UserType }[] = [];
  let NextToken: string | undefined;
  do {
    const r = await idp.send(new ListUsersInGroupCommand({ ...pool(), GroupName: group, NextToken, Limit: limit ?? 60 }));
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

/** The editor rights of those of `users` who are editors: the editors group's members, then each one's groups. */
async function editorGrants(users: readonly UserType[], editors: readonly { username: string; sub: string }[]): Promise<Map<string, EditorGrant>> {
  const isEditor = new Set(editors.flatMap((m) => [m.username, m.sub]));
  const idp = await cognitoIdp();
  const grants = new Map<string, EditorGrant>();
  await Promise.all(
    users
      .filter((u) => isEditor.has(u.Username ?? ''))
      .map(async (u) => {
        const r = await idp.send(new AdminListGroupsForUserCommand({ ...pool(), Username: u.Username }));
        const role = roleOf((r.Groups ?? []).map((g) => g.GroupName ?? ''));
        if (role.role === 'editor')
          grants.set(u.Username ?? '', { languages: [...role.languages], publish_posts: role.publish_posts, reviews: [...role.reviews] });
      }),
  );
  return grants;
}

/**
 * One page of users with the admin flag and editor rights. The whole pool comes from Cognito's ListUsers in Cognito's
 * own order (it has no other), `q` as its server-side filter `email ^= "q"`, the cursor wrapping its
 * PaginationToken; `total` is the pool's EstimatedNumberOfUsers (first page, no search). The
 * admins are read whole from the group (it is small, and the flag of every row needs it anyway),
 * filtered by the prefix, sorted by e-mail and paged by offset; `total` is then exact. So are the
 * editors (role 'editors'), whose rights are read for the rows shown.
 */
export async function pageUsers(f: UserListQuery): Promise<Page<AdminUser>> {
  const h = queryHash([f.q ?? '', f.role]);
  const c = f.cursor;
  if (c && (c.h !== h || (f.role === 'all' ? !c.t : c.o === undefined))) throw invalid(INVALID_CURSOR_TEXT, 'cursor');
  const idp = await cognitoIdp();
  const [members, editors] = await Promise.all([adminMembers(), adminMembers(undefined, EDITOR_GROUP)]);
  const admins = new Set(members.flatMap((m) => [m.username, m.sub]).filter(Boolean));
  const rows = async (users: UserType[]) => {
    const grants = await editorGrants(users, editors);
    return users.map((u) => toAdminUser(u, admins, grants));
  };

  if (f.role !== 'all') {
    const group = (f.role === 'admins' ? members : editors)
      .map((m) => m.user)
      .filter((u) => !f.q || (attr(u.Attributes, 'email') ?? '').toLowerCase().startsWith(f.q))
      .sort((a, b) => (attr(a.Attributes, 'email') ?? '').localeCompare(attr(b.Attributes, 'email') ?? ''));
    const from = c?.o ?? 0;
    const next = from + f.limit;
    return { items: await rows(group.slice(from, next)), cursor: next < group.length ? encodeCursor({ o: next, h }) : null, total: group.length };
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
    items: await rows(page.Users ?? []),
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
    forgetGroups(sub);
    forgetReviewers();
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
 * Never while the pool lets anyone register (learner sign-up: AllowAdminCreateUserOnly off, read from
 * the pool itself, not from a setting that could disagree): the first stranger to sign up would take
 * the site; there the first administrator is made with `npm run create-admin`.
 * The group membership is read from Cognito, not the token, which may predate a change; the lock
 * makes two simultaneous calls on an empty group end with one admin (the other gets 403 or 409).
 */
export async function makeSelfAdmin(sub: string): Promise<{ is_admin: true; changed: boolean }> {
  const idp = await cognitoIdp();
  const groups = await idp.send(new AdminListGroupsForUserCommand({ ...pool(), Username: sub }));
  if (groups.Groups?.some((g) => g.GroupName === ADMIN_GROUP)) return { is_admin: true, changed: false };
  const { UserPool } = await idp.send(new DescribeUserPoolCommand(pool()));
  if (UserPool?.AdminCreateUserConfig?.AllowAdminCreateUserOnly !== true) throw forbidden(SIGN_UP_OPEN_TEXT);
  return withAdminLock(async () => {
    if ((await adminIds(1)).size > 0) throw forbidden(ONLY_ADMIN_TEXT);
    await setAdmin(sub, true);
    return { is_admin: true as const, changed: true };
  });
}

/**
 * Makes `sub` an editor of exactly `grant` (or changes what they edit): the editors group, one
 * group per language (created the first time a language is given), one per language they review,
 * and `editors+posts` when they may publish posts. Cognito has no transactions, so a failure part-way puts back the groups
 * already changed: the user keeps their old rights or gets the new ones, never a mix.
 */
export async function setEditor(sub: string, grant: EditorGrant): Promise<EditorGrant> {
  const wanted = new Set([
    EDITOR_GROUP,
    ...grant.languages.map(editorLanguageGroup),
    ...grant.reviews.map(reviewerLanguageGroup),
    ...(grant.publish_posts ? [EDITOR_POSTS_GROUP] : []),
  ]);
  return withAdminLock(async () => {
    const now = await groupsOf(sub);
    if (now.includes(ADMIN_GROUP)) throw invalid(ADMIN_EDITOR_TEXT);
    await Promise.all([...wanted].filter((g) => !now.includes(g)).map(ensureGroup));
    // The editors group last: until it is there, the language groups give nothing (roleOf).
    await changeGroups(sub, {
      add: [...wanted].filter((g) => !now.includes(g)).sort((x, y) => Number(x === EDITOR_GROUP) - Number(y === EDITOR_GROUP)),
      remove: now.filter((g) => isEditorGroup(g) && !wanted.has(g)),
    });
    return grant;
  });
}

/** Takes every editor right from `sub` and signs them out everywhere, as removing an admin does. */
export async function removeEditor(sub: string): Promise<void> {
  const idp = await cognitoIdp();
  await withAdminLock(async () => {
    const now = await groupsOf(sub);
    // The editors group first: without it the rest gives nothing, whatever happens next.
    await changeGroups(sub, { add: [], remove: now.filter(isEditorGroup).sort((x, y) => Number(y === EDITOR_GROUP) - Number(x === EDITOR_GROUP)) });
  });
  await idp.send(new AdminUserGlobalSignOutCommand({ ...pool(), Username: sub }));
}

async function groupsOf(sub: string): Promise<string[]> {
  const idp = await cognitoIdp();
  try {
    const r = await idp.send(new AdminListGroupsForUserCommand({ ...pool(), Username: sub }));
    return (r.Groups ?? []).map((g) => g.GroupName ?? '');
  } catch (e) {
    if (isMissingUser(e)) throw notFound(USER_NOT_FOUND);
    throw e;
  }
}

async function ensureGroup(group: string): Promise<void> {
  const idp = await cognitoIdp();
  await idp.send(new CreateGroupCommand({ ...pool(), GroupName: group, Description: 'Editors (shared/roles.ts)' })).catch((e: unknown) => {
    if (errorName(e) !== 'GroupExistsException') throw e;
  });
}

/** Adds and removes groups one by one; if one fails, undoes those done and rethrows. */
async function changeGroups(sub: string, change: { add: string[]; remove: string[] }): Promise<void> {
  const idp = await cognitoIdp();
  const steps = [...change.add.map((g) => ({ g, add: true })), ...change.remove.map((g) => ({ g, add: false }))];
  const send = (g: string, add: boolean) =>
    idp.send(
      add
        ? new AdminAddUserToGroupCommand({ ...pool(), Username: sub, GroupName: g })
        : new AdminRemoveUserFromGroupCommand({ ...pool(), Username: sub, GroupName: g }),
    );
  const done: typeof steps = [];
  try {
    for (const s of steps) {
      await send(s.g, s.add);
      done.push(s);
    }
  } catch (e) {
    for (const s of done.reverse()) await send(s.g, !s.add).catch(() => {});
    throw e;
  } finally {
    forgetGroups(sub);
    forgetReviewers();
  }
}
