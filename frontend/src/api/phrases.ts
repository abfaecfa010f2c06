/** Phrases for the admin screens: paged search, one lesson's phrases, counts, and the group writes. */
import useSWR, { mutate } from 'swr';
import type { CourseFilter } from '@shared/contracts/common';
import type { LessonRef } from '@shared/contracts/lessons';
import type { Page } from '@shared/contracts/paging';
import { PHRASE_PAGE, type Phrase, type PhraseCounts, type PhraseDraft, type PhraseGroupUpdate, type PhrasesCreate } from '@shared/contracts/phrases';
import { authedFetcher } from './client';
import { courseWrite, PHRASES, seg } from './course';
import { queryString, usePaged } from './paged';
import { PUBLISHING } from './publishing';
import { api } from '@shared/urls';

/** Rows per page of search results: a screenful, which the grid renders in a blink ('Show more' reads on). */
const SEARCH_PAGE = 25;
/**
 * A page at a time of the phrases that match a search and filters (debounce `q` before passing it):
 * `null` reads nothing. Rows come in catalogue order (language, level, lesson, creation).
 */
export const usePhrasePages = (f: (Partial<CourseFilter> & { q?: string }) | null) =>
  usePaged<Phrase>(f && `${PHRASES}${queryString({ q: f.q, language_id: f.language_id, level_id: f.level_id, lesson_id: f.lesson_id, limit: SEARCH_PAGE })}`);

const lessonPhrasesPath = (l: LessonRef) =>
  `${PHRASES}${queryString({ language_id: l.language_id, level_id: l.level_id, lesson_id: l.lesson_id, limit: PHRASE_PAGE.max })}`;

/** Every phrase of one lesson in creation order (pages read until the last), only once `lesson` is given. */
export const useLessonPhrases = (lesson: LessonRef | null) => useSWR<Phrase[], Error>(lesson && lessonPhrasesPath(lesson), readAllPages);
async function readAllPages(path: string): Promise<Phrase[]> {
  const out: Phrase[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<Phrase> = await authedFetcher(cursor ? `${path}&cursor=${encodeURIComponent(cursor)}` : path);
    out.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return out;
}
/** The phrases of a lesson sharing its audio URL (as Edit Phrases edits them), read fresh. */
export async function phraseGroupOf(p: LessonRef & Pick<Phrase, 'audio_url'>) {
  const all = await readAllPages(lessonPhrasesPath(p));
  return { audio_url: p.audio_url, phrases: all.filter((x) => x.audio_url.trim() === p.audio_url.trim()) };
}

/** Phrases per lesson and in all, without reading the phrases (Overview, Manage Phrases' headers). */
export const usePhraseCounts = () => useSWR<PhraseCounts, Error>(`${PHRASES}/counts`, authedFetcher);

/** Creates one phrase per row sharing the audio; resolves with them (toast `${n} phrases added successfully`). */
export const createPhrases = (input: PhrasesCreate) => courseWrite<Phrase[]>(PHRASES, 'POST', input);
/**
 * Saves an edited group. Send `old_audio_url` and `old_phrases` (ids + versions of the group as
 * shown) and rows with the `id` of the phrase they edit; rows without id are new. 409 when someone
 * else changed the group meanwhile.
 */
export const updatePhraseGroup = (input: PhraseGroupUpdate) => courseWrite<Phrase[]>(`${PHRASES}/group`, 'PUT', input);
export const deletePhrase = (p: Pick<Phrase, 'language_id' | 'level_id' | 'lesson_id' | 'id'>) =>
  courseWrite<undefined>(`${PHRASES}/${seg(p.language_id)}/${seg(p.level_id)}/${seg(p.lesson_id)}/${seg(p.id)}`, 'DELETE');

// ---- A public lesson's phrase draft (docs/back-office.md "Drafts and releases") ----------------

const PHRASE_DRAFT = api.phraseDraft;
const lessonDraftPath = (l: LessonRef) => api.lessonPhraseDraft(l.language_id, l.level_id, l.lesson_id);
/** The lesson's phrases as its draft has them (`phrases: null`: the draft leaves them alone); only once `lesson` is given. */
export const useLessonPhraseDraft = (lesson: LessonRef | null) => useSWR<PhraseDraft, Error>(lesson && lessonDraftPath(lesson), authedFetcher);
/** The group of `p`'s audio as the lesson's draft has it, read fresh (what Edit Phrases edits in the draft). */
export async function draftGroupOf(p: LessonRef & Pick<Phrase, 'audio_url'>) {
  const draft: PhraseDraft = await authedFetcher(lessonDraftPath(p));
  return { audio_url: p.audio_url, phrases: (draft.phrases ?? []).filter((x) => x.audio_url.trim() === p.audio_url.trim()) };
}
/** After a draft write: the lesson's draft and the publishing state (its 'Draft' mark) read again. */
async function draftWrite<T>(l: LessonRef, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    await Promise.all([mutate(lessonDraftPath(l)), mutate(PUBLISHING)]);
  }
}
/** Add Phrases' 'Save as draft' for a public lesson: the rows wait in its draft until it is published. */
export const createPhrasesDraft = (input: PhrasesCreate) => draftWrite(input, () => courseWrite<Phrase[]>(PHRASE_DRAFT, 'POST', input));
/** Edit Phrases' 'Save as draft': the group as read from the draft (or the live lesson when it has none), edited in the draft. */
export const updatePhraseGroupDraft = (input: PhraseGroupUpdate) => draftWrite(input, () => courseWrite<Phrase[]>(PHRASE_DRAFT, 'PUT', input));
