/**
 * The one inline script of a page, run before the body paints: it marks on <html> the choices this
 * browser has stored, so the server HTML (the same for everyone, cached by the CDN) hides the cookie
 * banner and the promo bar for visitors who already answered, with no flash and no layout change.
 * The CSP allows exactly this text by its hash (infra/csp.ts); change it and the hash follows.
 */
export const CONSENT_ATTR = 'data-consent';
export const PROMO_DISMISSED_ATTR = 'data-promo-dismissed';

export const HEAD_SCRIPT = `try{var d=document.documentElement;if(localStorage.getItem('cookie_consent_level'))d.setAttribute('${CONSENT_ATTR}','');if(sessionStorage.getItem('hideDownloadBar')==='true')d.setAttribute('${PROMO_DISMISSED_ATTR}','')}catch(e){}`;
