/**
 * Drafts and publishing (docs/back-office.md "Drafts and releases"):
 *  - a new language, level or lesson saved as a draft is stored in place with `is_draft: true` (a
 *    post: `published: false`); the public reads leave it out (`publicView`);
 *  - a public item's pending draft is an item beside it, `DRAFT#` + its sort key, holding the
 *    changed fields and the version they were made on, listed in GSI1 `DRAFTS`;
 *  - publishing writes the item (its draft's fields applied, `is_draft` false) and removes the
 *    draft in ONE transaction; a level takes its draft lessons and their pending drafts with it.
 * What the public reads show of drafts: ./visibility.ts.
 */
import { conflict, invalid, notFound } from '../lib/errors.js';
import { keys, type Key } from '../lib/keys.js';
import { refKey, type DraftSave, type ItemRef, type PendingDraft } from '../../shared/contracts/publishing.js';
import { requireOpenSample, updatePost } from './blog.js';
import { livePhrasesFor, phraseDraftWrites } from './phrase-drafts.js';
import {
  asItem,
  changed,
  deleteIfVersion,
  getRaw,
  MAX_TX_ITEMS,
  putIfVersion,
  putItem,
  queryList,
  queryPartition,
  transact,
  type Raw,
  type TxItem,
} from './table.js';

export const NOTHING_TO_PUBLISH_TEXT = 'There is nothing to publish: this item has no draft.';
export const DRAFT_STALE_TEXT = 'The public version changed after this draft was saved. Open it, check the draft and save it again.';
export const NOT_PUBLIC_TEXT = 'This item is not public yet: save it as it is, then publish it.';
export const TOO_MUCH_TEXT = `A level is published in one step of at most ${MAX_TX_ITEMS} changes: publish some of its lessons first.`;
export const MISSING: Record<ItemRef['kind'], string> = {
  language: 'Language not found',
  level: 'Level not found',
  lesson: 'Lesson not found',
  post: 'Post not found',
};

/** The stored key of the item a ref names. */
export function itemKey(r: ItemRef): Key {
  switch (r.kind) {
    case 'language':
      return keys.language(r.language_id);
    case 'level':
      return keys.level(r.language_id, r.level_id);
    case 'lesson':
      return keys.lesson(r.language_id, r.level_id, r.lesson_id);
    case 'post':
      return keys.blogPost(r.post_id);
  }
}

/** A new item that was never published: a course item with is_draft, a post not published. */
export const isUnpublished = (r: ItemRef, raw: Raw) => (r.kind === 'post' ? raw.published !== true : raw.is_draft === true);
const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
/** What an item is called (a course item's or post's title, a language's name), its draft's first. */
export const labelOf = (raw: Raw, fields: Raw = {}) => text(fields.title) ?? text(fields.name) ?? text(raw.title) ?? text(raw.name) ?? '';

/** How many phrases a lesson's draft gives it, when it changes them. */
const phraseCount = (raw: Raw | undefined) => (Array.isArray(raw?.phrases) ? { phrases: raw.phrases.length } : {});

function toPending(raw: Raw): PendingDraft {
  const { item, label, fields, base_version, updated_at, updated_by } = asItem<PendingDraft>(raw);
  return { item, label, fields, base_version, updated_at, updated_by, ...phraseCount(raw) };
}

// ---- Pending drafts ------------------------------------------------------------------------------

/** Keeps a public item's changes as its draft (replacing an earlier one). 404 no item, 409 stale version. */
export async function saveDraft(d: DraftSave & { fields: Raw }, by: string): Promise<PendingDraft> {
  const key = itemKey(d.item);
  const [live, previous] = await Promise.all([getRaw(key), getRaw(keys.draft(key))]);
  if (!live) throw notFound(MISSING[d.item.kind]);
  if (isUnpublished(d.item, live)) throw invalid(NOT_PUBLIC_TEXT);
  if (live.version !== d.version) throw conflict();
  // A post's new sample must be a lesson every visitor may open, as when the post is saved (./blog.ts).
  const sample = d.item.kind === 'post' ? d.fields.lesson_path : undefined;
  if (typeof sample === 'string' && sample !== live.lesson_path) await requireOpenSample(sample, 'fields.lesson_path');
  const draft: PendingDraft = {
    item: d.item,
    label: labelOf(live, d.fields),
    fields: d.fields,
    base_version: d.version,
    updated_at: new Date().toISOString(),
    updated_by: by,
  };
  const version = typeof previous?.version === 'number' ? previous.version + 1 : 1;
  // A lesson's phrase changes (./phrase-drafts.ts) stay in its draft when its fields are saved.
  const phrases = previous && 'phrases' in previous ? { phrases: previous.phrases, phrase_base: previous.phrase_base } : {};
  await putItem({ ...keys.draft(key), ...keys.draftList(refKey(d.item)), entity: 'draft', ...draft, ...phrases, version });
  return { ...draft, ...phraseCount(previous) };
}

/**
 * Drops a public item's pending draft (the public item stays as it is). `fieldsOnly`: a lesson's
 * phrase changes stay, on the lesson as it is now. False when there was none.
 */
export async function discardDraft(r: ItemRef, fieldsOnly = false): Promise<boolean> {
  const key = keys.draft(itemKey(r));
  const [draft, live] = await Promise.all([getRaw(key, { ConsistentRead: true }), getRaw(itemKey(r), { ConsistentRead: true })]);
  if (!draft) return false;
  if (fieldsOnly && Array.isArray(draft.phrases) && live) {
    const next = changed(draft, { fields: {}, base_version: live.version, label: labelOf(live) });
    await transact([putIfVersion(next, draft.version as number)]);
  } else {
    await transact([deleteIfVersion(key, draft.version as number)]);
  }
  return true;
}

/** Every pending draft, for the back office (one GSI1 Query). */
export async function listDrafts(): Promise<PendingDraft[]> {
  return (await queryList(keys.draftListPk)).map(toPending);
}

// ---- Publishing ----------------------------------------------------------------------------------

/**
 * The writes that make one course item live: its draft's fields applied, is_draft off, a lesson
 * draft's phrases (`phrases`: the lesson's live ones, ./phrase-drafts.ts), the draft removed.
 */
function goLive(live: Raw, draft: Raw | undefined, phrases: Raw[] = []): TxItem[] {
  const fields = (draft?.fields as Raw | undefined) ?? {};
  // A draft of phrases only does not go stale when the lesson's own fields (or lock) change.
  if (draft && Object.keys(fields).length && draft.base_version !== live.version) throw conflict(DRAFT_STALE_TEXT);
  const next = changed(live, fields);
  // Public is no flag at all, as for an item made public at once (an export and import keep it so).
  delete next.is_draft;
  return [
    putIfVersion(next, live.version as number),
    ...phraseDraftWrites(draft, phrases),
    ...(draft ? [deleteIfVersion(keys.draft(itemKey(draft.item as ItemRef)), draft.version as number)] : []),
  ];
}

/**
 * What else a course item's publication must write, or a refusal (thrown): in a language with
 * reviewers, its approval (../services/approvals.ts), taken in the same transaction.
 */
export type PublishGate = (r: Exclude<ItemRef, { kind: 'post' }>, writes: TxItem[]) => Promise<TxItem[]>;

/**
 * Publishes an item now: a course item (a level with its draft lessons and their pending drafts)
 * in one transaction; a post through the blog's own update (slug and lists), its draft removed in
 * the same transaction. Answers what went live, by name (a level first, then its lessons). 400 when
 * there is nothing to publish.
 */
export async function publishItem(r: ItemRef, gate?: PublishGate): Promise<string[]> {
  if (r.kind === 'post') {
    const key = itemKey(r);
    const [live, draft] = await Promise.all([getRaw(key, { ConsistentRead: true }), getRaw(keys.draft(key), { ConsistentRead: true })]);
    if (!live) throw notFound(MISSING[r.kind]);
    return publishPost(r.post_id, live, draft);
  }
  const writes = await publishWrites(r);
  if (!writes.length) throw invalid(NOTHING_TO_PUBLISH_TEXT);
  if (gate) writes.push(...(await gate(r, writes)));
  if (writes.length > MAX_TX_ITEMS) throw invalid(TOO_MUCH_TEXT);
  await transact(writes);
  // Items made live: the phrases a lesson's draft changed are part of their lesson, and the gate's
  // approval record (taken in the same transaction) is no item of the course.
  return writes.filter((w) => w.Put && !['phrase', 'approval'].includes(String(w.Put.Item?.entity))).map((w) => labelOf(w.Put?.Item ?? {}));
}

/** The writes that publish a course item (a level with its draft lessons); none when it has nothing to publish. */
export async function publishWrites(r: Exclude<ItemRef, { kind: 'post' }>): Promise<TxItem[]> {
  const key = itemKey(r);
  const [live, draft] = await Promise.all([getRaw(key, { ConsistentRead: true }), getRaw(keys.draft(key), { ConsistentRead: true })]);
  if (!live) throw notFound(MISSING[r.kind]);
  const writes: TxItem[] = isUnpublished(r, live) || draft ? goLive(live, draft, await livePhrasesFor(draft, live)) : [];
  if (r.kind === 'level') {
    const prefix = keys.lessonPrefix(r.language_id, r.level_id).SKPrefix;
    const [lessons, drafts] = await Promise.all([queryPartition(key.PK, prefix), queryPartition(key.PK, keys.draft({ PK: key.PK, SK: prefix }).SK)]);
    const draftOf = new Map(drafts.map((d) => [String(d.SK).slice('DRAFT#'.length), d]));
    for (const lesson of lessons) {
      const pending = draftOf.get(String(lesson.SK));
      if (lesson.is_draft === true || pending) writes.push(...goLive(lesson, pending, await livePhrasesFor(pending, lesson)));
    }
  }
  return writes;
}

async function publishPost(id: string, live: Raw, draft: Raw | undefined): Promise<string[]> {
  if (live.published === true && !draft) throw invalid(NOTHING_TO_PUBLISH_TEXT);
  if (draft && draft.base_version !== live.version) throw conflict(DRAFT_STALE_TEXT);
  const dropDraft = draft ? [deleteIfVersion(keys.draft(keys.blogPost(id)), draft.version as number)] : [];
  const fields = (draft?.fields as Raw | undefined) ?? {};
  await updatePost(id, { ...fields, published: true, version: live.version as number }, dropDraft);
  return [labelOf(live, fields)];
}
