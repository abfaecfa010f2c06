/**
 * The device's IndexedDB database `parrot-practice`, opened once per page view: its stores and
 * their upgrades live here alone, so the practice island (device-store.ts) and the recorder
 * (takes.ts) open the same database at the same version without loading each other's code.
 * An upgrade creates every store a device lacks, so a database of any older version (or none)
 * comes out with all of them and nothing it held is lost.
 *   1: `cards` (keyed by card id) and `outbox` (auto-increment): practice and review.
 *   2: `takes` (keyed by phrase id): the learner's recordings, one per phrase.
 */
export const CARDS = 'cards';
export const OUTBOX = 'outbox';
export const TAKES = 'takes';

const DB = 'parrot-practice';
const VERSION = 2;
const STORES: [string, IDBObjectStoreParameters][] = [
  [CARDS, { keyPath: 'id' }],
  [OUTBOX, { autoIncrement: true }],
  [TAKES, { keyPath: 'phraseId' }],
];

let opened: Promise<IDBDatabase | undefined> | undefined;

/** The database, or none where IndexedDB is missing or refused (some private modes): callers keep a page view's memory then. */
export function open(): Promise<IDBDatabase | undefined> {
  opened ??= new Promise((resolve) => {
    const unavailable = (e: unknown) => {
      console.error('IndexedDB is not available: practice is kept for this page view only', e);
      resolve(undefined);
    };
    try {
      const req = indexedDB.open(DB, VERSION);
      req.onupgradeneeded = () => {
        for (const [name, options] of STORES) if (!req.result.objectStoreNames.contains(name)) req.result.createObjectStore(name, options);
      };
      req.onsuccess = () => {
        // Another tab opening a newer version asks this one to step aside.
        req.result.onversionchange = () => req.result.close();
        resolve(req.result);
      };
      req.onerror = () => unavailable(req.error);
      // A tab of the older version still open: this one waits for it (it closes on versionchange).
      req.onblocked = () => console.warn('The practice database waits for another tab of this site to close');
    } catch (e) {
      unavailable(e);
    }
  });
  return opened;
}

export const done = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });

export const result = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
