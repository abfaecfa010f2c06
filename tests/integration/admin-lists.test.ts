/**
 * The admin lists at volume: the large fixture (infra/scripts/seed-large.ts) writes 1,200 phrases in
 * two languages, 130 users and 40 posts into the suite's twin; then search finds the right rows,
 * paging returns every row exactly once, filters narrow, cursors cannot be replayed or altered,
 * page sizes are bounded. The fixture is removed afterwards (other files share the twin).
 */
import { AdminDeleteUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '../../shared/contracts/blog.js';
import { foldSearch, type Page } from '../../shared/contracts/paging.js';
import type { Phrase } from '../../shared/contracts/phrases.js';
import type { AdminUser } from '../../shared/contracts/users.js';
import { seedLarge } from '../../infra/scripts/seed-large.js';
import { adminToken, api, twin } from './helpers.js';

const LANGS = [
  { id: 'lists-uno', name: 'Listas Uno', texts: 'spanish' },
  { id: 'lists-dos', name: 'Listes Deux', texts: 'french' },
];
const VOLUME = { lessons: 60, phrases: 1200, users: 130, admins: 3, posts: 40, prefix: 'lists', languages: LANGS };
let admin: string;
let seeded: Awaited<ReturnType<typeof seedLarge>> | undefined;
/** What the fixture wrote (beforeAll's). */
function fixture() {
  if (!seeded) throw new Error('the fixture was not written');
  return seeded;
}
const special = { original_text: 'Una zanahoria MÁGICA, por favor', translated_text: 'A magic carrot, please' };

const get = async <T>(path: string) => {
  const r = await api('GET', path, { token: admin });
  expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body as Page<T>;
};
/** Every page of a list, following cursors; also how many pages it took. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- tests read JSON answers loosely on purpose (eslint.config.js): T names what the list holds, as for get<T>
async function walk<T>(path: string) {
  const items: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: Page<T> = await get<T>(`${path}${path.includes('?') ? '&' : '?'}${cursor ? `cursor=${cursor}` : ''}`);
    items.push(...page.items);
    cursor = page.cursor;
    pages++;
  } while (cursor && pages < 500);
  return { items, pages };
}
const phraseKey = (p: Phrase) => `${p.language_id}/${p.level_id}/${p.lesson_id}/${p.id}`;

beforeAll(async () => {
  admin = await adminToken();
  seeded = await seedLarge({ ports: twin().ports, userPoolId: twin().userPoolId }, VOLUME);
  const lesson = seeded.lessons.filter((l) => l.language === 'lists-uno')[3];
  const r = await api('POST', '/api/phrases', {
    token: admin,
    body: { language_id: lesson.language, level_id: lesson.level, lesson_id: lesson.id, audio_url: '/media/content/audio/special.mp3', phrases: [special] },
  });
  expect(r.status).toBe(201);
}, 120_000);

afterAll(async () => {
  for (const l of LANGS) await api('DELETE', `/api/languages/${l.id}`, { token: admin });
  for (const id of seeded?.posts ?? []) await api('DELETE', `/api/admin/blog/${id}`, { token: admin });
  const idp = new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${twin().ports.cognito}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  for (const Username of seeded?.users ?? []) await idp.send(new AdminDeleteUserCommand({ UserPoolId: twin().userPoolId, Username }));
}, 120_000);

describe('the large fixture', () => {
  it('wrote the volume asked for, and a re-run adds nothing', async () => {
    expect(fixture().added).toMatchObject({ languages: 2, lessons: 60, phrases: 1200, users: 130, posts: 40 });
    const again = await seedLarge({ ports: twin().ports, userPoolId: twin().userPoolId }, VOLUME);
    expect(again.added).toEqual({ languages: 0, levels: 0, lessons: 0, phrases: 0, users: 0, posts: 0 });
  });
});

describe('GET /api/phrases', () => {
  it('finds a phrase by any part of its text or translation, whatever the case and accents', async () => {
    for (const q of ['zanahoria magica', 'ZANAHORIA MÁGICA', 'magic carrot']) {
      const page = await get<Phrase>(`/api/phrases?q=${encodeURIComponent(q)}`);
      expect(
        page.items.map((p) => p.original_text),
        q,
      ).toEqual([special.original_text]);
      expect(page.cursor).toBeNull();
    }
    expect((await get<Phrase>('/api/phrases?q=nothing-like-this')).items).toEqual([]);
  });

  it('pages through every phrase of a language exactly once, in catalogue order', async () => {
    const { items, pages } = await walk<Phrase>('/api/phrases?language_id=lists-uno&limit=97');
    const keys = items.map(phraseKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBe(601); // 600 of the fixture and the one added above
    expect(pages).toBe(Math.ceil(601 / 97));
    expect(items.every((p) => p.language_id === 'lists-uno')).toBe(true);
    // Storage attributes never leave the API.
    expect(items[0]).not.toHaveProperty('search');
    expect(items[0]).not.toHaveProperty('PK');
  });

  it('pages through every language at once (one Query per language), each phrase once', async () => {
    const { items } = await walk<Phrase>('/api/phrases?limit=200');
    const ours = items.filter((p) => p.language_id.startsWith('lists-'));
    expect(ours.length).toBe(1201);
    expect(new Set(items.map(phraseKey)).size).toBe(items.length);
  });

  it('pages through a search: every match once, and only matches', async () => {
    const all = (await walk<Phrase>('/api/phrases?language_id=lists-dos&limit=200')).items;
    const expected = all.filter((p) => `${foldSearch(p.original_text)}\n${foldSearch(p.translated_text)}`.includes('taxi')).map(phraseKey);
    expect(expected.length).toBeGreaterThan(10);
    const { items } = await walk<Phrase>('/api/phrases?language_id=lists-dos&q=Taxi&limit=10');
    expect(items.map(phraseKey).sort()).toEqual(expected.sort());
  });

  it('narrows by level and lesson (a lesson id alone, or under its level)', async () => {
    const lesson = fixture().lessons.find((l) => l.language === 'lists-uno')!;
    const ofLevel = (await walk<Phrase>(`/api/phrases?language_id=lists-uno&level_id=${lesson.level}&limit=200`)).items;
    expect(ofLevel.length).toBeGreaterThan(0);
    expect(ofLevel.every((p) => p.level_id === lesson.level)).toBe(true);
    const ofLesson = (await walk<Phrase>(`/api/phrases?language_id=lists-uno&level_id=${lesson.level}&lesson_id=${lesson.id}`)).items;
    expect(ofLesson.length).toBe(20);
    // A lesson id alone (ids are unique per level only): that id in every level of the language.
    const ofLanguage = (await walk<Phrase>('/api/phrases?language_id=lists-uno&limit=200')).items;
    const byIdOnly = (await walk<Phrase>(`/api/phrases?lesson_id=${lesson.id}&language_id=lists-uno&limit=5`)).items;
    expect(byIdOnly.map(phraseKey)).toEqual(ofLanguage.filter((p) => p.lesson_id === lesson.id).map(phraseKey));
    expect(byIdOnly.length).toBe(40);
    // Creation order within the lesson (ids are ULIDs).
    expect(ofLesson.map((p) => p.id)).toEqual(ofLesson.map((p) => p.id).sort());
  });

  it('counts phrases per lesson without listing them', async () => {
    const counts = (await api('GET', '/api/phrases/counts?language_id=lists-uno', { token: admin })).body as { total: number; lessons: { count: number }[] };
    expect(counts.total).toBe(601);
    expect(counts.lessons.reduce((n, l) => n + l.count, 0)).toBe(601);
    expect(counts.lessons.length).toBe(30);
  });

  it('refuses a cursor that was altered, belongs to another search, or is not one (400)', async () => {
    const page = await get<Phrase>('/api/phrases?language_id=lists-uno&limit=10');
    const cursor = page.cursor!;
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as Record<string, string>;
    const forged = (patch: Record<string, unknown>) => Buffer.from(JSON.stringify({ ...decoded, ...patch })).toString('base64url');
    const bad = [
      `/api/phrases?language_id=lists-uno&cursor=${cursor.slice(0, -3)}`,
      `/api/phrases?language_id=lists-uno&cursor=not!base64`,
      `/api/phrases?language_id=lists-uno&q=taxi&cursor=${cursor}`,
      `/api/phrases?language_id=lists-dos&cursor=${cursor}`,
      `/api/phrases?language_id=lists-uno&cursor=${forged({ h: '00000000' })}`,
      `/api/phrases?language_id=lists-uno&cursor=${forged({ k: 'LEVEL#beginner' })}`,
      `/api/phrases?language_id=lists-uno&cursor=${forged({ l: 'lists-dos' })}`,
      `/api/phrases?language_id=lists-uno&cursor=${Buffer.from('[1,2,3]').toString('base64url')}`,
      `/api/phrases?language_id=lists-uno&cursor=${'A'.repeat(5000)}`,
    ];
    for (const path of bad) {
      const r = await api('GET', path, { token: admin });
      expect(r.status, path).toBe(400);
      expect(r.body.message, path).toMatch(/cursor/i);
    }
  });

  it('bounds the page size and the search text', async () => {
    for (const q of ['limit=0', 'limit=201', 'limit=x', 'limit=1.5', `q=${'a'.repeat(101)}`]) {
      expect((await api('GET', `/api/phrases?${q}`, { token: admin })).status, q).toBe(400);
    }
    expect((await get<Phrase>('/api/phrases?language_id=lists-uno&limit=200')).items.length).toBe(200);
    expect((await get<Phrase>('/api/phrases?language_id=lists-uno')).items.length).toBe(50);
  });
});

describe('GET /api/admin/users', () => {
  it('pages through the whole pool exactly once, with the pool count as total', async () => {
    const first = await get<AdminUser>('/api/admin/users?limit=25');
    const { items } = await walk<AdminUser>('/api/admin/users?limit=25');
    expect(new Set(items.map((u) => u.id)).size).toBe(items.length);
    expect(items.filter((u) => u.email.startsWith('lists.')).length).toBe(130);
    expect(first.total).toBe(items.length);
    expect(first.items.length).toBe(25);
  });

  it('searches by e-mail prefix (lower-cased) with Cognito paging', async () => {
    const { items, pages } = await walk<AdminUser>('/api/admin/users?q=LISTS.A&limit=3');
    expect(items.length).toBeGreaterThan(3);
    expect(pages).toBeGreaterThan(1);
    expect(items.every((u) => u.email.startsWith('lists.a'))).toBe(true);
    expect(new Set(items.map((u) => u.id)).size).toBe(items.length);
    expect((await get<AdminUser>('/api/admin/users?q=lists.amelia.garcia.001@')).items.map((u) => u.email)).toEqual([
      'lists.amelia.garcia.001@learners.parrotphrases.test',
    ]);
    // Quotes cannot break out of Cognito's filter expression.
    expect((await get<AdminUser>(`/api/admin/users?q=${encodeURIComponent('x" or email ^= "')}`)).items).toEqual([]);
  });

  it('lists the admins only, by e-mail, with an exact total', async () => {
    const { items } = await walk<AdminUser>('/api/admin/users?role=admins&limit=2');
    expect(items.every((u) => u.is_admin)).toBe(true);
    expect(items.filter((u) => u.email.startsWith('lists.')).length).toBe(3);
    expect(items.map((u) => u.email)).toEqual(items.map((u) => u.email).sort((a, b) => a.localeCompare(b)));
    expect((await get<AdminUser>('/api/admin/users?role=admins&limit=2')).total).toBe(items.length);
    expect((await get<AdminUser>('/api/admin/users?role=admins&q=lists.')).items.length).toBe(3);
  });

  it('refuses bad cursors, roles and sizes (400)', async () => {
    const all = await get<AdminUser>('/api/admin/users?limit=5');
    const admins = await get<AdminUser>('/api/admin/users?role=admins&limit=1');
    for (const path of [
      `/api/admin/users?role=admins&cursor=${all.cursor}`,
      `/api/admin/users?cursor=${admins.cursor}`,
      `/api/admin/users?q=lists&cursor=${all.cursor}`,
      `/api/admin/users?cursor=${Buffer.from(JSON.stringify({ t: 'forged', h: JSON.parse(Buffer.from(all.cursor!, 'base64url').toString()).h })).toString('base64url')}`,
      '/api/admin/users?cursor=%%%',
      '/api/admin/users?limit=61',
      '/api/admin/users?role=owners',
    ]) {
      expect((await api('GET', path, { token: admin })).status, path).toBe(400);
    }
  });
});

describe('GET /api/admin/blog', () => {
  it('pages through every post once, newest or oldest first, with the total', async () => {
    const newest = await walk<BlogPost>('/api/admin/blog?limit=7');
    const created = newest.items.map((p) => `${p.created_at}#${p.id}`);
    expect(new Set(created).size).toBe(created.length);
    expect(created).toEqual([...created].sort().reverse());
    expect(newest.items.filter((p) => p.title.startsWith('lists: ')).length).toBe(40);
    expect((await get<BlogPost>('/api/admin/blog?limit=7')).total).toBe(newest.items.length);
    const oldest = await walk<BlogPost>('/api/admin/blog?limit=9&sort=oldest');
    expect(oldest.items.map((p) => p.id)).toEqual([...newest.items.map((p) => p.id)].reverse());
  });

  it('filters by status and searches titles (case- and accent-insensitive), paging the matches', async () => {
    const drafts = (await walk<BlogPost>('/api/admin/blog?status=draft&limit=3')).items;
    expect(drafts.length).toBeGreaterThan(0);
    expect(drafts.every((p) => !p.published)).toBe(true);
    expect((await get<BlogPost>('/api/admin/blog?status=draft')).total).toBe(drafts.length);
    const published = (await walk<BlogPost>('/api/admin/blog?status=published&limit=50')).items;
    expect(published.every((p) => p.published)).toBe(true);

    const all = (await walk<BlogPost>('/api/admin/blog?limit=100')).items;
    for (const q of ['PHRASES:', 'HÔTEL']) {
      const expected = all.filter((p) => foldSearch(p.title).includes(foldSearch(q))).map((p) => p.id);
      expect(expected.length, q).toBeGreaterThan(1);
      const found = await walk<BlogPost>(`/api/admin/blog?q=${encodeURIComponent(q)}&limit=2`);
      expect(
        found.items.map((p) => p.id),
        q,
      ).toEqual(expected);
    }
    const draftsFound = (await walk<BlogPost>('/api/admin/blog?q=lists&status=draft&limit=2')).items;
    expect(draftsFound.every((p) => !p.published && p.title.startsWith('lists'))).toBe(true);
  });

  it('refuses bad cursors and parameters (400)', async () => {
    const page = await get<BlogPost>('/api/admin/blog?limit=3');
    for (const path of [
      `/api/admin/blog?sort=oldest&cursor=${page.cursor}`,
      '/api/admin/blog?cursor=e30',
      '/api/admin/blog?status=secret',
      '/api/admin/blog?sort=random',
      '/api/admin/blog?limit=101',
    ]) {
      expect((await api('GET', path, { token: admin })).status, path).toBe(400);
    }
  });
});
