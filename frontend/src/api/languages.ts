/** Languages: SWR read hooks and admin writes. Every write revalidates the cached lists. */
import useSWR, { mutate } from 'swr';
import type { LanguageInput, LanguageUpdate } from '@shared/schemas';
import type { Language } from '@shared/types';
import { apiFetch, fetcher } from './client';

export const LANGUAGES = '/languages';

export const useLanguages = () => useSWR<Language[]>(LANGUAGES, fetcher);

const refresh = () => mutate((key) => typeof key === 'string' && key.startsWith(LANGUAGES));

export async function createLanguage(input: LanguageInput) {
  const l = await apiFetch<Language>(LANGUAGES, { method: 'POST', body: input, auth: true });
  await refresh();
  return l;
}
export async function updateLanguage(id: string, input: LanguageUpdate) {
  const l = await apiFetch<Language>(`${LANGUAGES}/${encodeURIComponent(id)}`, { method: 'PUT', body: input, auth: true });
  await refresh();
  return l;
}
export async function deleteLanguage(id: string) {
  await apiFetch<void>(`${LANGUAGES}/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });
  await refresh();
}
