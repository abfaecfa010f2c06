import type { AdminUser } from '@shared/contracts/users';

/** The displayed name falls back to the part of the e-mail before the @ (spec section 3). */
export const displayName = (u: AdminUser) => u.user_metadata.name || u.email.split('@')[0];

export const formatDate = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '–' : d.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
};
