import { setText } from './dom';
import { TOAST, sel } from '@shared/markup';

/** A toast handed from the back office to the next page, which is the server's (a full page load): sessionStorage, shown once. */
const FLASH_KEY = 'pp:flash';
type Flash = { title: string; body?: string };

export function flash(message: Flash) {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(message));
  } catch {
    /* storage blocked: the message is lost, nothing else */
  }
}

/** Shows, once, a toast the previous page handed over (the loader calls it). */
export function showFlash() {
  try {
    const stored = sessionStorage.getItem(FLASH_KEY);
    if (!stored) return;
    sessionStorage.removeItem(FLASH_KEY);
    const { title, body } = JSON.parse(stored) as Flash;
    toast(title, { body });
  } catch {
    /* storage blocked or a foreign value: no toast */
  }
}

/** Shows a message in the page's toast (layout/Toast.tsx) for five seconds. */
let timer: ReturnType<typeof setTimeout> | undefined;

export function toast(title: string, opts: { body?: string; intent?: 'error' | 'info' } = {}) {
  const el = document.querySelector<HTMLElement>(sel(TOAST.toast));
  if (!el) return;
  el.setAttribute(TOAST.intent, opts.intent ?? 'info');
  setText(el, sel(TOAST.title), title);
  setText(el, sel(TOAST.body), opts.body ?? '');
  el.querySelector<HTMLElement>(sel(TOAST.body))?.toggleAttribute('hidden', !opts.body);
  el.hidden = false;
  clearTimeout(timer);
  timer = setTimeout(() => (el.hidden = true), 5000);
}
