/**
 * The fault test (docs/rendering.md "Failures are never cached"): a twin of its own (its own ports and
 * data folder, so the suite's shared twin never loses its database), DynamoDB Local stopped under
 * it. Pages the CDN holds still answer; a page it does not hold answers 503 with a readable page,
 * Retry-After and no-store, and is never stored; an admin write answers 503 and writes nothing;
 * with DynamoDB Local started again everything recovers without a manual step.
 */
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAVAILABLE_TEXT } from '../../functions/lib/errors.js';
import { startTwin, type Twin } from '../../infra/twin/twin.js';

let started: Twin | undefined;
/** The twin of this file (started in beforeAll). */
const twin = () => started!;
let dataDir: string;
let token: string;

const get = async (path: string) => {
  const res = await fetch(twin().url + path);
  return { status: res.status, headers: res.headers, text: await res.text() };
};
const write = async (method: string, path: string, body: unknown) => {
  const res = await fetch(twin().url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json().catch(() => undefined)) as { message?: string } | undefined };
};
const ok = async (r: Promise<{ status: number }>) => {
  const out = await r;
  expect(out.status, JSON.stringify(out)).toBeLessThan(300);
  return out;
};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'parrot-outage-'));
  started = await startTwin({ port: Number(process.env.IT_PORT ?? 3300) + 10, dataDir, seed: false });
  const cognito = new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${twin().ports.cognito}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const auth = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: twin().state.userPoolClientId,
      AuthParameters: { USERNAME: twin().admin.email, PASSWORD: twin().admin.password },
    }),
  );
  token = auth.AuthenticationResult!.AccessToken!;
  await ok(write('POST', '/api/languages', { id: 'italian', name: 'Italian', flag_url: 'https://example.com/it.svg' }));
  await ok(write('POST', '/api/levels', { id: 'a1', language_id: 'italian', title: 'Beginner', cefr_label: 'A1', icon_url: '' }));
  await ok(write('POST', '/api/levels', { id: 'a2', language_id: 'italian', title: 'Elementary', cefr_label: 'A2', icon_url: '' }));
}, 120_000);

afterAll(async () => {
  await started?.dynamodb.start().catch(() => undefined);
  await started?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('when DynamoDB fails', () => {
  it('serves what the CDN holds, answers 503 for the rest, writes nothing, and recovers on its own', async () => {
    // Warm: these pages and reads are now in the CDN stand-in.
    const warmed = ['/', '/languages', '/italian', '/api/languages'];
    for (const p of warmed) expect((await get(p)).status, p).toBe(200);

    await twin().dynamodb.stop();
    try {
      for (const p of warmed) {
        const r = await get(p);
        expect(r.status, p).toBe(200);
        expect(r.headers.get('x-cache'), p).toMatch(/^Hit/);
      }

      // Not warmed: no broken page, never a 200 error page, and nothing stored.
      for (let i = 0; i < 2; i++) {
        const page = await get('/italian/a1');
        expect(page.status).toBe(503);
        expect(page.headers.get('cache-control')).toBe('no-store');
        expect(page.headers.get('retry-after')).toBe('30');
        expect(page.headers.get('x-cache')).toMatch(/^Miss/);
        expect(page.headers.get('content-type')).toMatch(/^text\/html/);
        expect(page.text).toContain("We'll be right back");
        expect(page.text).toContain('Try again');
      }
      const read = await get('/api/pages/level/italian/a2');
      expect(read.status).toBe(503);
      expect(read.headers.get('cache-control')).toBe('no-store');

      // An admin write: a clear message, and (below) nothing half-written.
      const add = await write('POST', '/api/languages', { id: 'greek', name: 'Greek', flag_url: 'https://example.com/gr.svg' });
      expect(add.status).toBe(503);
      expect(add.body?.message).toBe(UNAVAILABLE_TEXT);
      expect(add.headers.get('retry-after')).toBe('30');
      const level = await write('POST', '/api/levels', { id: 'b1', language_id: 'italian', title: 'Intermediate', cefr_label: 'B1', icon_url: '' });
      expect(level.status).toBe(503);
    } finally {
      await twin().dynamodb.start();
    }

    // Recovered, with no manual step: the page renders, the write that failed left nothing behind.
    const page = await get('/italian/a1');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Beginner');
    expect((await get('/api/languages/greek')).status).toBe(404);
    const levels = JSON.parse((await get('/api/pages/language/italian')).text) as { levels: { id: string }[] };
    expect(levels.levels.map((l) => l.id)).toEqual(['a1', 'a2']);
    await ok(write('POST', '/api/languages', { id: 'greek', name: 'Greek', flag_url: 'https://example.com/gr.svg' }));
    expect((await get('/api/languages/greek')).status).toBe(200);
  }, 120_000);
});
