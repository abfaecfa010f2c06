/**
 * The public search (issue 33): `GET /api/search` (what /search renders without script), the static
 * index per language on the CDN and its invalidation, drafts never shown, locked lessons listed as
 * locked, the query's limit as a field error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '../../shared/contracts/search.js';
import { MAX_QUERY, type SearchIndex } from '../../shared/search.js';
import { addPhrases, adminToken, api, invalidFields, ok, twin } from './helpers.js';

const LANG = 'search-pt';
const DRAFT_LANG = 'search-xx';
const flag = 'https://example.com/flag.svg';
let admin: string;

const search = async (q: string, language?: string) =>
  (await ok(api('GET', `/api/search?${new URLSearchParams({ q, ...(language ? { language } : {}) })}`))).body as SearchAnswer;
const page = async (path: string) => {
  const r = await fetch(twin().url + path);
  return { status: r.status, cdn: r.headers.get('x-cache') ?? '', html: await r.text() };
};
const lesson = (id: string, title: string, extra: Record<string, unknown> = {}, language = LANG) =>
  ok(api('POST', '/api/lessons', { token: admin, body: { id, language_id: language, level_id: 'a1', title, translated_title: title, ...extra } }));
const ref = (lesson_id: string, language_id = LANG) => ({ language_id, level_id: 'a1', lesson_id });

beforeAll(async () => {
  admin = await adminToken();
  for (const [id, is_draft] of [
    [LANG, false],
    [DRAFT_LANG, true],
  ] as const) {
    await ok(api('POST', '/api/languages', { token: admin, body: { id, name: `Língua ${id}`, flag_url: flag, is_draft } }));
    await ok(api('POST', '/api/levels', { token: admin, body: { id: 'a1', language_id: id, title: 'Iniciante', cefr_label: 'A1' } }));
  }
  await ok(api('POST', '/api/levels', { token: admin, body: { id: 'b1', language_id: LANG, title: 'Rascunho', cefr_label: 'B1', is_draft: true } }));
  await lesson('cafe', 'No café');
  await addPhrases(admin, ref('cafe'), '/media/content/audio/search-cafe.mp3', [
    ['Um café, por favor', 'A coffee, please'],
    ['Quanto custa?', 'How much is it?'],
  ]);
  await lesson('segredo', 'Lição trancada');
  await addPhrases(admin, ref('segredo'), '/media/content/audio/search-lock.mp3', [['Café trancado', 'Locked coffee']]);
  await ok(api('POST', `/api/lessons/${LANG}/a1/segredo/lock`, { token: admin, body: { is_locked: true } }));
  await lesson('rascunho', 'Café rascunho', { is_draft: true });
  await addPhrases(admin, ref('rascunho'), '/media/content/audio/search-draft.mp3', [['Café do rascunho', 'Draft coffee']]);
  await ok(
    api('POST', '/api/lessons', { token: admin, body: { id: 'fundo', language_id: LANG, level_id: 'b1', title: 'Café fundo', translated_title: 'Deep' } }),
  );
  await lesson('longe', 'Café distante', {}, DRAFT_LANG);
  await addPhrases(admin, ref('longe', DRAFT_LANG), '/media/content/audio/search-far.mp3', [['Café de longe', 'Far coffee']]);
  // A pending phrase draft of the live lesson: not public until published.
  await ok(
    api('POST', '/api/phrases/draft', {
      token: admin,
      body: { ...ref('cafe'), audio_url: '/media/content/audio/search-pending.mp3', phrases: [{ original_text: 'Café pendente', translated_text: 'Pending' }] },
    }),
  );
});

afterAll(async () => {
  for (const id of [LANG, DRAFT_LANG]) await api('DELETE', `/api/languages/${id}`, { token: admin });
});

describe('GET /api/search', () => {
  it('finds a phrase by a word without its accents or capitals, with its translation and lesson, linked to its anchor', async () => {
    const r = await search('CAFE POR', LANG);
    expect(r.total).toBe(1);
    expect(r.hits[0]).toMatchObject({
      kind: 'phrase',
      original: 'Um café, por favor',
      translation: 'A coffee, please',
      lesson_title: 'No café',
      locked: false,
    });
    expect(r.hits[0].href).toMatch(new RegExp(`^/${LANG}/a1/cafe#p-[0-9A-Z]+$`));
    // Every language by default: the same phrase among the others.
    expect((await search('cafe por')).hits.map((h) => h.original)).toContain('Um café, por favor');
  });

  it('never shows a draft: a draft language, level or lesson, or a pending phrase draft', async () => {
    const found = JSON.stringify(await search('cafe'));
    for (const text of ['rascunho', 'Café fundo', 'longe', 'distante', 'pendente']) expect(found).not.toContain(text);
    expect((await search('cafe')).languages.map((l) => l.id)).not.toContain(DRAFT_LANG);
    expect((await api('GET', `/api/search-index/${DRAFT_LANG}`)).status).toBe(404);
    expect(JSON.stringify((await ok(api('GET', `/api/search-index/${LANG}`))).body)).not.toMatch(/rascunho|fundo|pendente/i);
  });

  it('lists a locked lesson as locked, by its title only, leading to the locked-content screen', async () => {
    const r = await search('licao trancada', LANG);
    expect(r.hits).toEqual([
      expect.objectContaining({ kind: 'lesson', locked: true, href: `/locked-content?type=lesson&id=segredo&languageId=${LANG}&levelId=a1` }),
    ]);
    expect(JSON.stringify(await search('trancado', LANG))).not.toContain('Locked coffee');
  });

  it(`refuses a query over ${MAX_QUERY} characters and an unknown language with a field error (400)`, async () => {
    expect(await invalidFields('GET', `/api/search?q=${'a'.repeat(MAX_QUERY + 1)}`, {})).toEqual({ q: `Search text is at most ${MAX_QUERY} characters` });
    expect(Object.keys(await invalidFields('GET', `/api/search?q=cafe&language=${DRAFT_LANG}`, {}))).toEqual(['language']);
    expect((await search('a'.repeat(MAX_QUERY))).total).toBe(0);
  });
});

describe('the /search page', () => {
  it('answers on the server (no script needed), noindex, never stored by the CDN; the spec-like text when nothing matches', async () => {
    const hit = await page(`/search?q=quanto&language=${LANG}`);
    expect(hit.status).toBe(200);
    expect(hit.html).toContain('Quanto custa?');
    expect(hit.html).toContain('How much is it?');
    expect(hit.html).toMatch(/href="\/search-pt\/a1\/cafe#p-[0-9A-Z]+"/);
    expect(hit.html).toContain('<meta name="robots" content="noindex">');
    expect((await page(`/search?q=quanto&language=${LANG}`)).cdn).toMatch(/miss/i);
    const none = await page('/search?q=zzzyx');
    expect(none.html).toMatch(/No results for “(<!-- -->)?zzzyx(<!-- -->)?”/);
    const long = await page(`/search?q=${'a'.repeat(MAX_QUERY + 1)}`);
    expect(long.status).toBe(400);
    expect(long.html).toContain(`Search text is at most ${MAX_QUERY} characters`);
  });

  it('has a search box in the header of every page: a GET form to /search', async () => {
    expect((await page('/')).html).toMatch(/<form role="search"[^>]*action="\/search" method="get"/);
  });
});

describe("a language's search index on the CDN", () => {
  it('is a public read the CDN keeps, invalidated when a phrase of its lessons changes', async () => {
    const read = () => fetch(`${twin().url}/api/search-index/${LANG}`);
    const first = await read();
    expect(first.status).toBe(200);
    expect((await read()).headers.get('x-cache') ?? '').toMatch(/hit/i);
    await addPhrases(admin, ref('cafe'), '/media/content/audio/search-new.mp3', [['Pão de queijo', 'Cheese bread']]);
    const after = (await (await read()).json()) as SearchIndex;
    expect(after.phrases.map(([, , original]) => original)).toContain('Pão de queijo');
  });
});
