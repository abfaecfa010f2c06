/**
 * Where the product stores media (functions/lib/uploads.ts, the text-to-speech route, the twin's
 * demo flags), per bucket. The media sweep lists and deletes nothing outside these prefixes, and its
 * AWS grants stop here too (infra/constructs/media-sweep.ts). Pure: the CDK app imports it.
 */
import type { BucketKind } from '../lib/media.js';

export const MEDIA_PREFIXES: Record<BucketKind, readonly string[]> = {
  content: ['audio/', 'icons/'],
  assets: ['blog/', 'settings/', 'flags/'],
};

/** An object younger than this is kept even when nothing references it yet (a form not saved yet). */
export const SWEEP_GRACE_HOURS = 24;
