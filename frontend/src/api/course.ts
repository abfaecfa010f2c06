/**
 * Levels, lessons, phrases, uploads and text-to-speech for the admin screens: SWR read hooks (with
 * the admin's token) and writes. Every write revalidates the cached course lists and public pages.
 */
import useSWR, { mutate } from 'swr';
import type { LessonCreate, LessonReorder, LessonUpdate, LevelCreate, LevelUpdate, PhraseGroupUpdate, PhrasesCreate } from '@shared/course-schemas';
import type { Lesson, LevelWithCount, Phrase, PresignedUpload, UploadKind, Level } from '@shared/types';
import { ApiError, apiFetch } from './client';

export const LEVELS = '/levels';
export const LESSONS = '/lessons';
export const PHRASES = '/phrases';

/** Admin reads need the token; SWR keys are the API paths. */
const authed = <T,>(path: string) => apiFetch<T>(path, { auth: true });

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
export const useLevels = (languageId?: string) => useSWR<LevelWithCount[]>(`${LEVELS}${query({ language_id: languageId })}`, authed);
export const useLessons = (f: Omit<CourseFilters, 'lesson_id'> = {}) =>
  useSWR<Lesson[]>(`${LESSONS}${query({ language_id: f.language_id, level_id: f.level_id })}`, authed);
/** Phrases in creation order; group them with groupByAudio from @shared/phrase-groups. */
export const usePhrases = (f: CourseFilters = {}) => useSWR<Phrase[]>(`${PHRASES}${query({ ...f })}`, authed);

const COURSE_KEYS = [LEVELS, LESSONS, PHRASES, '/languages', '/pages'];
/** Revalidates every cached course list and public page (counts and orders change together). */
export const refreshCourse = () => mutate((key) => typeof key === 'string' && COURSE_KEYS.some((k) => key.startsWith(k)));

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
export const deleteLevel = (languageId: string, id: string) => write<void>(`${LEVELS}/${seg(languageId)}/${seg(id)}`, 'DELETE');
/** Swaps with the neighbour; at the first/last position the server answers 400 with a message. */
export const moveLevel = (languageId: string, id: string, direction: 'up' | 'down') =>
  write<Level[]>(`${LEVELS}/${seg(languageId)}/${seg(id)}/move`, 'POST', { direction });
export const setLevelLock = (languageId: string, id: string, isLocked: boolean) =>
  write<Level>(`${LEVELS}/${seg(languageId)}/${seg(id)}/lock`, 'POST', { is_locked: isLocked });

// ---- Lessons ----------------------------------------------------------------------------------

export const createLesson = (input: LessonCreate) => write<Lesson>(LESSONS, 'POST', input);
export const updateLesson = (languageId: string, levelId: string, id: string, input: LessonUpdate) =>
  write<Lesson>(`${LESSONS}/${seg(languageId)}/${seg(levelId)}/${seg(id)}`, 'PUT', input);
export const deleteLesson = (languageId: string, levelId: string, id: string) => write<void>(`${LESSONS}/${seg(languageId)}/${seg(levelId)}/${seg(id)}`, 'DELETE');
/**
 * Swaps with the neighbour. Rejects with the message 'Cannot reorder: missing order index' when
 * either has none; at the first/last position nothing changes (resolves with []).
 */
export const moveLesson = (languageId: string, levelId: string, id: string, direction: 'up' | 'down') =>
  write<Lesson[]>(`${LESSONS}/${seg(languageId)}/${seg(levelId)}/${seg(id)}/move`, 'POST', { direction });
export const setLessonLock = (languageId: string, levelId: string, id: string, isLocked: boolean) =>
  write<Lesson>(`${LESSONS}/${seg(languageId)}/${seg(levelId)}/${seg(id)}/lock`, 'POST', { is_locked: isLocked });
/** Saves a drag-and-drop order: lesson_ids must be exactly the level's lessons. */
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
  write<void>(`${PHRASES}/${seg(p.language_id)}/${seg(p.level_id)}/${seg(p.lesson_id)}/${seg(p.id)}`, 'DELETE');

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
