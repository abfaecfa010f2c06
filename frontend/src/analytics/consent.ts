/**
 * The visitor's cookie choice: localStorage `cookie_consent_level` = 'all' | 'essential',
 * unset until the banner is answered. The banner's buttons are answered by the page's inline script
 * (shared/head-script.ts), which stores the choice and announces it as CONSENT_EVENT;
 * listeners here hear it at once, so analytics can start or stop without a reload. A stored choice
 * is re-applied on load simply by being read here.
 * 'all' grants analytics, ad, personalization, functionality and security storage; 'essential' only the
 * last two. This site has no ads or personalization, so in practice the choice switches analytics.
 */
import { CONSENT_EVENT } from '@shared/head-script';

export type ConsentLevel = 'all' | 'essential';
export const CONSENT_KEY = 'cookie_consent_level';

export function getConsent(): ConsentLevel | null {
  try {
    const v = localStorage.getItem(CONSENT_KEY);
    return v === 'all' || v === 'essential' ? v : null;
  } catch {
    return null; // storage blocked: treat as unanswered (and so: no analytics)
  }
}

/** Calls `fn` with each answer the visitor gives the banner (the choice was stored before). Returns the unsubscribe. */
export function onConsent(fn: (level: ConsentLevel) => void) {
  const listener = (e: Event) => {
    const level = (e as CustomEvent<unknown>).detail;
    if (level === 'all' || level === 'essential') fn(level);
  };
  window.addEventListener(CONSENT_EVENT, listener);
  return () => window.removeEventListener(CONSENT_EVENT, listener);
}
