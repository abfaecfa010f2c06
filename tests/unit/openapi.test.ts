/// <reference types="vite/client" />
/**
 * GET /api/openapi.json is generated from the route table: every route is in it with its access,
 * body, query and path parameters, and it is a valid OpenAPI 3.1 document. The table is also checked
 * against the handlers' source: the router parses every input with the table's schemas, so a handler
 * parses none itself (a schema cannot be missing from, or differ in, the table).
 */
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { errorStatuses, openApiDocument, successStatus } from '../../functions/lib/openapi.js';
import { pathParams, routeKey, routes, type RouteDef } from '../../functions/routes.js';

type Doc = ReturnType<typeof openApiDocument>;
type Operation = {
  operationId: string;
  tags: string[];
  'x-access': string;
  security?: unknown;
  description: string;
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: { 'application/json': { schema: { required?: string[]; properties?: Record<string, unknown> } } } };
  responses: Record<string, unknown>;
};

const findOperation = (doc: Doc, r: Pick<RouteDef, 'method' | 'path'>) =>
  (doc.paths as Partial<Record<string, Partial<Record<string, Operation>>>>)[r.path]?.[r.method.toLowerCase()];
function operationOf(doc: Doc, r: Pick<RouteDef, 'method' | 'path'>): Operation {
  const op = findOperation(doc, r);
  if (!op) throw new Error(`${r.method} ${r.path} is not in the document`);
  return op;
}

/** The routes of the table the document lacks or misdescribes (method, access). */
function missingRoutes(doc: Doc) {
  return routes.filter((r) => findOperation(doc, r)?.['x-access'] !== r.access).map(routeKey);
}

async function validate(doc: unknown) {
  return new Validator().validate(structuredClone(doc) as Record<string, unknown>);
}

const doc = openApiDocument();

describe('OpenAPI document', () => {
  it('lists every route of the table with its method, access and tag, and nothing else', () => {
    expect(missingRoutes(doc)).toEqual([]);
    const listed = Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(listed.sort()).toEqual(routes.map(routeKey).sort());
    for (const r of routes) expect(operationOf(doc, r).tags).toEqual([r.fn]);
    // The check itself can fail: a document that lost a route, or gave one the wrong access, is caught.
    const lost = structuredClone(doc);
    delete (lost.paths as Record<string, Record<string, unknown>>)['/api/languages'].post;
    (lost.paths as Record<string, Record<string, Operation>>)['/api/me/profile'].get['x-access'] = 'public';
    expect(missingRoutes(lost)).toEqual(['POST /api/languages', 'GET /api/me/profile']);
  });

  it('asks for a bearer token exactly on the non-public routes', () => {
    expect((doc.components as { securitySchemes: unknown }).securitySchemes).toEqual({
      bearer: expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }),
    });
    for (const r of routes) {
      const op = operationOf(doc, r);
      if (r.access === 'public') expect(op.security, routeKey(r)).toBeUndefined();
      else expect(op.security, routeKey(r)).toEqual([{ bearer: [] }]);
      if (r.access === 'admin') expect(op.description).toMatch(/`admins` group/);
    }
    expect(routes.some((r) => r.access === 'public') && routes.some((r) => r.access === 'user') && routes.some((r) => r.access === 'admin')).toBe(true);
  });

  it("has the body schema a route's handler parses, as JSON Schema of its input", () => {
    const body = operationOf(doc, { method: 'POST', path: '/api/languages' }).requestBody!.content['application/json'].schema;
    expect(body.required).toEqual(['id', 'name', 'flag_url']);
    expect(Object.keys(body.properties!)).toEqual(['id', 'name', 'flag_url', 'is_draft']);
    // Input side: fields with a default are optional to send.
    const tts = operationOf(doc, { method: 'POST', path: '/api/media/tts' }).requestBody!.content['application/json'].schema;
    expect(tts.required ?? []).not.toContain('language');
    for (const r of routes) expect(!!operationOf(doc, r).requestBody, routeKey(r)).toBe(!!r.body);
    expect(JSON.stringify(doc)).not.toContain('$schema');
    // Every reference points into the document's own components (no dangling zod `$defs`).
    for (const [, ref] of JSON.stringify(doc).matchAll(/"\$ref":"([^"]*)"/g)) expect(ref).toMatch(/^#\/components\/(schemas|responses)\/\w+$/);
  });

  it('has path parameters from {x} segments and query parameters from the query schema', () => {
    const put = operationOf(doc, { method: 'PUT', path: '/api/lessons/{language}/{level}/{id}' });
    // Each with its schema from the route's `params`: what a valid id looks like.
    const courseId = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[a-z0-9-]+$' };
    expect(put.parameters).toEqual(['language', 'level', 'id'].map((name) => ({ name, in: 'path', required: true, schema: courseId })));
    const restore = operationOf(doc, { method: 'POST', path: '/api/admin/trash/{id}/restore' });
    expect(restore.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' } }]);
    const next = operationOf(doc, { method: 'GET', path: '/api/lessons/next-order' });
    expect(next.parameters?.map((p) => [p.name, p.in, p.required])).toEqual([
      ['language_id', 'query', true],
      ['level_id', 'query', true],
    ]);
    // A union of objects: `levelId` only in the lesson branch, so not required.
    const locked = operationOf(doc, { method: 'GET', path: '/api/pages/locked' });
    expect(locked.parameters?.map((p) => [p.name, p.required])).toEqual([
      ['type', true],
      ['id', true],
      ['languageId', true],
      ['levelId', false],
    ]);
    expect(operationOf(doc, { method: 'GET', path: '/api/blog' }).parameters?.map((p) => p.name)).toEqual(['limit']);
  });

  it('answers the right success and error statuses', () => {
    const statuses = (method: RouteDef['method'], path: string) => Object.keys(operationOf(doc, { method, path }).responses);
    expect(statuses('POST', '/api/languages')).toEqual(['201', '400', '401', '403', '409']);
    expect(statuses('DELETE', '/api/languages/{id}')).toEqual(['204', '400', '401', '403', '404']);
    expect(statuses('GET', '/api/languages')).toEqual(['200']);
    expect(statuses('PUT', '/api/me/profile')).toEqual(['200', '400', '401']);
    expect(statuses('POST', '/api/analytics')).toEqual(['204', '400']);
    for (const r of routes) expect(Object.keys(operationOf(doc, r).responses)).toEqual([String(successStatus(r)), ...errorStatuses(r).map(String)]);
  });

  it('gives every operation a summary and a unique operationId', () => {
    for (const r of routes) expect(r.summary.trim(), routeKey(r)).not.toBe('');
    const ids = routes.map((r) => operationOf(doc, r).operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationOf(doc, { method: 'GET', path: '/api/languages/{id}' }).operationId).toBe('getLanguagesById');
  });

  it('is a valid OpenAPI 3.1 document, and a broken one is not', async () => {
    const res = await validate(doc);
    expect(res.errors).toBeUndefined();
    expect(res.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Parrot Phrases', version: '1.0.0' });

    const noTitle = structuredClone(doc);
    delete (noTitle.info as Record<string, unknown>).title;
    expect((await validate(noTitle)).valid).toBe(false);
    const badScheme = structuredClone(doc);
    (badScheme.components as { securitySchemes: { bearer: { type: string } } }).securitySchemes.bearer.type = 'jwt';
    expect((await validate(badScheme)).valid).toBe(false);
    const badParam = structuredClone(doc);
    (badParam.paths as Record<string, Record<string, Operation>>)['/api/languages/{id}'].get.parameters![0].in = 'body';
    expect((await validate(badParam)).valid).toBe(false);
  });

  it('is the same document every time (pure), and unrepresentable schema parts do not throw', () => {
    expect(JSON.stringify(openApiDocument())).toBe(JSON.stringify(doc));
    const odd: RouteDef = {
      method: 'POST',
      path: '/api/x/{id}',
      fn: 'openapi',
      access: 'user',
      summary: 'x',
      body: z.object({ when: z.date(), n: z.bigint(), f: z.custom<string>() }),
    };
    const one = openApiDocument([odd]);
    expect(operationOf(one, odd).requestBody!.content['application/json'].schema.properties).toEqual({ when: {}, n: {}, f: {} });
  });
});

/** Exported shared schemas by value (every contract module), to name the one a route declares. */
const contracts = import.meta.glob<Record<string, unknown>>('../../shared/contracts/*.ts', { eager: true });
const shared = new Map<unknown, string>(Object.values(contracts).flatMap((m) => Object.entries(m).map(([name, v]) => [v, name] as const)));

const handlerSource = (fn: string) => readFileSync(new URL(`../../functions/handlers/${fn}.ts`, import.meta.url), 'utf8');

describe('route table against the handlers', () => {
  it('has every route a handler module serves (so the document has it too)', () => {
    const served = routes
      .map((r) => r.fn)
      .filter((fn, i, all) => all.indexOf(fn) === i)
      .flatMap((fn) =>
        [
          ...readFileSync(new URL(`../../functions/handlers/${fn}.ts`, import.meta.url), 'utf8').matchAll(
            /^\s*'((?:GET|POST|PUT|PATCH|DELETE) \/api\/[^']*)':/gm,
          ),
        ].map((m) => m[1]),
      );
    expect(served.sort()).toEqual(routes.map(routeKey).sort());
  });

  it.each([...new Set(routes.map((r) => r.fn))])("functions/handlers/%s.ts parses no input: the router does, with the table's schemas", (fn) => {
    // Neither lib/http's parse() (no longer exported) nor a schema's own parse or safeParse; JSON.parse of an answer is not input.
    expect(handlerSource(fn)).not.toMatch(/(?<!JSON\.)\bparse\(|safeParse\(/);
  });

  it.each(routes.map((r) => [routeKey(r), r] as const))('%s names the schemas of what it takes', (_key, r) => {
    // Body and query: the contracts' own schemas (the SPA's forms and lists use the same ones).
    for (const what of ['body', 'query'] as const)
      if (r[what]) expect(shared.get(r[what]), `${what} schema must be exported from shared/contracts`).toBeDefined();
    // Path: every route with `{x}` segments has an object schema of exactly those, in path order.
    const names = pathParams(r.path);
    if (!names.length) return expect(r.params, 'params declared on a path without parameters').toBeUndefined();
    expect(r.params, 'declare the path parameters (`params`) in functions/routes.ts').toBeInstanceOf(z.ZodObject);
    expect(Object.keys((r.params as z.ZodObject).shape)).toEqual(names);
    const texts = r.paramsNotFound;
    if (texts && typeof texts !== 'string') expect(names).toEqual(expect.arrayContaining(Object.keys(texts)));
  });
});
