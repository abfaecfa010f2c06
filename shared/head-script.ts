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
 *    call would lose the tap's user activation and be refused), at the session's speed; a speed
 *    button there sets the session's speed, every player's rate and every speed button's
 *    aria-pressed at once (the island, when it comes, reads the same sessionStorage key);
 *  - one audio plays at a time, and a player's root says whether it plays (data-playing).
 * Plain ES5 text on purpose: it is sent as written, and its hash must match byte for byte.
 */
import { AUDIO, ROOT, SITE } from './markup.js';

export const CONSENT_ATTR = SITE.consent;
export const PROMO_DISMISSED_ATTR = SITE.promoDismissed;
/** Script runs in this browser: what only script can answer (the cookie banner) may show. */
export const JS_ATTR = SITE.js;
/** On window, with the level as `detail`, when the visitor answers the cookie banner. */
export const CONSENT_EVENT = 'pp:consent';
/** The session's playback speed (sessionStorage), read here and by the players (islands/speed.ts). */
export const SPEED_KEY = 'playbackSpeed';

const marks = `var d=document.documentElement;try{d.setAttribute('${JS_ATTR}','');if(localStorage.getItem('cookie_consent_level'))d.setAttribute('${CONSENT_ATTR}','');if(sessionStorage.getItem('hideDownloadBar')==='true')d.setAttribute('${PROMO_DISMISSED_ATTR}','')}catch(e){}`;

const { island, mounted, playing, play } = ROOT;
const { consentChoice, promoDismiss } = SITE;
const { speed } = AUDIO;
const taps = `document.addEventListener('click',function(e){var b=e.target.closest&&e.target.closest('[${play}],[${speed}],[${consentChoice}],[${promoDismiss}]');if(!b)return;var c=b.getAttribute('${consentChoice}'),v=b.getAttribute('${speed}'),r=b.closest('[${island}]'),a;try{if(c){d.setAttribute('${CONSENT_ATTR}','');localStorage.setItem('cookie_consent_level',c)}else if(b.hasAttribute('${promoDismiss}')){d.setAttribute('${PROMO_DISMISSED_ATTR}','');sessionStorage.setItem('hideDownloadBar','true')}else if(!r||r.hasAttribute('${mounted}'))return;else if(v){sessionStorage.setItem('${SPEED_KEY}',v);document.querySelectorAll('[${speed}]').forEach(function(s){s.setAttribute('aria-pressed',s.getAttribute('${speed}')===v)});document.querySelectorAll('[${island}] audio').forEach(function(o){o.playbackRate=o.defaultPlaybackRate=+v})}else if(a=r.querySelector('audio')){if(!a.paused)return a.pause();a.playbackRate=a.defaultPlaybackRate=+sessionStorage.getItem('${SPEED_KEY}')||1;a.play().catch(function(x){console.error('Audio playback failed',x)})}}catch(x){}if(c)dispatchEvent(new CustomEvent('${CONSENT_EVENT}',{detail:c}))});`;

const oneAudio = `document.addEventListener('play',function(e){document.querySelectorAll('audio').forEach(function(o){o===e.target||o.paused||o.pause()});var r=e.target.closest('[${island}]');r&&r.setAttribute('${playing}','')},true);['pause','ended'].forEach(function(t){document.addEventListener(t,function(e){var r=e.target.closest('[${island}]');r&&r.removeAttribute('${playing}')},true)});`;

export const HEAD_SCRIPT = marks + taps + oneAudio;
