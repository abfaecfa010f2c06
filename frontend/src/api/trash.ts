/**
 * The Trash (GET /api/admin/trash, POST .../{id}/restore; docs/back-office.md "Trash"). A restore
 * changes the course or the blog: every cached list and page is read again. An editor's list holds
 * their languages' entries and the posts (the API narrows it).
 */
import useSWR, { mutate } from 'swr';
import { TRASH_GONE_TEXT, type TrashEntry } from '@shared/contracts/trash';
import { ApiError, apiFetch, authedFetcher } from './client';
import { api } from '@shared/urls';

export const TRASH = api.trash;

export const useTrash = () => useSWR<TrashEntry[], Error>(TRASH, authedFetcher);

export async function restoreFromTrash(entry: TrashEntry): Promise<TrashEntry> {
  const restored = await apiFetch<TrashEntry>(api.trashRestore(entry.id), { method: 'POST', auth: true });
  await mutate<TrashEntry[]>(TRASH, (list) => list?.filter((e) => e.id !== entry.id), { revalidate: false });
  await mutate((key) => typeof key === 'string' && key !== TRASH);
  return restored;
}

/** Which deleted thing an Undo puts back: its kind and the ids it lived under. */
export type TrashRef = Pick<TrashEntry, 'kind' | 'language_id' | 'level_id' | 'lesson_id' | 'post_id'>;
const REF_KEYS = ['kind', 'language_id', 'level_id', 'lesson_id', 'post_id'] as const;

/**
 * The Undo of a single delete: its Trash entry (the newest of that item, as the list is newest
 * first; the delete's answer names none) is put back as the Trash screen's Restore would, with the
 * same rights checked by the API.
 */
export async function undoDelete(ref: TrashRef): Promise<TrashEntry> {
  const list = await apiFetch<TrashEntry[]>(TRASH, { auth: true });
  const entry = list.find((e) => REF_KEYS.every((k) => (e[k] ?? '') === (ref[k] ?? '')));
  if (!entry) throw new ApiError(404, TRASH_GONE_TEXT);
  return restoreFromTrash(entry);
}
