/**
 * The one inline script of a page, run before the body paints (the CSP allows exactly this text by
 * its hash, infra/cdk/csp.ts: change it and the hash follows). It is what a tap needs before any file
 * has arrived, so it stays a few hundred bytes:
 *  - it marks on <html> that script runs and the choices this browser has stored, so the server
 *    HTML (the same for everyone, cached by the CDN) hides the cookie banner and the promo bar for
 *    visitors who already answered, with no flash and no layout change;
 *  - the cookie banner's and the promo bar's buttons store the choice and mark <html> (CSS hides
 *    them); a consent is announced as CONSENT_EVENT (analytics/consent.ts listens to the same);
 *  - Play on a player whose island has not mounted yet starts its <audio> inside the tap (a later
 *    call would lose the tap's user activation and be refused), at the session's speed;
 *  - one audio plays at a time, and a player's root says whether it plays (data-playing).
 * Plain ES5 text on purpose: it is sent as written, and its hash must match byte for byte.
 */
export const CONSENT_ATTR = 'data-consent';
export const PROMO_DISMISSED_ATTR = 'data-promo-dismissed';
/** Script runs in this browser: what only script can answer (the cookie banner) may show. */
export const JS_ATTR = 'data-js';
/** On window, with the level as `detail`, when the visitor answers the cookie banner. */
export const CONSENT_EVENT = 'pp:consent';

const marks = `var d=document.documentElement;try{d.setAttribute('${JS_ATTR}','');if(localStorage.getItem('cookie_consent_level'))d.setAttribute('${CONSENT_ATTR}','');if(sessionStorage.getItem('hideDownloadBar')==='true')d.setAttribute('${PROMO_DISMISSED_ATTR}','')}catch(e){}`;

const taps = `document.addEventListener('click',function(e){var b=e.target.closest&&e.target.closest('[data-play],[data-consent-choice],[data-promo-dismiss]');if(!b)return;var c=b.getAttribute('data-consent-choice'),r=b.closest('[data-island]'),a;try{if(c){d.setAttribute('${CONSENT_ATTR}','');localStorage.setItem('cookie_consent_level',c)}else if(b.hasAttribute('data-promo-dismiss')){d.setAttribute('${PROMO_DISMISSED_ATTR}','');sessionStorage.setItem('hideDownloadBar','true')}else if(r&&!r.hasAttribute('data-mounted')&&(a=r.querySelector('audio'))){if(!a.paused)return a.pause();a.playbackRate=a.defaultPlaybackRate=+sessionStorage.getItem('playbackSpeed')||1;a.play().catch(function(x){console.error('Audio playback failed',x)})}}catch(x){}if(c)dispatchEvent(new CustomEvent('${CONSENT_EVENT}',{detail:c}))});`;

const oneAudio = `document.addEventListener('play',function(e){document.querySelectorAll('audio').forEach(function(o){o===e.target||o.paused||o.pause()});var r=e.target.closest('[data-island]');r&&r.setAttribute('data-playing','')},true);['pause','ended'].forEach(function(t){document.addEventListener(t,function(e){var r=e.target.closest('[data-island]');r&&r.removeAttribute('data-playing')},true)});`;

export const HEAD_SCRIPT = marks + taps + oneAudio;
