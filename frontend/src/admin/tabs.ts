/**
 * The admin tab route table, each at /admin/{tab} (Overview at /admin): Overview, Languages, Levels, Lessons, Phrases, Users, Blog, Settings; Coverage (what
 * is missing in a language, after Phrases), Voices and Pronunciations (how a language's text-to-speech sounds), Trash (what was deleted, restorable for 30 days) and Activity (the audit log, docs/audit.md). The shell's
 * navigation and AdminApp's screens are built from it. `editors`: the tabs an editor sees too (course
 * content, blog posts, and the Trash of their languages; shared/roles.ts); the rest is for administrators only
 * (useTabs.ts gives the signed-in user's).
 */
export const ADMIN_TABS = [
  { value: 'overview', label: 'Overview', path: '/admin', editors: true },
  { value: 'languages', label: 'Languages', path: '/admin/languages', editors: true },
  { value: 'levels', label: 'Levels', path: '/admin/levels', editors: true },
  { value: 'lessons', label: 'Lessons', path: '/admin/lessons', editors: true },
  { value: 'phrases', label: 'Phrases', path: '/admin/phrases', editors: true },
  { value: 'coverage', label: 'Coverage', path: '/admin/coverage', editors: true },
  { value: 'voices', label: 'Voices', path: '/admin/voices', editors: true },
  { value: 'pronunciations', label: 'Pronunciations', path: '/admin/pronunciations', editors: true },
  { value: 'users', label: 'Users', path: '/admin/users', editors: false },
  { value: 'blog', label: 'Blog', path: '/admin/blog', editors: true },
  { value: 'settings', label: 'Settings', path: '/admin/settings', editors: false },
  { value: 'trash', label: 'Trash', path: '/admin/trash', editors: true },
  // Drafts waiting for a reviewer's answer, and one's own requests (docs/back-office.md "Reviews").
  { value: 'reviews', label: 'Reviews', path: '/admin/reviews', editors: true },
  { value: 'activity', label: 'Activity', path: '/admin/activity', editors: false },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]['value'];
