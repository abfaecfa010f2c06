/**
 * The admin tab route table, each at /admin/{tab} (Overview at /admin): the spec's 8 tabs, Coverage (what
 * is missing in a language, after Phrases), Trash (what was deleted, restorable for 30 days) and Activity (the audit log, docs/audit.md). The shell's
 * navigation and AdminApp's screens are built from it.
 */
export const ADMIN_TABS = [
  { value: 'overview', label: 'Overview', path: '/admin' },
  { value: 'languages', label: 'Languages', path: '/admin/languages' },
  { value: 'levels', label: 'Levels', path: '/admin/levels' },
  { value: 'lessons', label: 'Lessons', path: '/admin/lessons' },
  { value: 'phrases', label: 'Phrases', path: '/admin/phrases' },
  { value: 'coverage', label: 'Coverage', path: '/admin/coverage' },
  { value: 'users', label: 'Users', path: '/admin/users' },
  { value: 'blog', label: 'Blog', path: '/admin/blog' },
  { value: 'settings', label: 'Settings', path: '/admin/settings' },
  { value: 'trash', label: 'Trash', path: '/admin/trash' },
  { value: 'activity', label: 'Activity', path: '/admin/activity' },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]['value'];
