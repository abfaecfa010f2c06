/**
 * The one script a server-rendered page loads up front. The page is complete without JavaScript
 * (links are real links), so React and the app load and hydrate only when the visitor starts to
 * interact (pointer, touch, key, focus, wheel, scroll), or at once for the back office shell, for
 * signed-in users and for form pages (the route table's `eager`: typing must reach the app).
 * A click or form submission that comes before hydration is held and replayed on the same element
 * once the page is live, so the first tap on a button is never lost. Analytics (only with consent)
 * starts when the browser is idle, without React; until the app is here, each audio player's clock
 * already shows its file's length.
 */
import { BOOT_ELEMENT_ID, type BootData } from '@shared/render';
import { getConsent } from './analytics/consent';
import { formatTime } from './components/audio/formatTime';
import { HYDRATED_EVENT } from './ssr/hydrated';

const INTERACTIONS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'] as const;
const HELD = 'button, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="slider"], summary, label';

const root = document.getElementById('root');
const serverRendered = !!root?.hasChildNodes();
const signedIn = (() => {
  try {
    return Object.keys(localStorage).some((k) => k.startsWith('CognitoIdentityServiceProvider.') && k.endsWith('.LastAuthUser'));
  } catch {
    return false;
  }
})();

let started = false;
let held: { click?: { el: HTMLElement; event: MouseEvent }; submit?: HTMLFormElement } = {};

function hold(e: Event) {
  const target = e.target as Element | null;
  if (e.type === 'submit') {
    held = { submit: target as HTMLFormElement };
  } else {
    const el = target?.closest<HTMLElement>(HELD);
    if (!el || el.closest('a[href]')) return; // links navigate natively: a server-rendered page
    held = { click: { el, event: e as MouseEvent } };
  }
  e.preventDefault();
  e.stopPropagation();
}

function start() {
  if (started) return;
  started = true;
  INTERACTIONS.forEach((t) => window.removeEventListener(t, start, true));
  window.addEventListener(
    HYDRATED_EVENT,
    () => {
      document.removeEventListener('click', hold, true);
      document.removeEventListener('submit', hold, true);
      const { click, submit } = held;
      held = {};
      // Same element, same point (a click on the seek bar seeks where it landed).
      if (click?.el.isConnected) {
        const { clientX, clientY, screenX, screenY, button, detail } = click.event;
        click.el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window, clientX, clientY, screenX, screenY, button, detail }));
      }
      if (submit?.isConnected) submit.requestSubmit();
    },
    { once: true },
  );
  void import('./main');
}

/** Before the app is here, each player's clock shows its file's length as soon as the browser knows it. */
function showDurations() {
  document.querySelectorAll('audio').forEach((a) => {
    const show = () => {
      const el = a.parentElement?.querySelector('[data-duration]');
      if (el && Number.isFinite(a.duration)) el.textContent = formatTime(a.duration);
    };
    if (a.readyState >= 1) show();
    else a.addEventListener('loadedmetadata', show, { once: true });
  });
}

if (!serverRendered || signedIn || root?.dataset.hydrate === 'eager') start();
else {
  showDurations();
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
  INTERACTIONS.forEach((t) => window.addEventListener(t, start, { capture: true, passive: true, once: true }));
  const text = document.getElementById(BOOT_ELEMENT_ID)?.textContent;
  const whenIdle = (fn: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(fn, { timeout: 3000 }) : setTimeout(fn, 1500));
  // Analytics only runs with consent; without it, nothing more is loaded (answering the banner loads the app).
  if (text && getConsent() === 'all')
    whenIdle(() => {
      Promise.all([import('./config'), import('./analytics/client')])
        .then(([{ setConfig }, analytics]) => {
          setConfig((JSON.parse(text) as BootData).config);
          analytics.initAnalytics();
          analytics.pageView();
        })
        // A chunk that cannot load (offline, a newer deployment) costs this page view's analytics only.
        .catch((e: unknown) => console.error('Analytics could not start', e));
    });
}
