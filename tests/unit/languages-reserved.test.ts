/** A language lives at `/{id}`: its id must never be one of the site's own first path segments. */
import { describe, expect, it } from 'vitest';
import { languageCreateSchema, RESERVED_ID_TEXT, RESERVED_LANGUAGE_IDS } from '../../shared/contracts/languages.js';
import { readFileSync } from 'node:fs';
import { STATIC_PATTERNS } from '../../infra/cdk/cdn-rules.js';

const firstSegment = (path: string) => path.split('/')[1] ?? '';

describe('reserved language ids', () => {
  it("covers every page of the SPA's route table and every static path of the CDN", () => {
    // The route table's source (importing it would bring in the SPA's aliases and its pages).
    const table = readFileSync(new URL('../../frontend/src/routes.tsx', import.meta.url), 'utf8');
    const pages = [...table.matchAll(/route\('(\/[^']*)'/g)].map((m) => firstSegment(m[1])).filter((s) => s && !s.startsWith(':') && s !== '*');
    expect(pages).toContain('review');
    const statics = STATIC_PATTERNS.map((p) => firstSegment(p).replace(/\*$/, '')).filter((s) => /^[a-z0-9-]+$/.test(s));
    for (const segment of [...pages, ...statics]) expect(RESERVED_LANGUAGE_IDS, segment).toContain(segment);
  });

  it('refuses them with a clear text, and takes any other slug', () => {
    const create = (id: string) => languageCreateSchema.safeParse({ id, name: 'Name', flag_url: 'https://example.com/f.svg' });
    for (const id of ['review', 'offline', 'blog', 'admin']) expect(create(id).error?.issues[0]?.message, id).toBe(RESERVED_ID_TEXT);
    expect(create('reviews').success).toBe(true);
    expect(create('spanish').success).toBe(true);
  });
});
