/**
 * The changes User Management makes to a user: admin rights and editor rights. Each patches the
 * row in place (no re-read of every page) and offers Undo in its toast. Resending an invitation
 * changes no row; removing access takes every right (a withdrawn invitation's row goes: the list is read again).
 */
import { useState } from 'react';
import type { AdminUser, EditorGrant } from '@shared/contracts/users';
import { removeAccess, resendInvitation, setUserAdmin, setUserEditor, type useAdminUserPages } from '../../api/users';
import { useNotify } from '../../components/notify';

export function useUserWrites(list: Pick<ReturnType<typeof useAdminUserPages>, 'patch' | 'reload'>, onEditorSaved: () => void) {
  const notify = useNotify();
  // The id of the user being changed.
  const [busy, setBusy] = useState<string>();

  /** Grants or removes the rights, patches the row, and offers to undo it (`undoing`: this is the undo). */
  async function change(u: AdminUser, admin: boolean, undoing = false) {
    setBusy(u.id);
    try {
      await setUserAdmin(u.id, admin);
      list.patch((x) => (x.id === u.id ? { ...x, is_admin: admin } : x));
      const undo = undoing ? undefined : { label: 'Undo', onClick: () => void change(u, !admin, true) };
      notify(admin ? `User ${u.email} has been granted admin privileges` : 'Admin privileges removed', { action: undo });
    } catch (e) {
      notify(admin ? `Failed to update user: ${(e as Error).message}` : `Failed to remove admin: ${(e as Error).message}`, { intent: 'error' });
    } finally {
      setBusy(undefined);
    }
  }

  /** Gives, changes or (null) takes editor rights, patches the row, and offers to undo it. */
  async function changeEditor(u: AdminUser, grant: EditorGrant | null, undoing = false) {
    setBusy(u.id);
    try {
      await setUserEditor(u.id, grant);
      list.patch((x) => (x.id === u.id ? { ...x, editor: grant } : x));
      onEditorSaved();
      const undo = undoing ? undefined : { label: 'Undo', onClick: () => void changeEditor(u, u.editor, true) };
      notify(grant ? `${u.email} can now edit ${grant.languages.join(', ')}` : `${u.email} is no longer an editor`, { action: undo });
    } catch (e) {
      notify(`Failed to update editor rights: ${(e as Error).message}`, { intent: 'error' });
    } finally {
      setBusy(undefined);
    }
  }

  /** Runs one write of `u` with their buttons waiting; a failure is toasted as `failed`. */
  async function write(u: AdminUser, failed: string, work: () => Promise<void>) {
    setBusy(u.id);
    try {
      await work();
    } catch (e) {
      notify(failed, { body: (e as Error).message, intent: 'error' });
    } finally {
      setBusy(undefined);
    }
  }

  const resend = (u: AdminUser) =>
    write(u, 'Failed to send the invitation again', async () => {
      await resendInvitation(u.id);
      notify(`Invitation sent again to ${u.email}`, { body: 'It has a new temporary password; the one sent before no longer works.' });
    });

  const removeAllAccess = (u: AdminUser) =>
    write(u, 'Failed to remove access', async () => {
      const r = await removeAccess(u.id);
      if (r.deleted) await list.reload();
      else list.patch((x) => (x.id === u.id ? { ...x, is_admin: false, editor: null } : x));
      notify(r.deleted ? `The invitation of ${u.email} was withdrawn` : `${u.email} no longer has access to the back office`);
    });

  return { busy, change, changeEditor, resend, removeAllAccess };
}
