/**
 * Languages: SWR read hook and admin writes. The list is read from a GSI, which is eventually
 * consistent, so a refetch right after a write may not show it yet: each write patches the cached
 * list with the server's answer instead, and other language keys are revalidated. The back office
 * reads the admin list, which has the drafts the public list leaves out.
 */
import useSWR, { mutate } from 'swr';
import type { Language, LanguageCreate, LanguageUpdate } from '@shared/contracts/languages';
import { apiFetch, authedFetcher, fetcher } from './client';
import { keys } from './keys';
import { api, apiPrefixes } from '@shared/urls';

export const LANGUAGES = keys.languages;

export const ADMIN_LANGUAGES = api.adminLanguages;

export const useLanguages = () => useSWR<Language[], Error>(LANGUAGES, fetcher);
/** Every language, drafts included (the back office). */
export const useAdminLanguages = () => useSWR<Language[], Error>(ADMIN_LANGUAGES, authedFetcher);

const byName = (a: Language, b: Language) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

async function afterWrite(patch: (list: Language[]) => Language[]) {
  for (const key of [LANGUAGES, ADMIN_LANGUAGES]) await mutate<Language[]>(key, (list) => list && patch(list).sort(byName), { revalidate: false });
  // Pages that embed a language (e.g. /pages/...) are read by key from the base table: refetch them.
  await mutate((key) => typeof key === 'string' && key !== LANGUAGES && (key.startsWith(LANGUAGES) || key.startsWith(apiPrefixes.pages)));
}

export async function createLanguage(input: LanguageCreate) {
  const created = await apiFetch<Language>(LANGUAGES, { method: 'POST', body: input, auth: true });
  await afterWrite((list) => [...list.filter((l) => l.id !== created.id), created]);
  return created;
}
export async function updateLanguage(id: string, input: LanguageUpdate) {
  const updated = await apiFetch<Language>(api.language(id), { method: 'PUT', body: input, auth: true });
  await afterWrite((list) => list.map((l) => (l.id === id ? updated : l)));
  return updated;
}
export async function deleteLanguage(id: string) {
  await apiFetch(api.language(id), { method: 'DELETE', auth: true });
  await afterWrite((list) => list.filter((l) => l.id !== id));
}
