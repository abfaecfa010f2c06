/**
 * Preview links: `/preview/{secret}` renders an item's public page as it will look when published
 * (drafts and pending changes shown: ../lib/preview.ts). The secret is 192 random bits; the table
 * keeps only its sha256 with the page's path, so reading the table gives no working link. A link
 * expires after PREVIEW_KEEP_DAYS (checked on read; DynamoDB's TTL then removes the item).
 */
import { createHash, randomBytes } from 'node:crypto';
import { notFound } from '../lib/errors.js';
import { keys } from '../lib/keys.js';
import { PREVIEW_KEEP_DAYS, type ItemRef, type Preview } from '../../shared/contracts/publishing.js';
import { pages } from '../../shared/urls.js';
import { getPost } from './blog.js';
import { itemKey } from './publishing.js';
import { getRaw, putItem } from './table.js';

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
/** What a secret looks like (base64url of 24 bytes): anything else names no preview and is not looked up. */
const SECRET = /^[A-Za-z0-9_-]{32}$/;

/** The public path of an item's page (404 when there is no such item). */
export async function pathOf(item: ItemRef): Promise<string> {
  if (item.kind === 'post') {
    const post = await getPost(item.post_id);
    if (!post) throw notFound('Post not found');
    return pages.post(post.slug);
  }
  if (!(await getRaw(itemKey(item)))) throw notFound('Not found');
  if (item.kind === 'language') return pages.language(item.language_id);
  if (item.kind === 'level') return pages.level(item.language_id, item.level_id);
  return pages.lesson(item.language_id, item.level_id, item.lesson_id);
}

/** A new preview link to the item's page, made by `by`. */
export async function createPreview(item: ItemRef, by: string): Promise<Preview> {
  const path = await pathOf(item);
  const secret = randomBytes(24).toString('base64url');
  const expires = Date.now() + PREVIEW_KEEP_DAYS * 86_400_000;
  const expires_at = new Date(expires).toISOString();
  await putItem({ ...keys.preview(hashOf(secret)), entity: 'preview', item, path, created_by: by, expires_at, ttl: Math.floor(expires / 1000) });
  return { url: pages.preview(secret), expires_at };
}

/** The page path a preview secret shows, or undefined when it names no live preview. */
export async function previewPath(secret: string): Promise<string | undefined> {
  if (!SECRET.test(secret)) return undefined;
  const raw = await getRaw(keys.preview(hashOf(secret)));
  if (!raw || String(raw.expires_at) <= new Date().toISOString()) return undefined;
  return String(raw.path);
}
