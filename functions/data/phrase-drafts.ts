/**
 * A public lesson's phrase changes kept as its draft (docs/back-office.md "Drafts and releases").
 * The lesson's pending draft item (./publishing.ts) holds, beside its changed fields:
 *  - `phrases`: the lesson's whole phrase list as it will be (the working copy), each phrase with its
 *    own version, which a group edit of the draft checks as a live edit checks the stored ones;
 *  - `phrase_base`: the live phrases' ids and versions the working copy started from.
 * Nothing public changes until Publish, which writes the difference between the working copy and the
 * live phrases in the lesson's own transaction (`phraseDraftWrites`), refused as stale when the live
 * phrases changed since. A preview shows the working copy (./visibility.ts).
 */
import { conflict, invalid, notFound } from '../lib/errors.js';
import { keys } from '../lib/keys.js';
import type { LessonRef } from '../../shared/contracts/lessons.js';
import { refKey } from '../../shared/contracts/publishing.js';
import {
  PHRASE_DRAFT_MOVE_TEXT,
  PHRASE_DRAFT_SIZE_TEXT,
  type Phrase,
  type PhraseGroupIn,
  type PhrasesIn,
  type TimedRows,
} from '../../shared/contracts/phrases.js';
import { LESSON_NOT_FOUND } from './lessons.js';
import { phraseDraftOf } from './visibility.js';
import { edited, GROUP_CHANGED_TEXT, newPhraseId, phraseSearch, planGroupEdit, sameAudio } from './phrases.js';
import {
  changed,
  deleteIfVersion,
  getRaw,
  IS_NEW,
  keyOf,
  newItem,
  putIfVersion,
  putItem,
  putNew,
  queryPartition,
  strip,
  versionIs,
  type Raw,
  type TxItem,
} from './table.js';

export const LESSON_NOT_PUBLIC_TEXT = 'This lesson is not public yet: save its phrases as they are.';
export const PHRASES_STALE_TEXT = "The lesson's public phrases changed after this draft was saved. Discard the draft and make the changes again.";
/** A draft item stays well under DynamoDB's 400 KB item limit. */
const MAX_DRAFT_BYTES = 300_000;

/** A phrase as the working copy keeps it: the public fields, not its key or search text. */
const asCopy = (p: Raw) => strip<Raw>(p);

/** The lesson, its pending draft, its live phrases and the working copy (the draft's phrases, else the live ones). */
async function workingCopy(ref: LessonRef) {
  const key = keys.lesson(ref.language_id, ref.level_id, ref.lesson_id);
  const p = keys.phrasePrefix(ref.language_id, ref.level_id, ref.lesson_id);
  const [lesson, draft, live] = await Promise.all([
    getRaw(key, { ConsistentRead: true }),
    getRaw(keys.draft(key), { ConsistentRead: true }),
    queryPartition(p.PK, p.SKPrefix),
  ]);
  if (!lesson) throw notFound(LESSON_NOT_FOUND);
  if (lesson.is_draft === true) throw invalid(LESSON_NOT_PUBLIC_TEXT);
  const copy = Array.isArray(draft?.phrases) ? (draft.phrases as Raw[]) : live.map(asCopy);
  return { key, lesson, draft, live, copy };
}

/** Stores the working copy in the lesson's draft (made when there is none), conditional on the draft read. */
async function store(w: Awaited<ReturnType<typeof workingCopy>>, copy: Raw[], by: string) {
  if (Buffer.byteLength(JSON.stringify(copy)) > MAX_DRAFT_BYTES) throw invalid(PHRASE_DRAFT_SIZE_TEXT, 'phrases');
  const now = new Date().toISOString();
  const phrases = copy.sort((a, b) => String(a.id).localeCompare(String(b.id)));
  // The live versions the working copy started from: kept once the draft has phrases; else the ones
  // read now, also when the draft so far changed only the lesson's fields.
  const phrase_base: unknown = Array.isArray(w.draft?.phrases) ? w.draft.phrase_base : Object.fromEntries(w.live.map((p) => [p.id, p.version]));
  if (w.draft) {
    await putItem(
      { ...w.draft, phrases, phrase_base, updated_at: now, updated_by: by, version: (w.draft.version as number) + 1 },
      versionIs(w.draft.version as number),
      () => conflict(GROUP_CHANGED_TEXT),
    );
    return;
  }
  const item = { kind: 'lesson' as const, language_id: String(w.lesson.language_id), level_id: String(w.lesson.level_id), lesson_id: String(w.lesson.id) };
  await putItem(
    {
      ...keys.draft(w.key),
      ...keys.draftList(refKey(item)),
      entity: 'draft',
      item,
      label: String(w.lesson.title),
      fields: {},
      base_version: w.lesson.version,
      phrases,
      phrase_base,
      updated_at: now,
      updated_by: by,
      version: 1,
    },
    IS_NEW,
    () => conflict(GROUP_CHANGED_TEXT),
  );
}

/** A new phrase of the working copy: its id is the one it will be published with. */
function newPhrase(
  ref: LessonRef,
  audio_url: string,
  row: { original_text: string; translated_text: string; audio_timings?: string; speech_text?: string },
): Raw {
  const id = newPhraseId();
  const { original_text, translated_text, audio_timings, speech_text } = row;
  const data = { id, ...ref, original_text, translated_text, audio_url, audio_timings, speech_text };
  return asCopy(newItem(keys.phrase(ref.language_id, ref.level_id, ref.lesson_id, id), 'phrase', data));
}

/** The lesson's phrases as its draft has them; null when the draft does not change its phrases. */
export async function readPhraseDraft(ref: LessonRef): Promise<Phrase[] | null> {
  const key = keys.lesson(ref.language_id, ref.level_id, ref.lesson_id);
  const [lesson, draft] = await Promise.all([getRaw(key), getRaw(keys.draft(key), { ConsistentRead: true })]);
  if (!lesson) throw notFound(LESSON_NOT_FOUND);
  return phraseDraftOf(draft);
}

/** Adds a group's rows to the lesson's draft (Add Phrases' 'Save as draft'); answers the new phrases. */
export async function draftAddPhrases(input: TimedRows<PhrasesIn>, by: string): Promise<Phrase[]> {
  const { language_id, level_id, lesson_id } = input;
  const w = await workingCopy(input);
  const added = input.phrases.map((row) => newPhrase({ language_id, level_id, lesson_id }, input.audio_url, row));
  await store(w, [...w.copy, ...added], by);
  return added.map((p) => strip<Phrase>(p));
}

/** Edits a group of the lesson's draft as a live group edit would edit the lesson; answers the group after it. */
export async function draftPhraseGroup(input: TimedRows<PhraseGroupIn>, by: string): Promise<Phrase[]> {
  const { language_id, level_id, lesson_id, audio_url } = input;
  const moving =
    [input.old_language_id ?? language_id, input.old_level_id ?? level_id, input.old_lesson_id ?? lesson_id].join('/') !==
    [language_id, level_id, lesson_id].join('/');
  if (moving) throw invalid(PHRASE_DRAFT_MOVE_TEXT, 'lesson_id');
  const w = await workingCopy(input);
  const plan = planGroupEdit(w.copy.filter(sameAudio(input.old_audio_url)), input);
  const now = new Date().toISOString();
  const group = plan.rows.map(({ old, row }) =>
    old
      ? {
          ...old,
          original_text: row.original_text,
          translated_text: row.translated_text,
          audio_url,
          audio_timings: row.audio_timings,
          speech_text: row.speech_text,
          version: (old.version as number) + 1,
          updated_at: now,
        }
      : newPhrase({ language_id, level_id, lesson_id }, audio_url, row),
  );
  const replaced = new Set([...plan.removed, ...plan.rows.flatMap((r) => (r.old ? [r.old] : []))].map((p) => p.id));
  await store(w, [...w.copy.filter((p) => !replaced.has(p.id)), ...group], by);
  return group.sort((a, b) => String(a.id).localeCompare(String(b.id))).map((p) => strip<Phrase>(p));
}

/**
 * The writes that make a lesson draft's phrases live: changed phrases updated, new ones created
 * with their draft ids, dropped ones deleted, each conditional on the version the draft started
 * from. None when the draft leaves the phrases alone; 409 when the live phrases changed since.
 */
export function phraseDraftWrites(draft: Raw | undefined, live: Raw[]): TxItem[] {
  if (!draft || !Array.isArray(draft.phrases)) return [];
  const base = (draft.phrase_base ?? {}) as Record<string, number>;
  if (live.length !== Object.keys(base).length || live.some((p) => base[String(p.id)] !== p.version)) throw conflict(PHRASES_STALE_TEXT);
  const liveById = new Map(live.map((p) => [String(p.id), p]));
  const writes: TxItem[] = [];
  const kept = new Set<string>();
  for (const p of draft.phrases as Raw[]) {
    const id = String(p.id);
    const data = {
      original_text: p.original_text,
      translated_text: p.translated_text,
      audio_url: p.audio_url,
      audio_timings: p.audio_timings,
      speech_text: p.speech_text,
    };
    const old = liveById.get(id);
    kept.add(id);
    const search = phraseSearch({ original_text: String(p.original_text), translated_text: String(p.translated_text) });
    if (!old) {
      const at = keys.phrase(String(p.language_id), String(p.level_id), String(p.lesson_id), id);
      writes.push(putNew({ ...at, entity: 'phrase', ...p, search, version: 1 }));
    } else if (Object.entries(data).some(([k, v]) => (old[k] ?? '') !== (v ?? ''))) {
      writes.push(putIfVersion(edited(changed(old, { ...data, search }), p), old.version as number));
    }
  }
  for (const old of live) if (!kept.has(String(old.id))) writes.push(deleteIfVersion(keyOf(old), old.version as number));
  return writes;
}

/** A lesson's live phrases, for publishing its draft (read only when the draft changes them). */
export async function livePhrasesFor(draft: Raw | undefined, lesson: Raw): Promise<Raw[]> {
  if (!draft || !Array.isArray(draft.phrases)) return [];
  const p = keys.phrasePrefix(String(lesson.language_id), String(lesson.level_id), String(lesson.id));
  return queryPartition(p.PK, p.SKPrefix);
}
