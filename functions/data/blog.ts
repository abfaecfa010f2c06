/**
 * Blog posts. Item `BLOG#{id}` / `POST`, listed through GSI1 in two fixed partitions,
 * `BLOG#PUBLISHED` and `BLOG#DRAFT`, sorted by `{created_at}#{id}`: the public list is one Query
 * (newest first, Limit = how many), the admin list two Queries merged. Publishing moves the post
 * between the partitions (its GSI1PK changes). A `SLUG#{slug}` guard item, written in the same
 * transaction as the post, makes slugs unique.
 */
import { monotonicFactory } from 'ulid';
import { conflict, invalid } from '../lib/errors.js';
import {
  BLOG_REQUIRED,
  slugify,
  type AdminBlogQuery,
  type BlogPost,
  type BlogPostCreate,
  type BlogPostPage,
  type BlogPostUpdate,
} from '../../shared/contracts/blog.js';
import { encodeCursor, foldSearch, INVALID_CURSOR_TEXT, queryHash, type Page } from '../../shared/contracts/paging.js';
import { publicPhrase, type PhraseGroup } from '../../shared/contracts/phrases.js';
import { GSI1, keys } from '../lib/keys.js';
import { inPreview } from '../lib/preview.js';
import { getLesson, groupByAudio, listPhrases } from './course.js';
import { lessonPathOf, openLessons } from './visibility.js';
import { changed, countAll, getRaw, keyOf, putIfVersion, putNew, queryAll, queryPage, strip, transact, type Raw, type TxItem } from './table.js';
import { moveToTrash } from './trash.js';

/** Monotonic: posts created in the same millisecond still sort in creation order (id breaks created_at ties). */
const ulid = monotonicFactory();

export const LESSON_CHOICE_TEXT = 'Please choose a lesson';
export const SAMPLE_NOT_PUBLIC_TEXT = 'Please choose a lesson that is published and not locked';
/** The publicly displayed author is always 'Admin'. */
const AUTHOR_NAME = 'Admin';

const toPost = (raw: Raw): BlogPost => ({ ...strip<BlogPost>(raw), author_name: AUTHOR_NAME });
const newestFirst = (a: BlogPost, b: BlogPost) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

const listQuery = (pk: string) => ({
  IndexName: GSI1,
  KeyConditionExpression: 'GSI1PK = :pk',
  ExpressionAttributeValues: { ':pk': pk },
  ScanIndexForward: false,
});

/** Published posts, newest first; `limit` reads only that many. */
export async function listPublished(limit?: number): Promise<BlogPost[]> {
  if (!limit) return (await queryAll(listQuery(keys.blogPublishedPk))).map(toPost);
  return (await queryPage({ ...listQuery(keys.blogPublishedPk), Limit: limit })).items.map(toPost);
}

/** Every post (drafts and published), newest first. */
export async function listAll(): Promise<BlogPost[]> {
  const [published, drafts] = await Promise.all([queryAll(listQuery(keys.blogPublishedPk)), queryAll(listQuery(keys.blogDraftPk))]);
  return [...published, ...drafts].map(toPost).sort(newestFirst);
}

/**
 * The admin's list, one page at a time: both partitions (or the one `status` names) read newest or
 * oldest first by their list key and merged, a title search as a FilterExpression over the post's
 * `search` attribute (its folded title). The cursor is the list key of the last post returned;
 * every post on one side of it has been seen. A request stops after MAX_READS Queries and answers
 * what it has, with the cursor where it stopped (each partition always advances, so paging ends).
 * `total` (first page only, without a search) counts the posts of the chosen status with Select
 * COUNT: nothing is sent back but the number.
 */
const MAX_READS = 8;
export async function pageAdminPosts(f: AdminBlogQuery): Promise<Page<BlogPost>> {
  const h = queryHash([f.q ?? '', f.status ?? '', f.sort]);
  if (f.cursor && f.cursor.h !== h) throw invalid(INVALID_CURSOR_TEXT, 'cursor');
  const newest = f.sort === 'newest';
  const partitions = f.status ? [f.status === 'published' ? keys.blogPublishedPk : keys.blogDraftPk] : [keys.blogPublishedPk, keys.blogDraftPk];
  const after = f.cursor?.a;
  const filter = f.q
    ? {
        FilterExpression: '(contains(#search, :q) OR (attribute_not_exists(#search) AND contains(title, :raw)))',
        names: { '#search': 'search' },
        values: { ':q': foldSearch(f.q), ':raw': f.q },
      }
    : undefined;
  const want = f.limit + 1;
  // Each partition gets its share of the reads, so each is read at least once and the cursor always moves on.
  const budget = Math.floor(MAX_READS / partitions.length);

  // Each partition: its matches, and how far it has been read (undefined once read to the end).
  const sides = partitions.map((pk) => ({ pk, found: [] as Raw[], start: undefined as Record<string, unknown> | undefined, done: false, frontier: after }));
  for (const side of sides) {
    let readSize = Math.max(50, f.limit * 4);
    for (let reads = 0; !side.done && side.found.length < want && reads < budget; reads++) {
      const page = await queryPage({
        IndexName: GSI1,
        KeyConditionExpression: after ? `GSI1PK = :pk AND GSI1SK ${newest ? '<' : '>'} :after` : 'GSI1PK = :pk',
        ScanIndexForward: !newest,
        ExclusiveStartKey: side.start,
        Limit: filter ? readSize : want - side.found.length,
        ...(filter ? { FilterExpression: filter.FilterExpression, ExpressionAttributeNames: filter.names } : {}),
        ExpressionAttributeValues: { ':pk': side.pk, ...(after ? { ':after': after } : {}), ...(filter?.values ?? {}) },
      });
      side.found.push(...page.items);
      side.start = page.lastKey;
      side.done = !page.lastKey;
      if (page.lastKey) side.frontier = String(page.lastKey.GSI1SK);
      readSize = Math.min(readSize * 2, 1000);
    }
  }

  // Only what lies before every unfinished partition's frontier is known complete.
  const before = (a: string, b: string) => (newest ? a > b : a < b);
  const frontiers = sides.flatMap((x) => (!x.done && x.frontier ? [x.frontier] : []));
  const bound = frontiers.length ? frontiers.reduce((m, x) => (before(x, m) ? x : m)) : undefined;
  const merged = sides
    .flatMap((x) => x.found)
    .filter((i) => !bound || !before(bound, String(i.GSI1SK)))
    .sort((a, b) => (before(String(a.GSI1SK), String(b.GSI1SK)) ? -1 : 1));
  const items = merged.slice(0, f.limit);
  const more = merged.length > f.limit || !!bound;
  const lastKey = merged.length > f.limit ? String(items[items.length - 1].GSI1SK) : bound;
  const total = !f.cursor && !f.q ? await countPosts(partitions) : undefined;
  return { items: items.map(toPost), cursor: more && lastKey ? encodeCursor({ a: lastKey, h }) : null, ...(total !== undefined ? { total } : {}) };
}

async function countPosts(partitions: string[]): Promise<number> {
  let total = 0;
  for (const pk of partitions) total += await countAll({ IndexName: GSI1, KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': pk } });
  return total;
}

/**
 * The public post page: the post (published only) and its sample group: the linked lesson's
 * group whose audio is phrase_audio_url, else the lesson's first group (also when that audio is
 * no longer in the lesson: a stale choice should not hide the sample); null without a lesson.
 */
export async function getPublishedPage(slug: string): Promise<BlogPostPage | undefined> {
  const guard = await getRaw(keys.blogSlug(slug));
  if (!guard) return undefined;
  const raw = await publicPost(await getRaw(keys.blogPost(String(guard.post_id))));
  if (!raw) return undefined;
  const post = toPost(raw);
  return { post, sample: await sampleOf(post) };
}

/**
 * The post's sample group; none while its lesson is not open to every visitor (a draft, locked, or
 * under a draft or locked level or language: ./visibility.ts openLessons), in a preview too. The
 * post itself still shows.
 */
async function sampleOf(post: BlogPost): Promise<PhraseGroup | null> {
  if (!post.lesson_path) return null;
  const [language, level, lesson] = post.lesson_path.split('/');
  const ref = { language_id: language, level_id: level, lesson_id: lesson };
  const [open, phrases] = await Promise.all([openLessons([ref]), listPhrases(language, level, lesson)]);
  if (!open.has(lessonPathOf(ref))) return null;
  const groups = groupByAudio(phrases.map(publicPhrase));
  return groups.find((g) => g.audio_url === post.phrase_audio_url) ?? groups.at(0) ?? null;
}

/**
 * A post as the public sees it: published only. Inside a preview (../lib/preview.ts), any post with
 * its pending draft (./publishing.ts) applied.
 */
async function publicPost(raw: Raw | undefined): Promise<Raw | undefined> {
  if (!raw) return undefined;
  if (!inPreview()) return raw.published === true ? raw : undefined;
  const draft = await getRaw(keys.draft(keys.blogPost(String(raw.id))));
  return { ...raw, ...((draft?.fields as Raw | undefined) ?? {}) };
}

/**
 * Refuses a sample that is not a lesson every visitor may open (400 on `field`): a draft, a locked
 * lesson, or one under a draft or locked level or language. Any language's: a sample shows only
 * what the lesson's public page shows, so it needs no right to edit that language (docs/learners.md).
 */
export async function requireOpenSample(path: string, field = 'lesson_path'): Promise<void> {
  const [language_id, level_id, lesson_id] = path.split('/');
  if (!(await openLessons([{ language_id, level_id, lesson_id }])).has(path)) throw invalid(SAMPLE_NOT_PUBLIC_TEXT, field);
}

/**
 * lesson_path decides the link; a lesson_id without a path cannot be located (400). A new sample
 * must be open to every visitor; the one the post already has is kept as it is (a save or a publish
 * of the post does not fail because its lesson was locked since: the page leaves the sample out).
 */
async function resolveLesson(path: string | null | undefined, lessonId: string | null | undefined, current?: unknown) {
  if (!path) {
    if (lessonId) throw invalid(LESSON_CHOICE_TEXT, 'lesson_path');
    return { lesson_id: null, lesson_path: null };
  }
  const [language, level, lesson] = path.split('/');
  if ((lessonId && lessonId !== lesson) || !(await getLesson(language, level, lesson))) throw invalid(LESSON_CHOICE_TEXT, 'lesson_path');
  if (path !== current) await requireOpenSample(path);
  return { lesson_id: lesson, lesson_path: path };
}

class SlugTaken extends Error {}
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const guardItem = (slug: string, postId: string) => ({
  ...keys.blogSlug(slug),
  entity: 'blog_slug',
  slug,
  post_id: postId,
  created_at: new Date().toISOString(),
});
const releaseGuard = (slug: string, postId: string): TxItem => ({
  Delete: {
    Key: keys.blogSlug(slug),
    // Only our own guard (or none): never free a slug another post holds.
    ConditionExpression: 'attribute_not_exists(PK) OR post_id = :id',
    ExpressionAttributeValues: { ':id': postId },
  },
});

/**
 * Writes `items(slug)` together with a new guard for the first free slug of `base`, `base-2`,
 * `base-3`, ... A guard taken meanwhile by a concurrent request makes us try the next one.
 */
async function withFreeSlug(base: string, postId: string, items: (slug: string) => TxItem[]): Promise<string> {
  for (let n = 1; n <= 1000; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (await getRaw(keys.blogSlug(slug))) continue;
    const tx = items(slug);
    const guardAt = tx.length;
    try {
      await transact([...tx, putNew(guardItem(slug, postId))], (i) => (i === guardAt ? new SlugTaken() : conflict()));
      return slug;
    } catch (e) {
      if (!(e instanceof SlugTaken)) throw e;
    }
  }
  throw conflict('Could not find a free slug for this title');
}

const baseSlug = (title: string) => slugify(title) || 'post';

export async function createPost(input: BlogPostCreate, authorId: string): Promise<BlogPost> {
  if (!authorId) throw invalid(BLOG_REQUIRED, 'author_id');
  const link = await resolveLesson(input.lesson_path, input.lesson_id);
  const id = ulid();
  const now = new Date().toISOString();
  const post: Omit<BlogPost, 'slug'> = {
    id,
    title: input.title,
    content: input.content,
    excerpt: input.excerpt ?? '',
    author_id: authorId,
    author_name: AUTHOR_NAME,
    featured_image: input.featured_image || null,
    published: input.published ?? false,
    ...link,
    phrase_audio_url: input.phrase_audio_url || null,
    sample_title: input.sample_title || null,
    version: 1,
    created_at: now,
    updated_at: now,
  };
  const itemFor = (slug: string) => ({
    ...keys.blogPost(id),
    ...keys.blogList(post.published, now, id),
    entity: 'blog_post',
    ...post,
    slug,
    search: foldSearch(post.title),
  });
  const slug = await withFreeSlug(baseSlug(post.title), id, (s) => [putNew(itemFor(s))]);
  return toPost(itemFor(slug));
}

/**
 * Updates the given fields if `version` is still the stored one (else 409). featured_image is kept
 * when not sent (null clears it). A new title gets a new slug unless the slug already derives from
 * it; the old guard is released and the new one taken in the same transaction as the post.
 */
export async function updatePost(
  id: string,
  { version, lesson_path, lesson_id, author_id: _a, ...input }: BlogPostUpdate,
  /** More writes of the same transaction (publishing removes the post's draft with it). */
  alongside: TxItem[] = [],
): Promise<BlogPost | undefined> {
  const raw = await getRaw(keys.blogPost(id));
  if (!raw) return undefined;
  if (raw.version !== version) throw conflict();

  const changes: Raw = {};
  // Typed as a record: Object.entries would drop the `undefined` of fields left out.
  const fields: Raw = input;
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) changes[k] = v === '' && k !== 'excerpt' && k !== 'content' ? null : v;
  if (lesson_path !== undefined) Object.assign(changes, await resolveLesson(lesson_path, lesson_id, raw.lesson_path));
  // Only lesson_id sent: clearing it clears the link; the same id keeps it; another id has no path.
  else if (lesson_id !== undefined && lesson_id !== raw.lesson_id) Object.assign(changes, await resolveLesson(null, lesson_id));
  const next = changed(raw, changes);
  Object.assign(next, keys.blogList(next.published === true, String(raw.created_at), id), { search: foldSearch(String(next.title)) });

  const oldSlug = String(raw.slug);
  const base = baseSlug(String(next.title));
  const keepSlug = next.title === raw.title || oldSlug === base || new RegExp(`^${escapeRe(base)}-\\d+$`).test(oldSlug);
  if (keepSlug) {
    await transact([putIfVersion(next, version), ...alongside]);
    return toPost(next);
  }
  const slug = await withFreeSlug(base, id, (s) => [putIfVersion({ ...next, slug: s }, version), releaseGuard(oldSlug, id), ...alongside]);
  return toPost({ ...next, slug });
}

/** One post, published or not (the admin's writes need its current slug). */
export async function getPost(id: string): Promise<BlogPost | undefined> {
  const raw = await getRaw(keys.blogPost(id));
  return raw ? toPost(raw) : undefined;
}

/** Deletes the post and frees its slug, after copying both to the Trash (./trash.ts). False when there is no such post. */
export async function deletePost(id: string, deletedBy: string): Promise<boolean> {
  const raw = await getRaw(keys.blogPost(id));
  if (!raw) return false;
  const slug = String(raw.slug);
  const guard = await getRaw(keys.blogSlug(slug));
  const items = guard?.post_id === id ? [raw, guard] : [raw];
  const where = { post_id: id, published: raw.published === true };
  await moveToTrash({ kind: 'post', label: String(raw.title), where, items, roots: items.map(keyOf) }, deletedBy);
  // A pending draft (./publishing.ts) goes with the post; it is not kept in the Trash.
  await transact([{ Delete: { Key: keys.blogPost(id) } }, { Delete: { Key: keys.draft(keys.blogPost(id)) } }, releaseGuard(slug, id)]);
  return true;
}
