/**
 * The twin's CloudFront stand-in (infra/twin/cdn.ts) keeps CloudFront's failure rules: a 5xx is
 * never stored, and an expired copy with stale-if-error stands in for an origin that fails.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalCdn, type Answer } from '../../infra/twin/cdn.js';

const request = () => ({ method: 'GET', headers: {} }) as unknown as IncomingMessage;
/** What the stand-in sent: status, headers and body. */
async function serve(cdn: LocalCdn, origin: () => Promise<Answer>) {
  const sent: { status: number; headers: Record<string, string>; body: string } = { status: 0, headers: {}, body: '' };
  const res = {
    writeHead: (status: number, headers: Record<string, string>) => Object.assign(sent, { status, headers }),
    end: (body?: Buffer) => void (sent.body = body?.toString() ?? ''),
  } as unknown as ServerResponse;
  await cdn.serve(request(), res, '/page', origin);
  return sent;
}
const answer = (status: number, cacheControl: string, body = `answer ${status}`): Answer => ({
  status,
  headers: { 'content-type': 'text/plain', 'cache-control': cacheControl },
  body: Buffer.from(body),
});
const PAGE = 'public, max-age=0, s-maxage=60, stale-if-error=600';

afterEach(() => vi.useRealTimers());

describe('LocalCdn when the origin fails', () => {
  it('never stores a 5xx, even one that says it may be cached', async () => {
    const cdn = new LocalCdn();
    const origin = vi.fn(() => Promise.resolve(answer(500, 'public, s-maxage=86400')));
    expect((await serve(cdn, origin)).status).toBe(500);
    expect((await serve(cdn, origin)).headers['x-cache']).toBe('Miss from cloudfront');
    expect(origin).toHaveBeenCalledTimes(2);
  });

  it('serves an expired copy with stale-if-error while the origin answers 5xx or cannot be reached, and not after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cdn = new LocalCdn();
    await serve(cdn, () => Promise.resolve(answer(200, PAGE, 'the last good page')));

    vi.advanceTimersByTime(61_000); // expired, within stale-if-error
    const failing = await serve(cdn, () => Promise.resolve(answer(503, 'no-store')));
    expect(failing).toMatchObject({ status: 200, body: 'the last good page' });
    expect(failing.headers['x-cache']).toBe('RefreshHit from cloudfront');
    const unreachable = await serve(cdn, () => Promise.reject(new Error('connection refused')));
    expect(unreachable).toMatchObject({ status: 200, body: 'the last good page' });

    vi.advanceTimersByTime(600_000); // past stale-if-error: the failure shows
    expect((await serve(cdn, () => Promise.reject(new Error('connection refused')))).status).toBe(502);
  });

  it('takes a fresh answer over the stale copy once the origin is back', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cdn = new LocalCdn();
    await serve(cdn, () => Promise.resolve(answer(200, PAGE, 'old')));
    vi.advanceTimersByTime(61_000);
    expect((await serve(cdn, () => Promise.resolve(answer(200, PAGE, 'new')))).body).toBe('new');
    expect((await serve(cdn, () => Promise.resolve(answer(503, 'no-store')))).headers['x-cache']).toBe('Hit from cloudfront');
  });

  it('keeps no stale copy of an answer without stale-if-error', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cdn = new LocalCdn();
    await serve(cdn, () => Promise.resolve(answer(200, 'public, s-maxage=60')));
    vi.advanceTimersByTime(61_000);
    expect((await serve(cdn, () => Promise.resolve(answer(503, 'no-store')))).status).toBe(503);
  });
});
