/** User Management: the Cognito users with their admin flag; Details, Make Admin and Remove Admin per row. */
import {
  Badge,
  Body1,
  Button,
  Caption1,
  Card,
  makeStyles,
  Skeleton,
  SkeletonItem,
  Subtitle1,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular, InfoRegular, PersonAddRegular, PersonDeleteRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { AdminUser } from '@shared/types';
import { setUserAdmin, useAdminUsers } from '../../api/siteAdmin';
import { useNotify } from '../../components/notify';
import { PageState } from '../../components/PageState';
import { UserDetailsDialog } from './UserDetailsDialog';
import { displayName, formatDate } from './format';
import { useNarrow } from '../components/useNarrow';

const useStyles = makeStyles({
  bar: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalL },
  scroll: { overflowX: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  table: { minWidth: '1000px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  email: { wordBreak: 'break-all' },
  cards: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalM },
  meta: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap', color: tokens.colorNeutralForeground2 },
});

const COLUMNS = [
  ['Email', '22%'],
  ['Name', '11%'],
  ['Admin', '8%'],
  ['Verification', '10%'],
  ['Email Confirmed', '12%'],
  ['Joined', '11%'],
  ['Actions', '26%'],
] as const;

export default function ManageUsers() {
  const s = useStyles();
  const notify = useNotify();
  const { data, error, isLoading, mutate } = useAdminUsers();
  const [details, setDetails] = useState<AdminUser>();
  const [busy, setBusy] = useState<string>();
  // The list shows empty on error (spec).
  const users = error ? [] : (data ?? []);
  const narrow = useNarrow();

  const adminBadge = (u: AdminUser) => (
    <Badge appearance={u.is_admin ? 'filled' : 'outline'} color={u.is_admin ? 'brand' : 'informative'}>
      {u.is_admin ? 'Admin' : 'User'}
    </Badge>
  );
  const verification = (u: AdminUser) => (
    <Badge appearance="tint" color={u.status === 'CONFIRMED' ? 'success' : 'warning'}>
      {u.status === 'CONFIRMED' ? 'Verified' : 'Unverified'}
    </Badge>
  );
  const actions = (u: AdminUser) => (
    <div className={s.actions}>
      <Button size="small" icon={<InfoRegular />} aria-label={`Details of ${u.email}`} onClick={() => setDetails(u)}>
        Details
      </Button>
      <Button
        size="small"
        icon={u.is_admin ? <PersonDeleteRegular /> : <PersonAddRegular />}
        aria-label={`${u.is_admin ? 'Remove Admin' : 'Make Admin'}: ${u.email}`}
        disabled={busy === u.id}
        onClick={() => toggleAdmin(u)}
      >
        {u.is_admin ? 'Remove Admin' : 'Make Admin'}
      </Button>
    </div>
  );

  async function refresh() {
    await mutate();
    notify('User list refreshed');
  }

  async function toggleAdmin(u: AdminUser) {
    setBusy(u.id);
    try {
      await setUserAdmin(u.id, !u.is_admin);
      notify(u.is_admin ? 'Admin privileges removed' : `User ${u.email} has been granted admin privileges`);
    } catch (e) {
      notify(u.is_admin ? `Failed to remove admin: ${(e as Error).message}` : `Failed to update user: ${(e as Error).message}`, { intent: 'error' });
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <section aria-labelledby="manage-users">
      <div className={s.bar}>
        <div>
          <Subtitle1 as="h2" block id="manage-users">
            User Management
          </Subtitle1>
          {!isLoading && (
            <Body1 as="p" block style={{ margin: 0 }}>
              Total users: {users.length}
            </Body1>
          )}
        </div>
        <Button icon={<ArrowClockwiseRegular />} onClick={refresh}>
          Refresh
        </Button>
      </div>
      {isLoading ? (
        <Skeleton aria-label="Loading users">
          {Array.from({ length: 4 }, (_, i) => (
            <SkeletonItem key={i} size={32} style={{ marginBottom: 8 }} />
          ))}
        </Skeleton>
      ) : !users.length ? (
        <PageState text="No users found." />
      ) : narrow ? (
        <ul className={s.cards} aria-label="Users">
          {users.map((u) => (
            <li key={u.id}>
              <Card className={s.card}>
                <Text weight="semibold" className={s.email}>
                  {u.email}
                </Text>
                <div className={s.meta}>
                  <span>{displayName(u)}</span>
                  {adminBadge(u)}
                  {verification(u)}
                </div>
                <Caption1>
                  Joined {formatDate(u.created_at)} · Email confirmed {u.email_confirmed_at ? formatDate(u.email_confirmed_at) : 'No'}
                </Caption1>
                {actions(u)}
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <div className={s.scroll} role="region" aria-label="Users table" tabIndex={0}>
          <Table className={s.table} aria-label="Users">
            <TableHeader>
              <TableRow>
                {COLUMNS.map(([h, width]) => (
                  <TableHeaderCell key={h} style={{ width }}>
                    {h}
                  </TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {users.map((u) => (
                <TableRow key={u.id}>
                  <TableCell className={s.email}>{u.email}</TableCell>
                  <TableCell>{displayName(u)}</TableCell>
                  <TableCell>{adminBadge(u)}</TableCell>
                  <TableCell>{verification(u)}</TableCell>
                  <TableCell>{u.email_confirmed_at ? formatDate(u.email_confirmed_at) : 'No'}</TableCell>
                  <TableCell>{formatDate(u.created_at)}</TableCell>
                  <TableCell>{actions(u)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <UserDetailsDialog user={details} onClose={() => setDetails(undefined)} />
    </section>
  );
}
