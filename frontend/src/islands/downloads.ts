/**
 * The /offline page's list (markup: pages/OfflinePage.tsx): every download of this device with its
 * size, its lessons and 'Remove download', the notes of downloads the site withdrew, and the
 * storage used. Shown by the service worker for a page that is not downloaded when there is no
 * connection: then the banner says so.
 */
import { formatBytes } from '../offline/plan';
import { OFFLINE_PATH } from '../offline/paths';
import { clearNotes, listDownloads, removalNotes, remove, supported, type Download } from '../offline/store';
import { setText, type Mount } from './dom';
import { DOWNLOADS, ROOT, sel } from '@shared/markup';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

function row(template: HTMLTemplateElement, item: Download, onRemove: () => void) {
  const li = template.content.firstElementChild?.cloneNode(true) as HTMLElement;
  const link = li.querySelector<HTMLAnchorElement>(sel(DOWNLOADS.title));
  if (link) {
    link.href = item.path;
    link.textContent = item.title;
  }
  setText(
    li,
    sel(DOWNLOADS.context),
    item.kind === 'level' ? `${item.context} · level, ${item.lessons.length} lesson${item.lessons.length === 1 ? '' : 's'}` : item.context,
  );
  setText(li, sel(DOWNLOADS.meta), `${formatBytes(item.bytes)} · downloaded ${day(item.saved_at)}`);
  const lessons = li.querySelector<HTMLElement>(sel(DOWNLOADS.lessons));
  if (lessons && item.kind === 'level') {
    for (const l of item.lessons) {
      const a = document.createElement('a');
      a.href = l.path;
      a.textContent = l.title;
      const entry = document.createElement('li');
      entry.append(a);
      lessons.append(entry);
    }
    lessons.hidden = item.lessons.length === 0;
  }
  const button = li.querySelector<HTMLButtonElement>(sel(DOWNLOADS.remove));
  if (button) {
    button.setAttribute('aria-label', `Remove download: ${item.title}`);
    button.addEventListener('click', () => {
      button.disabled = true;
      remove(item.path).then(onRemove, (e: unknown) => {
        button.disabled = false;
        console.error('Download could not be removed', e);
      });
    });
  }
  return li;
}

export const mount: Mount = (root) => {
  if (root.hasAttribute(ROOT.mounted)) return;
  root.setAttribute(ROOT.mounted, '');
  // Shown in place of a page that is not downloaded, with no connection.
  const banner = document.querySelector<HTMLElement>(sel(DOWNLOADS.banner));
  if (banner) banner.hidden = location.pathname === OFFLINE_PATH;
  const list = root.querySelector<HTMLElement>(sel(DOWNLOADS.list));
  const empty = root.querySelector<HTMLElement>(sel(DOWNLOADS.empty));
  const notes = root.querySelector<HTMLElement>(sel(DOWNLOADS.notes));
  const template = root.querySelector<HTMLTemplateElement>(`template${sel(DOWNLOADS.row)}`);
  if (!list || !empty || !template || !supported()) return;

  const render = async () => {
    const items = await listDownloads();
    list.replaceChildren(...items.map((item) => row(template, item, () => void render())));
    empty.hidden = items.length > 0;
    const total = items.reduce((n, i) => n + i.bytes, 0);
    let persisted = false;
    try {
      persisted = await navigator.storage.persisted();
    } catch {
      /* not told */
    }
    setText(
      root,
      sel(DOWNLOADS.storage),
      items.length ? `${formatBytes(total)} on this device.${persisted ? '' : ' Your browser may remove downloads when it runs short of space.'}` : '',
    );
  };

  void removalNotes().then((gone) => {
    if (!notes || !gone.length) return;
    notes.textContent = `No longer available, so removed from this device: ${gone.map((n) => n.title).join(', ')}.`;
    notes.hidden = false;
    void clearNotes();
  });
  void render();
};
