/**
 * Presigned POST uploads: the browser posts the file straight to the bucket. The server picks the
 * key (./media.ts, the one media module) and the policy bounds what may be posted: that exact key, a
 * Content-Type of the kind's family, a size range, and the Cache-Control the objects are served with.
 */
import { createPresignedPost, type PresignedPostOptions } from '@aws-sdk/s3-presigned-post';
import { UPLOAD_RULES, type PresignedUpload, type UploadKind } from '../../shared/contracts/media.js';
import { s3 } from './clients.js';
import { config } from './config.js';
import { bucketName, MEDIA_CACHE_CONTROL, publicUrl, uploadTarget } from './media.js';

const EXPIRES_SECONDS = 300;

/** Signs a POST for one upload; the caller has validated kind, type and size (uploadRequestSchema). */
export async function presignUpload(kind: UploadKind, filename: string, contentType: string): Promise<PresignedUpload> {
  const { bucket, key } = uploadTarget(kind, filename, contentType);
  const rule = UPLOAD_RULES[kind];
  const Conditions: NonNullable<PresignedPostOptions['Conditions']> = [
    // The exact type the request was validated for (uploadRequestSchema): nothing else can be stored.
    { 'Content-Type': contentType },
    ['content-length-range', 1, rule.maxBytes - 1],
    { 'Cache-Control': MEDIA_CACHE_CONTROL },
  ];
  const post = await createPresignedPost(await s3(), {
    Bucket: bucketName(bucket),
    Key: key, // adds the exact-key condition
    Conditions,
    Fields: { 'Content-Type': contentType, 'Cache-Control': MEDIA_CACHE_CONTROL },
    Expires: EXPIRES_SECONDS,
  });
  // Locally the browser posts same-origin through the gateway's /s3 proxy instead of to s3rver.
  const url = config.uploadBaseUrl ? `${config.uploadBaseUrl}/${bucketName(bucket)}` : post.url;
  return { url, fields: post.fields, public_url: publicUrl(bucket, key) };
}
