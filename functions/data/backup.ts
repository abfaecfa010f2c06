/**
 * The course backup (docs/backup.md): the export reads the whole course (its languages' voices
 * and pronunciations too), blog and settings with Queries (the GSI1 lists, then one Query per
 * language partition); the import replaces them with a document's content.
 *
 * The import plan is derived, never stored: the document gives the exact set of items the table
 * must hold; the table is read; each item that differs (or is missing) is one put, each item of the
 * course the document does not hold one delete (children before parents, after every put). The
 * writes go in transactions of at most 100 items (and 3.5 MB) in that order, each conditional on
 * what was read, so a concurrent edit stops the import instead of being overwritten. Re-running
 * the same document recomputes the plan: what an interrupted run wrote now matches and is skipped
 * (resume), and after a complete run there is nothing left to write (idempotent). Running the
 * plan, with its progress record and lease, is import-run.ts.
 */
import { decodeTimings } from '../../shared/word-timings.js';
import { keptSpeechText } from '../../shared/speech-marks.js';
import { createHash } from 'node:crypto';
import { keys, type Key } from '../lib/keys.js';
import {
  BACKUP_FORMAT,
  BACKUP_KINDS,
  BACKUP_VERSION,
  backupLanguageSchema,
  backupLessonSchema,
  backupLevelSchema,
  backupPhraseSchema,
  backupPostSchema,
  backupPronunciationsSchema,
  backupSettingsSchema,
  backupVoicesSchema,
  type BackupDocument,
  type BackupKind,
  type KindChanges,
} from '../../shared/contracts/backup.js';
import type { Lesson } from '../../shared/contracts/lessons.js';
import type { Level } from '../../shared/contracts/levels.js';
import { foldSearch, phraseSearchText } from '../../shared/contracts/paging.js';
import { mergeSettings } from './settings.js';
import { refOfItem } from './versions.js';
import { byOrder } from '../../shared/order.js';
import { asItem, batchGet, getRaw, IS_NEW, keyOf, MAX_TX_ITEMS, queryAll, queryList, type Raw, type TxItem } from './table.js';

// ---- Export -------------------------------------------------------------------------------------

/** The fields a schema knows, in its order: storage attributes and stray fields stay out of the file. */
const fieldsOf = (schema: { shape: object }, item: Raw) =>
  Object.fromEntries(
    Object.keys(schema.shape)
      .filter((k) => item[k] !== undefined)
      .map((k) => [k, item[k]]),
  );

/** Every item of a language partition, read consistently (the import plans from it). */
const partition = (lang: string) =>
  queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.languageTree(lang).PK }, ConsistentRead: true });

const postLists = async () => (await Promise.all([queryList(keys.blogPublishedPk), queryList(keys.blogDraftPk)])).flat();

const readSettingsRow = () => getRaw(keys.settings(), { ConsistentRead: true });

/**
 * The whole course, blog and settings as one document (media as their stored URLs). Languages by id;
 * levels and lessons in catalogue order; phrases in their lessons' creation order; posts oldest first.
 */
export async function exportCourse(now = new Date()): Promise<BackupDocument> {
  const languages = (await queryList(keys.languageListPk)).sort((a, b) => String(a.id).localeCompare(String(b.id)));
  const [trees, posts, settingsRow] = await Promise.all([Promise.all(languages.map((l) => partition(String(l.id)))), postLists(), readSettingsRow()]);
  const of = (entity: string) => trees.flatMap((items) => items.filter((i) => i.entity === entity));
  const path = (...parts: unknown[]) => parts.map(String).join('/');
  const levelRank = new Map(
    trees.flatMap((items) =>
      items
        .filter((i) => i.entity === 'level')
        .sort(rawByOrder)
        .map((l, i) => [path(l.language_id, l.id), i] as const),
    ),
  );
  const rank = (lesson: Raw) => levelRank.get(path(lesson.language_id, lesson.level_id)) ?? 0;
  const lessonsOf = of('lesson').sort((a, b) => String(a.language_id).localeCompare(String(b.language_id)) || rank(a) - rank(b) || rawByOrder(a, b));
  const settings = mergeSettings(settingsRow);
  const lessonPaths = new Set(lessonsOf.map((l) => path(l.language_id, l.level_id, l.id)));
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exported_at: now.toISOString(),
    languages: languages.map((l) => fieldsOf(backupLanguageSchema, l)),
    levels: trees.flatMap((items) => items.filter((i) => i.entity === 'level').sort(rawByOrder)).map((l) => fieldsOf(backupLevelSchema, l)),
    lessons: lessonsOf.map((l) => fieldsOf(backupLessonSchema, l)),
    // A partition comes back in key order: each lesson's phrases by ULID, i.e. as they were created.
    phrases: of('phrase').map((p) => fieldsOf(backupPhraseSchema, p)),
    // How each language is spoken (./speech.ts): languages that never chose voices or pronunciations have none.
    voices: of('speech').map((v) => fieldsOf(backupVoicesSchema, v)),
    pronunciations: of('lexicon').map((l) => fieldsOf(backupPronunciationsSchema, l)),
    posts: posts
      .sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)) || String(a.id).localeCompare(String(b.id)))
      .map((p) => fieldsOf(backupPostSchema, linkedToExisting(p, lessonPaths))),
    settings: fieldsOf(backupSettingsSchema, { ...settings, ...(settingsRow?.created_at ? { created_at: settingsRow.created_at } : {}) }),
  } as BackupDocument;
}
const rawByOrder = (a: Raw, b: Raw) => byOrder(asItem<Level | Lesson>(a), asItem<Level | Lesson>(b));
/**
 * A post still linked to a lesson deleted since (the link is dead: the post shows no sample) leaves
 * without the link, so that every export can be imported (an import checks that links resolve).
 */
const linkedToExisting = (post: Raw, lessons: Set<string>): Raw =>
  typeof post.lesson_path === 'string' && !lessons.has(post.lesson_path) ? { ...post, lesson_path: null, lesson_id: null } : post;

// ---- The items a document stands for ----------------------------------------------------------

type Kind = BackupKind | 'slugs' | 'other';
const keyText = (k: Key) => `${k.PK}\u0000${k.SK}`;
const KIND_OF: Record<string, Kind> = {
  language: 'languages',
  level: 'levels',
  lesson: 'lessons',
  phrase: 'phrases',
  speech: 'voices',
  lexicon: 'pronunciations',
  blog_post: 'posts',
  blog_slug: 'slugs',
  settings: 'settings',
};
const kindOf = (i: Raw): Kind => KIND_OF[String(i.entity)] ?? 'other';
/** Deletes go children first (so a parent never disappears before what is under it) and after every put. */
const DELETE_ORDER: Kind[] = ['other', 'phrases', 'lessons', 'levels', 'voices', 'pronunciations', 'languages', 'posts', 'slugs', 'settings'];

/** Bookkeeping an entry may leave out: the stored item's, else the import's (see docs/backup.md). */
function stamped(data: Raw, entry: { version?: number; created_at?: string; updated_at?: string }, stored: Raw | undefined, now: string): Raw {
  return {
    ...data,
    version: entry.version ?? stored?.version ?? 1,
    created_at: entry.created_at ?? stored?.created_at ?? now,
    updated_at: entry.updated_at ?? stored?.updated_at ?? now,
  };
}

/**
 * The items the table holds after importing `doc`, written as the data layer writes them (same
 * entity names, keys, GSI1 attributes, derived attributes such as the admin lists' `search`, and
 * defaults), so that a course exported and imported back is item for item what it was. An attribute
 * the data layer starts deriving must be added here too: the integration test's dry run of a fresh
 * export (nothing to change) fails otherwise.
 */
export function desiredItems(doc: BackupDocument, current: Map<string, Raw>, author: string, now = new Date().toISOString()): Raw[] {
  const item = (key: Key, entity: string, data: Raw, entry: Parameters<typeof stamped>[1], extra: Raw = {}) =>
    stamped({ ...key, ...extra, entity, ...data }, entry, current.get(keyText(key)), now);

  const out: Raw[] = [];
  // A draft stays a draft (public is no flag at all: ./publishing.ts): an import never makes one
  // public, nor goes around its review (docs/back-office.md "Reviews").
  const draft = (e: { is_draft?: boolean }) => (e.is_draft === undefined ? {} : { is_draft: e.is_draft });
  for (const e of doc.languages) {
    const { id, name, flag_url } = e;
    out.push(item(keys.language(id), 'language', { id, name, flag_url, ...draft(e) }, e, keys.languageList(id)));
  }
  for (const e of doc.levels) {
    const { id, language_id, title, cefr_label, icon_url, order_index, is_locked } = e;
    out.push(item(keys.level(language_id, id), 'level', { id, language_id, title, cefr_label, icon_url, order_index, is_locked, ...draft(e) }, e));
  }
  for (const e of doc.lessons) {
    const { id, language_id, level_id, title, translated_title, icon_url, order_index, is_locked } = e;
    const data = { id, language_id, level_id, title, translated_title, icon_url, order_index, is_locked, ...draft(e) };
    out.push(item(keys.lesson(language_id, level_id, id), 'lesson', data, e));
  }
  for (const e of doc.phrases) {
    const { id, language_id, level_id, lesson_id, original_text, translated_text, audio_url, audio_timings } = e;
    // Marks that say nothing more than the text are not kept, as the phrase routes keep none.
    const said = keptSpeechText(e.speech_text);
    const search = phraseSearchText({ original_text, translated_text });
    // Timings that do not fit the phrase's text (an edited file) are left out, as the phrase routes do.
    const timed = audio_timings && decodeTimings(audio_timings, original_text.length).length ? { audio_timings } : {};
    out.push(
      item(
        keys.phrase(language_id, level_id, lesson_id, id),
        'phrase',
        { id, language_id, level_id, lesson_id, original_text, translated_text, audio_url, search, ...timed, ...(said ? { speech_text: said } : {}) },
        e,
      ),
    );
  }
  // How the languages are spoken (./speech.ts). A file without them (an earlier export) leaves its
  // languages' voices and pronunciations as they are: they are kept in the plan as stored.
  const inFile = new Set(doc.languages.map((l) => l.id));
  const asStored = (entity: string) => [...current.values()].filter((i) => i.entity === entity && inFile.has(String(i.language_id)));
  if (!doc.voices) out.push(...asStored('speech'));
  for (const e of doc.voices ?? []) {
    const { language_id, voice, voice_b } = e;
    out.push(item(keys.speech(language_id), 'speech', { language_id, voice, voice_b }, e));
  }
  if (!doc.pronunciations) out.push(...asStored('lexicon'));
  for (const e of doc.pronunciations ?? []) {
    const { language_id, entries } = e;
    out.push(item(keys.lexicon(language_id), 'lexicon', { language_id, entries }, e));
  }
  for (const e of doc.posts) {
    const key = keys.blogPost(e.id);
    const stored = current.get(keyText(key));
    const published = e.published ?? false;
    const created_at = e.created_at ?? (typeof stored?.created_at === 'string' ? stored.created_at : now);
    const post = item(
      key,
      'blog_post',
      {
        id: e.id,
        title: e.title,
        content: e.content,
        excerpt: e.excerpt ?? '',
        author_id: e.author_id || stored?.author_id || author,
        author_name: 'Admin',
        featured_image: e.featured_image || null,
        published,
        lesson_id: e.lesson_path ? e.lesson_path.split('/')[2] : null,
        lesson_path: e.lesson_path || null,
        phrase_audio_url: e.phrase_audio_url || null,
        sample_title: e.sample_title || null,
        slug: e.slug,
        search: foldSearch(e.title),
      },
      { ...e, created_at },
      keys.blogList(published, created_at, e.id),
    );
    out.push(post);
    // The slug guard, as blog.ts writes it in the same transaction as its post.
    const guard = keys.blogSlug(e.slug);
    out.push({ ...guard, entity: 'blog_slug', slug: e.slug, post_id: e.id, created_at: current.get(keyText(guard))?.created_at ?? created_at });
  }
  const { version, created_at, updated_at, ...fields } = doc.settings;
  const { version: _sv, updated_at: _su, ...settings } = mergeSettings(fields);
  // Version 0 in a file means "never saved"; a stored row starts at 1.
  out.push(item(keys.settings(), 'settings', settings, { version: version ? version : undefined, created_at, updated_at }));
  return out;
}

// ---- The plan -----------------------------------------------------------------------------------

/** Everything the import may replace: the languages' partitions, posts and their slug guards, the settings. */
async function readCurrent(doc: BackupDocument): Promise<Map<string, Raw>> {
  const listed = (await queryList(keys.languageListPk)).map((l) => String(l.id));
  // The document's languages too: their partitions may hold items the eventually consistent list does not show yet.
  const languages = [...new Set([...listed, ...doc.languages.map((l) => l.id)])];
  const [trees, posts, settings] = await Promise.all([Promise.all(languages.map(partition)), postLists(), readSettingsRow()]);
  const slugs = new Set([...posts.map((p) => String(p.slug)), ...doc.posts.map((p) => p.slug)]);
  const guards = await batchGet([...slugs].map((s) => keys.blogSlug(s)));
  const all = [...trees.flat(), ...posts, ...guards, ...(settings ? [settings] : [])];
  return new Map(all.map((i) => [keyText(keyOf(i)), i]));
}

/** Same content, whatever the version: an item the import leaves alone. */
const COMPARE_SKIP = new Set(['version']);
export function sameItem(a: Raw, b: Raw): boolean {
  const fields = new Set([...Object.keys(a), ...Object.keys(b)].filter((k) => !COMPARE_SKIP.has(k) && (a[k] !== undefined || b[k] !== undefined)));
  return [...fields].every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
}

/** The item is still as the plan read it: its version, else (a slug guard) its owner, else that it exists unversioned. */
function asRead(stored: Raw): Pick<NonNullable<TxItem['Put']>, 'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'> {
  if (typeof stored.version === 'number')
    return {
      ConditionExpression: 'attribute_exists(PK) AND #v = :v',
      ExpressionAttributeNames: { '#v': 'version' },
      ExpressionAttributeValues: { ':v': stored.version },
    };
  if (stored.entity === 'blog_slug') return { ConditionExpression: 'post_id = :p', ExpressionAttributeValues: { ':p': stored.post_id } };
  return { ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(#v)', ExpressionAttributeNames: { '#v': 'version' } };
}

export interface PlannedWrite {
  kind: Kind;
  action: 'create' | 'update' | 'delete';
  tx: TxItem;
  /** The item's size as JSON: a transaction carries at most 4 MB. */
  bytes: number;
  /** 1 when it replaces a language, level, lesson or post: transact adds the version it replaces (History). */
  kept?: 1;
}
export interface ImportPlan {
  hash: string;
  writes: PlannedWrite[];
  changes: Record<BackupKind, KindChanges>;
}

/** The writes that make the table hold `desired` and nothing else of `current`: puts in order, then deletes. */
export function diff(desired: Raw[], current: Map<string, Raw>): Omit<ImportPlan, 'hash'> {
  const changes = Object.fromEntries(BACKUP_KINDS.map((k) => [k, { create: 0, update: 0, delete: 0, unchanged: 0 }])) as Record<BackupKind, KindChanges>;
  const count = (kind: Kind, what: keyof KindChanges) => {
    if (kind in changes) changes[kind as BackupKind][what]++;
  };
  const writes: PlannedWrite[] = [];
  const wanted = new Set<string>();
  for (const want of desired) {
    const k = keyText(keyOf(want));
    wanted.add(k);
    const stored = current.get(k);
    const kind = kindOf(want);
    if (stored && sameItem(stored, want)) {
      count(kind, 'unchanged');
      continue;
    }
    // Versions only grow, so a client holding an older copy of an item gets 409, never a silent overwrite.
    const Item = stored && typeof want.version === 'number' ? { ...want, version: Math.max(Number(stored.version) || 0, want.version) + 1 } : want;
    const condition = stored ? asRead(stored) : IS_NEW;
    // An update of a kept kind may carry its replaced version (./versions.ts): counted as a second item of its size.
    const kept = stored && refOfItem(stored) ? 1 : undefined;
    writes.push({
      kind,
      action: stored ? 'update' : 'create',
      tx: { Put: { Item, ...condition } },
      bytes: Buffer.byteLength(JSON.stringify(Item)) + (kept ? Buffer.byteLength(JSON.stringify(stored)) : 0),
      ...(kept ? { kept } : {}),
    });
    count(kind, stored ? 'update' : 'create');
  }
  const gone = [...current].filter(([k]) => !wanted.has(k)).map(([, i]) => i);
  gone.sort((a, b) => DELETE_ORDER.indexOf(kindOf(a)) - DELETE_ORDER.indexOf(kindOf(b)) || String(b.SK).localeCompare(String(a.SK)));
  for (const old of gone) {
    writes.push({ kind: kindOf(old), action: 'delete', tx: { Delete: { Key: keyOf(old), ...asRead(old) } }, bytes: 200 });
    count(kindOf(old), 'delete');
  }
  return { writes, changes };
}

/**
 * TransactWriteItems takes at most 100 items and 4 MB: consecutive writes in groups that fit both,
 * counting the version each update of a kept kind may add (History).
 */
export const MAX_TX_BYTES = 3.5 * 1024 * 1024;
export function chunk(writes: PlannedWrite[]): PlannedWrite[][] {
  const out: PlannedWrite[][] = [];
  let current: PlannedWrite[] = [];
  let [bytes, items] = [0, 0];
  for (const w of writes) {
    const size = 1 + (w.kept ?? 0);
    if (current.length && (items + size > MAX_TX_ITEMS || bytes + w.bytes > MAX_TX_BYTES)) {
      out.push(current);
      [current, bytes, items] = [[], 0, 0];
    }
    current.push(w);
    bytes += w.bytes;
    items += size;
  }
  if (current.length) out.push(current);
  return out;
}

/** The document's identity: the sha256 of its content as read (parsed: so spacing and key order do not matter). */
export const hashOf = (doc: BackupDocument) => createHash('sha256').update(JSON.stringify(doc)).digest('hex');

/** What importing `doc` would write now (a dry run stops here). `author`: the sub of posts that name none. */
export async function planImport(doc: BackupDocument, author: string): Promise<ImportPlan> {
  const current = await readCurrent(doc);
  return { hash: hashOf(doc), ...diff(desiredItems(doc, current, author), current) };
}
