/**
 * The web app manifest as a browser fetches it: from the render function (through the twin's CDN),
 * with the deployment's name, and the settings' favicon as its first icon once an admin sets it. The
 * settings save invalidates the cached copy (docs/offline.md).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, ok, twin } from './helpers.js';

let admin: string;
beforeAll(async () => {
  admin = await adminToken();
});

const manifest = async () => {
  const res = await fetch(`${twin().url}/manifest.webmanifest`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/manifest+json');
  return (await res.json()) as { name: string; display: string; icons: { src: string; type: string }[] };
};

describe('web app manifest', () => {
  it("is served with the product's name and the settings' favicon, which a settings save brings in", async () => {
    const before = await manifest();
    expect(before).toMatchObject({ name: 'Parrot Phrases', display: 'standalone' });
    expect(before.icons.at(-1)).toMatchObject({ src: '/parrot-favicon.svg', type: 'image/svg+xml' });

    const { version } = (await api('GET', '/api/settings')).body as { version: number };
    await ok(api('PUT', '/api/settings', { token: admin, body: { favicon: '/media/site/manifest-icon.png', version } }));
    const after = await manifest();
    expect(after.icons[0]).toMatchObject({ src: '/media/site/manifest-icon.png', type: 'image/png' });
  });
});
