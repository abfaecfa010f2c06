/**
 * A path whose percent-encoding does not decode (`/api/languages/%E0%A4%A`, `/fr/%E0%A4%A`) is a bad
 * request, never a server error: decodePath answers undefined instead of throwing, the route table
 * matches nothing, and the render function answers 400 as text before any router or renderer sees it.
 */
import { describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { decodePath, MALFORMED_PATH, matchRoute } from '../../functions/routes.js';

const MALFORMED = [
  '%', // a lone percent sign
  '%Z',
  '%ZZ', // not hex
  '%E0%A4%A', // a three-byte sequence cut in its last escape
  '%E0%A4', // ... cut before it
  '%FF', // never a UTF-8 byte
  '%C0%AF', // an overlong '/'
  '%ED%A0%80', // a UTF-16 surrogate, which UTF-8 may not carry
  '%80', // a continuation byte alone
  'fr/%E0%A4%A/x', // anywhere in a path
  '100%',
];

describe('decodePath', () => {
  it.each([
    ['', ''],
    ['fr', 'fr'],
    ['a%20b', 'a b'],
    ['%F0%9F%A6%9C', '🦜'],
    ['%E0%A4%A8', 'न'],
    ['caf%C3%A9', 'café'],
    ['100%25', '100%'],
    ['a%2Fb', 'a/b'],
    ['/api/languages/es', '/api/languages/es'],
  ])('decodes %j as %j', (encoded, decoded) => {
    expect(decodePath(encoded)).toBe(decoded);
  });

  it.each(MALFORMED)('answers undefined for %j (decodeURIComponent throws on it)', (encoded) => {
    expect(() => decodeURIComponent(encoded)).toThrow(URIError);
    expect(decodePath(encoded)).toBeUndefined();
  });
});

describe('matchRoute with a malformed parameter', () => {
  it('matches nothing and never throws, for reads and admin writes', () => {
    for (const segment of MALFORMED.filter((s) => !s.includes('/'))) {
      for (const method of ['GET', 'PUT', 'DELETE']) expect(matchRoute(method, `/api/languages/${segment}`)).toBeUndefined();
      expect(matchRoute('GET', `/api/pages/lesson/es/${segment}/l1`)).toBeUndefined();
      expect(matchRoute('GET', `/api/blog/${segment}`)).toBeUndefined();
    }
  });

  it('still decodes well-formed parameters once', () => {
    expect(matchRoute('GET', '/api/languages/es')?.params).toEqual({ id: 'es' });
    expect(matchRoute('PUT', '/api/languages/%E0%A4%A8')?.params).toEqual({ id: 'न' });
    expect(matchRoute('GET', '/api/blog/100%25')?.params).toEqual({ slug: '100%' });
    expect(matchRoute('GET', '/api/languages/')).toBeUndefined();
  });
});

describe('the render function with a malformed path', () => {
  const event = (rawPath: string, method = 'GET') =>
    ({ version: '2.0', rawPath, rawQueryString: '', headers: {}, requestContext: { http: { method, path: rawPath } } }) as unknown as APIGatewayProxyEventV2;

  it.each(['/fr/%E0%A4%A', '/%', '/blog/%E0', '/fr/%ED%A0%80/x', '/support%'])('answers 400 as text, not stored, for %s', async (rawPath) => {
    const { handler } = await import('../../functions/handlers/render.js');
    for (const method of ['GET', 'HEAD', 'POST']) {
      const out = await handler(event(rawPath, method));
      expect(out.statusCode).toBe(400);
      expect(out.headers?.['content-type']).toMatch(/^text\/plain/);
      expect(out.headers?.['cache-control']).toBe('no-store');
      expect(out.body).toBe(MALFORMED_PATH);
    }
  });
});
