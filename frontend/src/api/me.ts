/**
 * A signed-in user's own data (/api/me/*): SWR read hooks with the user's token, and writes that
 * update the cached reads they change. Only /profile and the lesson page's learner controls (both
 * loaded for signed-in users only) import this module.
 */
import useSWR, { mutate } from 'swr';
import type { LessonRef } from '@shared/contracts/lessons';
import type { Favorite, LanguageProgress, LessonProgress, MyLesson, Profile, ProfileUpdate } from '@shared/contracts/me';
import { apiFetch, authedFetcher as authed } from './client';
import { api } from '@shared/urls';

export const ME = {
  profile: api.profile,
  progress: api.progress,
  favorites: api.favorites,
  lesson: (language: string, level: string, lesson: string) => api.myLesson({ language_id: language, level_id: level, lesson_id: lesson }),
};

/** `null` key (signed out): nothing is fetched. */
export const useProfile = (enabled = true) => useSWR<Profile, Error>(enabled ? ME.profile : null, authed);
export const useProgress = (enabled = true) => useSWR<LanguageProgress[], Error>(enabled ? ME.progress : null, authed);
export const useFavorites = (enabled = true) => useSWR<Favorite[], Error>(enabled ? ME.favorites : null, authed);
export const useMyLesson = (r: LessonRef) => useSWR<MyLesson, Error>(ME.lesson(r.language_id, r.level_id, r.lesson_id), authed);

export async function updateProfile(input: ProfileUpdate): Promise<Profile> {
  const profile = await apiFetch<Profile>(ME.profile, { method: 'PUT', body: input, auth: true });
  await mutate(ME.profile, profile, { revalidate: false });
  return profile;
}

export async function setCompleted(r: LessonRef, completed: boolean): Promise<LessonProgress> {
  const row = await apiFetch<LessonProgress>(api.lessonProgress(r), { method: 'PUT', body: { completed }, auth: true });
  await Promise.all([mutate(ME.lesson(r.language_id, r.level_id, r.lesson_id)), mutate(ME.progress)]);
  return row;
}

export async function setFavorite(r: LessonRef & { phrase_id: string }, favorite: boolean): Promise<void> {
  await apiFetch(api.favorite(r, r.phrase_id), { method: favorite ? 'PUT' : 'DELETE', auth: true });
  await Promise.all([mutate(ME.lesson(r.language_id, r.level_id, r.lesson_id)), mutate(ME.favorites)]);
}
