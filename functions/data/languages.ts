/** Languages: one META item per language partition, listed through GSI1. */
import { keys } from '../lib/keys.js';
import type { Language, LanguageCreate, LanguageUpdate } from '../../shared/contracts/languages.js';
import { asItem, createItem, deleteKeys, getItem, keyOf, queryList, queryPartition, strip, updateItem } from './table.js';
import { moveToTrash } from './trash.js';

const byName = (a: Language, b: Language) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

export async function listLanguages(): Promise<Language[]> {
  const items = await queryList(keys.languageListPk);
  return items.map((i) => strip<Language>(i)).sort(byName);
}

export const getLanguage = (id: string) => getItem<Language>(keys.language(id));

export async function createLanguage(input: LanguageCreate): Promise<Language> {
  return asItem<Language>(await createItem(keys.language(input.id), 'language', input, keys.languageList(input.id)));
}

export async function updateLanguage(id: string, { version, ...changes }: LanguageUpdate): Promise<Language | undefined> {
  const updated = await updateItem(keys.language(id), version, changes);
  return updated && asItem<Language>(updated);
}

/**
 * Deletes a language with its levels, lessons and phrases. Children go first and the META item
 * last, so an interrupted delete leaves the language visible and a re-run finishes the job.
 * Returns false when there was nothing to delete.
 */
export async function deleteLanguage(id: string, deletedBy: string): Promise<boolean> {
  const items = await queryPartition(keys.languageTree(id).PK);
  if (!items.length) return false;
  const meta = keys.language(id);
  const metaItem = items.find((i) => i.SK === meta.SK);
  if (metaItem) {
    await moveToTrash({ kind: 'language', label: String(metaItem.name), where: { language_id: id }, items, roots: [meta] }, deletedBy);
  }
  const children = items.filter((i) => i.SK !== meta.SK).map(keyOf);
  await deleteKeys(children);
  await deleteKeys([meta]);
  return true;
}
