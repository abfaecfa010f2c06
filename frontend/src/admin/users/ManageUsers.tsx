/**
 * User Management: the pool's users a page at a time (Cognito's own order: it has no other), with a
 * search by e-mail prefix and an admins or editors filter kept in the URL (`?q=&role=admins`). 'Total
 * users' is the whole pool's count whatever the filter. Remove Admin asks first; Make Editor opens
 * the editor's rights (EditorDialog). Every change offers Undo in its toast, and the row changes in
 * place (no re-read of every page).
 */
import { Badge, Body1, Button, Caption1, makeStyles } from '@fluentui/react-components';
import { ArrowClockwiseRegular, EditRegular, InfoRegular, PersonAddRegular, PersonDeleteRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { AdminUser, EditorGrant } from '@shared/contracts/users';
import { setUserAdmin, setUserEditor, useAdminUserPages, useUserTotal } from '../../api/users';
import { EditorDialog } from './EditorDialog';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useNotify } from '../../components/notify';
import { actionsColumn, AdminList, type ListColumn } from '../components/AdminList';
import { ListFilter, ListToolbar } from '../components/ListToolbar';
import { useDebounced } from '../components/useDebounced';
import { useListParams } from '../components/useListParams';
import { UserDetailsDialog } from './UserDetailsDialog';
import { displayName, formatDate } from './format';
import { AdminSection } from '../components/AdminSection';

const useStyles = makeStyles({
  total: { margin: 0 },
  action: { minHeight: '44px' },
  email: { wordBreak: 'break-all' },
  role: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '2px' },
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
  const [busy, setBusy] = useState<string>();
  const [toRemove, setToRemove] = useState<AdminUser>();
  const [editing, setEditing] = useState<AdminUser>();
  // The list shows empty on error (spec).
  const users = list.error ? [] : list.items;

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
      setEditing(undefined);
      const undo = undoing ? undefined : { label: 'Undo', onClick: () => void changeEditor(u, u.editor, true) };
      notify(grant ? `${u.email} can now edit ${grant.languages.join(', ')}` : `${u.email} is no longer an editor`, { action: undo });
    } catch (e) {
      notify(`Failed to update editor rights: ${(e as Error).message}`, { intent: 'error' });
    } finally {
      setBusy(undefined);
    }
  }

  async function refresh() {
    await Promise.all([list.reload(), total.mutate()]);
    notify('User list refreshed');
  }

  const columns: ListColumn<AdminUser>[] = [
    { id: 'email', label: 'Email', minWidth: 300, render: (u) => <span className={s.email}>{u.email}</span> },
    { id: 'name', label: 'Name', minWidth: 120, render: (u) => displayName(u) },
    {
      id: 'admin',
      label: 'Admin',
      minWidth: 100,
      render: (u) => (
        <span className={s.role}>
          <Badge appearance={u.is_admin ? 'filled' : 'outline'} color={u.is_admin ? 'brand' : u.editor ? 'success' : 'informative'}>
            {u.is_admin ? 'Admin' : u.editor ? 'Editor' : 'User'}
          </Badge>
          {!u.is_admin && u.editor && <Caption1>{u.editor.languages.join(', ')}</Caption1>}
        </span>
      ),
    },
    {
      id: 'verification',
      label: 'Verification',
      minWidth: 100,
      render: (u) => (
        <Badge appearance="tint" color={u.status === 'CONFIRMED' ? 'success' : 'warning'}>
          {u.status === 'CONFIRMED' ? 'Verified' : 'Unverified'}
        </Badge>
      ),
    },
    { id: 'confirmed', label: 'Email Confirmed', minWidth: 120, render: (u) => (u.email_confirmed_at ? formatDate(u.email_confirmed_at) : 'No') },
    { id: 'joined', label: 'Joined', minWidth: 110, render: (u) => formatDate(u.created_at) },
    actionsColumn(400, (u) => (
      <>
        <Button className={s.action} icon={<InfoRegular />} aria-label={`Details of ${u.email}`} onClick={() => setDetails(u)}>
          Details
        </Button>
        <Button
          className={s.action}
          icon={u.is_admin ? <PersonDeleteRegular /> : <PersonAddRegular />}
          aria-label={`${u.is_admin ? 'Remove Admin' : 'Make Admin'}: ${u.email}`}
          disabled={busy === u.id}
          onClick={() => (u.is_admin ? setToRemove(u) : void change(u, true))}
        >
          {u.is_admin ? 'Remove Admin' : 'Make Admin'}
        </Button>
        {!u.is_admin && (
          <Button
            className={s.action}
            icon={<EditRegular />}
            aria-label={`${u.editor ? 'Editor rights' : 'Make Editor'}: ${u.email}`}
            disabled={busy === u.id}
            onClick={() => setEditing(u)}
          >
            {u.editor ? 'Editor rights' : 'Make Editor'}
          </Button>
        )}
      </>
    )),
  ];

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
        <Button className={s.action} icon={<ArrowClockwiseRegular />} onClick={() => void refresh()}>
          Refresh
        </Button>
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
