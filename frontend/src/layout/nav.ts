/** The public site's main links: the header's nav and the mobile menu. */
export const NAV = [
  { to: '/', label: 'Home' },
  { to: '/languages', label: 'Languages' },
  { to: '/download', label: 'Download App' },
  { to: '/blog', label: 'Blog' },
];
