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
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { AdminAddUserToGroupCommand, ListUsersCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { encodeTime } from 'ulid';
import { GSI1, KEY_PREFIXES, keys } from '../../functions/lib/keys.js';
import { demoKeys } from '../../functions/lib/media.js';
import { slugify } from '../../shared/contracts/blog.js';
import { MAX_LESSONS_PER_LEVEL } from '../../shared/contracts/lessons.js';
import { foldSearch, phraseSearchText } from '../../shared/contracts/paging.js';
import { ADMIN_GROUP } from '../../shared/product.js';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseCli, usageError, type Help } from './cli.js';
import { BUCKETS, localClients, readState } from '../twin/bootstrap.js';
import { DEMO_LEVELS, demoLanguages, flagSvg } from '../twin/demo-content.js';
import { lessonText, phraseText, postContent, postTitle, userText } from './large-content.js';
import { portsFor, type Ports } from '../twin/services.js';
import { ROOT } from '../twin/twin.js';
import {
  AUDIO_PER_LANGUAGE,
  audioFiles,
  batchWrite,
  createUser,
  existingKeys,
  inParallel,
  invalidateSite,
  putObject,
  queryAll,
  type Item,
} from './large-io.js';

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

type Doc = DynamoDBDocumentClient;
type S3 = ReturnType<typeof localClients>['s3'];
type Wanted = NonNullable<LargeOptions['languages']>;
interface FixtureLevel {
  language: string;
  id: string;
  /** The lessons in it that are not the fixture's: the fixture's lessons come after them. */
  others: number;
}
interface FixtureLesson {
  language: string;
  level: string;
  id: string;
  order: number;
}
const keyOf = (item: Item) => `${String(item.PK)}|${String(item.SK)}`;

/**
 * Fills the twin: languages and levels, then lessons and phrases, then posts, then users; each
 * phase writes only the items it does not find, then the twin's CDN cache is emptied.
 */
export async function seedLarge(twin: { ports: Ports; userPoolId: string }, opts: LargeOptions = LARGE, log: (m: string) => void = () => {}) {
  const started = Date.now();
  const c = localClients(twin.ports);
  const doc = DynamoDBDocumentClient.from(c.dynamodb, { marshallOptions: { removeUndefinedValues: true } });
  const took = stopwatch();

  const { wanted, course, partitions, levels } = await planLanguages(doc, c.s3, opts);
  const textsOf = (id: string) => wanted.find((l) => l.id === id)?.texts ?? id;
  const audio = new Map<string, string[]>();
  for (const lang of wanted) audio.set(lang.id, await audioFiles(c.s3, lang.id, textsOf(lang.id), opts.prefix));
  log(`  audio: ${AUDIO_PER_LANGUAGE} files per language (${took()})`);
  const lessons = planLessons(levels, opts);
  course.push(...lessonItems(lessons, opts, textsOf, audio));
  const added = await writeNew(doc, course, partitions);
  log(
    `  course: ${lessons.length} fixture lessons and ${course.filter((i) => i.entity === 'phrase').length} phrases in ${wanted.length} languages (${added.lessons} lessons, ${added.phrases} phrases new; ${took()})`,
  );

  const posts = postItems(opts, wanted, lessons, audio);
  const postsAdded = await writeNewPosts(doc, posts);
  log(`  blog: ${posts.length} fixture posts (${postsAdded} new; ${took()})`);

  const users = await seedUsers(c.cognito, twin.userPoolId, opts);
  log(`  users: ${opts.users} fixture users (${users.added} new, ${Math.min(opts.admins, opts.users)} admins; ${took()})`);

  await invalidateSite(twin.ports.gateway);
  return {
    added: { ...added, users: users.added, posts: postsAdded },
    seconds: (Date.now() - started) / 1000,
    posts: posts.map(({ post }) => String(post.id)),
    lessons,
    users: users.subs,
  };
}

/** The time since the last call (or since it was made), as "1.2 s", for the log. */
function stopwatch() {
  let lap = Date.now();
  return () => {
    const s = ((Date.now() - lap) / 1000).toFixed(1);
    lap = Date.now();
    return `${s} s`;
  };
}

/**
 * The languages to fill (the twin's, the ones asked for, or on an empty twin the demo's) with their
 * levels. A missing language is made with a flag, a language without levels gets the demo's first
 * two; `partitions` holds the sort keys each language already has, so nothing is written twice.
 */
async function planLanguages(doc: Doc, s3: S3, opts: LargeOptions) {
  const existing = await queryAll(doc, {
    IndexName: GSI1,
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.languageListPk },
  });
  const wanted: Wanted =
    opts.languages ??
    (existing.length ? existing.map((l) => ({ id: String(l.id), name: String(l.name) })) : demoLanguages.map((l) => ({ id: l.id, name: l.name })));
  const course: Item[] = [];
  const partitions = new Map<string, Set<string>>();
  const levels: FixtureLevel[] = [];
  for (const [li, lang] of wanted.entries()) {
    const rows = await queryAll(doc, {
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.language(lang.id).PK },
      ProjectionExpression: 'SK, entity, id, level_id',
    });
    partitions.set(lang.id, new Set(rows.map((r) => String(r.SK))));
    if (!rows.some((r) => r.SK === keys.language(lang.id).SK)) course.push(await languageItem(s3, lang, li));
    let langLevels = rows.filter((r) => r.entity === 'level').map((r) => String(r.id));
    if (!langLevels.length) {
      const created = ['beginner', 'elementary'] as const;
      langLevels = [...created];
      created.forEach((id, i) => course.push(levelItem(lang.id, id, i)));
    }
    for (const id of langLevels) {
      // Room left in the level by the lessons that are not the fixture's (a level holds at most 100).
      const others = rows.filter((r) => r.entity === 'lesson' && r.level_id === id && !String(r.id).startsWith(`${opts.prefix}-`)).length;
      levels.push({ language: lang.id, id, others });
    }
  }
  return { wanted, course, partitions, levels };
}

/** A language the fixture makes, with a flag of three stripes (horizontal or vertical, by its place). */
async function languageItem(s3: S3, lang: { id: string; name: string }, index: number): Promise<Item> {
  const flag = await putObject(
    s3,
    BUCKETS.assets,
    demoKeys.flag(lang.id),
    flagSvg({ dir: index % 2 ? 'v' : 'h', colors: ['#0F6CBD', '#FFFFFF', '#E16B3C'] }),
    'image/svg+xml',
  );
  return { ...keys.language(lang.id), ...keys.languageList(lang.id), entity: 'language', id: lang.id, name: lang.name, flag_url: flag, ...stamp(EPOCH) };
}

const levelItem = (language: string, id: 'beginner' | 'elementary', order: number): Item => ({
  ...keys.level(language, id),
  entity: 'level',
  id,
  language_id: language,
  ...DEMO_LEVELS[id],
  icon_url: '',
  order_index: order,
  is_locked: false,
  ...stamp(EPOCH),
});

/** `opts.lessons` lessons dealt round-robin over the levels, each after the level's own, none past a level's maximum. */
function planLessons(levels: FixtureLevel[], opts: LargeOptions) {
  const perLevel = Math.ceil(opts.lessons / Math.max(1, levels.length));
  const lessons: FixtureLesson[] = [];
  for (let k = 0; k < perLevel && lessons.length < opts.lessons; k++) {
    for (const lv of levels)
      if (lv.others + k < MAX_LESSONS_PER_LEVEL && lessons.length < opts.lessons)
        lessons.push({ language: lv.language, level: lv.id, id: lessonText(lv.language, opts.prefix, k).id, order: lv.others + k });
  }
  return lessons;
}

/**
 * The lessons' items and their phrases': `opts.phrases` shared out evenly, each phrase numbered
 * within its language (so its text does not depend on the levels) and dated a millisecond apart.
 */
function lessonItems(lessons: FixtureLesson[], opts: LargeOptions, textsOf: (id: string) => string, audio: Map<string, string[]>) {
  const items: Item[] = [];
  const orderInLevel = new Map<string, number>();
  const phraseNo = new Map<string, number>();
  for (const [i, ls] of lessons.entries()) {
    const k = orderInLevel.get(`${ls.language}/${ls.level}`) ?? 0;
    orderInLevel.set(`${ls.language}/${ls.level}`, k + 1);
    const text = lessonText(textsOf(ls.language), opts.prefix, k);
    items.push({
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
      items.push({
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
  return items;
}

/** Writes the course items whose language partition does not hold their sort key yet; counts them by kind. */
async function writeNew(doc: Doc, course: Item[], partitions: Map<string, Set<string>>) {
  const added = { languages: 0, levels: 0, lessons: 0, phrases: 0 };
  const newCourse = course.filter((i) => !partitions.get(String(i.PK).slice(KEY_PREFIXES.language.length))?.has(String(i.SK)));
  await batchWrite(doc, newCourse);
  for (const i of newCourse) added[`${i.entity as 'language' | 'level' | 'lesson' | 'phrase'}s`]++;
  return added;
}

/** The fixture's posts, newest first every 4 days back from the epoch; one in five a draft, one in three with a sample. Each with its slug guard. */
function postItems(opts: LargeOptions, wanted: Wanted, lessons: FixtureLesson[], audio: Map<string, string[]>) {
  return Array.from({ length: opts.posts }, (_, n) => {
    const { language, title: base } = postTitle(wanted, n);
    const title = opts.prefix === LARGE.prefix ? base : `${opts.prefix}: ${base}`;
    const ms = EPOCH - n * 4 * 86_400_000;
    const id = fixedId(ms, `${opts.prefix}/post/${n}`);
    const slug = slugify(title);
    const published = n % 5 !== 2;
    const sample = n % 3 === 0 ? lessons.find((l) => l.language === language) : undefined;
    const post: Item = {
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
    };
    const guard: Item = { ...keys.blogSlug(slug), entity: 'blog_slug', slug, post_id: id, created_at: iso(ms) };
    return { post, guard };
  });
}

/** Writes the posts not there yet, with their guards; a post whose slug another post already holds is left out (its guard stays that post's). */
async function writeNewPosts(doc: Doc, posts: { post: Item; guard: Item }[]) {
  const present = await existingKeys(doc, [...posts.map(({ post }) => post), ...posts.map(({ guard }) => guard)]);
  const fresh = posts.filter(({ post, guard }) => !present.has(keyOf(post)) && !present.has(keyOf(guard))).map(({ post }) => post);
  const slugs = new Set(fresh.map((post) => post.slug));
  await batchWrite(doc, [...fresh, ...posts.map(({ guard }) => guard).filter((guard) => slugs.has(guard.slug))]);
  return fresh.length;
}

/** The fixture's users in the user pool (most confirmed with a password, the first `admins` in the group); those there already are skipped. */
async function seedUsers(cognito: CognitoIdentityProviderClient, UserPoolId: string, opts: LargeOptions) {
  const emails = new Set<string>();
  let PaginationToken: string | undefined;
  do {
    const r = await cognito.send(new ListUsersCommand({ UserPoolId, PaginationToken }));
    for (const u of r.Users ?? []) emails.add(u.Attributes?.find((a) => a.Name === 'email')?.Value ?? '');
    PaginationToken = r.PaginationToken;
  } while (PaginationToken);
  const todo = Array.from({ length: opts.users }, (_, n) => ({ n, ...userText(opts.prefix === LARGE.prefix ? '' : opts.prefix, n) })).filter(
    (u) => !emails.has(u.email),
  );
  const subs = new Map<number, string>();
  await inParallel(todo, 6, async (u) => void subs.set(u.n, await createUser(cognito, UserPoolId, u)));
  // One after another: cognito-local changes a group's member list by read-modify-write.
  for (const u of todo.filter((x) => x.n < opts.admins))
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId, Username: subs.get(u.n) ?? u.email, GroupName: ADMIN_GROUP }));
  return { added: todo.length, subs: [...subs.values()] };
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
