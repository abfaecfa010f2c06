/**
 * Downloads for offline use, kept in Cache Storage (the service worker answers from it): every
 * page, read, image, script and audio file of a lesson or a level, stored whole, and one index
 * entry per download saying what it holds. Runs in the page (the download island, the /offline
 * page) and in the service worker (refreshing downloads in the background), so it uses only what
 * both have: fetch, caches, Response, URL. Audio is fetched without Range, so the worker can
 * answer any range from the stored file.
 */
import { CACHE } from './rules';
import { filesOf, lessonUrls, levelUrls, unshared, type DownloadKind, type DownloadTarget } from './plan';
import type { Checkable, RoundState } from './revalidate';

export interface StoredFile {
  url: string;
  bytes: number;
  /** Pages and reads: the ETag they were stored with (to revalidate). */
  etag?: string;
}

export interface Download extends DownloadTarget {
  /** The lessons it opens offline, in course order. */
  lessons: { path: string; title: string }[];
  /** Pages and reads first, then the files they show. */
  files: StoredFile[];
  bytes: number;
  saved_at: string;
}

/** A download the site no longer offers (deleted or locked), removed from the device. */
export interface RemovalNote {
  path: string;
  title: string;
  at: string;
}

/** What a download will fetch, measured before it starts. */
export interface Prepared {
  target: DownloadTarget;
  lessons: Download['lessons'];
  /** Pages and reads, already fetched (small), with their bodies. */
  documents: { url: string; response: Response; bytes: number; etag?: string }[];
  /** Images, scripts and audio: their sizes as the server announces them (0 when it does not). */
  files: { url: string; bytes: number }[];
  /** Everything, in bytes (files' announced sizes). */
  bytes: number;
}

export type Progress = (done: number, total: number) => void;

/** The download's page is gone or locked: it cannot be downloaded, and a stored one is removed. */
export class Unavailable extends Error {}

const INDEX_PREFIX = '/__offline/';
const NOTES = '/__offline-notes';
const ROUNDS = '/__offline-rounds';
const indexKey = (path: string) => `${INDEX_PREFIX}item${path}`;
const json = (v: unknown) => new Response(JSON.stringify(v), { headers: { 'content-type': 'application/json' } });

export const supported = () => typeof caches !== 'undefined' && typeof fetch !== 'undefined';

export async function listDownloads(): Promise<Download[]> {
  if (!supported()) return [];
  const index = await caches.open(CACHE.index);
  const keys = (await index.keys()).filter((r) => new URL(r.url).pathname.startsWith(`${INDEX_PREFIX}item/`));
  const read = async (key: Request) => {
    const entry = await index.match(key);
    return entry ? ((await entry.json()) as Download) : undefined;
  };
  const items = await Promise.all(keys.map(read));
  return items.filter((d): d is Download => !!d).sort((a, b) => a.path.localeCompare(b.path));
}

/** The download that opens this lesson or level page offline (its own, or its level's). */
export async function downloadOf(path: string): Promise<Download | undefined> {
  const all = await listDownloads();
  return all.find((d) => d.path === path) ?? all.find((d) => d.lessons.some((l) => l.path === path));
}

export async function removalNotes(): Promise<RemovalNote[]> {
  if (!supported()) return [];
  const r = await (await caches.open(CACHE.index)).match(NOTES);
  return r ? ((await r.json()) as RemovalNote[]) : [];
}

export async function clearNotes() {
  if (supported()) await (await caches.open(CACHE.index)).delete(NOTES);
}

async function addNote(note: RemovalNote) {
  const notes = [...(await removalNotes()).filter((n) => n.path !== note.path), note].slice(-20);
  await (await caches.open(CACHE.index)).put(NOTES, json(notes));
}

/** A page or read, fresh from the site; Unavailable when it is gone or now lives elsewhere (locked). */
async function fetchDocument(url: string, signal?: AbortSignal) {
  const response = await fetch(url, { cache: 'no-cache', credentials: 'omit', signal });
  if (response.status === 404 || response.status === 410 || response.redirected) throw new Unavailable(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body = await response.clone().arrayBuffer();
  return { url: response.url, response, bytes: body.byteLength, etag: response.headers.get('etag') ?? undefined, body };
}

interface LessonData {
  lesson: { title: string; translated_title?: string; is_locked?: boolean };
  level: { title: string; is_locked?: boolean };
  language: { name: string };
}
interface LevelData {
  level: { title: string; is_locked?: boolean };
  language: { name: string };
  lessons: { id: string; title: string; translated_title?: string; is_locked?: boolean }[];
}
const decode = (body: ArrayBuffer) => JSON.parse(new TextDecoder().decode(body)) as unknown;
const lessonTitle = (l: { title: string; translated_title?: string }) => l.translated_title || l.title;

/**
 * Fetches the pages and reads of a lesson (or of every unlocked lesson of a level) and measures
 * the files they show. Nothing is stored yet.
 */
export async function prepare(kind: DownloadKind, path: string, origin: string, signal?: AbortSignal): Promise<Prepared> {
  const abs = (u: string) => new URL(u, origin).href;
  let lessons: Download['lessons'];
  let target: DownloadTarget;
  const urls: string[] = [];
  const readUrl = abs((kind === 'level' ? levelUrls(path) : lessonUrls(path)).data[0]);
  // The read says what the download holds; it is stored as fetched here (not fetched twice).
  const read = await fetchDocument(readUrl, signal);
  if (kind === 'level') {
    const { pages, data } = levelUrls(path);
    const level = decode(read.body) as LevelData;
    if (level.level.is_locked) throw new Unavailable(path);
    target = { kind, path, title: level.level.title, context: level.language.name };
    lessons = level.lessons.filter((l) => !l.is_locked).map((l) => ({ path: `${path}/${l.id}`, title: lessonTitle(l) }));
    urls.push(...pages, ...data, ...lessons.flatMap((l) => [...lessonUrls(l.path).pages, ...lessonUrls(l.path).data]));
  } else {
    const { pages, data } = lessonUrls(path);
    const lesson = decode(read.body) as LessonData;
    if (lesson.lesson.is_locked || lesson.level.is_locked) throw new Unavailable(path);
    target = { kind, path, title: lessonTitle(lesson.lesson), context: `${lesson.language.name} · ${lesson.level.title}` };
    lessons = [{ path, title: target.title }];
    urls.push(...pages, ...data);
  }
  const unique = [...new Set(urls.map(abs))];
  const documents: Prepared['documents'] = [];
  const files = new Set<string>();
  await pool(unique, 4, async (url) => {
    const doc = url === readUrl ? read : await fetchDocument(url, signal);
    documents.push({ url, response: doc.response, bytes: doc.bytes, etag: doc.etag });
    if ((doc.response.headers.get('content-type') ?? '').includes('text/html')) {
      for (const f of filesOf(new TextDecoder().decode(doc.body), url, origin)) files.add(f);
    }
  });
  documents.sort((a, b) => unique.indexOf(a.url) - unique.indexOf(b.url));
  const sized = await measure(
    [...files].filter((f) => !unique.includes(f)),
    signal,
  );
  const bytes = documents.reduce((n, d) => n + d.bytes, 0) + sized.reduce((n, f) => n + f.bytes, 0);
  return { target, lessons, documents, files: sized, bytes };
}

/** Each file's size from a HEAD request (what the server announces; 0 when it does not). */
async function measure(urls: string[], signal?: AbortSignal) {
  const out: { url: string; bytes: number }[] = [];
  await pool(urls, 6, async (url) => {
    let bytes = 0;
    try {
      const r = await fetch(url, { method: 'HEAD', credentials: 'omit', signal });
      bytes = Number(r.headers.get('content-length') ?? 0) || 0;
    } catch (e) {
      if (signal?.aborted) throw e;
    }
    out.push({ url, bytes });
  });
  return urls.map((u) => out.find((o) => o.url === u) ?? { url: u, bytes: 0 });
}

async function pool<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/**
 * Stores what `prepare` measured: the pages and reads it holds, then every file, whole (reported
 * by bytes as they arrive), then the index entry. A failure or an abort removes what this download
 * stored that no other download holds, and rethrows.
 */
export async function save(prepared: Prepared, onProgress: Progress = () => undefined, signal?: AbortSignal): Promise<Download> {
  const store = await caches.open(CACHE.offline);
  const total = prepared.bytes;
  let done = 0;
  const stored: StoredFile[] = [];
  const report = (n: number) => {
    done += n;
    onProgress(Math.min(done, total), total);
  };
  try {
    // The files first, the pages and reads (which name them) last: a refresh that fails half-way
    // leaves the stored pages as they were, with every file they name.
    await pool(prepared.files, 3, async (f) => {
      const response = await fetch(f.url, { credentials: 'omit', signal });
      if (!response.ok) throw new Error(`${f.url} answered ${response.status}`);
      const bytes = await readCounting(response.clone(), (n) => report(n));
      await store.put(f.url, response);
      stored.push({ url: f.url, bytes });
    });
    for (const d of prepared.documents) {
      await store.put(d.url, d.response.clone());
      stored.push({ url: d.url, bytes: d.bytes, etag: d.etag });
      report(d.bytes);
    }
  } catch (e) {
    // What a download holds stays, this one's previous copy included (its index entry is not replaced yet).
    const held = (await listDownloads()).map((d) => d.files.map((f) => f.url));
    await Promise.all(
      unshared(
        stored.map((s) => s.url),
        held,
      ).map((u) => store.delete(u)),
    );
    throw e;
  }
  const order = [...prepared.documents.map((d) => d.url), ...prepared.files.map((f) => f.url)];
  stored.sort((a, b) => order.indexOf(a.url) - order.indexOf(b.url));
  const previous = await downloadOfPath(prepared.target.path);
  const download: Download = {
    ...prepared.target,
    lessons: prepared.lessons,
    files: stored,
    bytes: stored.reduce((n, f) => n + f.bytes, 0),
    saved_at: new Date().toISOString(),
  };
  await (await caches.open(CACHE.index)).put(indexKey(download.path), json(download));
  // A download made anew (refreshed) lets go of the files it no longer shows.
  if (previous) await dropUnused(previous.files.map((f) => f.url));
  onProgress(total, total);
  return download;
}

/** Reads a body to its end, reporting the bytes as they arrive; returns how many. */
async function readCounting(response: Response, onBytes: (n: number) => void) {
  if (!response.body) {
    const n = (await response.arrayBuffer()).byteLength;
    onBytes(n);
    return n;
  }
  const reader = response.body.getReader();
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return n;
    n += value.byteLength;
    onBytes(value.byteLength);
  }
}

async function downloadOfPath(path: string) {
  return (await listDownloads()).find((d) => d.path === path);
}

/** Deletes the stored files among `urls` that no download holds any more. */
async function dropUnused(urls: string[]) {
  const store = await caches.open(CACHE.offline);
  const kept = (await listDownloads()).map((d) => d.files.map((f) => f.url));
  await Promise.all(unshared(urls, kept).map((u) => store.delete(u)));
}

/** Removes a download: its index entry, then every file no other download holds. */
export async function remove(path: string) {
  const item = await downloadOfPath(path);
  await (await caches.open(CACHE.index)).delete(indexKey(path));
  if (item) await dropUnused(item.files.map((f) => f.url));
}

/**
 * Makes a download anew (its page changed: an edit, a deploy). One the site no longer offers
 * (deleted, locked) is removed from the device, with a note for the /offline page. Any other failure
 * (429 from the rate rule, a 5xx, offline) is 'unknown': the stored copy stays as it was.
 */
export async function remake(item: Download, origin: string): Promise<'updated' | 'removed' | 'unknown'> {
  try {
    await save(await prepare(item.kind, item.path, origin));
    return 'updated';
  } catch (e) {
    if (!(e instanceof Unavailable)) return 'unknown';
    await removeUnavailable(item.path);
    return 'removed';
  }
}

/** Removes a download the site no longer offers, with a note the /offline page shows once. */
export async function removeUnavailable(path: string) {
  const item = await downloadOfPath(path);
  if (!item) return;
  await remove(path);
  await addNote({ path, title: item.title, at: new Date().toISOString() });
}

/** The revalidation rounds' state (offline/revalidate.ts), kept beside the index so it outlives the worker. */
export async function loadRounds(): Promise<RoundState | undefined> {
  const r = await (await caches.open(CACHE.index)).match(ROUNDS);
  return r ? ((await r.json()) as RoundState) : undefined;
}

export async function saveRounds(state: RoundState) {
  await (await caches.open(CACHE.index)).put(ROUNDS, json(state));
}

/** A round's view of a download: its stored pages and reads, with their ETags. */
export const checkable = (d: Download): Checkable => ({
  path: d.path,
  docs: d.files.flatMap((f) => (f.etag === undefined ? [] : [{ url: f.url, etag: f.etag }])),
});

/** A conditional request for a stored page or read (a 304 when unchanged). */
export const ask = (url: string, etag: string) =>
  fetch(url, { cache: 'no-store', credentials: 'omit', headers: { 'if-none-match': etag } }).then((r) => ({ status: r.status, redirected: r.redirected }));
