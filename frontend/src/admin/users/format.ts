import type { AdminUser } from '@shared/contracts/users';

/** The displayed name falls back to the part of the e-mail before the @. */
/** The user's name, or their e-mail's local part when the name is empty or blank. */
export const displayName = (u: AdminUser) => u.user_metadata.name?.trim() || u.email.split('@')[0];

export const formatDate = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '–' : d.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
};
