/** Stored media: objects in the content/assets buckets and the public URLs they are served at. */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from './clients.js';
import { config } from './config.js';

export type BucketKind = 'content' | 'assets';
const bucketName = (kind: BucketKind) => (kind === 'content' ? config.contentBucket : config.assetsBucket);

/** CloudFront (or the local gateway) serves `/media/{kind}/{key}` from the bucket. */
export const publicUrl = (kind: BucketKind, key: string) => `${config.mediaBaseUrl}/${kind}/${key}`;

/** Spaces become underscores and anything unsafe is dropped, so keys stay URL-friendly. */
export const safeFileName = (name: string) => name.replace(/\s+/g, '_').replace(/[^\w.-]/g, '');

export async function putMedia(kind: BucketKind, key: string, body: Uint8Array | string, contentType: string) {
  await (
    await s3()
  ).send(new PutObjectCommand({ Bucket: bucketName(kind), Key: key, Body: body, ContentType: contentType, CacheControl: 'public, max-age=3600' }));
  return publicUrl(kind, key);
}
