/**
 * The search box's island (markup: layout/SearchBox.tsx), loaded by the loader on the first focus in
 * the box, never before: it then reads the public languages and each one's search index (static
 * files the CDN keeps, and the service worker keeps with the lesson downloads), and lists the matches
 * under the box as the visitor types (shared/search.ts, the server's own matching). Enter still
 * submits the form: the /search page lists every match. Arrow keys move through the results, Escape
 * closes them. Texts go in as text, never as markup.
 */
import type { Language } from '@shared/contracts/languages';
import { queryWords, searchIndexes, type SearchHit, type SearchIndex } from '@shared/search';
import { api, apiPath, pages } from '@shared/urls';
import { type Mount } from './dom';
import { ROOT, SEARCH, sel } from '@shared/markup';

/** Results shown under the box; the rest are one link away (the /search page). */
const SHOWN = 8;

async function getJson<T>(path: string): Promise<T> {
  const r = await fetch(path, { headers: { accept: 'application/json' } });
  if (!r.ok) throw new Error(`GET ${path} answered ${r.status}`);
  return (await r.json()) as T;
}

/** Every public language's index, read once per page (a language whose index fails is left out). */
let loading: Promise<SearchIndex[]> | undefined;
function loadIndexes(): Promise<SearchIndex[]> {
  loading ??= getJson<Language[]>(apiPath(api.languages))
    .then((languages) => Promise.all(languages.map((l) => getJson<SearchIndex>(apiPath(api.searchIndex(l.id))).catch(() => undefined))))
    .then((all) => all.filter((i): i is SearchIndex => !!i));
  // A failure is not kept: the next focus tries again.
  loading.catch(() => (loading = undefined));
  return loading;
}

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, text: string) => Object.assign(document.createElement(tag), { textContent: text });

function resultItem(hit: SearchHit): HTMLLIElement {
  const link = Object.assign(document.createElement('a'), { href: hit.href });
  const where = [hit.kind === 'phrase' ? hit.lesson_title : 'Lesson', hit.level_title, hit.language_name, ...(hit.locked ? ['Locked'] : [])];
  link.append(el('strong', hit.kind === 'phrase' ? (hit.original ?? '') : hit.lesson_title));
  if (hit.kind === 'phrase') link.append(el('span', hit.translation ?? ''));
  link.append(el('small', where.join(' · ')));
  const li = document.createElement('li');
  li.append(link);
  return li;
}

export const mount: Mount = (root) => {
  if (root.hasAttribute(ROOT.mounted)) return;
  const input = root.querySelector<HTMLInputElement>(sel(SEARCH.input));
  const panel = root.querySelector<HTMLElement>(sel(SEARCH.panel));
  const language = root.querySelector<HTMLSelectElement>(sel(SEARCH.language));
  if (!input || !panel) return;
  root.setAttribute(ROOT.mounted, '');
  const status = document.createElement('p');
  status.setAttribute('role', 'status');
  const list = document.createElement('ul');
  panel.replaceChildren(status, list);
  let indexes: SearchIndex[] | undefined;
  let failed = false;

  const close = () => {
    panel.hidden = true;
  };
  const update = () => {
    const q = input.value;
    if (!queryWords(q).length) return close();
    panel.hidden = false;
    list.replaceChildren();
    if (!indexes) {
      status.textContent = failed ? 'Instant results are not available. Press Enter to search.' : 'Loading...';
      return;
    }
    const lang = language?.value ?? '';
    const { hits, total } = searchIndexes(lang ? indexes.filter((i) => i.language.id === lang) : indexes, q, SHOWN);
    status.textContent = total ? (total === 1 ? '1 result' : `${total} results`) : `No results for “${q.trim()}”`;
    list.append(...hits.map(resultItem));
    if (total > hits.length) {
      const all = document.createElement('li');
      all.append(Object.assign(el('a', `See all ${total} results`), { href: pages.searchFor(q.trim(), lang || undefined) }));
      list.append(all);
    }
  };

  loadIndexes().then(
    (found) => {
      indexes = found;
      if (!panel.hidden) update();
    },
    () => {
      failed = true;
      if (!panel.hidden) update();
    },
  );
  input.addEventListener('input', update);
  language?.addEventListener('change', () => !panel.hidden && update());
  // Typed before this module arrived: answer it now.
  if (input.value !== input.defaultValue) update();

  const links = () => [...list.querySelectorAll('a')];
  root.addEventListener('keydown', (e) => {
    if (panel.hidden) return;
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (e.key === 'Escape') {
      close();
      input.focus();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!all.length) return;
      e.preventDefault();
      const next = e.key === 'ArrowDown' ? Math.min(at + 1, all.length - 1) : at - 1;
      (next < 0 ? input : all[next]).focus();
    }
  });
  // Leaving the box (Tab away, a tap elsewhere) closes the results.
  root.addEventListener('focusout', (e) => {
    if (!root.contains(e.relatedTarget as Node | null)) close();
  });
  input.addEventListener('focus', () => input.value !== input.defaultValue && update());
};
