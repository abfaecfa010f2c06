/**
 * Guard for /admin/*: the frame's skeleton while auth loads; signed-out visitors go to /auth (origin
 * remembered), signed-in users who are neither admin nor editor to /, each with a toast saying why.
 */
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { ADMIN_ONLY_TEXT } from '@shared/product';
import { useAuth } from '../auth/AuthContext';
import { useNotify } from '../components/notify';
import { config } from '../config';
import { AdminFrameSkeleton } from '../components/AdminFrameSkeleton';

export function AdminGuard({ children }: { children: ReactNode }) {
  const { status, role, signedOutByUser } = useAuth();
  const allowed = role.role !== 'learner';
  const notify = useNotify();
  const location = useLocation();
  useEffect(() => {
    if (status === 'signedOut' && !signedOutByUser) notify('You must be logged in to access the admin area', { intent: 'warning' });
    else if (status === 'signedIn' && !allowed) notify(ADMIN_ONLY_TEXT, { intent: 'error' });
  }, [status, allowed, signedOutByUser, notify]);

  if (status === 'loading') return <AdminFrameSkeleton productName={config().productName} />;
  // Signing out here leads home (as the Sign Out button does); an expired or absent session to /auth.
  if (status === 'signedOut')
    return signedOutByUser ? <Navigate to="/" replace /> : <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  if (!allowed) return <Navigate to="/" replace />;
  return <>{children}</>;
}
