/**
 * User Management: the pool's users a page at a time (Cognito's own order: it has no other), with a
 * search by e-mail prefix and an admins or editors filter kept in the URL (`?q=&role=admins`). 'Total
 * users' is the whole pool's count whatever the filter. Remove Admin asks first; Make Editor opens
 * the editor's rights (EditorDialog). Every change offers Undo in its toast, and the row changes in
 * place (no re-read of every page). 'Invite' adds someone by e-mail (InviteDialog); a pending invitee
 * can be sent the invitation again; 'Remove access' asks first and has no Undo.
 */
import { Body1, Button, makeStyles } from '@fluentui/react-components';
import { ArrowClockwiseRegular, PersonAddRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { PENDING_STATUS, type AdminUser } from '@shared/contracts/users';
import { useAdminUserPages, useUserTotal } from '../../api/users';
import { useAuth } from '../../auth/AuthContext';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useNotify } from '../../components/notify';
import { AdminList } from '../components/AdminList';
import { AdminSection } from '../components/AdminSection';
import { ListFilter, ListToolbar } from '../components/ListToolbar';
import { useDebounced } from '../components/useDebounced';
import { useListParams } from '../components/useListParams';
import { EditorDialog } from './EditorDialog';
import { InviteDialog } from './InviteDialog';
import { useUserColumns } from './userColumns';
import { UserDetailsDialog } from './UserDetailsDialog';
import { useUserWrites } from './useUserWrites';

const useStyles = makeStyles({
  total: { margin: 0 },
  action: { minHeight: '44px' },
});

const ROLE_FILTERS = [
  { value: 'admins', label: 'Admins only' },
  { value: 'editors', label: 'Editors only' },
] as const;

const PARAMS = ['q', 'role'] as const;

export default function ManageUsers() {
  const s = useStyles();
  const notify = useNotify();
  const [params, setParams] = useListParams(PARAMS);
  const q = useDebounced(params.q.trim().toLowerCase(), 200);
  const role = ROLE_FILTERS.find((f) => f.value === params.role)?.value ?? 'all';
  const list = useAdminUserPages({ q, role });
  const total = useUserTotal();
  const [details, setDetails] = useState<AdminUser>();
  const [toRemove, setToRemove] = useState<AdminUser>();
  const [editing, setEditing] = useState<AdminUser>();
  const [inviting, setInviting] = useState(false);
  const me = useAuth().user;
  const [toRevoke, setToRevoke] = useState<AdminUser>();
  const { busy, change, changeEditor, resend, removeAllAccess } = useUserWrites(list, () => setEditing(undefined));
  // The list shows empty on error.
  const users = list.error ? [] : list.items;

  async function refresh() {
    await Promise.all([list.reload(), total.mutate()]);
    notify('User list refreshed');
  }

  const columns = useUserColumns({
    busy,
    onDetails: setDetails,
    onMakeAdmin: (u) => void change(u, true),
    onRemoveAdmin: setToRemove,
    onEditor: setEditing,
    onResend: (u) => void resend(u),
    self: me?.sub,
    onRemoveAccess: setToRevoke,
  });

  const one = users.length === 1 && !list.hasMore;
  const noun = role === 'admins' ? (one ? 'admin' : 'admins') : role === 'editors' ? (one ? 'editor' : 'editors') : one ? 'user' : 'users';
  const shown = `${users.length}${list.hasMore ? '+' : ''} ${noun}`;
  return (
    <AdminSection
      id="manage-users"
      title="User Management"
      below={
        <>
          {total.data?.total !== undefined && (
            <Body1 as="p" block className={s.total}>
              Total users: {total.data.total}
            </Body1>
          )}
        </>
      }
      actions={
        <>
          <Button className={s.action} appearance="primary" icon={<PersonAddRegular />} onClick={() => setInviting(true)}>
            Invite
          </Button>
          <Button className={s.action} icon={<ArrowClockwiseRegular />} onClick={() => void refresh()}>
            Refresh
          </Button>
        </>
      }
    >
      <ListToolbar
        q={params.q}
        onSearch={(v) => setParams({ q: v })}
        placeholder="Search by e-mail (starts with)"
        count={list.loading ? undefined : `Showing ${shown}`}
      >
        <ListFilter label="Show" allLabel="All users" value={role === 'all' ? '' : role} onChange={(v) => setParams({ role: v })} options={ROLE_FILTERS} />
      </ListToolbar>
      <AdminList
        label="Users"
        pages={{ ...list, items: users }}
        columns={columns}
        getRowId={(u) => u.id}
        empty={q ? 'No users match your search.' : 'No users found.'}
      />
      <UserDetailsDialog user={details} onClose={() => setDetails(undefined)} />
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <ConfirmDialog
        open={!!toRevoke}
        title="Remove access?"
        text={
          toRevoke?.status === PENDING_STATUS
            ? `The invitation of ${toRevoke.email} is withdrawn: their account is deleted and the temporary password they were sent stops working.`
            : toRevoke
              ? `${toRevoke.email} loses every admin and editor right and is signed out of the back office. Their account stays, without access. This cannot be undone here: invite them again or give them rights again.`
              : ''
        }
        confirmLabel="Remove Access"
        busyLabel="Removing..."
        busy={!!toRevoke && busy === toRevoke.id}
        onConfirm={() => {
          if (toRevoke) void removeAllAccess(toRevoke).finally(() => setToRevoke(undefined));
        }}
        onCancel={() => setToRevoke(undefined)}
      />
      <EditorDialog
        user={editing}
        busy={!!editing && busy === editing.id}
        onSave={(u, grant) => void changeEditor(u, grant)}
        onRemove={(u) => void changeEditor(u, null)}
        onClose={() => setEditing(undefined)}
      />
      <ConfirmDialog
        open={!!toRemove}
        title="Remove admin rights?"
        text={
          toRemove
            ? `${toRemove.email} will no longer be an administrator and will be signed out of the back office. You can undo this from the message that follows.`
            : ''
        }
        confirmLabel="Remove Admin"
        busyLabel="Removing..."
        tone="neutral"
        busy={!!toRemove && busy === toRemove.id}
        onConfirm={() => {
          if (toRemove) void change(toRemove, false).finally(() => setToRemove(undefined));
        }}
        onCancel={() => setToRemove(undefined)}
      />
    </AdminSection>
  );
}
