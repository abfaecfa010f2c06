/** The admin tabs the signed-in user may open: all for an admin, those marked `editors` for an editor. */
import { useAuth } from '../auth/AuthContext';
import { ADMIN_TABS } from './tabs';

export function useTabs() {
  const { role } = useAuth();
  return ADMIN_TABS.filter((t) => role.role === 'admin' || t.editors);
}
