/**
 * Phrases: `PHRASE#{level}#{lesson}#{ulid}` items in their language's partition. The ulid is
 * monotonic, so a lesson's phrases come back from one Query in creation order.
 */
import { monotonicFactory } from 'ulid';
import type * as z from 'zod';
import { conflict, invalid, notFound } from '../lib/errors.js';
import { keys } from '../lib/keys.js';
import type * as S from '../shared/course-schemas.js';
import type { Phrase } from '../shared/types.js';
import { listLanguages } from './languages.js';
import { LESSON_NOT_FOUND } from './lessons.js';
import { deleteKeys, getItem, queryPartition, strip } from './table.js';
import { changed, deleteIfVersion, mustExist, newItem, putIfVersion, putNew, transact, type Raw, type TxItem } from './tx.js';

type PhrasesIn = z.output<typeof S.phrasesCreateSchema>;
type GroupIn = z.output<typeof S.phraseGroupSchema>;

/** Phrase ids: monotonic ULIDs, so ids (and keys) sort in creation order even within one millisecond. */
export const newPhraseId = monotonicFactory();
const ulid = newPhraseId;
export const GROUP_CHANGED_TEXT = 'These phrases were changed by someone else. Reload and try again.';

const rawPhrases = (languageId: string, levelId?: string, lessonId?: string) => {
  const p = keys.phrasePrefix(languageId, levelId, lessonId);
  return queryPartition(p.PK, p.SKPrefix);
};

/** A lesson's phrases in creation order. */
export async function listPhrases(languageId: string, levelId: string, lessonId: string): Promise<Phrase[]> {
  return (await rawPhrases(languageId, levelId, lessonId)).map((i) => strip<Phrase>(i));
}

/**
 * The admin list with optional filters. Without a language each language partition is queried
 * (its list comes from the GSI), never a Scan.
 */
export async function findPhrases(f: { language_id?: string; level_id?: string; lesson_id?: string }): Promise<Phrase[]> {
  const languages = f.language_id ? [f.language_id] : (await listLanguages()).map((l) => l.id);
  const perLanguage = await Promise.all(languages.map((lang) => rawPhrases(lang, f.level_id, f.level_id ? f.lesson_id : undefined)));
  return perLanguage
    .flat()
    .map((i) => strip<Phrase>(i))
    .filter((p) => !f.lesson_id || p.lesson_id === f.lesson_id);
}

export const getPhrase = (languageId: string, levelId: string, lessonId: string, id: string) => getItem<Phrase>(keys.phrase(languageId, levelId, lessonId, id));

const lessonMissing = () => notFound(LESSON_NOT_FOUND);

/** Creates one phrase per row, all sharing the audio URL, atomically with a check that the lesson exists. */
export async function addPhrases(input: PhrasesIn): Promise<Phrase[]> {
  const { language_id, level_id, lesson_id, audio_url } = input;
  const items = input.phrases.map(({ original_text, translated_text }) => {
    const id = ulid();
    return newItem(keys.phrase(language_id, level_id, lesson_id, id), 'phrase', { id, language_id, level_id, lesson_id, original_text, translated_text, audio_url });
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
export async function updatePhraseGroup(input: GroupIn): Promise<Phrase[]> {
  const { language_id, level_id, lesson_id, audio_url } = input;
  const from = { language_id: input.old_language_id ?? language_id, level_id: input.old_level_id ?? level_id, lesson_id: input.old_lesson_id ?? lesson_id };
  const moving = from.language_id !== language_id || from.level_id !== level_id || from.lesson_id !== lesson_id;
  const target = keys.lesson(language_id, level_id, lesson_id);

  const stored = (await rawPhrases(from.language_id, from.level_id, from.lesson_id)).filter((p) => ((p.audio_url as string) ?? '').trim() === input.old_audio_url.trim());
  if (!(await getItem(target))) throw lessonMissing();

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
  const oldKey = (p: Raw) => keys.phrase(from.language_id, from.level_id, from.lesson_id, p.id as string);

  const tx: TxItem[] = [];
  const result: Raw[] = [];
  for (const row of input.phrases) {
    const old = row.id ? byId.get(row.id) : free.shift();
    const data = { original_text: row.original_text, translated_text: row.translated_text, audio_url };
    if (old && !moving) {
      const next = changed(old, data);
      tx.push(putIfVersion(next, old.version as number));
      result.push(next);
    } else if (old) {
      const next = changed(old, { ...keys.phrase(language_id, level_id, lesson_id, old.id as string), language_id, level_id, lesson_id, ...data });
      tx.push(deleteIfVersion(oldKey(old), old.version as number), putNew(next));
      result.push(next);
    } else {
      const id = ulid();
      const item = newItem(keys.phrase(language_id, level_id, lesson_id, id), 'phrase', { id, language_id, level_id, lesson_id, ...data });
      tx.push(putNew(item));
      result.push(item);
    }
  }
  for (const old of free) tx.push(deleteIfVersion(oldKey(old), old.version as number));
  // New keys may only appear in a lesson that still exists.
  if (tx.some((t) => t.Put && !t.Put.ConditionExpression?.includes('#v'))) tx.push(mustExist(target));

  await transact(tx, (i) => (tx[i]?.ConditionCheck ? lessonMissing() : conflict(GROUP_CHANGED_TEXT)));
  return result.map((i) => strip<Phrase>(i)).sort((a, b) => a.id.localeCompare(b.id));
}

/** Deletes one phrase; false when it did not exist. */
export async function deletePhrase(languageId: string, levelId: string, lessonId: string, id: string): Promise<boolean> {
  const key = keys.phrase(languageId, levelId, lessonId, id);
  if (!(await getItem(key))) return false;
  await deleteKeys([key]);
  return true;
}
