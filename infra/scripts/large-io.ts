/**
 * The large fixture's writes (seed-large.ts): DynamoDB in batches with retries, S3 objects with the
 * media cache headers, its audio, its Cognito users, and emptying the twin's CDN stand-in. Only for
 * the local twin.
 */
import { BatchGetCommand, BatchWriteCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { AdminCreateUserCommand, AdminSetUserPasswordCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { MEDIA_CACHE_CONTROL, MEDIA_FOLDERS } from '../../functions/lib/media.js';
import { phraseText } from './large-content.js';
import { BUCKETS, TABLE, type localClients } from '../twin/bootstrap.js';

export type Item = Record<string, unknown>;
type S3 = ReturnType<typeof localClients>['s3'];
/** Audio files per language: the lessons' groups share them (one clip, several keys). */
export const AUDIO_PER_LANGUAGE = 3;

export async function queryAll(doc: DynamoDBDocumentClient, input: Omit<ConstructorParameters<typeof QueryCommand>[0], 'TableName'>) {
  const items: Item[] = [];
  let ExclusiveStartKey: Item | undefined;
  do {
    const r = await doc.send(new QueryCommand({ TableName: TABLE, ...input, ExclusiveStartKey }));
    items.push(...(r.Items ?? []));
    ExclusiveStartKey = r.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** Runs `fn` over `list`, `width` at a time. */
export async function inParallel<T>(list: T[], width: number, fn: (x: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < list.length) await fn(list[next++]);
    }),
  );
}

/** BatchWriteItem in calls of 25, four in flight, retrying what DynamoDB leaves unprocessed. */
export async function batchWrite(doc: DynamoDBDocumentClient, items: Item[]) {
  const chunks = Array.from({ length: Math.ceil(items.length / 25) }, (_, i) => items.slice(i * 25, i * 25 + 25));
  await inParallel(chunks, 4, async (chunk) => {
    let requests = chunk.map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; requests.length; attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      const r = await doc.send(new BatchWriteCommand({ RequestItems: { [TABLE]: requests } }));
      requests = (r.UnprocessedItems?.[TABLE] ?? []) as typeof requests;
    }
  });
}

/** `PK|SK` of the items among these that exist (BatchGetItem, 100 keys per call). */
export async function existingKeys(doc: DynamoDBDocumentClient, items: Item[]) {
  const found = new Set<string>();
  for (let i = 0; i < items.length; i += 100) {
    let Keys: Item[] = items.slice(i, i + 100).map((x) => ({ PK: x.PK, SK: x.SK }));
    while (Keys.length) {
      const r = await doc.send(new BatchGetCommand({ RequestItems: { [TABLE]: { Keys, ProjectionExpression: 'PK, SK' } } }));
      for (const x of r.Responses?.[TABLE] ?? []) found.add(`${String(x.PK)}|${String(x.SK)}`);
      Keys = r.UnprocessedKeys?.[TABLE]?.Keys ?? [];
    }
  }
  return found;
}

export async function putObject(s3: S3, Bucket: string, Key: string, Body: Uint8Array | string, ContentType: string) {
  await s3.send(new PutObjectCommand({ Bucket, Key, Body, ContentType, CacheControl: MEDIA_CACHE_CONTROL }));
  return `/media/${Bucket === BUCKETS.content ? 'content' : 'assets'}/${Key}`;
}

/** Ends the twin's cached pages (its CDN stand-in), as the API's writes do, through the same CloudFront API. */
export async function invalidateSite(gateway: number) {
  const body = `<?xml version="1.0" encoding="UTF-8"?><InvalidationBatch xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Paths><Quantity>1</Quantity><Items><Path>/*</Path></Items></Paths><CallerReference>seed-large-${Date.now()}</CallerReference></InvalidationBatch>`;
  await fetch(`http://127.0.0.1:${gateway}/2020-05-31/distribution/LOCAL/invalidation`, {
    method: 'POST',
    headers: { 'content-type': 'text/xml' },
    body,
  }).catch(() => {});
}

/**
 * A handful of audio URLs per language (never one per phrase): one short clip generated once by the
 * offline speech engine, stored under AUDIO_PER_LANGUAGE keys, so each lesson still has that many
 * groups with their own URL. Files already there are kept.
 */
export async function audioFiles(s3: S3, language: string, texts: string, prefix: string) {
  const keys = Array.from({ length: AUDIO_PER_LANGUAGE }, (_, k) => `${MEDIA_FOLDERS.content.audio}${prefix}_${language}_${k}.mp3`);
  const exists = async (Key: string) =>
    s3.send(new HeadObjectCommand({ Bucket: BUCKETS.content, Key })).then(
      () => true,
      () => false,
    );
  const missing = (await Promise.all(keys.map(async (k) => ((await exists(k)) ? undefined : k)))).filter((k): k is string => !!k);
  if (missing.length) {
    const { normalizeLanguage } = await import('../../functions/lib/speech/index.js');
    const { offlineSynthesize } = await import('../../functions/lib/speech/offline.js');
    const mp3 = await offlineSynthesize({ text: phraseText(texts, 0).original_text, language: normalizeLanguage(texts) });
    for (const Key of missing) await putObject(s3, BUCKETS.content, Key, mp3, 'audio/mpeg');
  }
  return keys.map((k) => `/media/content/${k}`);
}

export async function createUser(cognito: CognitoIdentityProviderClient, UserPoolId: string, u: { n: number; name: string; email: string }) {
  const r = await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId,
      Username: u.email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: u.email },
        // One in seven never verified their address; one in four never set a password (Unverified in the list).
        { Name: 'email_verified', Value: u.n % 7 === 6 ? 'false' : 'true' },
        { Name: 'name', Value: u.name },
      ],
    }),
  );
  const sub = r.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? r.User?.Username ?? u.email;
  if (u.n % 4 !== 3) await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId, Username: sub, Password: `Fixture-${u.n}-Passw0rd!`, Permanent: true }));
  return sub;
}
