/**
 * The media sweep (docs/security.md "Stored media"): deletes uploaded and generated media that no
 * item references any more. Run daily: by an EventBridge rule in AWS (infra/cdk/constructs/media-sweep.ts),
 * by the twin while it runs (infra/twin/services.ts), and now by `npm run sweep-media`.
 *
 * 1. One paginated, strongly consistent Scan of the whole table (a daily job may Scan: it reads
 *    every item once, and finds a media URL in any attribute, including the ones added later, blog
 *    bodies and learners' favourites, which a list of Queries would have to know about).
 * 2. Then the media prefixes of both buckets are listed. An object is deleted only if no item
 *    mentions it AND it is older than the grace period: an upload whose form is not saved yet, or
 *    a text-to-speech file written again for a new phrase, is never taken.
 * The buckets are versioned: a deleted object stays recoverable for 90 days (infra/cdk/constructs/data.ts).
 */
import type { _Object } from '@aws-sdk/client-s3';
import { scanPages } from '../data/table.js';
import { s3 } from '../lib/clients.js';
import { audioOfWordsKey, BUCKET_KINDS, bucketName, MEDIA_PREFIXES, publicUrl, SWEEP_GRACE_HOURS, textsIn, type BucketKind } from '../lib/media.js';
import { logger } from '../lib/powertools.js';

export { MEDIA_PREFIXES, SWEEP_GRACE_HOURS };

/**
 * Items whose text is not a use of media: the audit log's before/after copies and History's kept
 * versions (or deleted media would live on for their 180 days; a restore checks its files) and what anonymous callers write (support messages,
 * analytics counts, rate counters, reminder rows), so no visitor can pin a file by mentioning it. Every other
 * item counts, including kinds added later: an unknown item keeps media rather than losing it.
 */
const NOT_REFERENCES = new Set(['audit', 'version', 'support_message', 'analytics_day', 'rate', 'reminder']);

/** `content/audio/1_a.mp3` in any text: an absolute or site-relative URL, a blog body's <img> or Markdown. */
const MEDIA_REF = new RegExp(`(?:^|[^A-Za-z0-9_-])((?:${BUCKET_KINDS.join('|')})\\/[^\\s"'<>()[\\]{}\\\\\`|^]+)`, 'g');

/** Every `{kind}/{key…}` mentioned in a value (strings, lists, maps and sets, at any depth). */
export function collectReferences(value: unknown, out: Set<string>): Set<string> {
  for (const text of textsIn(value)) {
    for (const m of text.matchAll(MEDIA_REF)) {
      out.add(m[1]);
      // A percent-encoded URL names the same key.
      try {
        out.add(decodeURIComponent(m[1]));
      } catch {
        /* not valid percent-encoding: the raw text is there already */
      }
    }
  }
  return out;
}

/**
 * Whether `path` (`content/audio/1_a.mp3`) is referenced: some mention starts with it. The mention
 * may run on (a query string, a full stop after a URL in a text), so this keeps too much rather
 * than too little. `sorted` is the mentions in sorting order: the first one at or after `path` is
 * the only candidate.
 */
export function isReferenced(sorted: readonly string[], path: string): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < path) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && sorted[lo].startsWith(path);
}

export interface SweepOptions {
  /** @default SWEEP_GRACE_HOURS in ms */
  graceMs?: number;
  /** @default Date.now() */
  now?: number;
}

export interface SweepResult {
  items: number;
  listed: number;
  /** The public URLs of the deleted objects. */
  deleted: string[];
  keptReferenced: number;
  keptRecent: number;
}

/** All items that may reference media, every page, read consistently (an item saved a moment ago counts). */
async function referencesInTable(): Promise<{ items: number; sorted: string[] }> {
  const found = new Set<string>();
  let items = 0;
  for await (const page of scanPages({ ConsistentRead: true })) {
    for (const item of page.items) {
      items++;
      if (!NOT_REFERENCES.has(String(item.entity))) collectReferences(item, found);
    }
  }
  return { items, sorted: [...found].sort() };
}

async function* listObjects(kind: BucketKind, prefix: string): AsyncGenerator<_Object> {
  const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  let ContinuationToken: string | undefined;
  do {
    const page = await (await s3()).send(new ListObjectsV2Command({ Bucket: bucketName(kind), Prefix: prefix, ContinuationToken }));
    yield* page.Contents ?? [];
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
}

/** Deletes keys 1,000 at a time (DeleteObjects' limit); a key S3 could not delete fails the run. */
async function deleteObjects(kind: BucketKind, keys: string[]) {
  const { DeleteObjectsCommand } = await import('@aws-sdk/client-s3');
  for (let i = 0; i < keys.length; i += 1000) {
    const r = await (
      await s3()
    ).send(new DeleteObjectsCommand({ Bucket: bucketName(kind), Delete: { Quiet: true, Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })) } }));
    if (r.Errors?.length) throw new Error(`Could not delete ${r.Errors.length} media objects: ${r.Errors.map((e) => `${e.Key} (${e.Code})`).join(', ')}`);
  }
}

export async function sweepMedia(opts: SweepOptions = {}): Promise<SweepResult> {
  const now = opts.now ?? Date.now();
  const graceMs = opts.graceMs ?? SWEEP_GRACE_HOURS * 3_600_000;
  // NaN would make every object look old enough.
  if (!Number.isFinite(graceMs) || graceMs < 0 || !Number.isFinite(now)) throw new Error(`Invalid grace period: ${graceMs} ms`);
  const cutoff = now - graceMs;
  // The table first, then the buckets: a file written after the Scan is listed with its new time.
  const { items, sorted } = await referencesInTable();
  const result: SweepResult = { items, listed: 0, deleted: [], keptReferenced: 0, keptRecent: 0 };
  // An empty table (a wrong name, a restore in progress) references nothing: never read that as "delete all".
  if (items === 0) return result;
  for (const kind of BUCKET_KINDS) {
    const doomed: string[] = [];
    for (const prefix of MEDIA_PREFIXES[kind]) {
      for await (const object of listObjects(kind, prefix)) {
        if (!object.Key) continue;
        result.listed++;
        // A speech's word timings are a use of nothing themselves: they stay while their MP3 does.
        if (isReferenced(sorted, `${kind}/${audioOfWordsKey(object.Key) ?? object.Key}`)) result.keptReferenced++;
        else if (!object.LastModified || object.LastModified.getTime() > cutoff) result.keptRecent++;
        else doomed.push(object.Key);
      }
    }
    await deleteObjects(kind, doomed);
    result.deleted.push(...doomed.map((key) => publicUrl(kind, key)));
  }
  return result;
}

/** The Lambda function's handler (EventBridge's daily event carries nothing we need). */
export async function handler(): Promise<Omit<SweepResult, 'deleted'> & { deleted: number }> {
  const result = await sweepMedia();
  logger.info('media sweep', { ...result, deleted: result.deleted.length, deletedPaths: result.deleted.slice(0, 100) });
  return { ...result, deleted: result.deleted.length };
}
