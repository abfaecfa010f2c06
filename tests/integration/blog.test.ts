import { beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '../../shared/contracts/blog.js';
import { api as apiUrls, apiPath } from '../../shared/urls.js';
import { adminToken, api, userToken, pointAtTwin, subOf } from './helpers.js';

let admin: string;
let learner: string;
const REQUIRED = 'Blog post requires title, content, and author_id';

const create = async (body: Record<string, unknown>) => {
  const r = await api('POST', '/api/admin/blog', { token: admin, body });
  expect(r.status).toBe(201);
  return r.body as BlogPost;
};
const update = (p: BlogPost, body: Record<string, unknown>) => api('PUT', `/api/admin/blog/${p.id}`, { token: admin, body: { version: p.version, ...body } });
const publicSlugs = async (query = '') => ((await api('GET', `/api/blog${query}`)).body as BlogPost[]).map((p) => p.slug);

/** A lesson with two audio groups (and one phrase without audio), written through the data layer. */
async function seedLesson() {
  pointAtTwin();
  const { createLanguage } = await import('../../functions/data/languages.js');
  const course = await import('../../functions/data/course.js');
  await createLanguage({ id: 'blogish', name: 'Blogish', flag_url: 'https://example.com/f.svg' });
  await course.createLevel({ id: 'beginner', language_id: 'blogish', title: 'Beginner', cefr_label: 'A1' });
  await course.createLesson({ id: 'greetings', language_id: 'blogish', level_id: 'beginner', title: 'Greetings', translated_title: 'Saludos' });
  const phrase = (original_text: string, audio_url: string) =>
    course.createPhrase({
      language_id: 'blogish',
      level_id: 'beginner',
      lesson_id: 'greetings',
      original_text,
      translated_text: `${original_text} (en)`,
      audio_url,
    });
  await phrase('Hola', '/media/content/audio/one.mp3');
  await phrase('Buenos días', '/media/content/audio/one.mp3');
  await phrase('Sin audio', '');
  await phrase('Adiós', '/media/content/audio/two.mp3');
}

beforeAll(async () => {
  admin = await adminToken();
  learner = await userToken();
  await seedLesson();
});

describe('blog API', () => {
  it('guards every admin route: 401 without a token, 403 for a non-admin', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/blog'],
      ['POST', '/api/admin/blog', { title: 't', content: 'c' }],
      ['PUT', '/api/admin/blog/01ABC', { title: 't', version: 1 }],
      ['DELETE', '/api/admin/blog/01ABC'],
    ];
    for (const [method, path, body] of calls) {
      expect((await api(method, path, { body })).status, `${method} ${path}`).toBe(401);
      expect((await api(method, path, { body, token: learner })).status, `${method} ${path}`).toBe(403);
    }
  });

  it('requires title and content, with the spec text', async () => {
    const r = await api('POST', '/api/admin/blog', { token: admin, body: { excerpt: 'x' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(REQUIRED);
    expect(r.body.fields).toEqual({ title: REQUIRED, content: REQUIRED });
    expect((await api('POST', '/api/admin/blog', { token: admin, body: { title: '   ', content: 'Body' } })).body.message).toBe(REQUIRED);
  });

  it('creates drafts with defaults, the caller as author, and slugs from the title', async () => {
    const p = await create({ title: '  Hello, World! Tips_for  Learners ', content: 'Line one' });
    expect(p).toMatchObject({
      title: 'Hello, World! Tips_for  Learners',
      slug: 'hello-world-tips_for-learners',
      excerpt: '',
      published: false,
      featured_image: null,
      lesson_id: null,
      lesson_path: null,
      phrase_audio_url: null,
      sample_title: null,
      author_id: subOf(admin),
      author_name: 'Admin',
      version: 1,
    });
    // Drafts are not public.
    expect((await api('GET', `/api/blog/${p.slug}`)).status).toBe(404);
    expect(await publicSlugs()).not.toContain(p.slug);
    expect(((await api('GET', '/api/admin/blog', { token: admin })).body.items as BlogPost[]).map((x) => x.id)).toContain(p.id);
    // A client-sent author is ignored.
    expect((await create({ title: 'Forged', content: 'x', author_id: 'someone-else' })).author_id).toBe(subOf(admin));
  });

  it('keeps slugs unique with -2, -3 and frees a slug when its post is deleted', async () => {
    const a = await create({ title: 'Same Title', content: 'a' });
    const b = await create({ title: 'same title!', content: 'b' });
    const c = await create({ title: 'Same   title', content: 'c' });
    expect([a.slug, b.slug, c.slug]).toEqual(['same-title', 'same-title-2', 'same-title-3']);

    expect((await api('DELETE', `/api/admin/blog/${a.id}`, { token: admin })).status).toBe(204);
    expect((await api('DELETE', `/api/admin/blog/${a.id}`, { token: admin })).status).toBe(404);
    expect(((await api('GET', '/api/admin/blog', { token: admin })).body.items as BlogPost[]).map((x) => x.id)).not.toContain(a.id);
    expect((await create({ title: 'Same title', content: 'd' })).slug).toBe('same-title');
  });

  it('publishes, lists newest first with a limit, and hides unpublished posts again', async () => {
    const posts: BlogPost[] = [];
    for (const title of ['First news', 'Second news', 'Third news', 'Fourth news']) {
      const p = await create({ title, content: 'Body', excerpt: `${title} excerpt` });
      const r = await update(p, { published: true });
      expect(r.status).toBe(200);
      posts.push(r.body);
    }
    expect(await publicSlugs()).toEqual(['fourth-news', 'third-news', 'second-news', 'first-news']);
    expect(await publicSlugs('?limit=3')).toEqual(['fourth-news', 'third-news', 'second-news']);
    expect((await api('GET', '/api/blog?limit=0')).status).toBe(400);

    const page = await api('GET', '/api/blog/second-news');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ post: { title: 'Second news', published: true, author_name: 'Admin' }, sample: null });
    expect(page.headers.get('cache-control')).toBe('no-cache');

    // Unpublishing takes it off the public list and page again.
    const hidden = await update(posts[3], { published: false });
    expect(hidden.body.published).toBe(false);
    expect(await publicSlugs()).toEqual(['third-news', 'second-news', 'first-news']);
    const gone = await api('GET', '/api/blog/fourth-news');
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Post not found');

    // The admin list has everything (a page of { items, cursor, total }), newest first.
    const all = ((await api('GET', '/api/admin/blog?limit=100', { token: admin })).body.items as BlogPost[]).map((p) => p.created_at);
    expect(all).toEqual([...all].sort().reverse());
  });

  it('regenerates the slug when the title changes, keeps it otherwise, and refuses stale versions', async () => {
    const p = await create({ title: 'Old Title', content: 'x', published: true, featured_image: 'https://example.com/cover.jpg' });
    const retitled = await update(p, { title: 'Brand New Title' });
    expect(retitled.status).toBe(200);
    expect(retitled.body).toMatchObject({ slug: 'brand-new-title', version: 2, featured_image: 'https://example.com/cover.jpg' });
    expect((await api('GET', '/api/blog/old-title')).status).toBe(404);
    expect((await api('GET', '/api/blog/brand-new-title')).status).toBe(200);
    // The old slug is free again.
    expect((await create({ title: 'Old title', content: 'y' })).slug).toBe('old-title');

    const recased = await update(retitled.body, { title: 'BRAND new title' });
    expect(recased.body.slug).toBe('brand-new-title');

    const stale = await update(retitled.body, { title: 'Stale edit' });
    expect(stale.status).toBe(409);
    expect((await api('GET', '/api/blog/brand-new-title')).body.post.title).toBe('BRAND new title');
    expect((await api('GET', '/api/blog/stale-edit')).status).toBe(404);

    // A new title whose slug is taken gets the next free suffix.
    await create({ title: 'Taken', content: 'z' });
    expect((await update(recased.body, { title: 'Taken' })).body.slug).toBe('taken-2');
    expect((await update({ ...recased.body, id: '01NOPE' }, { title: 'x' })).status).toBe(404);
  });

  it('keeps letters of other scripts in slugs, and serves such a post by its encoded slug', async () => {
    const p = await create({ title: '¿Qué tal? Día 2 — ¡Vamos!', content: 'x', published: true });
    expect(p.slug).toBe('qué-tal-día-2-vamos');
    const page = await api('GET', apiPath(apiUrls.post(p.slug)));
    expect(page.status).toBe(200);
    expect(page.body.post.id).toBe(p.id);
  });

  it('returns the linked lesson sample: the chosen audio group, else the first one', async () => {
    const first = await create({ title: 'Sample default', content: 'a\nb\nc\nd', published: true, lesson_path: 'blogish/beginner/greetings' });
    expect(first).toMatchObject({ lesson_id: 'greetings', lesson_path: 'blogish/beginner/greetings' });
    const page = (await api('GET', '/api/blog/sample-default')).body;
    expect(page.sample.audio_url).toBe('/media/content/audio/one.mp3');
    expect(page.sample.phrases.map((p: { original_text: string }) => p.original_text)).toEqual(['Hola', 'Buenos días']);

    const chosen = await create({
      title: 'Sample chosen',
      content: 'x',
      published: true,
      lesson_path: 'blogish/beginner/greetings',
      phrase_audio_url: '/media/content/audio/two.mp3',
      sample_title: 'Say goodbye',
    });
    const chosenPage = (await api('GET', `/api/blog/${chosen.slug}`)).body;
    expect(chosenPage.post.sample_title).toBe('Say goodbye');
    expect(chosenPage.sample.phrases.map((p: { original_text: string }) => p.original_text)).toEqual(['Adiós']);

    // A locked lesson or level shows no sample (its phrases are the app's), also from the CDN's copy.
    for (const lock of ['/api/lessons/blogish/beginner/greetings/lock', '/api/levels/blogish/beginner/lock']) {
      expect((await api('POST', lock, { token: admin, body: { is_locked: true } })).status).toBe(200);
      const locked = (await api('GET', `/api/blog/${chosen.slug}`)).body;
      expect(locked.sample).toBeNull();
      expect(JSON.stringify(locked)).not.toContain('Adiós');
      expect((await api('POST', lock, { token: admin, body: { is_locked: false } })).status).toBe(200);
      expect((await api('GET', `/api/blog/${chosen.slug}`)).body.sample.phrases).toHaveLength(1);
    }

    // Unlinking removes the sample; an unknown lesson is refused.
    const unlinked = await update(chosen, { lesson_path: null });
    expect(unlinked.body).toMatchObject({ lesson_id: null, lesson_path: null });
    expect((await api('GET', `/api/blog/${chosen.slug}`)).body.sample).toBeNull();
    const bad = await api('POST', '/api/admin/blog', { token: admin, body: { title: 'Bad link', content: 'x', lesson_path: 'blogish/beginner/nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.lesson_path).toBe('Please choose a lesson');
  });
});
