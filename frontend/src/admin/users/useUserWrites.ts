/**
 * The changes User Management makes to a user: admin rights and editor rights. Each patches the
 * row in place (no re-read of every page) and offers Undo in its toast.
 */
import { useState } from 'react';
import type { AdminUser, EditorGrant } from '@shared/contracts/users';
import { setUserAdmin, setUserEditor, type useAdminUserPages } from '../../api/users';
import { useNotify } from '../../components/notify';

export function useUserWrites(list: Pick<ReturnType<typeof useAdminUserPages>, 'patch'>, onEditorSaved: () => void) {
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

  return { busy, change, changeEditor };
}
