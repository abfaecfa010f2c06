/**
 * One contract per resource (shared/contracts): the route table names what each route
 * answers, the OpenAPI document shows it, and the twin's router refuses an answer that strays from
 * it: a missing field, a field of the wrong type, and a field the contract does not have (a leaked
 * storage key) are each a failure, not a silent pass.
 */
import { describe, expect, it } from 'vitest';
import { checkAnswer } from '../../functions/lib/answer-check.js';
import { openApiDocument, successStatus } from '../../functions/lib/openapi.js';
import { routeKey, routes, type RouteDef } from '../../functions/routes.js';

const route = (key: string): RouteDef => {
  const r = routes.find((x) => routeKey(x) === key);
  if (!r) throw new Error(`${key} is not in the route table`);
  return r;
};
const language = {
  id: 'es',
  name: 'Spanish',
  flag_url: '/media/flag.png',
  version: 1,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

describe('route contracts', () => {
  it('declares what every route with a body answers, and nothing for 204 routes', () => {
    for (const r of routes) expect(!!r.response, routeKey(r)).toBe(successStatus(r) !== 204);
  });

  it('accepts an answer that is exactly the contract', () => {
    expect(() => checkAnswer(route('GET /api/languages'), [language], 200)).not.toThrow();
    expect(() => checkAnswer(route('GET /api/languages/{id}'), language, 200)).not.toThrow();
    expect(() => checkAnswer(route('DELETE /api/languages/{id}'), undefined, 204)).not.toThrow();
    // Error answers are the error contract's (lib/http.ts), not the resource's.
    expect(() => checkAnswer(route('GET /api/languages/{id}'), { message: 'Language not found' }, 404)).not.toThrow();
  });

  it('refuses a missing field, a wrong type and a field the contract does not have', () => {
    const { flag_url: _gone, ...missing } = language;
    expect(() => checkAnswer(route('GET /api/languages/{id}'), missing, 200)).toThrow(/GET \/api\/languages\/\{id\} answered outside its contract.*flag_url/s);
    expect(() => checkAnswer(route('GET /api/languages/{id}'), { ...language, version: '1' }, 200)).toThrow(/version/);
    expect(() => checkAnswer(route('GET /api/languages'), [language, { ...language, PK: 'LANG#es' }], 200)).toThrow(/\[1\]\.PK/);
    expect(() => checkAnswer(route('DELETE /api/languages/{id}'), { deleted: true }, 200)).toThrow(/does not declare/);
  });

  it('shows each answer in the OpenAPI document as JSON Schema of what is sent', () => {
    const doc = openApiDocument() as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
    };
    for (const r of routes) {
      const ok = doc.paths[r.path][r.method.toLowerCase()].responses[String(successStatus(r))];
      expect(!!ok.content?.['application/json'].schema, routeKey(r)).toBe(!!r.response);
    }
    const lang = doc.paths['/api/languages/{id}'].get.responses['200'].content!['application/json'].schema as { required: string[] };
    expect(lang.required).toEqual(expect.arrayContaining(['id', 'name', 'flag_url', 'version', 'created_at', 'updated_at']));
  });
});
