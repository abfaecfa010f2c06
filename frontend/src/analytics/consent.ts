/**
 * The visitor's cookie choice (spec sections 3-4): localStorage `cookie_consent_level` = 'all' | 'essential',
 * unset until the banner is answered. Listeners hear a choice at once, so analytics can start or stop
 * without a reload; a stored choice is re-applied on load simply by being read here.
 * 'all' grants analytics, ad, personalization, functionality and security storage; 'essential' only the
 * last two. This site has no ads or personalization, so in practice the choice switches analytics.
 */
export type ConsentLevel = 'all' | 'essential';
export const CONSENT_KEY = 'cookie_consent_level';

const listeners = new Set<(level: ConsentLevel) => void>();

export function getConsent(): ConsentLevel | null {
  try {
    const v = localStorage.getItem(CONSENT_KEY);
    return v === 'all' || v === 'essential' ? v : null;
  } catch {
    return null; // storage blocked: treat as unanswered (and so: no analytics)
  }
}

export function setConsent(level: ConsentLevel) {
  try {
    localStorage.setItem(CONSENT_KEY, level);
  } catch {
    /* the choice still holds for this page view */
  }
  listeners.forEach((l) => l(level));
}

export function onConsent(fn: (level: ConsentLevel) => void) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
