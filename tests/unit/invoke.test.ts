/**
 * `npm run invoke` and `npm run event` (infra/scripts/invoke.ts, event.ts, lambda/): the function
 * list covers what the stack derives its functions from, each event kind is what the product's
 * own code reads as its trigger's event, an invocation's logs and errors are captured, and without
 * a twin the command says how to start one. (Against a running twin: tests/integration/invoke.test.ts;
 * against the synthesized stack's functions: tests/infra/invoke.test.ts.)
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { callerOf } from '../../functions/lib/auth.js';
import { handlerModules } from '../../functions/routes.js';
import { releaseIdSchema } from '../../shared/contracts/publishing.js';
import { buildEvent, EventError, joinPathArgs } from '../../infra/scripts/lambda/events.js';
import { STACK_FUNCTIONS } from '../../infra/scripts/lambda/functions.js';
import { formatLogLine } from '../../infra/scripts/lambda/output.js';
import { invokeHandler } from '../../infra/scripts/lambda/run.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'parrot-invoke-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const CHILD_TIMEOUT = 120_000;

function run(file: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile('npx', ['tsx', file, ...args], { cwd: ROOT, env: { ...process.env, ...env }, timeout: CHILD_TIMEOUT }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

describe('the function list', () => {
  it('has every API handler module, every job in functions/jobs/ and the render function, each with its entry', () => {
    const names = STACK_FUNCTIONS.map((f) => f.name);
    const jobs = readdirSync(path.join(ROOT, 'functions/jobs')).filter((f) => f.endsWith('.ts'));
    expect(names).toEqual(expect.arrayContaining([...handlerModules, 'render']));
    expect(STACK_FUNCTIONS.map((f) => f.entry)).toEqual(expect.arrayContaining(jobs.map((f) => `functions/jobs/${f}`)));
    expect(new Set(names).size).toBe(names.length);
    for (const f of STACK_FUNCTIONS) expect(existsSync(path.join(ROOT, f.entry)), f.entry).toBe(true);
  });

  it(
    'is what npm run invoke -- --list prints, with each trigger',
    async () => {
      const r = await run('infra/scripts/invoke.ts', ['--list']);
      expect(r.code, r.stderr).toBe(0);
      for (const f of STACK_FUNCTIONS)
        expect(r.stdout).toMatch(new RegExp(`^  ${f.name} +${f.trigger.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} +event: ${f.event}`, 'm'));
      expect(r.stdout).toMatch(/^ {2}languages +HTTP API \(\d+ routes\)/m);
    },
    CHILD_TIMEOUT,
  );
});

describe('events', () => {
  it("http: the route's event, with the authorizer's claims as the HTTP API passes them, which the functions read as that caller", async () => {
    const body = path.join(dir, 'settings.json');
    writeFileSync(body, '{"site_name":"X"}');
    const event = (await buildEvent('http', { path: 'PUT /api/settings', body, sub: 'abc-1', groups: 'admins', header: ['If-Match: "v1"'] })) as any;
    expect(event).toMatchObject({ version: '2.0', routeKey: 'PUT /api/settings', rawPath: '/api/settings', body: '{"site_name":"X"}' });
    expect(event.headers).toMatchObject({ 'content-type': 'application/json', 'content-length': '17', 'if-match': '"v1"' });
    const claims = event.requestContext.authorizer.jwt.claims;
    expect(claims).toMatchObject({ sub: 'abc-1', 'cognito:groups': '[admins]', token_use: 'access' });
    expect(typeof claims.exp).toBe('string');
    expect(callerOf(event)).toEqual({ sub: 'abc-1', email: undefined, groups: ['admins'], isAdmin: true });

    // A public route gets no authorizer's context; its path parameters and query are parsed.
    const open = (await buildEvent('http', { path: 'GET /api/languages/fr?x=1', sub: 'abc-1' })) as any;
    expect(open).toMatchObject({ routeKey: 'GET /api/languages/{id}', pathParameters: { id: 'fr' }, queryStringParameters: { x: '1' } });
    expect(open.requestContext.authorizer).toBeUndefined();
  });

  it('refuses a request no route matches, a missing option, and an option of another kind', async () => {
    await expect(buildEvent('http', { path: 'GET /api/nothing' })).rejects.toThrow(/No route .* API Gateway answers 404/);
    await expect(buildEvent('schedule', {})).rejects.toThrow('schedule needs --release <id>');
    await expect(buildEvent('schedule', { release: 'x', step: 'setSecret' })).rejects.toThrow(EventError);
    await expect(buildEvent('rotation', { step: 'nextSecret' })).rejects.toThrow(/--step must be one of createSecret/);
  });

  it("url: a function URL's event without cookies or Authorization, a form's body base64-encoded", async () => {
    const form = path.join(dir, 'form.txt');
    writeFileSync(form, 'email=a%40b.c&message=hi');
    const event = (await buildEvent('url', { path: 'POST /support', body: form, header: ['cookie: a=1', 'authorization: Bearer x'] })) as any;
    expect(event).toMatchObject({ version: '2.0', routeKey: '$default', rawPath: '/support', isBase64Encoded: true });
    expect(Buffer.from(event.body, 'base64').toString()).toBe('email=a%40b.c&message=hi');
    expect(event.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(event.headers).not.toHaveProperty('cookie');
    expect(event.headers).not.toHaveProperty('authorization');
    expect(event.requestContext.http).toMatchObject({ method: 'POST', path: '/support' });
  });

  it("schedule, scheduled-event, rotation, codedeploy-hook, custom-resource: each trigger's fields", async () => {
    const id = '01JABCDEFGHJKMNPQRSTVWXYZ0';
    const schedule = (await buildEvent('schedule', { release: id })) as { release_id: string };
    expect(schedule).toEqual({ release_id: id });
    expect(releaseIdSchema.parse(schedule.release_id)).toBe(id);
    expect(await buildEvent('scheduled-event', {})).toMatchObject({ source: 'aws.events', 'detail-type': 'Scheduled Event', detail: {} });
    expect(await buildEvent('rotation', { step: 'setSecret', token: 't-1' })).toMatchObject({ Step: 'setSecret', ClientRequestToken: 't-1' });
    expect(Object.keys((await buildEvent('codedeploy-hook', {})) as object).sort()).toEqual(['DeploymentId', 'LifecycleEventHookExecutionId']);
    const props = path.join(dir, 'props.json');
    writeFileSync(props, '{"Paths":["/*"]}');
    const update = (await buildEvent('custom-resource', { 'request-type': 'Update', properties: props, 'physical-id': 'p-1' })) as any;
    expect(update).toMatchObject({ RequestType: 'Update', PhysicalResourceId: 'p-1', ResourceProperties: { Paths: ['/*'] }, OldResourceProperties: {} });
    expect(update.ResourceProperties.ServiceToken).toBe(update.ServiceToken);
  });

  it('reads --path <method> <path> as one request', () => {
    expect(joinPathArgs(['x', '--path', 'GET', '/api/a?b=1', '--as', 'admin'])).toEqual(['x', '--path', 'GET /api/a?b=1', '--as', 'admin']);
    expect(joinPathArgs(['x', '--path', '/api/a'])).toEqual(['x', '--path', '/api/a']);
  });
});

describe('an invocation', () => {
  it('returns what the handler returned, with the lines it logged; a throw is its error', async () => {
    const ok = await invokeHandler('tests/fixtures/lambda/logging-handler.ts', 'test', {});
    expect(ok.result).toEqual({ ok: true });
    expect(ok.error).toBeUndefined();
    expect(ok.logs).toHaveLength(2);
    expect(JSON.parse(ok.logs[0])).toMatchObject({ level: 'INFO', message: 'about to answer', fail: false });
    expect(ok.logs[1]).toBe('a plain line');
    expect(formatLogLine(ok.logs[0])).toMatch(/^ {2}\d\d:\d\d:\d\d\.\d{3} INFO {2}about to answer {2}\{"fail":false\}$/);

    const failed = await invokeHandler('tests/fixtures/lambda/logging-handler.ts', 'test', { fail: true });
    expect((failed.error as Error).message).toBe('the handler failed');
    expect(failed.logs).toHaveLength(2);
  });
});

describe('npm run invoke without a running twin', () => {
  it(
    'says how to start one, exit 2',
    async () => {
      const r = await run('infra/scripts/invoke.ts', ['languages', '--path', 'GET', '/api/languages'], { PORT: '3997', DATA_DIR: dir });
      expect(r.code, r.stdout).toBe(2);
      expect(r.stderr).toContain(`No twin has run with the data folder ${dir}`);
      expect(r.stderr).toContain('npm start');
    },
    CHILD_TIMEOUT,
  );
});
