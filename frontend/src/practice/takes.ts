/**
 * The learner's takes (their own recordings of a phrase), kept on this device beside the cards in
 * the `takes` store (device-db.ts), never uploaded: one take per phrase, the latest wins. The
 * recorder (islands/recorder.ts) and the backup file (which carries them as base64) use these
 * functions. Without IndexedDB a take is kept for the page view only.
 */
import { done, open, result, TAKES } from './device-db';
import { markTakes } from './takes-flag';

export interface Take {
  /** The phrase's id (its ULID). */
  phraseId: string;
  /** The recording's MIME type as the browser made it: audio/webm;codecs=opus, audio/mp4, … */
  mime: string;
  /** ISO 8601: when it was recorded (the newer take of a phrase wins). */
  createdAt: string;
  /** The recording's bytes (an ArrayBuffer: Safari has stored Blobs in IndexedDB unreliably). */
  data: ArrayBuffer;
}

const memory = new Map<string, Take>();

/** Of a stored take and another one, the one to keep: the newer (ties: the one stored). */
export const newer = (stored: Take | undefined, other: Take) => (!stored || Date.parse(other.createdAt) > Date.parse(stored.createdAt) ? other : stored);

export async function listTakes(): Promise<Take[]> {
  const db = await open();
  if (!db) return [...memory.values()];
  return result(db.transaction(TAKES).objectStore(TAKES).getAll() as IDBRequest<Take[]>);
}

export async function getTake(phraseId: string): Promise<Take | undefined> {
  const db = await open();
  if (!db) return memory.get(phraseId);
  return result(db.transaction(TAKES).objectStore(TAKES).get(phraseId) as IDBRequest<Take | undefined>);
}

/**
 * Keeps `take` unless the phrase already has a newer one (so restoring an old backup never replaces a
 * take recorded since), read and written in one transaction. Resolves with whether it was kept.
 */
export async function putTake(take: Take): Promise<boolean> {
  const db = await open();
  let kept = false;
  if (!db) {
    kept = newer(memory.get(take.phraseId), take) === take;
    if (kept) memory.set(take.phraseId, take);
  } else {
    const tx = db.transaction(TAKES, 'readwrite');
    const store = tx.objectStore(TAKES);
    const was = store.get(take.phraseId) as IDBRequest<Take | undefined>;
    was.onsuccess = () => {
      kept = newer(was.result, take) === take;
      if (kept) store.put(take);
    };
    await done(tx);
  }
  markTakes(true);
  return kept;
}

export async function deleteTake(phraseId: string): Promise<void> {
  const db = await open();
  if (!db) memory.delete(phraseId);
  else {
    const tx = db.transaction(TAKES, 'readwrite');
    tx.objectStore(TAKES).delete(phraseId);
    await done(tx);
  }
  markTakes((await listTakes()).length > 0);
}
