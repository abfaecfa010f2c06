/**
 * Phrases: `PHRASE#{level}#{lesson}#{ulid}` items in their language's partition. The ulid is
 * monotonic, so a lesson's phrases come back from one Query in creation order.
 */
import { monotonicFactory } from 'ulid';
import { conflict, invalid, notFound } from '../lib/errors.js';
import { keys } from '../lib/keys.js';
import { encodeCursor, foldSearch, INVALID_CURSOR_TEXT, phraseSearchText, queryHash, type Page } from '../../shared/contracts/paging.js';
import type { Phrase, PhraseCounts, PhraseGroupIn, PhraseListQuery, PhrasesIn, TimedRows } from '../../shared/contracts/phrases.js';
import { listLanguages } from './languages.js';
import { LESSON_NOT_FOUND } from './lessons.js';
import {
  changed,
  deleteIfVersion,
  deleteKeys,
  getItem,
  mustExist,
  newItem,
  putIfVersion,
  putNew,
  queryAll,
  queryPage,
  queryPartition,
  strip,
  transact,
  type Raw,
  type TxItem,
} from './table.js';

/** Phrase ids: monotonic ULIDs, so ids (and keys) sort in creation order even within one millisecond. */
export const newPhraseId = monotonicFactory();
const ulid = newPhraseId;
export const GROUP_CHANGED_TEXT = 'These phrases were changed by someone else. Reload and try again.';

/** The `search` attribute the admin list filters on (shared/contracts/paging.ts); every write of a phrase sets it. */
export const phraseSearch = phraseSearchText;
const toPhrase = (i: Raw) => strip<Phrase>(i);

const rawPhrases = (languageId: string, levelId?: string, lessonId?: string) => {
  const p = keys.phrasePrefix(languageId, levelId, lessonId);
  return queryPartition(p.PK, p.SKPrefix);
};

/** A lesson's phrases in creation order. */
export async function listPhrases(languageId: string, levelId: string, lessonId: string): Promise<Phrase[]> {
  return (await rawPhrases(languageId, levelId, lessonId)).map((i) => strip<Phrase>(i));
}

/**
 * The admin list, one page at a time: the filters, an optional search `q` and a cursor. Languages
 * come in id order, each read with Queries of its partition (never a Scan); the search is a
 * FilterExpression over the phrase's `search` attribute (folded original and translation). A search
 * over every language reads them at once (a rare word costs one round of Queries, not one per
 * language) and takes their matches in order. Reads are bounded per request (MAX_READS, or
 * READS_PER_LANGUAGE each at once): when they run out the page holds what was found and its cursor
 * says where to go on, so a rare word among many phrases still answers fast.
 */
const MAX_READS = 12;
const READS_PER_LANGUAGE = 4;
export async function pagePhrases(f: PhraseListQuery): Promise<Page<Phrase>> {
  const h = queryHash([f.q ?? '', f.language_id ?? '', f.level_id ?? '', f.lesson_id ?? '']);
  const c = f.cursor;
  if (c && (c.h !== h || (f.language_id && c.l !== f.language_id))) throw invalid(INVALID_CURSOR_TEXT, 'cursor');
  const all = f.language_id ? [f.language_id] : (await listLanguages()).map((l) => l.id).sort();
  const languages = c ? all.filter((id) => id >= c.l) : all;

  // A lesson id without its level cannot be a key prefix: it filters instead.
  const levelId = f.level_id;
  const lessonId = levelId ? f.lesson_id : undefined;
  const filters: string[] = [];
  const values: Record<string, unknown> = {};
  const names: Record<string, string> = {};
  if (f.lesson_id && !lessonId) {
    filters.push('lesson_id = :lesson');
    values[':lesson'] = f.lesson_id;
  }
  if (f.q) {
    filters.push('(contains(#search, :q) OR (attribute_not_exists(#search) AND (contains(original_text, :raw) OR contains(translated_text, :raw))))');
    Object.assign(values, { ':q': foldSearch(f.q), ':raw': f.q });
    names['#search'] = 'search';
  }

  /** Up to `want` rows of one language from `start`, in at most `maxReads` Queries. */
  async function read(lang: string, want: number, maxReads: number) {
    const p = keys.phrasePrefix(lang, levelId, lessonId);
    let start: Record<string, unknown> | undefined;
    if (c?.k && lang === c.l) {
      if (!c.k.startsWith(p.SKPrefix)) throw invalid(INVALID_CURSOR_TEXT, 'cursor');
      start = { PK: p.PK, SK: c.k };
    }
    const items: Raw[] = [];
    let reads = 0;
    let readSize = Math.max(250, f.limit * 5);
    while (reads < maxReads && items.length < want) {
      reads++;
      const page = await queryPage({
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
        ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: { ':pk': p.PK, ':sk': p.SKPrefix, ...values },
        ExclusiveStartKey: start,
        // Unfiltered, DynamoDB reads exactly what is missing; filtered, more each time (it filters after reading).
        Limit: filters.length ? readSize : want - items.length,
      });
      items.push(...page.items);
      start = page.lastKey;
      readSize = Math.min(readSize * 2, 2000);
      if (!start) return { items, reads, next: undefined };
    }
    return { items, reads, next: start ? String(start.SK) : undefined };
  }

  const want = f.limit + 1; // one more than the page: whether a next page exists without an empty last one
  const atOnce = languages.length > 1 && filters.length > 0;
  const pending = atOnce ? languages.map((lang) => read(lang, want, READS_PER_LANGUAGE)) : [];
  // The page may be full before every language's read is awaited: their failures then go nowhere.
  for (const p of pending) p.catch(() => undefined);
  const found: Raw[] = [];
  let budget = MAX_READS;
  for (const [i, lang] of languages.entries()) {
    if (!atOnce && budget <= 0) return { items: found.map(toPhrase), cursor: encodeCursor({ l: lang, h }) };
    const r = await (pending[i] ?? read(lang, want - found.length, budget));
    budget -= r.reads;
    found.push(...r.items.slice(0, want - found.length));
    if (found.length >= want) {
      const items = found.slice(0, f.limit);
      const last = items[items.length - 1];
      return { items: items.map(toPhrase), cursor: encodeCursor({ l: last.language_id, k: last.SK, h }) };
    }
    // This language's reads ran out before its end: go on from where they stopped.
    if (r.next) return { items: found.map(toPhrase), cursor: encodeCursor({ l: lang, k: r.next, h }) };
  }
  return { items: found.map(toPhrase), cursor: null };
}

/**
 * How many phrases each lesson has (the Overview's count and the Manage Phrases headers), without
 * sending phrases anywhere: one Query per language that projects only the sort key, whose
 * `PHRASE#{level}#{lesson}#` prefix says where each phrase lives.
 */
export async function phraseCounts(languageId?: string): Promise<PhraseCounts> {
  const languages = languageId ? [languageId] : (await listLanguages()).map((l) => l.id);
  const perLanguage = await Promise.all(
    languages.map(async (lang) => {
      const p = keys.phrasePrefix(lang);
      const counts = new Map<string, number>();
      const rows = await queryAll({
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
        ExpressionAttributeValues: { ':pk': p.PK, ':sk': p.SKPrefix },
        ProjectionExpression: 'SK',
      });
      for (const { SK } of rows) {
        const [, level, lesson] = String(SK).split('#');
        counts.set(`${level}#${lesson}`, (counts.get(`${level}#${lesson}`) ?? 0) + 1);
      }
      return [...counts].map(([k, count]) => {
        const [level_id, lesson_id] = k.split('#');
        return { language_id: lang, level_id, lesson_id, count };
      });
    }),
  );
  const lessons = perLanguage.flat();
  return { total: lessons.reduce((n, l) => n + l.count, 0), lessons };
}

export const getPhrase = (languageId: string, levelId: string, lessonId: string, id: string) => getItem<Phrase>(keys.phrase(languageId, levelId, lessonId, id));

const lessonMissing = () => notFound(LESSON_NOT_FOUND);

/** Creates one phrase per row, all sharing the audio URL, atomically with a check that the lesson exists. */
export async function addPhrases(input: TimedRows<PhrasesIn>): Promise<Phrase[]> {
  const { language_id, level_id, lesson_id, audio_url } = input;
  const items = input.phrases.map(({ original_text, translated_text, audio_timings, speech_text }) => {
    const id = ulid();
    return newItem(keys.phrase(language_id, level_id, lesson_id, id), 'phrase', {
      id,
      language_id,
      level_id,
      lesson_id,
      original_text,
      translated_text,
      audio_url,
      audio_timings,
      speech_text,
      search: phraseSearch({ original_text, translated_text }),
    });
  });
  const lesson = mustExist(keys.lesson(language_id, level_id, lesson_id));
  // One transaction (the schema bounds the rows): the lesson's existence is checked inside it.
  await transact([lesson, ...items.map(putNew)], (i) => (i === 0 ? lessonMissing() : conflict()));
  return items.map((i) => strip<Phrase>(i));
}

/**
 * Edits a group as a whole (see phraseGroupSchema): the group as stored must still be the one the
 * client read (ids and versions), else 409. Pairs rows with old phrases (by id, then in order),
 * updates those, creates extra rows, deletes surplus old phrases: one transaction, each write
 * conditional on the version read. A group moved to another lesson keeps its phrase ids (so their
 * order): each paired phrase is deleted at its old key and written at the new one. Returns the
 * group's phrases after the edit, in order.
 */
export async function updatePhraseGroup(input: TimedRows<PhraseGroupIn>): Promise<Phrase[]> {
  const { language_id, level_id, lesson_id, audio_url } = input;
  const from = { language_id: input.old_language_id ?? language_id, level_id: input.old_level_id ?? level_id, lesson_id: input.old_lesson_id ?? lesson_id };
  const moving = from.language_id !== language_id || from.level_id !== level_id || from.lesson_id !== lesson_id;
  const target = keys.lesson(language_id, level_id, lesson_id);

  const stored = (await rawPhrases(from.language_id, from.level_id, from.lesson_id)).filter(sameAudio(input.old_audio_url));
  if (!(await getItem(target))) throw lessonMissing();

  const plan = planGroupEdit(stored, input);
  const oldKey = (p: Raw) => keys.phrase(from.language_id, from.level_id, from.lesson_id, p.id as string);

  const tx: TxItem[] = [];
  const result: Raw[] = [];
  for (const { old, row } of plan.rows) {
    const data = {
      original_text: row.original_text,
      translated_text: row.translated_text,
      audio_url,
      audio_timings: row.audio_timings,
      speech_text: row.speech_text,
      search: phraseSearch(row),
    };
    if (old && !moving) {
      const next = edited(changed(old, data), row);
      tx.push(putIfVersion(next, old.version as number));
      result.push(next);
    } else if (old) {
      const next = edited(changed(old, { ...keys.phrase(language_id, level_id, lesson_id, old.id as string), language_id, level_id, lesson_id, ...data }), row);
      tx.push(deleteIfVersion(oldKey(old), old.version as number), putNew(next));
      result.push(next);
    } else {
      const id = ulid();
      const item = newItem(keys.phrase(language_id, level_id, lesson_id, id), 'phrase', { id, language_id, level_id, lesson_id, ...data });
      tx.push(putNew(item));
      result.push(item);
    }
  }
  for (const old of plan.removed) tx.push(deleteIfVersion(oldKey(old), old.version as number));
  // New keys may only appear in a lesson that still exists.
  if (tx.some((t) => t.Put && !t.Put.ConditionExpression?.includes('#v'))) tx.push(mustExist(target));

  await transact(tx, (i) => (tx[i]?.ConditionCheck ? lessonMissing() : conflict(GROUP_CHANGED_TEXT)));
  return result.map((i) => strip<Phrase>(i)).sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * The phrase with these word timings, or with none: `changed` keeps what an undefined change leaves
 * out, and a phrase's old timings must not outlive its old audio or text.
 */
export function timed(phrase: Raw, audio_timings: unknown): Raw {
  const { audio_timings: _old, ...rest } = phrase;
  return typeof audio_timings === 'string' && audio_timings ? { ...rest, audio_timings } : rest;
}

/** An edited phrase with the row's timings and 'How to say it', or without either (an edit that took the marks away removes them). */
export function edited(phrase: Raw, row: { audio_timings?: unknown; speech_text?: unknown }): Raw {
  const { speech_text: _old, ...rest } = timed(phrase, row.audio_timings);
  return typeof row.speech_text === 'string' && row.speech_text ? { ...rest, speech_text: row.speech_text } : rest;
}

/** A stored phrase's texts as its audio says them (shared/phrase-groups.ts markedSpeechText): its text and 'How to say it'. */
export const spokenFields = (p: Raw) => ({
  original_text: typeof p.original_text === 'string' ? p.original_text : '',
  speech_text: typeof p.speech_text === 'string' ? p.speech_text : undefined,
});

/** The phrases of one group: those sharing its audio URL (blanks around it aside). */
export const sameAudio = (audioUrl: string) => (p: Raw) => (typeof p.audio_url === 'string' ? p.audio_url : '').trim() === audioUrl.trim();

/**
 * How a group edit applies to the group as stored: it must still be the one the client read (ids
 * and versions), else 409. Each row is paired with an old phrase (by id, then the unclaimed ones in
 * order) or is new (`old` undefined); the old phrases left over are removed. Pure: the live save
 * and the phrase draft (./phrase-drafts.ts) both use it.
 */
export function planGroupEdit<R extends PhraseGroupIn['phrases'][number]>(stored: Raw[], input: Pick<PhraseGroupIn, 'old_phrases'> & { phrases: R[] }) {
  const expected = new Map(input.old_phrases.map((p) => [p.id, p.version]));
  if (expected.size !== stored.length || stored.some((p) => expected.get(p.id as string) !== p.version)) {
    throw conflict(GROUP_CHANGED_TEXT);
  }
  const byId = new Map(stored.map((p) => [p.id as string, p]));
  const claimed = new Set<string>();
  for (const row of input.phrases) {
    if (!row.id) continue;
    if (!byId.has(row.id)) throw invalid('A phrase to update is not part of this group. Reload and try again.', 'phrases');
    if (claimed.has(row.id)) throw invalid('A phrase appears twice in the group.', 'phrases');
    claimed.add(row.id);
  }
  const free = stored.filter((p) => !claimed.has(p.id as string));
  const rows = input.phrases.map((row) => ({ row, old: row.id ? byId.get(row.id) : free.shift() }));
  return { rows, removed: free };
}

/** Deletes one phrase; false when it did not exist. */
export async function deletePhrase(languageId: string, levelId: string, lessonId: string, id: string): Promise<boolean> {
  const key = keys.phrase(languageId, levelId, lessonId, id);
  if (!(await getItem(key))) return false;
  await deleteKeys([key]);
  return true;
}
