/**
 * Whether this device keeps any take (practice/takes.ts sets it): the loader then brings the
 * recorder at idle, so stored takes show with their phrases; on a device with none, the recorder
 * loads only when 'Record' is first tapped. A few bytes of the first script, never the recorder's.
 */
const KEY = 'takes';

export function hasTakes() {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function markTakes(some: boolean) {
  try {
    if (some) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    /* storage refused: the recorder then loads on use only */
  }
}
