/**
 * Export and import of the whole course, blog and settings (docs/backup.md): the download, the
 * file check before sending it, the dry run, and the import, repeated while the server answers
 * `partial` (each request writes for a bounded time; the next one goes on where it stopped).
 */
import { mutate } from 'swr';
import { backupFileName, MAX_BACKUP_BYTES, type BackupDocument, type ImportResult } from '@shared/contracts/backup';
import { apiFetch } from './client';
import { saveFile } from './save-file';
import { api } from '@shared/urls';

/** Fetches the export and saves it as `parrot-phrases-YYYY-MM-DD.json`; answers the file name. */
export async function downloadExport(): Promise<string> {
  const doc = await apiFetch<BackupDocument>(api.export, { auth: true });
  const name = backupFileName(doc.exported_at);
  saveFile(name, new Blob([JSON.stringify(doc)], { type: 'application/json' }));
  return name;
}

/** A chosen file as a document to send, or why it cannot be one (checked here, before any upload). */
export async function readBackupFile(file: File): Promise<{ doc: unknown } | { problem: string }> {
  if (file.size > MAX_BACKUP_BYTES) return { problem: `The file is larger than ${MAX_BACKUP_BYTES / (1024 * 1024)} MB, the most an import takes.` };
  try {
    return { doc: JSON.parse(await file.text()) as unknown };
  } catch {
    return { problem: 'This file is not JSON: choose a file made by Export Course.' };
  }
}

/** What importing `doc` would change; a 400 (ApiError with `fields`) lists the file's problems by path. */
export const checkImport = (doc: unknown) => apiFetch<ImportResult>(api.import(true), { method: 'POST', body: doc, auth: true });

/** At most this many requests for one import (each one writes for up to 20 s). */
const MAX_ROUNDS = 200;

/** Imports `doc` to the end; `onProgress` gets the writes made so far. Every cached read is refreshed after. */
export async function importCourse(doc: unknown, onProgress?: (written: number) => void): Promise<{ result: ImportResult; written: number }> {
  let written = 0;
  try {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const result = await apiFetch<ImportResult>(api.import(), { method: 'POST', body: doc, auth: true });
      written += result.applied;
      if (result.status !== 'partial') return { result, written };
      onProgress?.(written);
    }
    throw new Error('The import did not finish: run it again to go on.');
  } finally {
    // The course, posts and settings may all have changed (also when it stopped half-way).
    if (written) await mutate(() => true);
  }
}
