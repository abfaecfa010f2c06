/** Site settings for every page: SWR key 'settings', defaults until loaded (and if loading fails). */
import useSWR, { mutate } from 'swr';
import type { SettingsAnswer, SiteSettings } from '@shared/contracts/settings';
import { defaultSettings } from '@shared/settings-defaults';
import { config } from '../config';
import { apiFetch, fetcher } from './client';
import { keys } from './keys';

export const SETTINGS_KEY = keys.settings;

/** The record has its id; the fallback answer has none. */
export const isStoredSettings = (a: SettingsAnswer | undefined): a is SiteSettings => !!a && 'id' in a;

export function useSettings(opts: { dedupingInterval?: number } = {}) {
  const swr = useSWR<SettingsAnswer, Error>(SETTINGS_KEY, fetcher, { revalidateOnMount: true, revalidateOnFocus: true, ...opts });
  const { data } = swr;
  // A fallback answer keeps its favicon; every other field shows its default.
  const settings = isStoredSettings(data) ? data : { ...defaultSettings(config().productName), ...data };
  return { ...swr, settings };
}

/** Some settings fields (the id is the one record's). */
export type SettingsPatch = Partial<Omit<SiteSettings, 'id'>>;

/** Saves some settings fields; the settings cache (key '/settings') is revalidated after success. */
export async function saveSettings(patch: SettingsPatch, version: number) {
  // The version read travels along so a save over someone else's newer one gets 409, not a silent overwrite.
  const s = await apiFetch<SiteSettings>(keys.settings, { method: 'PUT', body: { ...patch, version }, auth: true });
  await mutate(SETTINGS_KEY, s, { revalidate: true });
  return s;
}
