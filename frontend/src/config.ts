/**
 * Runtime config: one build, every environment. Server-rendered pages carry it inline (BootData);
 * the Vite dev server's pages fetch /config.json (written by the CDK deployment or the local twin).
 */
import { PRODUCT_NAME } from '@shared/product';
import type { PublicConfig } from '@shared/render';
import { API_BASE } from '@shared/urls';

export type RuntimeConfig = PublicConfig;

let current: RuntimeConfig = {
  productName: PRODUCT_NAME,
  apiBase: API_BASE,
  region: 'us-east-1',
  userPoolId: '',
  userPoolClientId: '',
  mediaBaseUrl: '/media',
  vapidPublicKey: '',
};

export const setConfig = (c: RuntimeConfig) => {
  current = { ...current, ...c };
};

export async function loadConfig(): Promise<RuntimeConfig> {
  try {
    const res = await fetch('/config.json', { credentials: 'same-origin' });
    if (res.ok) setConfig((await res.json()) as RuntimeConfig);
  } catch (e) {
    console.error('config.json could not be loaded; using defaults', e);
  }
  return current;
}

export const config = () => current;
