/**
 * Per-client limits on the anonymous writes, tried by flooding them. Each test is one client: its
 * own loopback address (127.0.0.x), as CloudFront would report a distinct viewer.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../functions/data/limits.js';
import { MAX_GRADE_BATCH } from '../../shared/analytics-limits.js';
import { addPhrases, adminToken, api, ok, pointAtTwin, twin } from './helpers.js';

/** A JSON POST (or a form's, `form`) sent from `from` (a 127.0.0.0/8 address), with any extra headers. */
function postFrom(from: string, path: string, body: unknown, headers: Record<string, string> = {}, form = false) {
  const data = form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body);
  const type = form ? 'application/x-www-form-urlencoded' : 'application/json';
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request(
      `http://127.0.0.1:${twin().ports.gateway}${path}`,
      { method: 'POST', localAddress: from, headers: { 'content-type': type, 'content-length': Buffer.byteLength(data), ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}
const mails = async () => ((await (await fetch(`http://127.0.0.1:${twin().ports.ses}/store`)).json()).emails as unknown[]).length;
/** Waits until the flood cannot straddle two windows (it takes a few seconds at most). */
async function awayFromWindowEdge(windowSeconds: number) {
  const into = (Date.now() / 1000) % windowSeconds;
  if (into > windowSeconds - 10) await new Promise((r) => setTimeout(r, (windowSeconds - into + 0.5) * 1000));
}
/**
 * `n` support messages at once from one client, as JSON to the API or (`form`) as the page's form
 * posted without script. Each forges X-Forwarded-For: that does not make a new client, as the
 * viewer address comes last.
 */
const floodSupport = (from: string, n: number, form = false) =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      postFrom(
        from,
        form ? '/support' : '/api/support',
        { name: 'Flood', email: `flood-${from}@example.com`, message: `Buy now, message number ${i}` },
        { 'x-forwarded-for': `10.0.0.${i}`, ...(form ? { origin: `http://127.0.0.1:${twin().ports.gateway}` } : {}) },
        form,
      ),
    ),
  );
const statuses = (rs: { status: number }[]) => rs.reduce<Record<number, number>>((n, r) => ({ ...n, [r.status]: (n[r.status] ?? 0) + 1 }), {});

describe('per-client limits', () => {
  it('support: the form posted without script (POST /support) counts against the same limit', async () => {
    await awayFromWindowEdge(LIMITS.support.windowSeconds);
    const flood = await floodSupport('127.0.0.23', 12, true);
    expect(statuses(flood)).toEqual({ 200: LIMITS.support.max, 429: 12 - LIMITS.support.max });
    const refused = flood.find((r) => r.status === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it(`support: ${LIMITS.support.max} messages per ${LIMITS.support.windowSeconds / 60} minutes per client; the rest 429, not stored, not mailed`, async () => {
    await awayFromWindowEdge(LIMITS.support.windowSeconds);
    const before = await mails();
    const flood = await floodSupport('127.0.0.21', 30);
    expect(statuses(flood)).toEqual({ 201: LIMITS.support.max, 429: 30 - LIMITS.support.max });
    const refused = flood.find((r) => r.status === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mails()).toBe(before + LIMITS.support.max);
    pointAtTwin();
    const { queryPartition } = await import('../../functions/data/table.js');
    const stored = (await queryPartition(`SUPPORT#${new Date().toISOString().slice(0, 7)}`)).filter((m) => m.email === 'flood-127.0.0.21@example.com');
    expect(stored).toHaveLength(LIMITS.support.max);
    // Another visitor is not affected.
    expect((await postFrom('127.0.0.22', '/api/support', { name: 'Ann', email: 'ann@example.com', message: 'A real question about lessons' })).status).toBe(
      201,
    );
  });

  it(`analytics: ${LIMITS.analytics.max} batches per minute per client`, async () => {
    const batch = { events: [{ name: 'page_view', path: '/' }] };
    await awayFromWindowEdge(LIMITS.analytics.windowSeconds);
    const flood = await Promise.all(Array.from({ length: LIMITS.analytics.max + 30 }, () => postFrom('127.0.0.23', '/api/analytics', batch)));
    expect(statuses(flood)).toEqual({ 204: LIMITS.analytics.max, 429: 30 });
    expect((await postFrom('127.0.0.24', '/api/analytics', batch)).status).toBe(204);
  });

  it(`practice grades: ${LIMITS.grades.max} per ${LIMITS.grades.windowSeconds / 60} minutes per client, each grade counted; refused ones add nothing`, async () => {
    // A public phrase to grade (grades of anything else are dropped before they count).
    const admin = await adminToken();
    const lesson = { language_id: 'limits-lingo', level_id: 'a1', lesson_id: 'one' };
    await ok(api('POST', '/api/languages', { token: admin, body: { id: lesson.language_id, name: 'Limits', flag_url: 'https://example.com/f.svg' } }));
    await ok(api('POST', '/api/levels', { token: admin, body: { id: 'a1', language_id: lesson.language_id, title: 'A1', cefr_label: 'A1' } }));
    await ok(api('POST', '/api/lessons', { token: admin, body: { ...lesson, id: 'one', title: 'One', translated_title: 'One' } }));
    const [phrase] = (await addPhrases(admin, lesson, '/media/content/audio/limits.mp3', [['Hola', 'Hello']])).body as { id: string }[];
    const batch = { grades: Array.from({ length: MAX_GRADE_BATCH }, () => ({ ...lesson, phrase_id: phrase.id, rating: 1 })) };
    const accepted = Math.floor(LIMITS.grades.max / MAX_GRADE_BATCH);

    await awayFromWindowEdge(LIMITS.grades.windowSeconds);
    const flood = await Promise.all(Array.from({ length: accepted + 3 }, () => postFrom('127.0.0.25', '/api/analytics', batch)));
    expect(statuses(flood)).toEqual({ 204: accepted, 429: 3 });
    const hardest = await ok(api('GET', `/api/coverage/${lesson.language_id}/hardest`, { token: admin }));
    expect(hardest.body.items[0]).toMatchObject({ phrase_id: phrase.id, reviews: accepted * MAX_GRADE_BATCH, again: accepted * MAX_GRADE_BATCH });
    // Page events alone are not held back by the grades' limit.
    expect((await postFrom('127.0.0.25', '/api/analytics', { events: [{ name: 'page_view' }] })).status).toBe(204);
    expect((await api('DELETE', `/api/languages/${lesson.language_id}`, { token: admin })).status).toBe(204);
  });
});
