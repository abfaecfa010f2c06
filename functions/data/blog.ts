/**
 * Blog posts. Item `BLOG#{id}` / `POST`, listed through GSI1 in two fixed partitions,
 * `BLOG#PUBLISHED` and `BLOG#DRAFT`, sorted by `{created_at}#{id}`: the public list is one Query
 * (newest first, Limit = how many), the admin list two Queries merged. Publishing moves the post
 * between the partitions (its GSI1PK changes). A `SLUG#{slug}` guard item, written in the same
 * transaction as the post, makes slugs unique.
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { monotonicFactory } from 'ulid';
import { ddb } from '../lib/clients.js';
import { config } from '../lib/config.js';
import { conflict, invalid } from '../lib/errors.js';
import { GSI1, keys } from '../lib/keys.js';
import { BLOG_REQUIRED, slugify, type BlogPostCreate, type BlogPostUpdate } from '../shared/site-schemas.js';
import type { BlogPost, BlogPostPage, PhraseGroup } from '../shared/types.js';
import { getLesson, getLevel, groupByAudio, listPhrases } from './course.js';
import { queryAll, strip } from './table.js';
import { changed, getRaw, putIfVersion, putNew, transact, type Raw, type TxItem } from './tx.js';

/** Monotonic: posts created in the same millisecond still sort in creation order (id breaks created_at ties). */
const ulid = monotonicFactory();

export const POST_NOT_FOUND = 'Post not found';
export const LESSON_CHOICE_TEXT = 'Please choose a lesson';
/** The publicly displayed author is always 'Admin' (spec section 3). */
const AUTHOR_NAME = 'Admin';

const toPost = (raw: Raw): BlogPost => ({ ...strip<BlogPost>(raw), author_name: AUTHOR_NAME });
const newestFirst = (a: BlogPost, b: BlogPost) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

const listQuery = (pk: string): Omit<QueryCommandInput, 'TableName'> => ({
  IndexName: GSI1,
  KeyConditionExpression: 'GSI1PK = :pk',
  ExpressionAttributeValues: { ':pk': pk },
  ScanIndexForward: false,
});

/** Published posts, newest first; `limit` reads only that many. */
export async function listPublished(limit?: number): Promise<BlogPost[]> {
  if (!limit) return (await queryAll(listQuery(keys.blogPublishedPk))).map(toPost);
  const r = await ddb.send(new QueryCommand({ TableName: config.tableName, ...listQuery(keys.blogPublishedPk), Limit: limit }));
  return (r.Items ?? []).map(toPost);
}

/** Every post (drafts and published), newest first. */
export async function listAll(): Promise<BlogPost[]> {
  const [published, drafts] = await Promise.all([queryAll(listQuery(keys.blogPublishedPk)), queryAll(listQuery(keys.blogDraftPk))]);
  return [...published, ...drafts].map(toPost).sort(newestFirst);
}

/**
 * The public post page: the post (published only) and its sample group: the linked lesson's
 * group whose audio is phrase_audio_url, else the lesson's first group (also when that audio is
 * no longer in the lesson: a stale choice should not hide the sample); null without a lesson.
 */
export async function getPublishedPage(slug: string): Promise<BlogPostPage | undefined> {
  const guard = await getRaw(keys.blogSlug(slug));
  if (!guard) return undefined;
  const raw = await getRaw(keys.blogPost(String(guard.post_id)));
  if (!raw || raw.published !== true) return undefined;
  const post = toPost(raw);
  return { post, sample: await sampleOf(post) };
}

/** The post's sample group; none while its lesson or level is locked (locked content is the app's). */
async function sampleOf(post: BlogPost): Promise<PhraseGroup | null> {
  if (!post.lesson_path) return null;
  const [language, level, lesson] = post.lesson_path.split('/');
  const [levelItem, lessonItem, phrases] = await Promise.all([getLevel(language, level), getLesson(language, level, lesson), listPhrases(language, level, lesson)]);
  if (!levelItem || !lessonItem || levelItem.is_locked || lessonItem.is_locked) return null;
  const groups = groupByAudio(phrases);
  return groups.find((g) => g.audio_url === post.phrase_audio_url) ?? groups[0] ?? null;
}

/** lesson_path decides the link; a lesson_id without a path cannot be located (400). */
async function resolveLesson(path: string | null | undefined, lessonId: string | null | undefined) {
  if (!path) {
    if (lessonId) throw invalid(LESSON_CHOICE_TEXT, 'lesson_path');
    return { lesson_id: null, lesson_path: null };
  }
  const [language, level, lesson] = path.split('/');
  if ((lessonId && lessonId !== lesson) || !(await getLesson(language, level, lesson))) throw invalid(LESSON_CHOICE_TEXT, 'lesson_path');
  return { lesson_id: lesson, lesson_path: path };
}

class SlugTaken extends Error {}
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const guardItem = (slug: string, postId: string) => ({ ...keys.blogSlug(slug), entity: 'blog_slug', slug, post_id: postId, created_at: new Date().toISOString() });
const releaseGuard = (slug: string, postId: string): TxItem => ({
  Delete: {
    TableName: config.tableName,
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
  const itemFor = (slug: string) => ({ ...keys.blogPost(id), ...keys.blogList(post.published, now, id), entity: 'blog_post', ...post, slug });
  const slug = await withFreeSlug(baseSlug(post.title), id, (s) => [putNew(itemFor(s))]);
  return toPost(itemFor(slug));
}

/**
 * Updates the given fields if `version` is still the stored one (else 409). featured_image is kept
 * when not sent (null clears it). A new title gets a new slug unless the slug already derives from
 * it; the old guard is released and the new one taken in the same transaction as the post.
 */
export async function updatePost(id: string, { version, lesson_path, lesson_id, author_id: _a, ...input }: BlogPostUpdate): Promise<BlogPost | undefined> {
  const raw = await getRaw(keys.blogPost(id));
  if (!raw) return undefined;
  if (raw.version !== version) throw conflict();

  const changes: Raw = {};
  for (const [k, v] of Object.entries(input)) if (v !== undefined) changes[k] = v === '' && k !== 'excerpt' && k !== 'content' ? null : v;
  if (lesson_path !== undefined) Object.assign(changes, await resolveLesson(lesson_path, lesson_id));
  // Only lesson_id sent: clearing it clears the link; the same id keeps it; another id has no path.
  else if (lesson_id !== undefined && lesson_id !== raw.lesson_id) Object.assign(changes, await resolveLesson(null, lesson_id));
  const next = changed(raw, changes);
  Object.assign(next, keys.blogList(next.published === true, String(raw.created_at), id));

  const oldSlug = String(raw.slug);
  const base = baseSlug(String(next.title));
  const keepSlug = next.title === raw.title || oldSlug === base || new RegExp(`^${escapeRe(base)}-\\d+$`).test(oldSlug);
  if (keepSlug) {
    await transact([putIfVersion(next, version)]);
    return toPost(next);
  }
  const slug = await withFreeSlug(base, id, (s) => [putIfVersion({ ...next, slug: s }, version), releaseGuard(oldSlug, id)]);
  return toPost({ ...next, slug });
}

/** One post, published or not (the admin's writes need its current slug). */
export async function getPost(id: string): Promise<BlogPost | undefined> {
  const raw = await getRaw(keys.blogPost(id));
  return raw ? toPost(raw) : undefined;
}

/** Deletes the post and frees its slug. False when there is no such post. */
export async function deletePost(id: string): Promise<boolean> {
  const raw = await getRaw(keys.blogPost(id));
  if (!raw) return false;
  await transact([{ Delete: { TableName: config.tableName, Key: keys.blogPost(id) } }, releaseGuard(String(raw.slug), id)]);
  return true;
}
