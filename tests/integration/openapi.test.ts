/**
 * GET /api/openapi.json through the twin's gateway, as a client generator fetches it: public, JSON,
 * a valid OpenAPI 3.1 document that lists every route of the table with its access.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { routeKey, routes } from '../../functions/routes.js';
import { api, twin } from './helpers.js';

describe('GET /api/openapi.json', () => {
  it('answers the document without a token', async () => {
    const r = await api('GET', '/api/openapi.json');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.body).toMatchObject({ openapi: '3.1.0', info: { title: 'Parrot Phrases', version: '1.0.0' } });

    const validator = new Validator();
    const res = await validator.validate(r.body);
    expect(res.errors).toBeUndefined();
    expect(res.valid).toBe(true);
    expect(validator.version).toBe('3.1');

    type Operation = { 'x-access': string; security?: unknown };
    const paths = r.body.paths as Record<string, Record<string, Operation>>;
    // A route the document lacks: no entry for its path, or none for its method.
    const find = (path: string, method: string) => (paths as Partial<Record<string, Partial<Record<string, Operation>>>>)[path]?.[method];
    const missing = routes.filter((route) => find(route.path, route.method.toLowerCase())?.['x-access'] !== route.access).map(routeKey);
    expect(missing).toEqual([]);
    const listed = Object.entries(paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(listed.sort()).toEqual(routes.map(routeKey).sort());
    expect(paths['/api/levels'].post.security).toEqual([{ bearer: [] }]);
  });

  it('may be kept by browsers for five minutes', async () => {
    const r = await fetch(`${twin().url}/api/openapi.json`);
    expect(r.headers.get('cache-control')).toBe('public, max-age=300');
  });
});
