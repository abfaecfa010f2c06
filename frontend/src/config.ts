/** Runtime config from /config.json (written by the CDK deployment or the local twin): one build, every environment. */
export interface RuntimeConfig {
  productName: string;
  apiBase: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Local twin only: cognito-local behind the gateway. */
  userPoolEndpoint?: string;
  mediaBaseUrl: string;
}

let current: RuntimeConfig = {
  productName: 'Parrot Phrases',
  apiBase: '/api',
  region: 'us-east-1',
  userPoolId: '',
  userPoolClientId: '',
  mediaBaseUrl: '/media',
};

export async function loadConfig(): Promise<RuntimeConfig> {
  try {
    const res = await fetch('/config.json', { credentials: 'same-origin' });
    if (res.ok) current = { ...current, ...(await res.json()) };
  } catch (e) {
    console.error('config.json could not be loaded; using defaults', e);
  }
  return current;
}

export const config = () => current;
