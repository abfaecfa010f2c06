/**
 * 'Download for offline' (markup: pages/course/OfflineDownload.tsx): measures the lesson or level
 * (its pages fetched, its files' sizes asked), shows the size and waits for 'Download', stores
 * everything with a progress bar (asking the browser to keep it: persistent storage), then shows
 * 'Available offline' and 'Remove download'. The storage is offline/store.ts; the service worker
 * answers from it. Shown only where a service worker and Cache Storage exist.
 */
import { formatBytes, type DownloadKind } from '../offline/plan';
import { downloadOf, prepare, remove, save, supported, Unavailable, type Download, type Prepared } from '../offline/store';
import type { DownloadState } from '../pages/course/OfflineDownload';
import { setText, type Mount } from './dom';
import { OFFLINE, ROOT, sel } from '@shared/markup';

const message = (e: unknown) =>
  e instanceof Unavailable
    ? 'This content is not available to download.'
    : !navigator.onLine
      ? 'You are offline. Connect to the internet and try again.'
      : 'The download failed. Check your connection and try again.';

/** Free space the browser grants this site, when it says (Safari does not always). */
async function freeSpace(): Promise<number | undefined> {
  try {
    const { quota, usage } = await navigator.storage.estimate();
    return quota === undefined ? undefined : quota - (usage ?? 0);
  } catch {
    return undefined;
  }
}

export const mount: Mount = (root) => {
  if (root.hasAttribute(ROOT.mounted)) return;
  if (!supported() || !('serviceWorker' in navigator)) {
    root.hidden = true;
    return;
  }
  root.setAttribute(ROOT.mounted, '');
  const kind = (root.getAttribute(OFFLINE.kind) ?? 'lesson') as DownloadKind;
  const path = root.getAttribute(OFFLINE.path) ?? location.pathname;
  const live = root.querySelector(sel(OFFLINE.live));
  const bar = root.querySelector<HTMLProgressElement>(sel(OFFLINE.progress));
  const manage = root.querySelector<HTMLElement>(sel(OFFLINE.manage));
  const removeButton = root.querySelector<HTMLElement>(sel(OFFLINE.action, 'remove'));
  let prepared: Prepared | undefined;
  let controller: AbortController | undefined;

  const show = (state: DownloadState, announce?: string) => {
    // Keep the focus on the control that replaces the one that was pressed.
    const hadFocus = root.contains(document.activeElement) && document.activeElement !== document.body;
    root.setAttribute(OFFLINE.state, state);
    if (announce && live) live.textContent = announce;
    if (hadFocus) root.querySelector<HTMLElement>(`${sel(OFFLINE.show, state)} button, ${sel(OFFLINE.show, state)} a:not([hidden])`)?.focus();
  };

  const done = (item: Download) => {
    const own = item.path === path;
    setText(root, sel(OFFLINE.doneText), own ? formatBytes(item.bytes) : `With ${item.title} (${formatBytes(item.bytes)})`);
    if (removeButton) removeButton.hidden = !own;
    if (manage) manage.hidden = own;
  };

  const measure = async () => {
    show('measuring', 'Checking the size…');
    controller = new AbortController();
    try {
      prepared = await prepare(kind, path, location.origin, controller.signal);
      const files = prepared.files.length;
      const lessons = prepared.lessons.length;
      const what =
        kind === 'level' ? `${lessons} lesson${lessons === 1 ? '' : 's'}, ${files} file${files === 1 ? '' : 's'}` : `${files} file${files === 1 ? '' : 's'}`;
      const free = await freeSpace();
      if (free !== undefined && free < prepared.bytes) {
        setText(root, sel(OFFLINE.errorText), `Not enough space on this device: ${formatBytes(prepared.bytes)} needed, ${formatBytes(free)} free.`);
        return show('error');
      }
      const text = `About ${formatBytes(prepared.bytes)} (${what}).`;
      setText(root, sel(OFFLINE.sizeText), text);
      show('confirm', text);
    } catch (e) {
      if (controller.signal.aborted) return show('idle');
      console.error('Download could not be measured', e);
      setText(root, sel(OFFLINE.errorText), message(e));
      show('error', message(e));
    }
  };

  const start = async () => {
    if (!prepared) return void measure();
    // Asked inside the tap: Chromium grants it to an installed or often used site, Safari and Firefox may ask.
    void navigator.storage.persist().catch(() => false);
    show('downloading', 'Downloading…');
    controller = new AbortController();
    try {
      const item = await save(
        prepared,
        (got, total) => {
          const pct = total ? Math.floor((got / total) * 100) : 0;
          if (bar) bar.value = pct;
          setText(root, sel(OFFLINE.progressText), `Downloading… ${pct}% of ${formatBytes(total)}`);
        },
        controller.signal,
      );
      prepared = undefined;
      done(item);
      show('done', 'Available offline');
    } catch (e) {
      prepared = undefined;
      if (controller.signal.aborted) return show('idle', 'Download cancelled');
      console.error('Download failed', e);
      setText(root, sel(OFFLINE.errorText), message(e));
      show('error', message(e));
    }
  };

  root.addEventListener('click', (e) => {
    const action = (e.target as Element).closest(sel(OFFLINE.action))?.getAttribute(OFFLINE.action);
    if (action === 'measure') void measure();
    else if (action === 'start') void start();
    else if (action === 'cancel') {
      prepared = undefined;
      show('idle');
    } else if (action === 'abort') controller?.abort();
    else if (action === 'remove') {
      void remove(path).then(
        () => show('idle', 'Download removed'),
        (err: unknown) => console.error('Download could not be removed', err),
      );
    }
  });

  void downloadOf(path).then((item) => {
    if (item) {
      done(item);
      show('done');
    }
    root.setAttribute(ROOT.ready, '');
  });
};
