import { describe, expect, it } from 'vitest';
import { parseGroups } from '../../functions/lib/auth.js';
import { keys } from '../../functions/lib/keys.js';
import { handlerModules, matchRoute, routeKey, routes } from '../../functions/routes.js';
import { byOrder } from '../../shared/order.js';
import { languageCreateSchema } from '../../shared/contracts/languages.js';
import { titleFor } from '../../frontend/src/layout/title.js';

describe('route table', () => {
  it('has no route twice and only known handler modules', () => {
    const keysSeen = routes.map(routeKey);
    expect(new Set(keysSeen).size).toBe(keysSeen.length);
    for (const r of routes) expect(handlerModules).toContain(r.fn);
  });
  it('matches concrete paths with their parameters, and nothing else', () => {
    expect(matchRoute('PUT', '/api/languages/spanish')).toMatchObject({ route: { fn: 'languages', access: 'editor' }, params: { id: 'spanish' } });
    expect(matchRoute('GET', '/api/languages/')).toBeUndefined();
    expect(matchRoute('PATCH', '/api/languages/spanish')).toBeUndefined();
    expect(matchRoute('GET', '/api/pages/lesson/es/a1/hello')?.params).toEqual({ language: 'es', level: 'a1', lesson: 'hello' });
  });
});

describe('keys', () => {
  it('keeps a language tree in one partition, in the order the queries rely on', () => {
    expect(keys.language('es')).toEqual({ PK: 'LANG#es', SK: 'META' });
    expect(keys.lesson('es', 'a1', 'hi').PK).toBe(keys.language('es').PK);
    expect(keys.phrase('es', 'a1', 'hi', '01J').SK.startsWith(keys.phrasePrefix('es', 'a1', 'hi').SKPrefix)).toBe(true);
    expect(keys.phrasePrefix('es', 'a1').SKPrefix).toBe('PHRASE#a1#');
    // A lesson id that is a prefix of another must not pick up the other's phrases.
    expect(keys.phrase('es', 'a1', 'hello-2', 'x').SK.startsWith(keys.phrasePrefix('es', 'a1', 'hello').SKPrefix)).toBe(false);
  });
});

describe('groups claim', () => {
  it('reads API Gateway strings and arrays', () => {
    expect(parseGroups('[admins editors]')).toEqual(['admins', 'editors']);
    expect(parseGroups(['admins'])).toEqual(['admins']);
    expect(parseGroups(undefined)).toEqual([]);
  });
});

describe('shared rules', () => {
  it('orders by order_index with missing as 999, ties by title', () => {
    const items = [
      { title: 'B', order_index: null },
      { title: 'C', order_index: 1 },
      { title: 'A', order_index: null },
      { title: 'D', order_index: 0 },
    ];
    expect(items.sort(byOrder).map((i) => i.title)).toEqual(['D', 'C', 'A', 'B']);
  });
  it('accepts absolute and site media URLs for flags, nothing else', () => {
    const ok = (flag_url: string) => languageCreateSchema.safeParse({ id: 'es', name: 'Spanish', flag_url }).success;
    expect(ok('https://x.example/f.svg')).toBe(true);
    expect(ok('/media/assets/flags/es.svg')).toBe(true);
    expect(ok('javascript:alert(1)')).toBe(false);
    expect(ok('ftp://x/f.svg')).toBe(false);
  });
  it('builds document titles from the path', () => {
    expect(titleFor('/', 'Parrot Phrases')).toBe('Parrot Phrases');
    expect(titleFor('/spanish/beginner', 'Parrot Phrases')).toBe('Spanish - Beginner | Parrot Phrases');
    expect(titleFor('/privacy-policy', 'Parrot Phrases')).toBe('Privacy policy | Parrot Phrases');
  });
});

describe('clientIp', () => {
  it("takes the viewer address CloudFront appended last, skipping CloudFront's own address that API Gateway may add", async () => {
    const { config } = await import('../../functions/lib/config.js');
    const { clientIp } = await import('../../functions/lib/http-input.js');
    const event = (xff: string | undefined, sourceIp: string) =>
      ({ headers: xff ? { 'x-forwarded-for': xff } : {}, requestContext: { http: { sourceIp } } }) as never;
    const previous = config.originSecretArn;
    try {
      config.originSecretArn = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:OriginSecret-AbCdEf'; // behind CloudFront
      expect(clientIp(event('6.6.6.6, 9.9.9.9', '3.3.3.3'))).toBe('9.9.9.9'); // a forged entry first, the viewer last
      expect(clientIp(event('6.6.6.6, 9.9.9.9, 3.3.3.3', '3.3.3.3'))).toBe('9.9.9.9'); // API Gateway appended CloudFront's
      config.originSecretArn = undefined; // the twin: its gateway appends the connection's address, which is the viewer
      expect(clientIp(event('6.6.6.6, 127.0.0.5', '127.0.0.5'))).toBe('127.0.0.5');
      expect(clientIp(event(undefined, '127.0.0.5'))).toBe('127.0.0.5');
    } finally {
      config.originSecretArn = previous;
    }
  });
});
