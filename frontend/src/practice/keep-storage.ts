/**
 * Whether this browser keeps the practice store (docs/learners.md, 'Keep my progress'). Safari deletes
 * a site's stored data after seven days of use without a visit, others under storage pressure, unless
 * the site's storage is persistent: after the first finished session the site asks once
 * (`navigator.storage.persist()`, inside the grading tap) and says what the browser answered.
 */
export type Kept = 'kept' | 'not-kept' | 'unknown';

const ASKED = 'practice-persist-asked';

/** The sentence for each answer (`onReview`: beside the backup button); a browser without the Storage API gets none. */
export function keptLine(kept: Kept, onReview: boolean): string {
  if (kept === 'kept') return 'This browser will keep your progress.';
  if (kept === 'not-kept') return `This browser may clear your progress if you do not visit for a while: back it up${onReview ? '' : ' on the Review page'}.`;
  return '';
}

// Absent outside a secure context and in older browsers, whatever the types say.
const storage = () =>
  typeof navigator !== 'undefined' && 'storage' in navigator && typeof navigator.storage.persist === 'function' ? navigator.storage : undefined;

/** Whether the store is persistent now, without asking. */
export async function keptNow(): Promise<Kept> {
  const s = storage();
  if (!s) return 'unknown';
  try {
    return (await s.persisted()) ? 'kept' : 'not-kept';
  } catch {
    return 'unknown';
  }
}

/**
 * After a finished session: the first time, asks the browser to keep the store and answers what it
 * said; later sessions ask nothing and answer undefined (the done screen says nothing then).
 */
export async function askToKeepOnce(): Promise<Kept | undefined> {
  const s = storage();
  try {
    if (!s || localStorage.getItem(ASKED)) return undefined;
    localStorage.setItem(ASKED, new Date().toISOString());
  } catch {
    return undefined;
  }
  try {
    return (await s.persist()) ? 'kept' : 'not-kept';
  } catch {
    return 'unknown';
  }
}
