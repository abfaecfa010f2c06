/** Users and admin rights for the back office: the paged user list and the grants. */
import useSWR, { mutate } from 'swr';
import type { Page } from '@shared/contracts/paging';
import type { AdminUser, EditorGrant, InviteInput, Invited, UserListQuery } from '@shared/contracts/users';
import { apiFetch, authedFetcher } from './client';
import { queryString, refreshPaged, usePaged } from './paged';
import { api } from '@shared/urls';

export const ADMIN_USERS = api.adminUsers;
/** An e-mail prefix and all users, admins or editors only, as GET /api/admin/users takes them. */
export type UserListFilter = Partial<Pick<UserListQuery, 'q' | 'role'>>;
/** A page at a time of the pool's users (in Cognito's order), or of the admins or editors (by e-mail). */
export const useAdminUserPages = (f: UserListFilter) =>
  usePaged<AdminUser>(`${ADMIN_USERS}${queryString({ q: f.q, role: f.role === 'all' ? undefined : f.role })}`);
/** The whole pool's user count ('Total users'), whatever the list shows: one user read, the pool's count from Cognito. */
export const useUserTotal = () => useSWR<Page<AdminUser>, Error>(`${ADMIN_USERS}?limit=1`, authedFetcher);
const refreshUsers = () => Promise.all([refreshPaged(ADMIN_USERS), mutate(`${ADMIN_USERS}?limit=1`)]);

/** Grants or removes admin rights; the list on screen patches its row (usePaged's `patch`) rather than reading every page again. */
export async function setUserAdmin(sub: string, admin: boolean) {
  await apiFetch<unknown>(api.userAdmin(sub), { method: admin ? 'POST' : 'DELETE', auth: true });
}
export async function grantAdminByEmail(email: string) {
  await apiFetch<unknown>(api.admins, { method: 'POST', body: { email }, auth: true });
  await refreshUsers();
}
export const makeMeAdmin = () => apiFetch<unknown>(api.makeMeAdmin, { method: 'POST', auth: true });
/** Makes a user an editor of these languages (or changes them), or takes the rights away (`null`). */
export async function setUserEditor(sub: string, grant: EditorGrant | null) {
  const path = api.userEditor(sub);
  return grant ? apiFetch<EditorGrant>(path, { method: 'PUT', body: grant, auth: true }) : apiFetch<unknown>(path, { method: 'DELETE', auth: true });
}

/** Invites someone (Cognito mails them a temporary password); the list is read again to show them. */
export async function inviteUser(input: InviteInput) {
  const invited = await apiFetch<Invited>(api.invitations, { method: 'POST', body: input, auth: true });
  await refreshUsers();
  return invited;
}
/** Mails a pending invitee a new temporary password. */
export const resendInvitation = (sub: string) => apiFetch<unknown>(api.userInvitation(sub), { method: 'POST', auth: true });
/** Takes every right; a pending invitation is withdrawn (`deleted`). */
export const removeAccess = (sub: string) => apiFetch<{ email: string; deleted: boolean }>(api.userAccess(sub), { method: 'DELETE', auth: true });
