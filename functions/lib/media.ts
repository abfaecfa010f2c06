/**
 * The one media module: the two media buckets' key layout, the key of every file the product stores
 * (uploads, text-to-speech, the twin's demo files), the prefixes the sweep and the IAM grants are
 * bounded by, the public URLs the files are served at and the Cache-Control they are served with.
 * Nothing else spells a media key or prefix.
 *
 * Layout, `{bucket}/{prefix}{name}`:
 *   content/audio/{ms}_{file}              phrase audio uploaded in the forms
 *   content/audio/tts_{lang}_{hash}.mp3    text-to-speech (content-addressed: same words, voice, pronunciations and marks, same file)
 *   content/icons/level/{ms}_{file}        level icons
 *   content/icons/lesson/{ms}_{file}       lesson icons
 *   assets/blog/{ms}_{file}                blog images
 *   assets/settings/{which}_{ms}.{ext}     branding (app, hero, logo, favicon)
 *   assets/flags/{language}.svg            language flags (the twin's demo data)
 * CloudFront (or the local gateway) serves `/media/{bucket}/{key}`.
 *
 * Importing it makes no AWS call (the S3 client is made on the first write): the CDK app imports
 * MEDIA_PREFIXES and MEDIA_WRITE_PREFIXES for the functions' S3 grants.
 */
import { createHash } from 'node:crypto';
import type { UploadKind } from '../../shared/contracts/media.js';
import { s3 } from './clients.js';
import { config } from './config.js';

export type BucketKind = 'content' | 'assets';
export const BUCKET_KINDS: readonly BucketKind[] = ['content', 'assets'];

/** Each folder of the layout, by bucket. */
export const MEDIA_FOLDERS = {
  content: { audio: 'audio/', icons: 'icons/', levelIcons: 'icons/level/', lessonIcons: 'icons/lesson/' },
  assets: { blog: 'blog/', settings: 'settings/', flags: 'flags/' },
} as const;
const { content, assets } = MEDIA_FOLDERS;

/**
 * Where media is stored, per bucket: the media sweep lists and deletes nothing outside these
 * prefixes, and its AWS grants stop here too (the CDK's media-sweep construct).
 */
export const MEDIA_PREFIXES: Record<BucketKind, readonly string[]> = {
  content: [content.audio, content.icons],
  assets: [assets.blog, assets.settings, assets.flags],
};

/** What the API writes (presigned uploads, text-to-speech), per bucket: the API functions' S3 write grants. Flags are the twin's only. */
export const MEDIA_WRITE_PREFIXES: Record<BucketKind, readonly string[]> = {
  content: [content.audio, content.icons],
  assets: [assets.blog, assets.settings],
};

/** An object younger than this is kept by the sweep even when nothing references it yet (a form not saved yet). */
export const SWEEP_GRACE_HOURS = 24;

/** How every media file is served: it never changes under its key (a new file gets a new key), so browsers and the CDN keep it an hour. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=3600';

// ---- Keys -------------------------------------------------------------------------------------

/** Spaces become underscores and anything unsafe is dropped, so keys stay URL-friendly. */
export const safeFileName = (name: string) => name.replace(/\s+/g, '_').replace(/[^\w.-]/g, '');

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
      return { bucket: 'content', key: `${content.audio}${now}_${name}` };
    case 'level-icon':
      return { bucket: 'content', key: `${content.levelIcons}${now}_${name}` };
    case 'lesson-icon':
      return { bucket: 'content', key: `${content.lessonIcons}${now}_${name}` };
    case 'blog-image':
      return { bucket: 'assets', key: `${assets.blog}${now}_${name}` };
    default: {
      const which = kind.replace(/^settings-/, ''); // app | hero | logo | favicon
      return { bucket: 'assets', key: `${assets.settings}${which}_${now}.${extensionOf(filename, contentType)}` };
    }
  }
}

/** What names a sound: the words, and how they are said (the speech input, language normalised). */
export interface SpeechKeyInput {
  language: string;
  text: string;
  /** The voice, when it is not the language's default (the default is implied, as it was before voices). */
  voice?: string;
  ssml?: string;
  /** The lexicons' entries (their content, not their names: an edit is a new sound). */
  lexicons?: readonly { entries: readonly unknown[] }[];
}

/**
 * The key of synthesised speech (content bucket): content-addressed, so the same words said the
 * same way always give the same file (shared, never clashing), and a change of voice, pronunciation
 * or marks gives a new one. Only what is set takes part, so the audio made before voices existed
 * (default voice, no lexicon, no marks) keeps its key. `language` is already normalised.
 */
export function speechKey(engine: string, input: SpeechKeyInput): string {
  const { language, text, voice, ssml } = input;
  const lexicon = input.lexicons?.flatMap((l) => l.entries) ?? [];
  const how = { ...(voice ? { voice } : {}), ...(ssml ? { ssml } : {}), ...(lexicon.length ? { lexicon } : {}) };
  const hash = createHash('sha256')
    .update(JSON.stringify([`${engine}:${language}`, text, ...(Object.keys(how).length ? [how] : [])]))
    .digest('base64url')
    .slice(0, 32);
  return `${content.audio}tts_${language}_${hash}.mp3`;
}

/**
 * The word timings stored beside a synthesised MP3 (`tts_es_x.mp3` → `tts_es_x.words.json`): what
 * was said and when each word starts (services/speech.ts). The sweep keeps it while its MP3 is used.
 */
export const speechWordsKey = (audioKey: string) => audioKey.replace(/\.mp3$/, '.words.json');
/** The MP3 a word-timings file belongs to; undefined for any other key. */
export const audioOfWordsKey = (key: string) => (key.endsWith('.words.json') ? key.replace(/\.words\.json$/, '.mp3') : undefined);

/** The twin's demo files: a language's flag (assets), a demo phrase's audio (content), a demo post's image (assets). */
export const demoKeys = {
  flag: (language: string) => `${assets.flags}${language}.svg`,
  audio: (name: string) => `${content.audio}demo_${name}.mp3`,
  blogImage: (name: string) => `${assets.blog}demo_${name}`,
};

// ---- Buckets and URLs -------------------------------------------------------------------------

/** The bucket's real name (config), for a logical kind. */
export const bucketName = (kind: BucketKind) => (kind === 'content' ? config.contentBucket : config.assetsBucket);

/** CloudFront (or the local gateway) serves `/media/{kind}/{key}` from the bucket. */
export const publicUrl = (kind: BucketKind, key: string) => `${config.mediaBaseUrl}/${kind}/${key}`;

/** Stores a file the server made (text-to-speech, the twin's demo data); answers its public URL. */
export async function putMedia(kind: BucketKind, key: string, body: Uint8Array | string, contentType: string) {
  const { PutObjectCommand } = await import('@aws-sdk/client-s3');
  await (
    await s3()
  ).send(new PutObjectCommand({ Bucket: bucketName(kind), Key: key, Body: body, ContentType: contentType, CacheControl: MEDIA_CACHE_CONTROL }));
  return publicUrl(kind, key);
}

/** A stored text file (a speech's word timings), or undefined when there is none (403 without s3:ListBucket: see missingMedia). */
export async function readMediaText(kind: BucketKind, key: string): Promise<string | undefined> {
  const { GetObjectCommand } = await import('@aws-sdk/client-s3');
  try {
    const out = await (await s3()).send(new GetObjectCommand({ Bucket: bucketName(kind), Key: key }));
    return await out.Body?.transformToString('utf-8');
  } catch (e) {
    const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || status === 403) return undefined;
    throw e;
  }
}

// ---- Existence ----------------------------------------------------------------------------------

/** `/media/{bucket}/{key}` in any text (an absolute or site-relative URL, a blog body's image). */
const PUBLIC_MEDIA_URL = new RegExp(`/media/(${BUCKET_KINDS.join('|')})/([^\\s"'<>()[\\]{}\\\\\`|^?#]+)`, 'g');

/**
 * The stored files a value names by their public URL, each once (strings, lists and maps at any
 * depth), within the media prefixes: a version restored from History may name files the sweep has
 * deleted since (it does not count the audit log's copies as uses: jobs/media-sweep.ts).
 */
export function storedMediaIn(value: unknown) {
  const out = new Map<string, { kind: BucketKind; key: string }>();
  for (const text of textsIn(value)) {
    for (const [url, kind, key] of text.matchAll(PUBLIC_MEDIA_URL)) {
      if (MEDIA_PREFIXES[kind as BucketKind].some((p) => key.startsWith(p))) out.set(url, { kind: kind as BucketKind, key });
    }
  }
  return out;
}

/** Every string in a value (strings, lists, maps and sets, at any depth): where an item may name media. */
export function* textsIn(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (value && typeof value === 'object') {
    for (const v of value instanceof Set || Array.isArray(value) ? value : Object.values(value)) yield* textsIn(v);
  }
}

/**
 * The public URLs of the files `value` names that are no longer stored. Without s3:ListBucket, S3
 * answers a HEAD of a missing key 403, not 404
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/API_HeadObject.html, "Permissions"); the API
 * functions may read every object of the media buckets, so 403 means the same as 404 here.
 */
export async function missingMedia(value: unknown): Promise<string[]> {
  const named = [...storedMediaIn(value)];
  if (!named.length) return [];
  const { HeadObjectCommand } = await import('@aws-sdk/client-s3');
  const client = await s3();
  const gone = await Promise.all(
    named.map(async ([url, { kind, key }]) => {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucketName(kind), Key: key }));
        return undefined;
      } catch (e) {
        const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 404 || status === 403) return url;
        throw e;
      }
    }),
  );
  return gone.filter((url): url is string => url !== undefined);
}
