/**
 * 'Back up my progress' and 'Restore from a file' (/review), imported on the first tap of either:
 * the file's rules are progress-file.ts, its schema and versions @shared/contracts/progress. A
 * restore reads and writes the store in one transaction (changeAll): all of the file or nothing.
 */
import { MAX_PROGRESS_BYTES, progressFileName, readProgress, type ProgressTake } from '@shared/contracts/progress';
import { allCards, changeAll, keepsTakes } from './device-store';
import { listTakes, type Take } from './takes';
import { buildProgress, mergeProgress, newTakes, restoredLine, type Restored } from './progress-file';
import { dayKey } from './calendar';
import { saveFile } from '../api/save-file';

const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/** Bytes as base64, in slices (a spread of a whole recording would pass too many arguments). */
function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

const toFileTake = (t: Take): ProgressTake => ({ phraseId: t.phraseId, mime: t.mime, createdAt: t.createdAt, data: toBase64(new Uint8Array(t.data)) });
const fromFileTake = (t: ProgressTake): Take => ({
  phraseId: t.phraseId,
  mime: t.mime,
  createdAt: t.createdAt,
  data: Uint8Array.from(atob(t.data), (c) => c.charCodeAt(0)).buffer,
});

/** Saves the device's progress as a file; answers what it saved, in words. */
export async function saveBackup(withTakes: boolean): Promise<string> {
  const cards = await allCards();
  if (!cards.length) return 'There is nothing to back up yet: practise a lesson first.';
  const takes = withTakes ? (await listTakes()).map(toFileTake) : undefined;
  const now = new Date();
  const file = buildProgress(cards, takes, now);
  const name = progressFileName(dayKey(now));
  saveFile(name, new Blob([JSON.stringify(file)], { type: 'application/json' }));
  const parts = [plural(file.cards.length, 'card'), plural(file.reviews.length, 'review'), ...(takes ? [plural(takes.length, 'recording')] : [])];
  return `Saved ${name} with ${parts.join(', ')}. Keep it somewhere safe; it leaves this device only if you move it.`;
}

/** Merges a chosen file into the device's store; answers what it did, or why it did nothing. */
export async function restoreFrom(chosen: File): Promise<string> {
  if (chosen.size > MAX_PROGRESS_BYTES)
    return `This file is larger than ${MAX_PROGRESS_BYTES / (1024 * 1024)} MB: it is not a progress backup. Nothing was restored.`;
  const read = readProgress(await chosen.text());
  if ('problem' in read) return read.problem;
  const { file } = read;
  const canKeep = await keepsTakes();
  const restored = await changeAll<Restored>((local, localTakes) => {
    const { cards, counts } = mergeProgress(local, file);
    const takes = canKeep ? newTakes(localTakes, file.takes ?? []) : [];
    return { cards, takes: takes.map(fromFileTake), result: { ...counts, takes: takes.length, takesLeft: canKeep ? 0 : (file.takes?.length ?? 0) } };
  });
  return restoredLine(restored);
}
