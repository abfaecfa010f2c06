/**
 * Bulk work from the Coverage screen (POST /api/admin/bulk and /bulk/restore; docs/back-office.md
 * "Bulk work"): one action on up to BULK_MAX levels, lessons or phrases of one language, written in
 * ONE DynamoDB transaction conditional on the versions read, so all of them change or none (a
 * concurrent edit: 409, nothing written). Items already as asked are left alone. A service: it
 * composes the course, publishing and Trash data with text to speech.
 */
import { spend } from '../data/limits.js';
import { lessonDeleted } from '../data/lessons.js';
import { levelDeleted } from '../data/levels.js';
import { spokenFields, timed } from '../data/phrases.js';
import { itemKey, MISSING, publishWrites, type PublishGate } from '../data/publishing.js';
import {
  batchGet,
  changed,
  deleteIfVersion,
  getRaw,
  keyOf,
  MAX_TX_ITEMS,
  putIfVersion,
  putItems,
  putNew,
  queryPartition,
  transact,
  type Raw,
  type TxItem,
} from '../data/table.js';
import { trashRecord } from '../data/trash.js';
import { conflict, invalid, notFound } from '../lib/errors.js';
import { keys, type Key } from '../lib/keys.js';
import { bulkRef, type BulkInput, type BulkItem, type BulkResult, type ItemRef } from '../../shared/contracts/publishing.js';
import { getSpeech } from '../data/speech.js';
import { markedSpeechText } from '../../shared/phrase-groups.js';
import { speakToMedia, type Speech } from './speech.js';
import { encodeTimings } from '../../shared/word-timings.js';

export const NOTHING_TO_CHANGE_TEXT = 'Nothing to change: the selected items already are as asked.';
export const BULK_TOO_MUCH_TEXT = `One bulk action changes at most ${MAX_TX_ITEMS} stored items: select fewer.`;
export const PHRASE_CHANGED_TEXT = 'Some of these phrases were changed since their audio was generated: change their audio in Manage Phrases.';
const PHRASE_MISSING_TEXT = 'Phrase not found';

type CourseRef = Exclude<ItemRef, { kind: 'post' | 'language' }>;
/** Who acts: the rate limit counts by `sub`, the Trash and Undo by `name` (the audit log's name). */
export interface Actor {
  sub: string;
  name: string;
}
/** What an action writes in its transaction, what must be stored first, and what its answer tells Undo. */
interface Plan {
  writes: TxItem[];
  first?: () => Promise<unknown>;
  undo?: Pick<BulkResult, 'trash' | 'items'>;
}

const keyText = (k: Key | undefined) => `${String(k?.PK)}|${String(k?.SK)}`;
/** A delete conditional on the version read (every course item has one). */
const remove = (i: Raw): TxItem => (typeof i.version === 'number' ? deleteIfVersion(keyOf(i), i.version) : { Delete: { Key: keyOf(i) } });

/** Runs one bulk action; answers how many items changed and what its Undo needs. */
export async function runBulk(input: BulkInput, by: Actor, gate?: PublishGate): Promise<BulkResult> {
  const plan = await planOf(input, by, gate);
  // A lesson selected with its level is written once (a transaction takes one write per key).
  const seen = new Set<string>();
  const writes = plan.writes.filter((w) => {
    const key = keyText((w.Put?.Item ?? w.Delete?.Key) as Key | undefined);
    return !seen.has(key) && !!seen.add(key);
  });
  if (!writes.length) throw invalid(NOTHING_TO_CHANGE_TEXT);
  if (writes.length > MAX_TX_ITEMS) throw invalid(BULK_TOO_MUCH_TEXT);
  await plan.first?.();
  await transact(writes);
  return { action: input.action, changed: writes.filter((w) => w.Put).length, ...plan.undo };
}

async function planOf(input: BulkInput, by: Actor, gate?: PublishGate): Promise<Plan> {
  const refs = input.items.map((i) => bulkRef(input.language_id, i) as CourseRef);
  switch (input.action) {
    case 'lock':
    case 'unlock':
      return { writes: (await Promise.all(refs.map((r) => lockWrites(r, input.action === 'lock')))).flat() };
    case 'publish':
      return { writes: (await Promise.all(refs.map((r) => publishGated(r, gate)))).flat() };
    case 'delete':
      return deletePlan(refs, by.name);
    case 'generate_audio':
      return audioPlan(input.language_id, input.items, by.sub);
    case 'remove_audio':
      return removeAudioPlan(input.language_id, input.items);
  }
}

/** A level's or lesson's publication, and what its gate adds (its approval, in a language with reviewers). */
async function publishGated(r: CourseRef, gate?: PublishGate): Promise<TxItem[]> {
  const writes = await publishWrites(r);
  return gate && writes.length ? [...writes, ...(await gate(r, writes))] : writes;
}

async function lockWrites(r: CourseRef, isLocked: boolean): Promise<TxItem[]> {
  const live = await getRaw(itemKey(r), { ConsistentRead: true });
  if (!live) throw notFound(MISSING[r.kind]);
  return live.is_locked === isLocked ? [] : [putIfVersion(changed(live, { is_locked: isLocked }), live.version as number)];
}

/**
 * Deletes levels and lessons as a single delete does (into the Trash, pending drafts dropped), but
 * all at once: the Trash copies are stored first (unlisted, so invisible; TTL removes them if the
 * transaction fails), then one transaction deletes every item and lists every Trash entry.
 */
async function deletePlan(refs: CourseRef[], by: string): Promise<Plan> {
  // A lesson selected with its level goes with the level (in the level's Trash entry).
  const levels = new Set(refs.filter((r) => r.kind === 'level').map((r) => r.level_id));
  const own = refs.filter((r) => r.kind === 'level' || !levels.has(r.level_id));
  const deleted = await Promise.all(
    own.map(async (r) => {
      const lessonId = r.kind === 'lesson' ? r.lesson_id : undefined;
      const phrases = keys.phrasePrefix(r.language_id, r.level_id, lessonId);
      const lessons = keys.lessonPrefix(r.language_id, r.level_id);
      const [root, phraseItems, lessonItems] = await Promise.all([
        getRaw(itemKey(r), { ConsistentRead: true }),
        queryPartition(phrases.PK, phrases.SKPrefix),
        r.kind === 'level' ? queryPartition(lessons.PK, lessons.SKPrefix) : Promise.resolve([]),
      ]);
      if (!root) throw notFound(MISSING[r.kind]);
      return r.kind === 'level' ? levelDeleted(root, [...lessonItems, ...phraseItems]) : lessonDeleted(root, phraseItems);
    }),
  );
  const items = deleted.flatMap((d) => d.items);
  // Pending drafts go with what they would change; they are not kept in the Trash (as a single delete).
  const drafts = await batchGet(items.filter((i) => i.entity === 'level' || i.entity === 'lesson').map((i) => keys.draft(keyOf(i))));
  const records = deleted.map((d) => trashRecord(d, by));
  return {
    writes: [...items.map(remove), ...drafts.map(remove), ...records.map((r) => putNew(r.listed))],
    first: () => putItems(records.flatMap((r) => r.copies)),
    undo: { trash: records.map((r) => r.entry.id) },
  };
}

async function readPhrases(languageId: string, items: BulkItem[]): Promise<Raw[]> {
  return Promise.all(
    items.map(async (i) => {
      // The contract makes a phrase action's items name their lesson and phrase.
      const raw = await getRaw(keys.phrase(languageId, i.level_id, i.lesson_id ?? '', i.phrase_id ?? ''), { ConsistentRead: true });
      if (!raw) throw notFound(PHRASE_MISSING_TEXT);
      return raw;
    }),
  );
}
const phraseItem = (p: Raw): BulkItem => ({
  level_id: String(p.level_id),
  lesson_id: String(p.lesson_id),
  phrase_id: String(p.id),
  version: p.version as number,
});
const blank = (v: unknown) => typeof v !== 'string' || !v.trim();

/** Synthesises the selected phrases that have text and no audio (each counts against the tts limit), then sets it. */
async function audioPlan(languageId: string, items: BulkItem[], sub: string): Promise<Plan> {
  const silent = (await readPhrases(languageId, items)).filter((p) => blank(p.audio_url) && !blank(p.original_text));
  if (!silent.length) return { writes: [] };
  await spend('tts', sub, { count: silent.length });
  const made: Speech[] = [];
  // In the language's voice, said as the phrase form's 'Generate audio' says it (one file for both).
  const speech = await getSpeech(languageId);
  const say = (p: Raw) => speakToMedia(markedSpeechText([spokenFields(p)]), languageId, 'a', speech);
  // A few at a time: the engine is the slow part, and Polly's rate is per account.
  for (let n = 0; n < silent.length; n += 4) made.push(...(await Promise.all(silent.slice(n, n + 4).map(say))));
  // Each file is its phrase's text alone: its word timings are the phrase's own.
  const next = silent.map((p, n) => timed(changed(p, { audio_url: made[n].audio_url }), encodeTimings(made[n].words)));
  return { writes: next.map((p, n) => putIfVersion(p, silent[n].version as number)), undo: { items: next.map(phraseItem) } };
}

/** Undo of generate_audio: clears the audio of phrases still at the version it answered (else 409, nothing changed). */
async function removeAudioPlan(languageId: string, items: BulkItem[]): Promise<Plan> {
  const phrases = await readPhrases(languageId, items);
  if (phrases.some((p, n) => p.version !== items[n].version)) throw conflict(PHRASE_CHANGED_TEXT);
  return { writes: phrases.filter((p) => !blank(p.audio_url)).map((p) => putIfVersion(timed(changed(p, { audio_url: '' }), undefined), p.version as number)) };
}
