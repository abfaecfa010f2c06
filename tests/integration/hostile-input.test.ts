/**
 * Bad input never breaks the API and never changes data: 1,000+ generated hostile requests (fast-check)
 * across every route of the table, as an admin, a signed-in user and anonymously: path ids of any
 * length and alphabet, query filters of thousands of characters, bodies of the wrong type, with a
 * poisoned field, oversized (413), not JSON (400) or not sent as JSON (415). Every answer must be
 * below 500, and the table must hold exactly what it held before (rate-limit counters aside).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { MAX_BODY_BYTES } from '../../functions/lib/http-input.js';
import { routes, type RouteDef } from '../../functions/routes.js';
import { adminToken, twin, userToken } from './helpers.js';

let tokens: Record<'admin' | 'user' | 'anonymous', string | undefined>;

/** Everything in the table (a test may Scan; no request path does), minus per-client counters. */
async function snapshot() {
  const ddb = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${twin().ports.dynamodb}`,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const r = await ddb.send(new ScanCommand({ TableName: 'parrot-phrases', ExclusiveStartKey, ConsistentRead: true }));
    items.push(...(r.Items ?? []));
    ExclusiveStartKey = r.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items
    .filter((i) => !String(i.PK).startsWith('LIMIT#') && String(i.PK) !== 'ADMINS')
    .map((i) => JSON.stringify(i, Object.keys(i).sort()))
    .sort();
}

/**
 * Strings no id, name or filter should accept. Most look valid but are too long (lowercase slugs of
 * 101 to 2,500 characters get past every pattern, so only a length limit stops them before
 * DynamoDB's key size does); the rest are odd alphabets, traversal, markup and control characters.
 */
const hostileText = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.integer({ min: 101, max: 2500 }), fc.constantFrom('a', 'es-', 'z9'))
      .map(([n, unit]) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n)),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 1100, maxLength: 1400 }) },
  { weight: 1, arbitrary: fc.constantFrom('..', '../../etc/passwd', '%00', '\u0000', '<script>alert(1)</script>', ' ', 'UPPER-case', '🦜'.repeat(600)) },
);
/** Values of the wrong type for any field (a boolean could be right for a switch: none is generated). */
const poison = fc.oneof(fc.constant({ nested: { deeper: [1, 2, 3] } }), fc.constant([[[]]]), fc.constant(null), fc.double({ min: -1e12, max: -1 }));
const fieldValue = fc.oneof(hostileText, poison, fc.integer({ min: -5, max: 5000 }));

const keysOf = (schema: z.ZodType | undefined): string[] => {
  const shape =
    (schema as unknown as
      { shape?: Record<string, unknown>; def?: { in?: { shape?: Record<string, unknown> }; schema?: { shape?: Record<string, unknown> } } } | undefined) ??
    undefined;
  return Object.keys(shape?.shape ?? shape?.def?.in?.shape ?? shape?.def?.schema?.shape ?? {});
};

type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; type: string; text: string };

/** A body the route must refuse: one field of its schema is always poisoned; or not JSON at all. */
function hostileBody(route: RouteDef): fc.Arbitrary<Body> {
  const fields = keysOf(route.body).filter((k) => k !== 'banner_size'); // banner_size takes anything and normalises it
  const object = fields.length
    ? fc
        .tuple(fc.dictionary(fc.constantFrom(...fields), fieldValue), fc.constantFrom(...fields), poison)
        .map(([rest, key, bad]) => ({ kind: 'json' as const, value: { ...rest, [key]: bad } }))
    : fc.record({ value: fc.jsonValue() }).map(({ value }) => ({ kind: 'json' as const, value }));
  return fc.oneof(
    { weight: 5, arbitrary: object },
    {
      weight: 1,
      arbitrary: fc
        .jsonValue()
        .filter((v) => typeof v !== 'object' || v === null)
        .map((value) => ({ kind: 'json' as const, value })),
    },
    { weight: 1, arbitrary: fc.constantFrom('{oops', '[1,', '\u0000', '{"a":').map((text) => ({ kind: 'raw' as const, type: 'application/json', text })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x')
        .map((type) => ({ kind: 'raw' as const, type, text: '{"name":"x"}' })),
    },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'raw', type: 'application/json', text: JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES + 10) }) }) },
  );
}

function hostileRequest(route: RouteDef): fc.Arbitrary<HostileRequest> {
  const params = (route.path.match(/\{\w+\}/g) ?? []).map(() => hostileText);
  const query = fc.dictionary(fc.constantFrom(...(keysOf(route.query).length ? keysOf(route.query) : ['language_id', 'limit', 'type'])), hostileText, {
    maxKeys: 3,
  });
  return fc.record({
    route: fc.constant(route),
    who: fc.constantFrom('admin' as const, 'user' as const, 'anonymous' as const),
    params: fc.tuple(...params),
    query,
    body: route.method === 'GET' ? fc.constant<Body>({ kind: 'none' }) : hostileBody(route),
  });
}

interface HostileRequest {
  route: RouteDef;
  who: 'admin' | 'user' | 'anonymous';
  params: string[];
  query: Record<string, string>;
  body: Body;
}

async function send(r: HostileRequest) {
  let i = 0;
  const path = r.route.path.replace(/\{\w+\}/g, () => encodeURIComponent(r.params[i++] || 'x'));
  const search = new URLSearchParams(r.query).toString();
  const headers: Record<string, string> = {};
  const token = tokens[r.who];
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (r.body.kind === 'json') [headers['content-type'], body] = ['application/json', JSON.stringify(r.body.value)];
  if (r.body.kind === 'raw') [headers['content-type'], body] = [r.body.type, r.body.text];
  const res = await fetch(`${twin().url}${path}${search ? `?${search}` : ''}`, { method: r.route.method, headers, body, redirect: 'manual' });
  await res.arrayBuffer();
  return res.status;
}

beforeAll(async () => {
  tokens = { admin: await adminToken(), user: await userToken('hostile@parrotphrases.test'), anonymous: undefined };
  // The first read of the settings stores the default record: done before the snapshot.
  await fetch(`${twin().url}/api/settings`);
});

describe('hostile input', () => {
  it('1,000+ generated bad requests over every route: no 5xx and no item changed', async () => {
    const before = await snapshot();
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const perRoute = Math.ceil(1000 / routes.length);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(hostileRequest(route), async (req) => {
          const status = await send(req);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status >= 500)
            failures.push(
              `${status} ${req.route.method} ${req.route.path} as ${req.who} params=${JSON.stringify(req.params).slice(0, 120)} body=${JSON.stringify(req.body).slice(0, 160)}`,
            );
          return status < 500;
        }),
        { numRuns: perRoute, seed: 20261123, endOnFailure: true },
      );
    }
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    console.log(`hostile input: ${total} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    expect(failures).toEqual([]);
    expect(total).toBeGreaterThanOrEqual(1000);
    expect(statuses.get(413)).toBeGreaterThan(0);
    expect(statuses.get(415)).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(before);
  }, 300_000);

  it('paths with malformed percent-encoding: 400 (404 where nothing is there), never 5xx, nothing changed', async () => {
    const before = await snapshot();
    const admin = { authorization: `Bearer ${tokens.admin}` };
    const json = { ...admin, 'content-type': 'application/json' };
    // [method, path, headers, body, expected status, expected content type]
    const cases: [string, string, Record<string, string>, string | undefined, number, RegExp][] = [
      // The API (public reads, admin writes with a valid token): JSON 400 before any route or handler.
      ['GET', '/api/languages/%E0%A4%A', {}, undefined, 400, /json/],
      ['GET', '/api/languages/%E0%A4%A', admin, undefined, 400, /json/],
      ['PUT', '/api/languages/%E0%A4%A', json, JSON.stringify({ name: 'Hindi' }), 400, /json/],
      ['DELETE', '/api/languages/%', admin, undefined, 400, /json/],
      ['PUT', '/api/admin/blog/%ED%A0%80', json, JSON.stringify({ title: 'x' }), 400, /json/],
      ['GET', '/api/pages/lesson/es/%ZZ/l1', {}, undefined, 400, /json/],
      ['GET', '/api/blog/100%', {}, undefined, 400, /json/],
      ['GET', '/api/no-such-route/%C0%AF', admin, undefined, 400, /json/],
      // Pages (the render function, through the CDN stand-in): text 400.
      ['GET', '/fr/%E0%A4%A', {}, undefined, 400, /text\/plain/],
      ['HEAD', '/fr/%E0%A4%A', {}, undefined, 400, /text\/plain/],
      ['GET', '/es/%E0%A4%A/x', {}, undefined, 400, /text\/plain/],
      ['GET', '/%', {}, undefined, 400, /text\/plain/],
      ['GET', '/blog/%FF', {}, undefined, 400, /text\/plain/],
      ['GET', '/admin/languages/%E0', admin, undefined, 400, /text\/plain/],
      // The site's files: text 400; media: S3's 404 (the key names no object).
      ['GET', '/static/%E0%A4%A.js', {}, undefined, 400, /text\/plain/],
      ['GET', '/media/content/audio/%E0%A4%A.mp3', {}, undefined, 404, /xml/],
      // Well-formed (an encoded '%'), naming no page: 404, as any unknown page.
      ['GET', '/fr/%25E0%25A4%25A', {}, undefined, 404, /text\/html/],
    ];
    const failures: string[] = [];
    for (const [method, path, headers, body, want, type] of cases) {
      // Twice: a 400 must not be served from the CDN's store either.
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${twin().url}${path}`, { method, headers, body, redirect: 'manual' });
        const text = await res.text();
        const got = `${res.status} ${res.headers.get('content-type')}`;
        if (res.status !== want || !type.test(res.headers.get('content-type') ?? '')) failures.push(`${method} ${path}: ${got} ${text.slice(0, 120)}`);
        if (want === 400 && method !== 'HEAD' && !/malformed percent-encoding/.test(text))
          failures.push(`${method} ${path}: no clear message: ${text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
