/**
 * The cached pages an item is on, for writes that make a whole item appear or change at once
 * (restoring it from the Trash, publishing it): the item's own pages, the pages around it whose
 * Previous/Next links move, and the posts that sample it. A service: it composes the data layer's
 * reads with the CDN's path rules (../lib/cdn-paths.ts).
 */
import { getPost, listPublished } from '../data/blog.js';
import { courseSequence, listLanguageLessons, listLessons, listLevels } from '../data/course.js';
import { lookup, withNeighbours } from '../lib/cdn.js';
import { languagePaths, lessonPaths, levelPaths, linkedPostPaths, postPaths } from '../lib/cdn-paths.js';
import type { ItemRef } from '../../shared/contracts/publishing.js';

/** The pages `item` is on now (call after the write); `moved` are the neighbours withItemSequence found. */
export async function itemPaths(item: ItemRef, moved: string[] = []): Promise<string[]> {
  const posts = () => lookup('published posts', () => listPublished());
  if (item.kind === 'post') {
    const post = await getPost(item.post_id);
    return post?.published ? postPaths(post.slug) : [];
  }
  const lang = item.language_id;
  if (item.kind === 'language') {
    const tree = await lookup('course tree', async () => ({ levels: await listLevels(lang), lessons: await listLanguageLessons(lang) }));
    return [...languagePaths(lang, tree), ...linkedPostPaths(await posts(), `${lang}/`)];
  }
  const level = item.level_id;
  if (item.kind === 'level') {
    const lessons = await lookup('lessons of a level', async () => (await listLessons(lang, level)).map((l) => l.id));
    return [...levelPaths(lang, level, lessons), ...moved, ...linkedPostPaths(await posts(), `${lang}/${level}/`)];
  }
  const lesson = item.lesson_id;
  return [...lessonPaths(lang, level, lesson, { countChanged: true }), ...moved, ...linkedPostPaths(await posts(), `${lang}/${level}/${lesson}`)];
}

/**
 * Runs a write that makes a level or lesson appear (or change) between two reads of its language's
 * public sequence, and answers its result with the lesson pages whose Previous/Next links it moved.
 */
export async function withItemSequence<T>(item: ItemRef, write: () => Promise<T>): Promise<{ result: T; moved: string[] }> {
  if (item.kind === 'post' || item.kind === 'language') return { result: await write(), moved: [] };
  return withLanguageSequence(item.language_id, write);
}

/** The same for a write on several levels and lessons of one language (bulk work). */
export const withLanguageSequence = <T>(lang: string, write: () => Promise<T>) => withNeighbours(lang, () => courseSequence(lang), write);
