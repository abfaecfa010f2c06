/**
 * The Trash (GET /api/admin/trash, POST .../{id}/restore; docs/back-office.md "Trash"). A restore
 * changes the course or the blog: every cached list and page is read again.
 */
import useSWR, { mutate } from 'swr';
import type { TrashEntry } from '@shared/contracts/trash';
import { apiFetch, authedFetcher } from './client';
import { api } from '@shared/urls';

export const TRASH = api.trash;

export const useTrash = () => useSWR<TrashEntry[], Error>(TRASH, authedFetcher);

export async function restoreFromTrash(entry: TrashEntry): Promise<TrashEntry> {
  const restored = await apiFetch<TrashEntry>(api.trashRestore(entry.id), { method: 'POST', auth: true });
  await mutate<TrashEntry[]>(TRASH, (list) => list?.filter((e) => e.id !== entry.id), { revalidate: false });
  await mutate((key) => typeof key === 'string' && key !== TRASH);
  return restored;
}
