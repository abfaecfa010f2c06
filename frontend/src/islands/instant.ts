/**
 * The listeners of the page's first script file (the loader; the back office's app installs them
 * too), one each on the document, so they cover markup the back office renders later as well:
 * Back and 'Back to top' buttons, the header's shadow once scrolled, tabs ([role=tab] with aria-controls, arrow
 * keys), the focus into the menu when it opens, and a broken image's fallback (another src, or the
 * placeholder beside it). What a tap needs before any file arrives (Play, the cookie banner, the
 * promo bar) is in the inline head script (shared/head-script.ts).
 */
import { SITE, sel } from '@shared/markup';
function onClick(e: MouseEvent) {
  const el = (e.target as Element).closest<HTMLElement>(`${sel(SITE.back)}, ${sel(SITE.toTop)}, [role="tab"][aria-controls]`);
  if (!el) return;
  const fallback = el.getAttribute(SITE.back);
  const heading = el.getAttribute(SITE.toTop);
  if (fallback !== null) back(fallback);
  else if (heading !== null) toTop(heading);
  else selectTab(el);
}

/** Back to the previous page when it was one of ours, else to the button's fallback. */
function back(fallback: string) {
  let ours = false;
  try {
    ours = !!document.referrer && new URL(document.referrer).origin === location.origin && history.length > 1;
  } catch {
    /* an unreadable referrer: not ours */
  }
  if (ours) history.back();
  else location.assign(fallback || '/');
}

/** 'Back to top': scrolls up and puts the keyboard focus on the page's heading (its id), where the view lands. */
function toTop(headingId: string) {
  window.scrollTo({ top: 0, behavior: 'smooth' });
  document.getElementById(headingId)?.focus({ preventScroll: true });
}

function selectTab(tab: HTMLElement) {
  const list = tab.closest('[role="tablist"]');
  list?.querySelectorAll<HTMLElement>('[role="tab"]').forEach((t) => {
    const on = t === tab;
    t.setAttribute('aria-selected', String(on));
    t.tabIndex = on ? 0 : -1;
    const panel = document.getElementById(t.getAttribute('aria-controls') ?? '');
    if (panel) panel.hidden = !on;
  });
}

/** Arrow keys, Home and End move between tabs (the ARIA tabs pattern: one tab stop, selection follows focus). */
function onKey(e: KeyboardEvent) {
  const tab = (e.target as Element).closest<HTMLElement>('[role="tab"][aria-controls]');
  const tabs = [...(tab?.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
  if (!tab || !tabs.length) return;
  const i = tabs.indexOf(tab);
  const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  const next = tabs[(to + tabs.length) % tabs.length];
  selectTab(next);
  next.focus();
}

/** A broken image: its `data-fallback` src, or (empty) hidden with the placeholder after it shown. */
function fallBack(img: HTMLImageElement) {
  const to = img.getAttribute(SITE.fallback);
  if (to && !img.src.endsWith(to)) img.src = to;
  else if (!to) {
    img.hidden = true;
    const next = img.nextElementSibling as HTMLElement | null;
    if (next) next.hidden = false;
  }
}
function onError(e: Event) {
  if (e.target instanceof HTMLImageElement && e.target.hasAttribute(SITE.fallback)) fallBack(e.target);
}

/** The mobile menu (a popover) takes the focus when it opens, as a dialog does; closing returns it to its button. */
function onToggle(e: Event) {
  const el = e.target as HTMLElement;
  if (el.hasAttribute(SITE.menu) && (e as ToggleEvent).newState === 'open') el.querySelector('button')?.focus();
}

function onScroll() {
  document.querySelector(`header${sel(SITE.header)}`)?.toggleAttribute(SITE.scrolled, window.scrollY > 10);
}

let installed = false;
export function installInstant() {
  if (installed) return;
  installed = true;
  document.addEventListener('click', onClick);
  document.addEventListener('keydown', onKey);
  document.addEventListener('error', onError, true);
  document.addEventListener('toggle', onToggle, true);
  window.addEventListener('scroll', onScroll, { passive: true });
  // A page opened already scrolled (a reload, a #fragment): read once the first frame is drawn. Read
  // now, scrollY would force the page's first style and layout into this script's task, a long task
  // on a slow phone (docs/rendering.md).
  requestAnimationFrame(() => setTimeout(onScroll, 0));
  // Images that failed before this script ran (their error event is gone).
  document.querySelectorAll<HTMLImageElement>(`img${sel(SITE.fallback)}`).forEach((img) => {
    if (img.complete) img.decode().catch(() => fallBack(img));
  });
}
