/** Site settings for every page: SWR key 'settings', defaults until loaded (and if loading fails). */
import useSWR from 'swr';
import { defaultSettings } from '@shared/settings';
import type { SiteSettings } from '@shared/types';
import { config } from '../config';
import { fetcher } from './client';
import { keys } from './keys';

export const SETTINGS_KEY = keys.settings;

/** GET /settings: the stored record, or (still 200) only the fallback favicon when the server could not read it. */
export type SettingsAnswer = SiteSettings | Pick<SiteSettings, 'favicon'>;
/** The record has its id; the fallback answer has none. */
export const isStoredSettings = (a: SettingsAnswer | undefined): a is SiteSettings => !!a && 'id' in a;

export function useSettings(opts: { dedupingInterval?: number } = {}) {
  const swr = useSWR<SettingsAnswer, Error>(SETTINGS_KEY, fetcher, { revalidateOnMount: true, revalidateOnFocus: true, ...opts });
  const { data } = swr;
  // A fallback answer keeps its favicon; every other field shows its default.
  const settings = isStoredSettings(data) ? data : { ...defaultSettings(config().productName), ...data };
  return { ...swr, settings };
}
