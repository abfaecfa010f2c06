/** The public site's main links: the header's nav and the mobile menu. */
import { pages } from '@shared/urls';
export const NAV = [
  { to: pages.home, label: 'Home' },
  { to: pages.languages, label: 'Languages' },
  { to: pages.download, label: 'Download App' },
  { to: pages.blog, label: 'Blog' },
];
