/**
 * Presigned POST uploads: the browser posts the file straight to the bucket. The server picks the
 * key (spec section 7 "Storage") and the policy bounds what may be posted: that exact key, a
 * Content-Type of the kind's family, a size range, and the Cache-Control the objects are served with.
 */
import { createPresignedPost, type PresignedPostOptions } from '@aws-sdk/s3-presigned-post';
import { UPLOAD_RULES, type PresignedUpload, type UploadKind } from '../../shared/contracts/media.js';
import { s3 } from './clients.js';
import { config } from './config.js';
import { publicUrl, safeFileName, type BucketKind } from './media.js';

export const UPLOAD_CACHE_CONTROL = 'public, max-age=3600';
const EXPIRES_SECONDS = 300;

const bucketOf = (kind: BucketKind) => (kind === 'content' ? config.contentBucket : config.assetsBucket);

/** `photo.PNG` → `png`; without a usable extension, the MIME subtype (`image/svg+xml` → `svg`). */
export function extensionOf(filename: string, contentType: string): string {
  const fromName = /\.([A-Za-z0-9]{1,8})$/.exec(filename)?.[1];
  if (fromName) return fromName.toLowerCase();
  const sub = (contentType.split('/')[1] ?? '').split(/[+;]/)[0];
  if (sub === 'x-icon' || sub === 'vnd.microsoft.icon') return 'ico';
  if (sub === 'mpeg') return contentType.startsWith('audio/') ? 'mp3' : 'mpeg';
  return sub.replace(/[^a-z0-9]/g, '') || 'bin';
}

/** Where an upload of this kind is stored: bucket and server-generated key. */
export function uploadTarget(kind: UploadKind, filename: string, contentType: string, now = Date.now()): { bucket: BucketKind; key: string } {
  const name = safeFileName(filename) || `file.${extensionOf(filename, contentType)}`;
  switch (kind) {
    case 'audio':
      return { bucket: 'content', key: `audio/${now}_${name}` };
    case 'level-icon':
      return { bucket: 'content', key: `icons/level/${now}_${name}` };
    case 'lesson-icon':
      return { bucket: 'content', key: `icons/lesson/${now}_${name}` };
    case 'blog-image':
      return { bucket: 'assets', key: `blog/${now}_${name}` };
    default: {
      const which = kind.replace(/^settings-/, ''); // app | hero | logo | favicon
      return { bucket: 'assets', key: `settings/${which}_${now}.${extensionOf(filename, contentType)}` };
    }
  }
}

/** Signs a POST for one upload; the caller has validated kind, type and size (uploadRequestSchema). */
export async function presignUpload(kind: UploadKind, filename: string, contentType: string): Promise<PresignedUpload> {
  const { bucket, key } = uploadTarget(kind, filename, contentType);
  const rule = UPLOAD_RULES[kind];
  const Conditions: NonNullable<PresignedPostOptions['Conditions']> = [
    // The exact type the request was validated for (uploadRequestSchema): nothing else can be stored.
    { 'Content-Type': contentType },
    ['content-length-range', 1, rule.maxBytes - 1],
    { 'Cache-Control': UPLOAD_CACHE_CONTROL },
  ];
  const post = await createPresignedPost(await s3(), {
    Bucket: bucketOf(bucket),
    Key: key, // adds the exact-key condition
    Conditions,
    Fields: { 'Content-Type': contentType, 'Cache-Control': UPLOAD_CACHE_CONTROL },
    Expires: EXPIRES_SECONDS,
  });
  // Locally the browser posts same-origin through the gateway's /s3 proxy instead of to s3rver.
  const url = config.uploadBaseUrl ? `${config.uploadBaseUrl}/${bucketOf(bucket)}` : post.url;
  return { url, fields: post.fields, public_url: publicUrl(bucket, key) };
}
