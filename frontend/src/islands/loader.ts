/**
 * The one script of a public page (the back office has its own entry, main.tsx). The page is
 * static HTML that works without script: translations and the menu are native disclosures, the
 * players hold real <audio> elements, the support form posts. This script first installs the few
 * listeners a tap needs at once (instant.ts), then, once the page has loaded and the browser is
 * idle, brings in the islands the page holds, each root by its module. An island that fails to
 * load costs its own roots only. Nothing is held or replayed.
 */
import { BOOT_ELEMENT_ID, type BootData } from '@shared/render';
import { getConsent, onConsent } from '../analytics/consent';
import { setConfig } from '../config';
import { SW_PATH } from '../offline/paths';
import { nextTask, type Mount } from './dom';
import { installInstant } from './instant';
import { followPhraseLinks } from './phrase-link';
import { showAdminLinks, signedIn } from './visitor';
import { showFlash } from './toast';
import { hasTakes } from '../practice/takes-flag';
import { ROOT, SITE, sel } from '@shared/markup';

type Island = () => Promise<{ mount: Mount }>;
/** Every island a public page can hold, by the name its root carries in `data-island`. */
const ISLANDS: Partial<Record<string, Island>> = {
  audio: () => import('./audio'),
  support: () => import('./support'),
  learner: () => import('./learner'),
  // The practice page and /review only: nothing of practice loads on the other pages.
  practice: () => import('../practice/island'),
  // 'Download for offline' (lesson and level pages) and the downloads list (/offline).
  offline: () => import('./offline'),
  downloads: () => import('./downloads'),
  // 'Share' on a lesson's phrase rows (a <template> root).
  share: () => import('./share'),
};

/**
 * Islands loaded on first use, not at idle: a focus or a tap inside their root imports the island
 * and mounts the root, and a tap that came before the island was there is given to it again (once).
 * The search box is in every page's header, and its island reads the search indexes as it starts;
 * 'Record' (the recorder) loads at idle too on a device that keeps takes, so they show with their phrases.
 */
const ON_USE: Partial<Record<string, { load: Island; atIdle?: () => boolean }>> = {
  search: { load: () => import('./search') },
  recorder: { load: () => import('./recorder'), atIdle: hasTakes },
};
const mounting = new Map<HTMLElement, Promise<void>>();
const replaying = new Set<HTMLElement>();

/** Mounts an on-use island's root once, however many uses (or the idle load) ask for it. */
function mountOnUse(root: HTMLElement, load: Island) {
  let mounted = mounting.get(root);
  if (!mounted) {
    mounted = load().then(({ mount }) => mount(root));
    mounting.set(root, mounted);
    mounted.catch((e: unknown) => {
      mounting.delete(root);
      console.error('An island could not load', e);
    });
  }
  return mounted;
}

/** A focus or a tap (`e`: the event, or the focus already there when this script ran). */
function onUse(e: Pick<Event, 'target' | 'type'>) {
  const target = e.target instanceof Element ? e.target : null;
  const root = target?.closest<HTMLElement>(sel(ROOT.island));
  const island = ON_USE[root?.getAttribute(ROOT.island) ?? ''];
  if (!target || !root || !island || root.hasAttribute(ROOT.mounted)) return;
  const mounted = mountOnUse(root, island.load);
  const button = e.type === 'click' ? target.closest('button') : null;
  if (!button || replaying.has(root)) return;
  replaying.add(root);
  mounted.then(
    () => {
      replaying.delete(root);
      button.click();
    },
    () => replaying.delete(root),
  );
}

installInstant();
document.addEventListener('focusin', onUse);
document.addEventListener('click', onUse);
// Focused before this script ran (a fast visitor): that was a first use too.
if (document.activeElement) onUse({ target: document.activeElement, type: 'focusin' });
followPhraseLinks();
const boot = document.getElementById(BOOT_ELEMENT_ID)?.textContent;
if (boot) setConfig((JSON.parse(boot) as BootData).config);

/**
 * Each island's module is asked for in a task of its own (they still download side by side), and
 * each root is mounted in a task of its own once its module is there: the imports, a module's
 * evaluation and its roots' start-up are never one long task on a slow phone (docs/rendering.md).
 */
async function mountIslands() {
  const roots = new Map<string, HTMLElement[]>();
  document.querySelectorAll<HTMLElement>(`[${ROOT.island}]`).forEach((el) => {
    const name = el.getAttribute(ROOT.island) ?? '';
    roots.set(name, [...(roots.get(name) ?? []), el]);
  });
  for (const [name, els] of roots) {
    const onUseIsland = ON_USE[name];
    if (onUseIsland?.atIdle?.()) els.forEach((el) => void mountOnUse(el, onUseIsland.load));
    const load = ISLANDS[name];
    // Learner controls exist for signed-in visitors only.
    if (!load || (name === 'learner' && !signedIn())) continue;
    load()
      .then(async ({ mount }) => {
        for (const el of els) {
          await nextTask();
          mount(el);
        }
      })
      .catch((e: unknown) => console.error(`The ${name} island could not load`, e));
    await nextTask(); // the next island's import (its preload links) in a task of its own
  }
}

/** Analytics (consent 'all' only), started now or when the visitor accepts. */
function startAnalytics() {
  import('../analytics/client')
    .then((a) => {
      a.initAnalytics();
      a.pageView();
    })
    .catch((e: unknown) => console.error('Analytics could not start', e));
}

/** The settings' favicon, or the parrot when that image cannot load. */
function checkFavicon() {
  const link = document.querySelector<HTMLLinkElement>(`link[rel="icon"]${sel(SITE.fallback)}`);
  if (!link) return;
  const probe = new Image();
  probe.onerror = () => {
    link.removeAttribute('type');
    link.href = link.getAttribute(SITE.fallback) ?? '';
  };
  probe.src = link.href;
}

/** Dates shown as the visitor's day (the server wrote its own, UTC). */
function localDates() {
  document.querySelectorAll(sel(SITE.localDate)).forEach((el) => {
    el.textContent = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
  });
}

/** The service worker (offline lessons, docs/offline.md): registered at idle, so it never delays the page. */
function registerWorker() {
  navigator.serviceWorker.register(SW_PATH, { updateViaCache: 'none' }).catch((e: unknown) => console.error('The service worker could not start', e));
}

/** What waits for idle, one step per task (none of them is needed for the first tap). */
const IDLE_STEPS: (() => unknown)[] = [
  mountIslands,
  () => {
    if ('serviceWorker' in navigator) registerWorker();
  },
  showFlash,
  checkFavicon,
  localDates,
  () => {
    if (getConsent() === 'all') return startAnalytics();
    const stop = onConsent((level) => {
      stop();
      if (level === 'all') startAnalytics();
    });
  },
  () => {
    if (signedIn()) showAdminLinks();
  },
];

async function idle() {
  for (const step of IDLE_STEPS) {
    await step();
    await nextTask();
  }
}

const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(() => void idle(), { timeout: 2000 }) : setTimeout(() => void idle(), 200));
if (document.readyState === 'complete') whenIdle();
else window.addEventListener('load', whenIdle, { once: true });
