/**
 * Signing out from a button (back office, /profile): a toast ('Signed out', or 'Error signing out'), then the home page. The home
 * page is the server's (a full page load), so the 'Signed out' toast is handed to it (islands/toast.ts).
 * A guarded page that sees the session end on the way goes home too (AuthContext's signedOutByUser), not to /auth.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNotify } from '../components/notify';
import { flash } from '../islands/toast';
import { useAuth } from './AuthContext';
import { pages } from '@shared/urls';

export function useSignOut() {
  const { signOut } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await signOut();
      flash({ title: 'Signed out', body: "You've been signed out successfully." });
      void navigate(pages.home);
    } catch (e) {
      notify('Error signing out', { body: (e as Error).message, intent: 'error' });
    }
  }, [signOut, notify, navigate]);
}
