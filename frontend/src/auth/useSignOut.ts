/**
 * Signing out from a button (back office, /profile): to the home page, then the spec's toasts. The
 * home page's module is loaded first, so the navigation commits at once: otherwise React keeps the
 * guarded page on screen while it loads, that page sees the session end and sends the visitor to /auth.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNotify } from '../components/notify';
import { loadPage, siteRoutes } from '../routes';
import { useAuth } from './AuthContext';

const home = siteRoutes.find((r) => r.path === '/')!.page;

export function useSignOut() {
  const { signOut } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await loadPage(home);
      navigate('/');
      await signOut();
      notify('Signed out', { body: "You've been signed out successfully." });
    } catch (e) {
      notify('Error signing out', { body: (e as Error).message, intent: 'error' });
    }
  }, [signOut, notify, navigate]);
}
