/**
 * `npm run check:release` (infra/scripts/check-release.ts): the release check of CodeDeploy's
 * pre-traffic hook, run on a local build against this suite's twin. It passes on the real build and
 * fails on a copy whose server renderer is deliberately broken: one that throws, one whose pages
 * have no <main> landmark.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '../../shared/contracts/blog.js';
import { SSR_BUILD_DIR, SSR_ENTRY_FILE } from '../../shared/render.js';
import { ROOT } from '../../infra/twin/twin.js';
import { adminToken, api, ok, twin } from './helpers.js';

const LANG = 'release-lingo';
const BUILD = path.join(ROOT, 'frontend', 'dist');
const RUN_TIMEOUT = 240_000;
let admin: string;
let post: BlogPost;
const dirs: string[] = [];

/**
 * `npm run check:release -- --dist <dist>` against this suite's twin: its exit code and output. Not
 * spawnSync: a blocked event loop would keep reusing the twin's closed keep-alive sockets afterwards.
 */
function checkRelease(dist: string): Promise<{ status: number | null; out: string }> {
  const args = [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'infra/scripts/check-release.ts', '--dist', dist];
  const env = { ...process.env, PORT: new URL(twin().url).port };
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: ROOT, env, timeout: RUN_TIMEOUT }, (error, stdout, stderr) => {
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, out: `${stdout}${stderr}` });
    });
  });
}

/** A copy of the build whose server renderer is `entry` (the real one beside it, importable as ./real.mjs). */
function brokenBuild(entry: string) {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'parrot-broken-'));
  dirs.push(dist);
  cpSync(BUILD, dist, { recursive: true });
  const ssr = path.join(dist, SSR_BUILD_DIR);
  renameSync(path.join(ssr, SSR_ENTRY_FILE), path.join(ssr, 'real.mjs'));
  writeFileSync(path.join(ssr, SSR_ENTRY_FILE), `import { entry as real } from './real.mjs';\n${entry}\n`);
  return dist;
}

beforeAll(async () => {
  admin = await adminToken();
  await ok(api('POST', '/api/languages', { token: admin, body: { id: LANG, name: 'Release', flag_url: 'https://example.com/flag.svg' } }));
  await ok(api('POST', '/api/levels', { token: admin, body: { id: 'a1', language_id: LANG, title: 'Starter', cefr_label: 'A1', icon_url: '' } }));
  await ok(api('POST', '/api/lessons', { token: admin, body: { id: 'hello', language_id: LANG, level_id: 'a1', title: 'Hello', translated_title: 'Hi' } }));
  const created = await ok(api('POST', '/api/admin/blog', { token: admin, body: { title: 'Release notes', content: 'Body', excerpt: 'Notes' } }));
  const draft = created.body as BlogPost;
  post = (await ok(api('PUT', `/api/admin/blog/${draft.id}`, { token: admin, body: { version: draft.version, published: true } }))).body as BlogPost;
});

afterAll(async () => {
  expect((await api('DELETE', `/api/languages/${LANG}`, { token: admin })).status).toBe(204);
  expect((await api('DELETE', `/api/admin/blog/${post.id}`, { token: admin })).status).toBe(204);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('npm run check:release', () => {
  it('passes on the real build: every page, the language, level, lesson and post it found, and every API function', { timeout: RUN_TIMEOUT }, async () => {
    const { status, out } = await checkRelease(BUILD);
    expect(status, out).toBe(0);
    for (const page of ['/', '/languages', '/blog', '/faq', '/support']) expect(out).toContain(`ok   render: GET ${page} -> 200`);
    // The samples come from the sitemap: one of each kind (this suite's or another's, whichever it lists first).
    expect(out).toMatch(/ok {3}render: GET \/[^/\s]+ -> 200/);
    expect(out).toMatch(/ok {3}render: GET \/[^/\s]+\/[^/\s]+\/[^/\s]+ -> 200/);
    expect(out).toMatch(/ok {3}render: GET \/blog\/[^/\s]+ -> 200/);
    expect(out).toContain('ok   settings: GET /api/settings -> 200');
    expect(out).toContain('ok   users: GET /api/admin/users -> 401');
    expect(out).toContain('Release check passed: 19 functions.');
  });

  it('fails on a build whose renderer throws', { timeout: RUN_TIMEOUT }, async () => {
    const dist = brokenBuild(`export const entry = { ...real, render() { throw new Error('deliberately broken renderer'); } };`);
    const { status, out } = await checkRelease(dist);
    expect(status, out).toBe(1);
    expect(out).toContain('FAIL render: GET / -> 500: answered 500');
    expect(out).toContain('Release check FAILED: render');
  });

  it('fails on a build whose pages have no <main> landmark', { timeout: RUN_TIMEOUT }, async () => {
    const dist = brokenBuild(
      `export const entry = { ...real, async render(request) { const page = await real.render(request); return { ...page, html: page.html.replace(/<main\\b/g, '<div').replace(/<\\/main>/g, '</div>') }; } };`,
    );
    const { status, out } = await checkRelease(dist);
    expect(status, out).toBe(1);
    expect(out).toContain('FAIL render: GET /faq -> 200: an HTML page without its <main> landmark');
    expect(out).toContain('Release check FAILED: render');
  });
});
