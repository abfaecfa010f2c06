/**
 * A signed-in user's own data: profile, progress per lesson and favourite phrases, all in the
 * user's partition `USER#{sub}` (see lib/keys.ts). The handler passes the caller's `sub`, so no
 * request can name another user's items. Every write is a PUT or DELETE of one item: repeating it
 * changes nothing. Rows whose lesson or phrase was deleted are left out of every answer (and deleted
 * favourites cleaned up) instead of being found and removed at delete time, which would need an
 * index over every user.
 */
import { notFound } from '../lib/errors.js';
import { keys, type Key } from '../lib/keys.js';
import type { Language } from '../../shared/contracts/languages.js';
import type { LessonRef } from '../../shared/contracts/lessons.js';
import type { Favorite, LanguageProgress, LessonProgress, MyLesson, Profile } from '../../shared/contracts/me.js';
import type { Phrase } from '../../shared/contracts/phrases.js';
import { LESSON_NOT_FOUND } from './lessons.js';
import { lessonPathOf, openLessons } from './visibility.js';
import { asItem, batchGet, deleteKeys, getItem, mustExist, newItem, putItem, queryAll, queryPartition, strip, transact } from './table.js';

export const PHRASE_NOT_FOUND = 'Phrase not found';
export const FAVORITE_NOT_FOUND = 'Favorite not found';

// ---- Profile ----------------------------------------------------------------------------------

export async function getProfile(sub: string): Promise<Profile> {
  const stored = await getItem<Partial<Profile>>(keys.profile(sub));
  return { id: sub, username: stored?.username ?? '', avatar_url: stored?.avatar_url ?? '' };
}

export async function updateProfile(sub: string, username: string): Promise<Profile> {
  const current = await getProfile(sub);
  const item = newItem(keys.profile(sub), 'profile', { id: sub, username, avatar_url: current.avatar_url });
  await putItem(item);
  return { id: sub, username, avatar_url: current.avatar_url };
}

// ---- Progress ---------------------------------------------------------------------------------

const lessonKey = (r: LessonRef) => keys.lesson(r.language_id, r.level_id, r.lesson_id);
const toProgress = (i: Record<string, unknown>): LessonProgress => {
  const { language_id, level_id, lesson_id, completed, updated_at } = asItem<LessonProgress>(i);
  return { language_id, level_id, lesson_id, completed, updated_at };
};

/** Marks a lesson completed or not; 404 when the lesson does not exist (checked in the same transaction). */
export async function setProgress(sub: string, ref: LessonRef, completed: boolean): Promise<LessonProgress> {
  const item = newItem(keys.progress(sub, ref.language_id, ref.level_id, ref.lesson_id), 'progress', { ...ref, completed });
  await transact([{ Put: { Item: item } }, mustExist(lessonKey(ref))], () => notFound(LESSON_NOT_FOUND));
  return toProgress(item);
}

/** The ids (`level#lesson`) of a language's lessons that exist: one Query of keys only. */
async function lessonIdsOf(languageId: string): Promise<Set<string>> {
  const p = keys.lessonPrefix(languageId);
  const rows = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': p.PK, ':sk': p.SKPrefix },
    ProjectionExpression: 'level_id, id',
  });
  return new Set(rows.map((r) => `${String(r.level_id)}#${String(r.id)}`));
}

/** A language's progress rows whose lesson still exists. */
export async function languageProgress(sub: string, languageId: string): Promise<LessonProgress[]> {
  const p = keys.progressPrefix(sub, languageId);
  const [rows, lessons] = await Promise.all([queryPartition(p.PK, p.SKPrefix), lessonIdsOf(languageId)]);
  return rows.map(toProgress).filter((r) => lessons.has(`${r.level_id}#${r.lesson_id}`));
}

/**
 * Completed versus total lessons per language, for the languages the user has progress in: one
 * Query of the user's rows, then per such language one keys-only Query of its lessons (which also
 * drops rows of deleted lessons) and one BatchGet of the languages' names. No Scan.
 */
export async function progressSummary(sub: string): Promise<LanguageProgress[]> {
  const p = keys.progressPrefix(sub);
  const rows = (await queryPartition(p.PK, p.SKPrefix)).map(toProgress);
  const languageIds = [...new Set(rows.map((r) => r.language_id))];
  if (!languageIds.length) return [];
  const [languages, lessonSets] = await Promise.all([
    batchGet(languageIds.map((id) => keys.language(id))).then((items) => new Map(items.map((i) => [String(i.id), strip<Language>(i)]))),
    Promise.all(languageIds.map(lessonIdsOf)),
  ]);
  return languageIds
    .map((id, i) => {
      const language = languages.get(id);
      const lessons = lessonSets[i];
      if (!language || !lessons.size) return undefined;
      const completed = rows.filter((r) => r.language_id === id && r.completed && lessons.has(`${r.level_id}#${r.lesson_id}`)).length;
      return { language_id: id, language_name: language.name, flag_url: language.flag_url, completed, total: lessons.size };
    })
    .filter((x): x is LanguageProgress => !!x)
    .sort((a, b) => a.language_name.localeCompare(b.language_name));
}

// ---- Favourites -------------------------------------------------------------------------------

const phraseKey = (f: Pick<Favorite, 'language_id' | 'level_id' | 'lesson_id' | 'phrase_id'>) =>
  keys.phrase(f.language_id, f.level_id, f.lesson_id, f.phrase_id);
const favoriteKey = (sub: string, f: Pick<Favorite, 'language_id' | 'level_id' | 'lesson_id' | 'phrase_id'>) =>
  keys.favorite(sub, f.language_id, f.level_id, f.lesson_id, f.phrase_id);

function toFavorite(row: Record<string, unknown>, phrase?: Phrase): Favorite {
  const f = asItem<Favorite>(row);
  return {
    id: f.phrase_id,
    phrase_id: f.phrase_id,
    language_id: f.language_id,
    level_id: f.level_id,
    lesson_id: f.lesson_id,
    original_text: phrase?.original_text ?? f.original_text,
    translated_text: phrase?.translated_text ?? f.translated_text,
    audio_url: phrase?.audio_url ?? f.audio_url,
    created_at: f.created_at,
  };
}

/** Saves a phrase as a favourite (again: no change); 404 when the phrase does not exist or is not public. */
export async function addFavorite(sub: string, ref: LessonRef & { phrase_id: string }): Promise<Favorite> {
  const [phrase, open] = await Promise.all([getItem<Phrase>(phraseKey(ref)), openLessons([ref])]);
  // A phrase no visitor may see (draft or locked lesson) is not found: its texts are never sent back.
  if (!phrase || !open.has(lessonPathOf(ref))) throw notFound(PHRASE_NOT_FOUND);
  const key = favoriteKey(sub, ref);
  const existing = await getItem<Record<string, unknown>>(key);
  if (existing) return toFavorite(existing, phrase);
  // The list's texts are kept with the row, so it can be shown even while the phrase is being edited.
  const item = newItem(key, 'favorite', { ...ref, original_text: phrase.original_text, translated_text: phrase.translated_text, audio_url: phrase.audio_url });
  await transact([{ Put: { Item: item } }, mustExist(phraseKey(ref))], () => notFound(PHRASE_NOT_FOUND));
  return toFavorite(item, phrase);
}

/** Removes a favourite; 404 when the user has no such favourite. */
export async function removeFavorite(sub: string, ref: LessonRef & { phrase_id: string }): Promise<void> {
  const key = favoriteKey(sub, ref);
  await transact([{ Delete: { Key: key, ConditionExpression: 'attribute_exists(PK)' } }], () => notFound(FAVORITE_NOT_FOUND));
}

/**
 * The user's favourites, newest first, each with its phrase's current texts. Favourites of phrases
 * deleted since are left out and removed (one BatchGet per 100 favourites finds them).
 */
export async function listFavorites(sub: string): Promise<Favorite[]> {
  const p = keys.favoritePrefix(sub);
  const rows = await queryPartition(p.PK, p.SKPrefix);
  if (!rows.length) return [];
  const phrases = new Map((await batchGet(rows.map((r) => phraseKey(asItem<Favorite>(r))))).map((i) => [String(i.id), strip<Phrase>(i)]));
  const gone: Key[] = rows.filter((r) => !phrases.has(String(r.phrase_id))).map((r) => ({ PK: String(r.PK), SK: String(r.SK) }));
  if (gone.length) await deleteKeys(gone);
  return rows
    .filter((r) => phrases.has(String(r.phrase_id)))
    .map((r) => toFavorite(r, phrases.get(String(r.phrase_id))))
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
}

/** What the lesson page shows a signed-in user: completed or not, and which phrases are favourites. */
export async function myLesson(sub: string, ref: LessonRef): Promise<MyLesson> {
  const favs = keys.favoritePrefix(sub, { lang: ref.language_id, level: ref.level_id, lesson: ref.lesson_id });
  const [progress, rows] = await Promise.all([
    getItem<LessonProgress>(keys.progress(sub, ref.language_id, ref.level_id, ref.lesson_id)),
    queryPartition(favs.PK, favs.SKPrefix),
  ]);
  return { completed: !!progress?.completed, favorites: rows.map((r) => String(r.phrase_id)) };
}
