/** Site settings for every page: SWR key 'settings', defaults until loaded (and if loading fails). */
import useSWR from 'swr';
import { defaultSettings } from '@shared/settings';
import type { SiteSettings } from '@shared/types';
import { config } from '../config';
import { fetcher } from './client';
import { keys } from './keys';

export const SETTINGS_KEY = keys.settings;

export function useSettings(opts: { dedupingInterval?: number } = {}) {
  const swr = useSWR<SiteSettings>(SETTINGS_KEY, fetcher, { revalidateOnMount: true, revalidateOnFocus: true, ...opts });
  return { ...swr, settings: swr.data ?? defaultSettings(config().productName) };
}
