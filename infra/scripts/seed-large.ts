/**
 * `npm run seed:large`: fills a RUNNING local twin with a course of real size, for trying the back
 * office and for benchmarks: ~500 lessons spread over the existing languages' levels, 5,000
 * phrases, 300 users (a few of them admins) and 150 blog posts. Texts are generated
 * deterministically (large-content.ts); audio reuses three generated files per language.
 *
 *   npm run seed:large                      the twin of `npm start` (PORT, DATA_DIR as it)
 *   npm run seed:large -- --port 3780       another twin (its DATA_DIR too, for the user pool id)
 *   ... -- --phrases 1200 --users 50        other volumes
 *
 * Idempotent: every item has a deterministic key, existing ones are read first and skipped, so a
 * re-run adds nothing and never overwrites an admin's edit. Fast: DynamoDB BatchWriteItem, 25 items
 * per call, four calls in flight. Tests call seedLarge() with their own volumes and prefix.
 */
import { BatchGetCommand, BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  ListUsersCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { encodeTime } from 'ulid';
import { GSI1, keys } from '../../functions/lib/keys.js';
import { slugify } from '../../shared/contracts/blog.js';
import { MAX_LESSONS_PER_LEVEL } from '../../shared/contracts/lessons.js';
import { foldSearch, phraseSearchText } from '../../shared/contracts/paging.js';
import { ADMIN_GROUP } from '../../shared/product.js';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseCli, usageError, type Help } from './cli.js';
import { BUCKETS, localClients, readState, TABLE } from '../twin/bootstrap.js';
import { DEMO_LEVELS, demoLanguages, flagSvg } from '../twin/demo-content.js';
import { lessonText, phraseText, postContent, postTitle, userText } from './large-content.js';
import { portsFor, type Ports } from '../twin/services.js';
import { ROOT } from '../twin/twin.js';

export interface LargeOptions {
  lessons: number;
  phrases: number;
  users: number;
  /** How many of the users are admins. */
  admins: number;
  posts: number;
  /** Lesson ids, user e-mails and post titles start with it, so tests can tell their fixture apart. */
  prefix: string;
  /** Only these languages (created with two levels when missing; `texts`: whose phrase book to use); default: every language the twin has. */
  languages?: { id: string; name: string; texts?: string }[];
}
export const LARGE: LargeOptions = { lessons: 500, phrases: 5000, users: 300, admins: 5, posts: 150, prefix: 'large' };

type Item = Record<string, unknown>;
const AUDIO_PER_LANGUAGE = 3;
/** Fixture items are dated from here (ids are ULIDs of these times, so they sort before anything added later). */
const EPOCH = Date.UTC(2025, 0, 1, 9);
const iso = (ms: number) => new Date(ms).toISOString();

/** A ULID-shaped id that is the same on every run: the time part, then a hash of the seed string. */
function fixedId(ms: number, seed: string) {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  let h = 2166136261;
  let tail = '';
  for (let i = 0; i < 16; i++) {
    for (const ch of `${seed}#${i}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
    tail += alphabet[(h >>> 0) % 32];
  }
  return encodeTime(ms, 10) + tail;
}

const stamp = (ms: number) => ({ version: 1, created_at: iso(ms), updated_at: iso(ms) });

export async function seedLarge(twin: { ports: Ports; userPoolId: string }, opts: LargeOptions = LARGE, log: (m: string) => void = () => {}) {
  const started = Date.now();
  const c = localClients(twin.ports);
  const doc = DynamoDBDocumentClient.from(c.dynamodb, { marshallOptions: { removeUndefinedValues: true } });
  const added = { languages: 0, levels: 0, lessons: 0, phrases: 0, users: 0, posts: 0 };
  let lap = Date.now();
  const took = () => {
    const s = ((Date.now() - lap) / 1000).toFixed(1);
    lap = Date.now();
    return `${s} s`;
  };

  // ---- Languages and levels: the twin's, or the ones asked for (created when missing) ----
  const existingLanguages = await queryAll(doc, {
    IndexName: GSI1,
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.languageListPk },
  });
  const wanted: { id: string; name: string; texts?: string }[] =
    opts.languages ??
    (existingLanguages.length
      ? existingLanguages.map((l) => ({ id: String(l.id), name: String(l.name) }))
      : demoLanguages.map((l) => ({ id: l.id, name: l.name })));
  const textsOf = (id: string) => wanted.find((l) => l.id === id)?.texts ?? id;
  const course: Item[] = [];
  const partitions = new Map<string, Set<string>>();
  const levels: { language: string; id: string; others: number }[] = [];
  for (const [li, lang] of wanted.entries()) {
    const rows = await queryAll(doc, {
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.language(lang.id).PK },
      ProjectionExpression: 'SK, entity, id, level_id',
    });
    partitions.set(lang.id, new Set(rows.map((r) => String(r.SK))));
    if (!rows.some((r) => r.SK === 'META')) {
      const flag = await putObject(
        c.s3,
        BUCKETS.assets,
        `flags/${lang.id}.svg`,
        flagSvg({ dir: li % 2 ? 'v' : 'h', colors: ['#0F6CBD', '#FFFFFF', '#E16B3C'] }),
        'image/svg+xml',
      );
      course.push({
        ...keys.language(lang.id),
        ...keys.languageList(lang.id),
        entity: 'language',
        id: lang.id,
        name: lang.name,
        flag_url: flag,
        ...stamp(EPOCH),
      });
    }
    let langLevels = rows.filter((r) => r.entity === 'level').map((r) => String(r.id));
    if (!langLevels.length) {
      const created = ['beginner', 'elementary'] as const;
      langLevels = [...created];
      created.forEach((id, i) =>
        course.push({
          ...keys.level(lang.id, id),
          entity: 'level',
          id,
          language_id: lang.id,
          ...DEMO_LEVELS[id],
          icon_url: '',
          order_index: i,
          is_locked: false,
          ...stamp(EPOCH),
        }),
      );
    }
    for (const id of langLevels) {
      // Room left in the level by the lessons that are not the fixture's (a level holds at most 100).
      const others = rows.filter((r) => r.entity === 'lesson' && r.level_id === id && !String(r.id).startsWith(`${opts.prefix}-`)).length;
      levels.push({ language: lang.id, id, others });
    }
  }

  // ---- Lessons (round-robin over the levels) and their phrases (3 audio groups each) ----
  const audio = new Map<string, string[]>();
  for (const lang of wanted) audio.set(lang.id, await audioFiles(c.s3, lang.id, textsOf(lang.id), opts.prefix));
  log(`  audio: ${AUDIO_PER_LANGUAGE} files per language (${took()})`);
  const perLevel = Math.ceil(opts.lessons / Math.max(1, levels.length));
  const lessons: { language: string; level: string; id: string; order: number }[] = [];
  for (let k = 0; k < perLevel && lessons.length < opts.lessons; k++) {
    for (const lv of levels)
      if (lv.others + k < MAX_LESSONS_PER_LEVEL && lessons.length < opts.lessons)
        lessons.push({ language: lv.language, level: lv.id, id: lessonText(lv.language, opts.prefix, k).id, order: lv.others + k });
  }
  const orderInLevel = new Map<string, number>();
  const phraseNo = new Map<string, number>();
  for (const [i, ls] of lessons.entries()) {
    const k = orderInLevel.get(`${ls.language}/${ls.level}`) ?? 0;
    orderInLevel.set(`${ls.language}/${ls.level}`, k + 1);
    const text = lessonText(textsOf(ls.language), opts.prefix, k);
    course.push({
      ...keys.lesson(ls.language, ls.level, ls.id),
      entity: 'lesson',
      id: ls.id,
      language_id: ls.language,
      level_id: ls.level,
      title: text.title,
      translated_title: text.translated_title,
      icon_url: '',
      order_index: ls.order,
      is_locked: false,
      ...stamp(EPOCH),
    });
    const count = Math.floor(opts.phrases / lessons.length) + (i < opts.phrases % lessons.length ? 1 : 0);
    const files = audio.get(ls.language) ?? [];
    for (let j = 0; j < count; j++) {
      const n = phraseNo.get(ls.language) ?? 0;
      phraseNo.set(ls.language, n + 1);
      const t = phraseText(textsOf(ls.language), n);
      const ms = EPOCH + i * 1000 + j;
      const id = fixedId(ms, `${opts.prefix}/${ls.language}/${ls.level}/${ls.id}/${j}`);
      // Consecutive phrases share an audio file: groups of about a third of the lesson each.
      const group = Math.min(files.length - 1, Math.floor((j * files.length) / count));
      course.push({
        ...keys.phrase(ls.language, ls.level, ls.id, id),
        entity: 'phrase',
        id,
        language_id: ls.language,
        level_id: ls.level,
        lesson_id: ls.id,
        ...t,
        audio_url: files[group],
        search: phraseSearchText(t),
        ...stamp(ms),
      });
    }
  }
  const newCourse = course.filter((i) => !partitions.get(String(i.PK).slice('LANG#'.length))?.has(String(i.SK)));
  await batchWrite(doc, newCourse);
  for (const i of newCourse) added[`${i.entity as 'language' | 'level' | 'lesson' | 'phrase'}s`]++;
  log(
    `  course: ${lessons.length} fixture lessons and ${course.filter((i) => i.entity === 'phrase').length} phrases in ${wanted.length} languages (${added.lessons} lessons, ${added.phrases} phrases new; ${took()})`,
  );

  // ---- Blog posts, newest first every 4 days back from the epoch; one in five a draft, one in three with a sample ----
  const posts: Item[] = [];
  const guards: Item[] = [];
  for (let n = 0; n < opts.posts; n++) {
    const { language, title: base } = postTitle(wanted, n);
    const title = opts.prefix === LARGE.prefix ? base : `${opts.prefix}: ${base}`;
    const ms = EPOCH - n * 4 * 86_400_000;
    const id = fixedId(ms, `${opts.prefix}/post/${n}`);
    const slug = slugify(title);
    const published = n % 5 !== 2;
    const sample = n % 3 === 0 ? lessons.find((l) => l.language === language) : undefined;
    posts.push({
      ...keys.blogPost(id),
      ...keys.blogList(published, iso(ms), id),
      entity: 'blog_post',
      id,
      title,
      content: postContent(base, wanted.find((l) => l.id === language)?.name ?? language),
      excerpt: '',
      author_id: 'seed-large',
      author_name: 'Admin',
      featured_image: null,
      published,
      lesson_id: sample?.id ?? null,
      lesson_path: sample ? `${sample.language}/${sample.level}/${sample.id}` : null,
      phrase_audio_url: sample ? (audio.get(language)?.[0] ?? null) : null,
      sample_title: null,
      slug,
      search: foldSearch(title),
      ...stamp(ms),
    });
    guards.push({ ...keys.blogSlug(slug), entity: 'blog_slug', slug, post_id: id, created_at: iso(ms) });
  }
  const present = await existingKeys(doc, [...posts, ...guards]);
  // A post whose slug another post already holds is left out (its guard stays that post's).
  const newPosts = posts.filter((p, i) => !present.has(`${String(p.PK)}|POST`) && !present.has(`${String(guards[i].PK)}|SLUG`));
  const newGuards = guards.filter((g) => newPosts.some((p) => p.slug === g.slug));
  await batchWrite(doc, [...newPosts, ...newGuards]);
  added.posts = newPosts.length;
  log(`  blog: ${posts.length} fixture posts (${added.posts} new; ${took()})`);

  // ---- Users in the user pool (most confirmed with a password, the first `admins` in the group) ----
  const emails = new Set<string>();
  let PaginationToken: string | undefined;
  do {
    const r = await c.cognito.send(new ListUsersCommand({ UserPoolId: twin.userPoolId, PaginationToken }));
    for (const u of r.Users ?? []) emails.add(u.Attributes?.find((a) => a.Name === 'email')?.Value ?? '');
    PaginationToken = r.PaginationToken;
  } while (PaginationToken);
  const todo = Array.from({ length: opts.users }, (_, n) => ({ n, ...userText(opts.prefix === LARGE.prefix ? '' : opts.prefix, n) })).filter(
    (u) => !emails.has(u.email),
  );
  const subs = new Map<number, string>();
  await inParallel(todo, 6, async (u) => void subs.set(u.n, await createUser(c.cognito, twin.userPoolId, u)));
  // One after another: cognito-local changes a group's member list by read-modify-write.
  for (const u of todo.filter((x) => x.n < opts.admins))
    await c.cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: twin.userPoolId, Username: subs.get(u.n) ?? u.email, GroupName: ADMIN_GROUP }));
  added.users = todo.length;
  log(`  users: ${opts.users} fixture users (${added.users} new, ${Math.min(opts.admins, opts.users)} admins; ${took()})`);

  await invalidateSite(twin.ports.gateway);
  return { added, seconds: (Date.now() - started) / 1000, posts: posts.map((p) => String(p.id)), lessons, users: [...subs.values()] };
}

async function queryAll(doc: DynamoDBDocumentClient, input: Omit<ConstructorParameters<typeof QueryCommand>[0], 'TableName'>) {
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
async function inParallel<T>(list: T[], width: number, fn: (x: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < list.length) await fn(list[next++]);
    }),
  );
}

/** BatchWriteItem in calls of 25, four in flight, retrying what DynamoDB leaves unprocessed. */
async function batchWrite(doc: DynamoDBDocumentClient, items: Item[]) {
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
async function existingKeys(doc: DynamoDBDocumentClient, items: Item[]) {
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

async function putObject(s3: ReturnType<typeof localClients>['s3'], Bucket: string, Key: string, Body: Uint8Array | string, ContentType: string) {
  await s3.send(new PutObjectCommand({ Bucket, Key, Body, ContentType, CacheControl: 'public, max-age=3600' }));
  return `/media/${Bucket === BUCKETS.content ? 'content' : 'assets'}/${Key}`;
}

/**
 * A handful of audio URLs per language (never one per phrase): one short clip generated once by the
 * offline speech engine, stored under AUDIO_PER_LANGUAGE keys, so each lesson still has that many
 * groups with their own URL. Files already there are kept.
 */
async function audioFiles(s3: ReturnType<typeof localClients>['s3'], language: string, texts: string, prefix: string) {
  const keys = Array.from({ length: AUDIO_PER_LANGUAGE }, (_, k) => `audio/${prefix}_${language}_${k}.mp3`);
  const exists = async (Key: string) =>
    s3.send(new HeadObjectCommand({ Bucket: BUCKETS.content, Key })).then(
      () => true,
      () => false,
    );
  const missing = (await Promise.all(keys.map(async (k) => ((await exists(k)) ? undefined : k)))).filter((k): k is string => !!k);
  if (missing.length) {
    const { normalizeLanguage } = await import('../../functions/lib/speech/index.js');
    const { offlineSynthesize } = await import('../../functions/lib/speech/offline.js');
    const mp3 = await offlineSynthesize(phraseText(texts, 0).original_text, normalizeLanguage(texts));
    for (const Key of missing) await putObject(s3, BUCKETS.content, Key, mp3, 'audio/mpeg');
  }
  return keys.map((k) => `/media/content/${k}`);
}

async function createUser(cognito: CognitoIdentityProviderClient, UserPoolId: string, u: { n: number; name: string; email: string }) {
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

/** Ends the twin's cached pages (its CDN stand-in), as the API's writes do, through the same CloudFront API. */
async function invalidateSite(gateway: number) {
  const body = `<?xml version="1.0" encoding="UTF-8"?><InvalidationBatch xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Paths><Quantity>1</Quantity><Items><Path>/*</Path></Items></Paths><CallerReference>seed-large-${Date.now()}</CallerReference></InvalidationBatch>`;
  await fetch(`http://127.0.0.1:${gateway}/2020-05-31/distribution/LOCAL/invalidation`, {
    method: 'POST',
    headers: { 'content-type': 'text/xml' },
    body,
  }).catch(() => {});
}

// ---- The command line: fill the running twin of PORT / --port (its DATA_DIR names the user pool) ----
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const VOLUMES = ['lessons', 'phrases', 'users', 'admins', 'posts'] as const;
  const help: Help = {
    usage: ['npm run seed:large [-- --port <port>] [--lessons <n>] [--phrases <n>] [--users <n>] [--admins <n>] [--posts <n>]'],
    about: `Fills a RUNNING local twin (npm start) with a course of real size, for trying the back office
and for benchmarks: lessons spread over the existing languages' levels, phrases, users (a few of
them admins) and blog posts, with generated texts and audio. Idempotent: a re-run adds nothing
and never overwrites an edit. Then the twin's CDN cache is emptied.`,
    options: [
      ['--port <port>', "The running twin's port (default PORT, else 3000)."],
      ...VOLUMES.map((k): [string, string] => [`--${k} <n>`, `How many ${k} (default ${LARGE[k]}).`]),
    ],
    env: [
      ['PORT', "The running twin's port (default 3000), as for npm start."],
      ['DATA_DIR', "The twin's data folder (default .data), for its user pool, as for npm start."],
    ],
    examples: ['npm run seed:large', 'PORT=3100 DATA_DIR=/tmp/pp npm run seed:large -- --phrases 1200 --users 50'],
  };
  const str = { type: 'string' } as const;
  const { values } = parseCli(help, { port: str, lessons: str, phrases: str, users: str, admins: str, posts: str });
  const count = (name: string, value: string) => (/^\d+$/.test(value) ? Number(value) : usageError(help, `--${name} takes a whole number, not "${value}".`));
  const opts = { ...LARGE };
  for (const k of VOLUMES) if (values[k] !== undefined) opts[k] = count(k, values[k]);
  const port = values.port !== undefined ? count('port', values.port) : Number(process.env.PORT ?? 3000);
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(ROOT, '.data'));
  const state = readState(dataDir);
  const running = await fetch(`http://127.0.0.1:${port}/config.json`).then(
    (r) => r.ok,
    () => false,
  );
  if (!state || !running) {
    console.error(
      `\n  No running twin on port ${port} with data in ${dataDir}.\n  Start it first (npm start, or PORT=... DATA_DIR=... npm start), then run this again.\n`,
    );
    process.exit(1);
  }
  console.log(`[seed:large] filling the twin on port ${port}...`);
  const r = await seedLarge({ ports: portsFor(port), userPoolId: state.userPoolId }, opts, (m) => console.log(`[seed:large] ${m}`));
  const a = r.added;
  console.log(
    `[seed:large] done in ${r.seconds.toFixed(1)} s: added ${a.lessons} lessons, ${a.phrases} phrases, ${a.users} users, ${a.posts} posts${a.languages || a.levels ? `, ${a.languages} languages, ${a.levels} levels` : ''} (a re-run adds nothing).`,
  );
}
