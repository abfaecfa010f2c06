/** Details of one user: every field of the admin listing. */
import { Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import { DialogFooter } from '../../components/DialogFooter';
import type { AdminUser } from '@shared/contracts/users';
import { displayName, formatDate } from './format';

const useStyles = makeStyles({
  list: { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`, margin: 0 },
  term: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground2 },
  value: { margin: 0, wordBreak: 'break-all' },
});

export function UserDetailsDialog({ user, onClose }: { user?: AdminUser; onClose: () => void }) {
  const s = useStyles();
  const rows: [string, string][] = user
    ? [
        ['ID', user.id],
        ['Email', user.email],
        ['Name', displayName(user)],
        ['Admin', user.is_admin ? 'Yes' : 'No'],
        ['Status', user.status],
        ['Enabled', user.enabled ? 'Yes' : 'No'],
        ['Email Confirmed', user.email_confirmed_at ? formatDate(user.email_confirmed_at) : 'No'],
        ['Joined', formatDate(user.created_at)],
      ]
    : [];
  return (
    <Dialog open={!!user} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>User Details</DialogTitle>
          <DialogContent>
            <dl className={s.list}>
              {rows.map(([k, v]) => (
                <div key={k} style={{ display: 'contents' }}>
                  <dt className={s.term}>{k}</dt>
                  <dd className={s.value}>{v}</dd>
                </div>
              ))}
            </dl>
          </DialogContent>
          <DialogFooter onClose={onClose} />
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
