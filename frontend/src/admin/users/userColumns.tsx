/**
 * The User Management columns: e-mail, name, role (with an editor's languages), verification, dates,
 * and the row's actions (Details, Make/Remove Admin, Make Editor / Editor rights, Resend invitation
 * for someone who has not signed in yet, Remove access).
 */
import { Badge, Button, Caption1, makeStyles } from '@fluentui/react-components';
import { EditRegular, InfoRegular, MailArrowForwardRegular, PersonAddRegular, PersonDeleteRegular, PersonProhibitedRegular } from '@fluentui/react-icons';
import { PENDING_STATUS, type AdminUser } from '@shared/contracts/users';
import { useAdminLanguages } from '../../api/languages';
import { actionsColumn, type ListColumn } from '../components/AdminList';
import { displayName, formatDate } from './format';

const useStyles = makeStyles({
  action: { minHeight: '44px' },
  email: { wordBreak: 'break-all' },
  role: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '2px' },
});

export function useUserColumns(o: {
  /** The id of the user being changed: their buttons wait. */
  busy?: string;
  onDetails: (u: AdminUser) => void;
  onMakeAdmin: (u: AdminUser) => void;
  /** Remove Admin asks first. */
  onRemoveAdmin: (u: AdminUser) => void;
  onEditor: (u: AdminUser) => void;
  onResend: (u: AdminUser) => void;
  /** The signed-in admin's own id: nobody can remove their own access. */
  self?: string;
  /** Remove access asks first. */
  onRemoveAccess: (u: AdminUser) => void;
}): ListColumn<AdminUser>[] {
  const s = useStyles();
  const { busy } = o;
  // An editor's languages by name (the id until the list arrives, or for a language since deleted).
  const languages = useAdminLanguages().data;
  const nameOf = (id: string) => languages?.find((l) => l.id === id)?.name ?? id;
  return [
    { id: 'email', label: 'Email', minWidth: 220, render: (u) => <span className={s.email}>{u.email}</span> },
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
          {!u.is_admin && u.editor && <Caption1>{u.editor.languages.map(nameOf).join(', ')}</Caption1>}
        </span>
      ),
    },
    {
      id: 'verification',
      label: 'Verification',
      minWidth: 100,
      render: (u) => (
        <Badge appearance="tint" color={u.status === 'CONFIRMED' ? 'success' : 'warning'}>
          {u.status === 'CONFIRMED' ? 'Verified' : u.status === PENDING_STATUS ? 'Invited' : 'Unverified'}
        </Badge>
      ),
    },
    { id: 'confirmed', label: 'Email Confirmed', minWidth: 120, render: (u) => (u.email_confirmed_at ? formatDate(u.email_confirmed_at) : 'No') },
    { id: 'joined', label: 'Joined', minWidth: 130, render: (u) => formatDate(u.created_at) },
    actionsColumn(340, (u) => (
      <>
        <Button className={s.action} icon={<InfoRegular />} aria-label={`Details of ${u.email}`} onClick={() => o.onDetails(u)}>
          Details
        </Button>
        <Button
          className={s.action}
          icon={u.is_admin ? <PersonDeleteRegular /> : <PersonAddRegular />}
          aria-label={`${u.is_admin ? 'Remove Admin' : 'Make Admin'}: ${u.email}`}
          disabled={busy === u.id}
          onClick={() => (u.is_admin ? o.onRemoveAdmin(u) : o.onMakeAdmin(u))}
        >
          {u.is_admin ? 'Remove Admin' : 'Make Admin'}
        </Button>
        {!u.is_admin && (
          <Button
            className={s.action}
            icon={<EditRegular />}
            aria-label={`${u.editor ? 'Editor rights' : 'Make Editor'}: ${u.email}`}
            disabled={busy === u.id}
            onClick={() => o.onEditor(u)}
          >
            {u.editor ? 'Editor rights' : 'Make Editor'}
          </Button>
        )}
        {u.status === PENDING_STATUS && (
          <Button
            className={s.action}
            icon={<MailArrowForwardRegular />}
            aria-label={`Resend invitation: ${u.email}`}
            disabled={busy === u.id}
            onClick={() => o.onResend(u)}
          >
            Resend invitation
          </Button>
        )}
        {u.id !== o.self && (u.is_admin || u.editor || u.status === PENDING_STATUS) && (
          <Button
            className={s.action}
            icon={<PersonProhibitedRegular />}
            aria-label={`Remove access: ${u.email}`}
            disabled={busy === u.id}
            onClick={() => o.onRemoveAccess(u)}
          >
            Remove access
          </Button>
        )}
      </>
    )),
  ];
}
