/**
 * What the public reads show of drafts (./publishing.ts): nothing, except inside a preview
 * (../lib/preview.ts), where every item shows with its pending draft applied.
 */
import { keys, type Key } from '../lib/keys.js';
import { inPreview } from '../lib/preview.js';
import type { Language } from '../../shared/contracts/languages.js';
import type { Lesson, LessonRef } from '../../shared/contracts/lessons.js';
import type { Level } from '../../shared/contracts/levels.js';
import { publicPhrase, type Phrase, type PublicPhrase } from '../../shared/contracts/phrases.js';
import { batchGet, queryPartition, strip, type Raw } from './table.js';

/** Shows an item to the public: undefined for a draft; inside a preview, the item with its draft applied. */
export interface View {
  language: (l: Language | undefined) => Language | undefined;
  level: (v: Level | undefined) => Level | undefined;
  lesson: (s: Lesson | undefined) => Lesson | undefined;
  /** A lesson's phrases: the live ones; inside a preview, those of its draft when it changes them. Never their 'How to say it'. */
  phrases: (lesson: Pick<Lesson, 'language_id' | 'level_id' | 'id'>, live: Phrase[]) => PublicPhrase[];
}

const hideDrafts = <T extends { is_draft?: boolean }>(item: T | undefined) => (item?.is_draft ? undefined : item);
const PUBLIC: View = { language: hideDrafts, level: hideDrafts, lesson: hideDrafts, phrases: (_lesson, live) => live.map(publicPhrase) };

/**
 * How the public reads of one language show its items. Outside a preview, drafts are hidden (no
 * read). Inside one, every item shows with its pending draft applied (one Query of the language's drafts).
 */
export async function publicView(languageId: string): Promise<View> {
  if (!inPreview()) return PUBLIC;
  const p = keys.draftPrefix(languageId);
  const drafts = new Map((await queryPartition(p.PK, p.SKPrefix)).map((d) => [String(d.SK), d]));
  const draftOf = (sk: string) => drafts.get(keys.draft({ PK: p.PK, SK: sk }).SK);
  const apply =
    <T>(sk: (item: T) => string) =>
    (item: T | undefined): T | undefined =>
      item && { ...item, ...((draftOf(sk(item))?.fields as Raw | undefined) ?? {}) };
  return {
    language: apply((l: Language) => keys.language(l.id).SK),
    level: apply((v: Level) => keys.level(v.language_id, v.id).SK),
    lesson: apply((s: Lesson) => keys.lesson(s.language_id, s.level_id, s.id).SK),
    phrases: (s, live) => (phraseDraftOf(draftOf(keys.lesson(s.language_id, s.level_id, s.id).SK)) ?? live).map(publicPhrase),
  };
}

/** The phrases a lesson's draft item holds (./phrase-drafts.ts); null when it leaves them alone (or there is no draft). */
export const phraseDraftOf = (draft: Raw | undefined): Phrase[] | null =>
  Array.isArray(draft?.phrases) ? (draft.phrases as Raw[]).map((p) => strip<Phrase>(p)) : null;

/** A list as the public sees it: drafts left out (inside a preview, all of it). */
export const publicList = <T extends { is_draft?: boolean }>(items: T[]): T[] => (inPreview() ? items : items.filter((i) => !i.is_draft));

/** The items of a list the view shows. */
export const shown = <T>(show: (item: T | undefined) => T | undefined, items: T[]): T[] => items.flatMap((i) => show(i) ?? []);

/** `{language}/{level}/{lesson}`: how openLessons names a lesson. */
export const lessonPathOf = (r: LessonRef) => `${r.language_id}/${r.level_id}/${r.lesson_id}`;

/**
 * The lessons among `refs` that every visitor may open: their language, level and lesson live (not
 * new drafts) and the level and lesson unlocked. What a post's sample and a learner's review card or
 * favourite may show, inside a preview too: a link to a post must never be a way into a draft or
 * into locked content (the app's). A live lesson with a pending draft is open (its live phrases show).
 * One BatchGetItem for all of them.
 */
export async function openLessons(refs: LessonRef[]): Promise<Set<string>> {
  const wanted = new Map<string, Key>();
  for (const r of refs) {
    for (const k of [keys.language(r.language_id), keys.level(r.language_id, r.level_id), keys.lesson(r.language_id, r.level_id, r.lesson_id)]) {
      wanted.set(`${k.PK}|${k.SK}`, k);
    }
  }
  const items = new Map((await batchGet([...wanted.values()])).map((i) => [`${String(i.PK)}|${String(i.SK)}`, i]));
  const live = (k: Key, lockable: boolean) => {
    const item = items.get(`${k.PK}|${k.SK}`);
    return !!item && item.is_draft !== true && !(lockable && item.is_locked === true);
  };
  return new Set(
    refs
      .filter(
        (r) =>
          live(keys.language(r.language_id), false) &&
          live(keys.level(r.language_id, r.level_id), true) &&
          live(keys.lesson(r.language_id, r.level_id, r.lesson_id), true),
      )
      .map(lessonPathOf),
  );
}

/** Where a direct write of course content lands: a language, one of its levels, or a lesson of that level. */
export interface Place {
  language_id: string;
  level_id?: string;
  lesson_id?: string;
}

/** The stored items a place is under, itself included: its language, then its level, then its lesson. */
const chainOf = (p: Place): Key[] => [
  keys.language(p.language_id),
  ...(p.level_id === undefined ? [] : [keys.level(p.language_id, p.level_id)]),
  ...(p.level_id === undefined || p.lesson_id === undefined ? [] : [keys.lesson(p.language_id, p.level_id, p.lesson_id)]),
];

/** Whether visitors see a place whose chain (`chainOf`) is `items`: each stored and none a new draft. */
export const isPublicChain = (items: readonly (Raw | undefined)[]) => items.every((i) => !!i && i.is_draft !== true);

/**
 * Whether visitors see each place now: it and everything above it stored and not a new draft. A
 * lock is not a draft (whoever unlocks it shows its content at once), so locked content counts as
 * public; a place that does not exist is not (the write itself answers 404). One BatchGetItem.
 */
export async function publicPlaces(places: readonly Place[]): Promise<boolean[]> {
  const text = (k: Key | Raw) => `${String(k.PK)}|${String(k.SK)}`;
  // BatchGetItem refuses a key named twice (two places in one lesson, a group moved within its level).
  const wanted = new Map(places.flatMap(chainOf).map((k) => [text(k), k]));
  const found = new Map((await batchGet([...wanted.values()])).map((i) => [text(i), i]));
  return places.map((p) => isPublicChain(chainOf(p).map((k) => found.get(text(k)))));
}
