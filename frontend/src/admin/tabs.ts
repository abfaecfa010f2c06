/** The admin tab route table: 8 entries, each at /admin/{tab} (Overview at /admin). */
export const ADMIN_TABS = [
  { value: 'overview', label: 'Overview', path: '/admin' },
  { value: 'languages', label: 'Languages', path: '/admin/languages' },
  { value: 'levels', label: 'Levels', path: '/admin/levels' },
  { value: 'lessons', label: 'Lessons', path: '/admin/lessons' },
  { value: 'phrases', label: 'Phrases', path: '/admin/phrases' },
  { value: 'users', label: 'Users', path: '/admin/users' },
  { value: 'blog', label: 'Blog', path: '/admin/blog' },
  { value: 'settings', label: 'Settings', path: '/admin/settings' },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]['value'];
