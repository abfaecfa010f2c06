/**
 * The post-deploy smoke test (infra/scripts/smoke.ts) against the twin: every check passes on a healthy
 * site, and a site that is not there gives failed checks, not a crash.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postSupportForm, siteClient, smoke, type Result } from '../../infra/scripts/smoke.js';
import { adminToken, api, ok, twin, userToken } from './helpers.js';

const LANG = 'smoke-lingo';
let admin: string;

// The suite's twin starts empty: give the course checks a language, level and lesson to follow.
beforeAll(async () => {
  admin = await adminToken();
  await ok(api('POST', '/api/languages', { token: admin, body: { id: LANG, name: 'Smoke Lingo', flag_url: 'https://example.com/flag.svg' } }));
  await ok(api('POST', '/api/levels', { token: admin, body: { id: 'a1', language_id: LANG, title: 'Starter', cefr_label: 'A1', icon_url: '' } }));
  await ok(
    api('POST', '/api/lessons', { token: admin, body: { id: 'hello', language_id: LANG, level_id: 'a1', title: 'Hello', translated_title: 'Greetings' } }),
  );
});

// Other suites count what this shared twin holds: leave nothing behind.
afterAll(async () => {
  expect((await api('DELETE', `/api/languages/${LANG}`, { token: admin })).status).toBe(204);
});

/** How many mails the twin's SES has taken. */
const mailCount = async () => ((await (await fetch(`http://127.0.0.1:${twin().ports.ses}/store`)).json()) as { emails: unknown[] }).emails.length;
const byName = (results: Result[]) => Object.fromEntries(results.map((r) => [r.name, r]));

/** A local port with nothing listening on it. */
const deadPort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

describe('smoke()', () => {
  it('passes every check against the twin, the admin sign-in included', async () => {
    const mailsBefore = await mailCount();
    const results = await smoke(twin().url, { email: twin().admin.email, password: twin().admin.password });
    expect(results.map((r) => r.name)).toEqual([
      'home page',
      'security headers',
      'GET /api/settings',
      'GET /api/languages',
      'language page',
      'level page',
      'lesson page',
      'support form without script',
      'GET /api/openapi.json',
      'sitemap.xml',
      'robots.txt',
      'unknown path',
      'conditional GET /',
      'admin sign-in',
    ]);
    // Over plain http the twin sends the CSP but not HSTS and nosniff (CloudFront's headers policy adds
    // them): a warning there, a failure against an https site.
    const headers = byName(results)['security headers'];
    expect(headers.status === 'pass' || (headers.status === 'warn' && headers.detail.startsWith('CSP present'))).toBe(true);
    expect(results.filter((r) => r.status !== 'pass' && r !== headers)).toEqual([]);
    expect(byName(results)['lesson page'].detail).toMatch(/\/[\w-]+\/[\w-]+\/[\w-]+ 200/);
    // The form went the way a browser without script sends it (no x-amz-content-sha256) and was answered
    // with the page and its three field errors; being invalid, it mailed no one.
    expect(byName(results)['support form without script'].detail).toBe('POST /support 400, the page with the 3 field errors');
    expect(await mailCount()).toBe(mailsBefore);
  });

  it("fails the form check when the form's page does not take the post", async () => {
    // The form posted where a page is served by the render function's URL: origin access control refuses it (403).
    await expect(postSupportForm(siteClient(twin().url), '/faq')).rejects.toThrow('POST /faq answered 403, expected 400');
  });

  it('reports a site that is not there as failed checks, without throwing', async () => {
    const results = await smoke(`http://127.0.0.1:${await deadPort()}`, { email: 'someone@parrotphrases.test', password: 'x', timeoutMs: 5000 });
    expect(results.length).toBe(14);
    for (const r of results) expect(r.status, r.name).toBe('fail');
    expect(byName(results)['home page'].detail).toMatch(/ECONNREFUSED/);
    expect(byName(results)['admin sign-in'].detail).toMatch(/no app client id/);
  });

  it('says why an admin check fails: wrong password, not an administrator, no credentials', async () => {
    const wrong = byName(await smoke(twin().url, { email: twin().admin.email, password: 'Not-the-passw0rd!' }))['admin sign-in'];
    expect(wrong).toMatchObject({ status: 'fail' });
    expect(wrong.detail).toMatch(/^Cognito InitiateAuth: \w+Exception/);

    await userToken('smoke-learner@parrotphrases.test');
    const learner = byName(await smoke(twin().url, { email: 'smoke-learner@parrotphrases.test', password: 'Learner-Passw0rd!' }))['admin sign-in'];
    expect(learner).toMatchObject({ status: 'fail' });
    expect(learner.detail).toMatch(/403: smoke-learner@parrotphrases.test is not in the admins group/);

    expect(byName(await smoke(twin().url))['admin sign-in'].status).toBe('skip');
  });
});
