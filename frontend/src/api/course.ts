/**
 * Levels, lessons, phrases, uploads and text-to-speech for the admin screens: SWR read hooks (with
 * the admin's token) and writes. Every write revalidates the cached course lists and public pages.
 */
import useSWR, { mutate } from 'swr';
import type {
  LessonCreate,
  LessonReorder,
  LessonUpdate,
  LevelCreate,
  LevelReorder,
  LevelUpdate,
  PhraseGroupUpdate,
  PhrasesCreate,
} from '@shared/course-schemas';
import type { Lesson, LevelWithCount, Phrase, PresignedUpload, UploadKind, Level } from '@shared/types';
import { ApiError, apiFetch } from './client';
import { PHRASE_PAGE } from '@shared/course-schemas';
import type { Page, PhraseCounts } from '@shared/paging';
import { queryString, refreshPaged, usePaged } from './paged';

export const LEVELS = '/levels';
export const LESSONS = '/lessons';
export const PHRASES = '/phrases';

/** Admin reads need the token; SWR keys are the API paths. */
const authed = <T>(path: string) => apiFetch<T>(path, { auth: true });

/** `?a=1&b=2` from the set filters (empty ones left out), '' when none. */
function query(filters: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

export interface CourseFilters {
  language_id?: string;
  level_id?: string;
  lesson_id?: string;
}

/** All levels (or one language's), each with lesson_count, in catalogue order per language. */
export const useLevels = (languageId?: string) => useSWR<LevelWithCount[], Error>(`${LEVELS}${query({ language_id: languageId })}`, authed);
export const useLessons = (f: Omit<CourseFilters, 'lesson_id'> = {}) =>
  useSWR<Lesson[], Error>(`${LESSONS}${query({ language_id: f.language_id, level_id: f.level_id })}`, authed);
/** Rows per page of search results: a screenful, which the grid renders in a blink ('Show more' reads on). */
const SEARCH_PAGE = 25;
/**
 * A page at a time of the phrases that match a search and filters (debounce `q` before passing it):
 * `null` reads nothing. Rows come in catalogue order (language, level, lesson, creation).
 */
export const usePhrasePages = (f: (CourseFilters & { q?: string }) | null) =>
  usePaged<Phrase>(f && `${PHRASES}${queryString({ q: f.q, language_id: f.language_id, level_id: f.level_id, lesson_id: f.lesson_id, limit: SEARCH_PAGE })}`);

/** Every phrase of one lesson in creation order (pages read until the last), only once `lesson` is given. */
export const useLessonPhrases = (lesson: Required<CourseFilters> | null) =>
  useSWR<Phrase[], Error>(lesson && `${PHRASES}${queryString({ ...lesson, limit: PHRASE_PAGE.max })}`, readAllPages);
async function readAllPages(path: string): Promise<Phrase[]> {
  const out: Phrase[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<Phrase> = await authed(cursor ? `${path}&cursor=${encodeURIComponent(cursor)}` : path);
    out.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return out;
}
/** The phrases of a lesson sharing its audio URL (as Edit Phrases edits them), read fresh. */
export async function phraseGroupOf(p: Pick<Phrase, 'language_id' | 'level_id' | 'lesson_id' | 'audio_url'>) {
  const all = await readAllPages(
    `${PHRASES}${queryString({ language_id: p.language_id, level_id: p.level_id, lesson_id: p.lesson_id, limit: PHRASE_PAGE.max })}`,
  );
  return { audio_url: p.audio_url, phrases: all.filter((x) => x.audio_url.trim() === p.audio_url.trim()) };
}

/** Phrases per lesson and in all, without reading the phrases (Overview, Manage Phrases' headers). */
export const usePhraseCounts = () => useSWR<PhraseCounts, Error>(`${PHRASES}/counts`, authed);

const COURSE_KEYS = [LEVELS, LESSONS, PHRASES, '/languages', '/pages'];
/** Revalidates every cached course list and public page (counts and orders change together). */
export const refreshCourse = () => Promise.all([mutate((key) => typeof key === 'string' && COURSE_KEYS.some((k) => key.startsWith(k))), refreshPaged(PHRASES)]);

async function write<T>(path: string, method: string, body?: unknown): Promise<T> {
  try {
    return await apiFetch<T>(path, { method, body, auth: true });
  } finally {
    // Also after a failure: a 409 means the cached copy is stale.
    await refreshCourse();
  }
}
const seg = encodeURIComponent;

// ---- Levels -----------------------------------------------------------------------------------

export const createLevel = (input: LevelCreate) => write<Level>(LEVELS, 'POST', input);
export const updateLevel = (languageId: string, id: string, input: LevelUpdate) => write<Level>(`${LEVELS}/${seg(languageId)}/${seg(id)}`, 'PUT', input);
export const deleteLevel = (languageId: string, id: string) => write<undefined>(`${LEVELS}/${seg(languageId)}/${seg(id)}`, 'DELETE');
/** Swaps with the neighbour; at the first/last position the server answers 400 with a message. */
export const moveLevel = (languageId: string, id: string, direction: 'up' | 'down') =>
  write<Level[]>(`${LEVELS}/${seg(languageId)}/${seg(id)}/move`, 'POST', { direction });
export const setLevelLock = (languageId: string, id: string, isLocked: boolean) =>
  write<Level>(`${LEVELS}/${seg(languageId)}/${seg(id)}/lock`, 'POST', { is_locked: isLocked });
/**
 * Saves a dropped drag: every level of the language in its new order, each with the version shown.
 * 409 when the list is stale (a level added, removed or changed meanwhile): nothing is written.
 */
export const reorderLevels = (input: LevelReorder) => write<Level[]>(`${LEVELS}/reorder`, 'POST', input);

// ---- Lessons ----------------------------------------------------------------------------------

export const createLesson = (input: LessonCreate) => write<Lesson>(LESSONS, 'POST', input);
export const updateLesson = (languageId: string, levelId: string, id: string, input: LessonUpdate) =>
  write<Lesson>(`${LESSONS}/${seg(languageId)}/${seg(levelId)}/${seg(id)}`, 'PUT', input);
export const deleteLesson = (languageId: string, levelId: string, id: string) =>
  write<undefined>(`${LESSONS}/${seg(languageId)}/${seg(levelId)}/${seg(id)}`, 'DELETE');
/**
 * Swaps with the neighbour. Rejects with the message 'Cannot reorder: missing order index' when
 * either has none; at the first/last position nothing changes (resolves with []).
 */
export const moveLesson = (languageId: string, levelId: string, id: string, direction: 'up' | 'down') =>
  write<Lesson[]>(`${LESSONS}/${seg(languageId)}/${seg(levelId)}/${seg(id)}/move`, 'POST', { direction });
export const setLessonLock = (languageId: string, levelId: string, id: string, isLocked: boolean) =>
  write<Lesson>(`${LESSONS}/${seg(languageId)}/${seg(levelId)}/${seg(id)}/lock`, 'POST', { is_locked: isLocked });
/** Saves a dropped drag (or its undo) in one call: lesson_ids must be exactly the level's lessons. */
export const reorderLessons = (input: LessonReorder) => write<Lesson[]>(`${LESSONS}/reorder`, 'POST', input);
/** The order a new lesson of the level gets (highest + 1, or 0). */
export async function nextLessonOrder(languageId: string, levelId: string): Promise<number> {
  const r = await authed<{ order_index: number }>(`${LESSONS}/next-order${query({ language_id: languageId, level_id: levelId })}`);
  return r.order_index;
}

// ---- Phrases ----------------------------------------------------------------------------------

/** Creates one phrase per row sharing the audio; resolves with them (toast `${n} phrases added successfully`). */
export const createPhrases = (input: PhrasesCreate) => write<Phrase[]>(PHRASES, 'POST', input);
/**
 * Saves an edited group. Send `old_audio_url` and `old_phrases` (ids + versions of the group as
 * shown) and rows with the `id` of the phrase they edit; rows without id are new. The group stays
 * in its lesson. 409 when someone else changed the group meanwhile.
 */
export const updatePhraseGroup = (input: PhraseGroupUpdate) => write<Phrase[]>(`${PHRASES}/group`, 'PUT', input);
export const deletePhrase = (p: Pick<Phrase, 'language_id' | 'level_id' | 'lesson_id' | 'id'>) =>
  write<undefined>(`${PHRASES}/${seg(p.language_id)}/${seg(p.level_id)}/${seg(p.lesson_id)}/${seg(p.id)}`, 'DELETE');

// ---- Media ------------------------------------------------------------------------------------

/**
 * Uploads a file straight to storage: asks the API for a presigned POST (server-chosen key, type
 * and size limits in the policy), then posts the form with XMLHttpRequest to report progress
 * (0..1). Resolves with the file's public URL.
 */
export async function uploadFile(kind: UploadKind, file: File, onProgress?: (fraction: number) => void): Promise<string> {
  const target = await apiFetch<PresignedUpload>('/media/uploads', {
    method: 'POST',
    auth: true,
    body: { kind, filename: file.name, content_type: file.type, size: file.size },
  });
  const form = new FormData();
  for (const [k, v] of Object.entries(target.fields)) form.append(k, v);
  form.append('file', file); // S3 ignores every field after the file: it goes last
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', target.url);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(e.loaded / e.total);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      const code = /<Message>([^<]*)<\/Message>/.exec(xhr.responseText)?.[1];
      reject(new ApiError(xhr.status, code ? `Upload refused by storage: ${code}` : `Upload failed (${xhr.status})`));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Upload failed: network error'));
    xhr.send(form);
  });
  onProgress?.(1);
  return target.public_url;
}

/** Generates MP3 audio for the text (offline engine locally, Polly in AWS); resolves with its URL. */
export async function generateSpeech(text: string, language = 'en'): Promise<string> {
  const r = await apiFetch<{ audio_url: string }>('/media/tts', { method: 'POST', auth: true, body: { text, language } });
  return r.audio_url;
}
