/**
 * Site settings defaults, shared by the API (defaults when the row is missing or
 * unreadable) and the frontend (what to show before the settings load). No zod here: the public
 * pages read these, and the settings contract (contracts/settings.ts) is for the API and the forms.
 */
import { PRODUCT_NAME } from './product.js';
import { SETTINGS_ID } from './settings-basics.js';
import type { SiteSettings } from './contracts/settings.js';

export { BANNER_SIZES, normaliseBannerSize, SETTINGS_ID } from './settings-basics.js';
export const FALLBACK_FAVICON = '/parrot-favicon.svg';

/** Banner sizes in px: title, description, logo height. */
export const BANNER_SIZE_PX = {
  small: { title: 16, description: 13, logo: 30 },
  medium: { title: 20, description: 14, logo: 40 },
  large: { title: 24, description: 16, logo: 50 },
} as const;

export const defaultSettings = (product = PRODUCT_NAME): SiteSettings => ({
  id: SETTINGS_ID,
  about_title: '',
  about_content: '',
  who_we_are_title: '',
  who_we_are_content: '',
  how_it_works_title: '',
  how_it_works_content: '',
  app_store_link: '',
  play_store_link: '',
  app_screenshot: '',
  hero_image: '',
  facebook_link: '',
  twitter_link: '',
  instagram_link: '',
  linkedin_link: '',
  pinterest_link: '',
  logo: '',
  favicon: '',
  banner_bg_color: '#F5F3FF',
  banner_text_color: '#333333',
  banner_cta_text: 'Try the app now',
  banner_cta_color: '#FFFFFF',
  banner_cta_bg_color: '#e16b3c',
  banner_show_logo: true,
  banner_title: `Learn languages on the go with ${product}`,
  banner_description: 'Everyday phrases with native audio, offline lessons and progress tracking in our free mobile app.',
  banner_size: 'medium',
});

/** Texts shown when the about fields are empty. */
export const aboutDefaults = (product = PRODUCT_NAME) => ({
  about_title: `About ${product}`,
  about_content: `${product} helps you learn the practical phrases you need every day, with clear audio from native-like voices.`,
  who_we_are_title: 'Who We Are',
  who_we_are_content: 'We are a small team of language lovers and engineers who believe short, practical lessons beat long grammar drills.',
  how_it_works_title: 'How It Works',
  how_it_works_content: 'Pick a language and a level, open a lesson, listen to each phrase and reveal its translation when you are ready.',
});
