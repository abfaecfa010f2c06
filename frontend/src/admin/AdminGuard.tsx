/**
 * Guard for /admin/*: a skeleton while auth loads; signed-out visitors go to /auth (origin
 * remembered), signed-in users who are neither admin nor editor to /, each with a toast saying why.
 */
import { Skeleton, SkeletonItem, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { ADMIN_ONLY_TEXT } from '@shared/product';
import { useAuth } from '../auth/AuthContext';
import { useNotify } from '../components/notify';

const useStyles = makeStyles({ sk: { display: 'grid', gap: tokens.spacingVerticalL, padding: tokens.spacingHorizontalXL } });

export function AdminGuard({ children }: { children: ReactNode }) {
  const s = useStyles();
  const { status, role, signedOutByUser } = useAuth();
  const allowed = role.role !== 'learner';
  const notify = useNotify();
  const location = useLocation();
  useEffect(() => {
    if (status === 'signedOut' && !signedOutByUser) notify('You must be logged in to access the admin area', { intent: 'warning' });
    else if (status === 'signedIn' && !allowed) notify(ADMIN_ONLY_TEXT, { intent: 'error' });
  }, [status, allowed, signedOutByUser, notify]);

  if (status === 'loading')
    return (
      <Skeleton aria-label="Checking your access" className={s.sk}>
        <SkeletonItem size={32} />
        <SkeletonItem shape="rectangle" style={{ height: 240 }} />
      </Skeleton>
    );
  // Signing out here leads home (as the Sign Out button does); an expired or absent session to /auth.
  if (status === 'signedOut')
    return signedOutByUser ? <Navigate to="/" replace /> : <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  if (!allowed) return <Navigate to="/" replace />;
  return <>{children}</>;
}
