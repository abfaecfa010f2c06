/**
 * `npm run invoke` against the running twin, as an engineer runs it (a child process, PORT and
 * DATA_DIR of the twin): a public read answers with the table's content, an admin route is refused
 * before its handler without a caller and by its handler for a learner, and the release function,
 * given the event `npm run event -- schedule` writes, publishes the release.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Publishing, Release } from '../../shared/contracts/publishing.js';
import { adminToken, api, ok, twin } from './helpers.js';

const LANG = 'invoke-it';
const CHILD_TIMEOUT = 180_000;
const dir = mkdtempSync(path.join(os.tmpdir(), 'parrot-invoke-it-'));
let admin: string;

function run(script: 'invoke' | 'event', args: string[]) {
  const env = { ...process.env, PORT: String(twin().ports.gateway), DATA_DIR: twin().dataDir };
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile('npx', ['tsx', `infra/scripts/${script}.ts`, ...args], { env, timeout: CHILD_TIMEOUT }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}
const invoke = (...args: string[]) => run('invoke', args);

beforeAll(async () => {
  admin = await adminToken();
  await ok(api('POST', '/api/languages', { token: admin, body: { id: LANG, name: 'Invoked', flag_url: 'https://example.com/flag.svg' } }));
  await ok(api('POST', '/api/levels', { token: admin, body: { id: 'a1', language_id: LANG, title: 'Beginner', cefr_label: 'A1' } }));
});
afterAll(async () => {
  await api('DELETE', `/api/languages/${LANG}`, { token: admin });
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run invoke', () => {
  it(
    'answers the languages read 200 with the languages',
    async () => {
      const r = await invoke('languages', '--path', 'GET', '/api/languages');
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^── languages · GET \/api\/languages · \d+ ms$/m);
      expect(r.stdout).toMatch(/^200 OK$/m);
      expect(r.stdout).toMatch(/^content-type: application\/json$/m);
      expect(r.stdout).toContain(`"id": "${LANG}"`);
    },
    CHILD_TIMEOUT,
  );

  it(
    'refuses an admin route without a caller before the handler (401), and a learner in it (403); an admin and its editor read it',
    async () => {
      const read = (as: string) => invoke('languages', '--path', 'GET', '/api/admin/languages', '--as', as);
      const [anonymous, learner, asAdmin, editor] = await Promise.all([read('anonymous'), read('learner'), read('admin'), read(`editor:${LANG}`)]);
      expect(anonymous.code, anonymous.stderr).toBe(0);
      expect(anonymous.stdout).toContain('refused by API Gateway before the handler');
      expect(anonymous.stdout).toMatch(/^401 Unauthorized$/m);
      expect(learner.stdout).toMatch(/^403 Forbidden$/m);
      expect(asAdmin.stdout, asAdmin.stderr).toMatch(/^200 OK$/m);
      expect(asAdmin.stdout).toContain(`"id": "${LANG}"`);
      // The editor the command made sees their language only.
      expect(editor.stdout, editor.stderr).toMatch(/^200 OK$/m);
      expect([...editor.stdout.matchAll(/"id": "([^"]+)"/g)].map((m) => m[1])).toEqual([LANG]);
    },
    CHILD_TIMEOUT * 2,
  );

  it(
    'runs the release function from the event npm run event writes: the release is published',
    async () => {
      await ok(
        api('POST', '/api/lessons', {
          token: admin,
          body: { id: 'soon', language_id: LANG, level_id: 'a1', title: 'Soon', translated_title: 'Soon', is_draft: true },
        }),
      );
      const item = { kind: 'lesson', language_id: LANG, level_id: 'a1', lesson_id: 'soon' };
      // An hour ahead: the twin's own release timer leaves it; the event stands for its schedule firing.
      const publish_at = new Date(Date.now() + 3_600_000).toISOString();
      const release = (await ok(api('POST', '/api/admin/releases', { token: admin, body: { item, publish_at } }))).body as Release;
      expect((await api('GET', `/api/pages/lesson/${LANG}/a1/soon`)).status).toBe(404);

      const event = await run('event', ['schedule', '--release', release.id]);
      expect(event.code, event.stderr).toBe(0);
      const file = path.join(dir, 'release.json');
      writeFileSync(file, event.stdout);
      const r = await invoke('publish-release', '--event', file);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/INFO {2}scheduled release ran .*"published":1/);

      expect((await api('GET', `/api/pages/lesson/${LANG}/a1/soon`)).status).toBe(200);
      const publishing = (await ok(api('GET', '/api/admin/publishing', { token: admin }))).body as Publishing;
      expect(publishing.releases.some((x) => x.id === release.id)).toBe(false);
    },
    CHILD_TIMEOUT * 2,
  );
});
