/**
 * The Coverage screen's kinds of finding: each one's heading, what it means, and for every finding
 * the row it shows and the link to where it is fixed: the Levels, Lessons and Phrases screens with
 * their filters in the query string (useListParams: `?language=&level=&lesson=&q=&locked=`).
 */
import type { Coverage, CoverageLesson, CoverageLevel, CoveragePhrase } from '@shared/contracts/coverage';
import { BULK_AUDIO_MAX, type BulkAction, type BulkItem, type BulkResult } from '@shared/contracts/publishing';
import { MAX_SEARCH } from '@shared/contracts/paging';
import { queryString } from '../../api/paged';
import { bulkChange, bulkRestore } from '../../api/publishing';

export type FindingKind = Exclude<keyof Coverage, 'language' | 'totals'>;

/** One row: what it names, where it is in the course, the fix it leads to and where. */
export interface FindingRow {
  key: string;
  title: string;
  place: string;
  action: string;
  to: string;
  /** The level, lesson or phrase a bulk action changes. */
  item?: BulkItem;
}

/** What the selected rows of a kind can have done at once (POST /api/admin/bulk), and its Undo. */
export interface BulkDef {
  action: BulkAction;
  label: string;
  /** The toast: '3 lessons locked'. */
  done: string;
  /** At most this many rows at once (default BULK_MAX). */
  max?: number;
  /** Asks first (a delete; its toast still offers Undo). */
  confirm?: boolean;
  /** The Undo of this action, from what it answered; its toast says `undone`. */
  undo?: { done: string; write: (language_id: string, items: BulkItem[], answer: BulkResult) => Promise<unknown> };
}
const reverse = (action: BulkAction) => (language_id: string, items: BulkItem[]) => bulkChange({ language_id, action, items });
const LOCK: BulkDef = { action: 'lock', label: 'Lock selected', done: 'locked', undo: { done: 'unlocked', write: reverse('unlock') } };
const UNLOCK: BulkDef = { action: 'unlock', label: 'Unlock selected', done: 'unlocked', undo: { done: 'locked', write: reverse('lock') } };
const PUBLISH: BulkDef = { action: 'publish', label: 'Publish selected', done: 'published' };
const DELETE: BulkDef = {
  action: 'delete',
  label: 'Delete selected',
  done: 'deleted',
  confirm: true,
  undo: { done: 'restored', write: (language_id, _, answer) => bulkRestore({ language_id, trash: answer.trash ?? [] }) },
};
const GENERATE_AUDIO: BulkDef = {
  action: 'generate_audio',
  label: 'Generate audio',
  done: 'given audio',
  max: BULK_AUDIO_MAX,
  undo: { done: 'without audio again', write: (language_id, _, answer) => bulkChange({ language_id, action: 'remove_audio', items: answer.items ?? [] }) },
};

const levelPlace = (v: CoverageLevel) => `Level ${v.cefr_label}`;
const lessonPlace = (l: CoverageLesson) => l.level_title;
const phrasePlace = (p: CoveragePhrase) => `${p.level_title} › ${p.lesson_title}`;

/** A lesson's phrases (Manage Phrases filtered to it). */
const lessonPhrases = (x: { language_id: string; level_id: string; lesson_id: string }, q?: string) =>
  `/admin/phrases${queryString({ language: x.language_id, level: x.level_id, lesson: x.lesson_id, q })}`;
/** At most MAX_SEARCH UTF-16 units (the search's limit), cut between characters: never half an emoji. */
function searchable(text: string) {
  let kept = '';
  for (const ch of text.trim()) {
    if (kept.length + ch.length > MAX_SEARCH) break;
    kept += ch;
  }
  return kept.trim() || undefined;
}
/** The phrase itself: its lesson, searched for its text (as much of it as the search takes). */
export const phraseLink = (p: CoveragePhrase) => lessonPhrases(p, searchable(p.original_text));

const levelRow =
  (action: string, to: (v: CoverageLevel) => string) =>
  (v: CoverageLevel): FindingRow => ({
    key: v.level_id,
    title: v.title,
    place: levelPlace(v),
    action,
    to: to(v),
    item: { level_id: v.level_id },
  });
const lessonRow =
  (action: string, to: (l: CoverageLesson) => string) =>
  (l: CoverageLesson): FindingRow => ({
    key: `${l.level_id}/${l.lesson_id}`,
    title: l.title,
    place: lessonPlace(l),
    action,
    to: to(l),
    item: { level_id: l.level_id, lesson_id: l.lesson_id },
  });
const phraseRow =
  (action: string) =>
  (p: CoveragePhrase): FindingRow => ({
    key: `${p.level_id}/${p.lesson_id}/${p.phrase_id}`,
    title: p.original_text || '(no text)',
    place: phrasePlace(p),
    action,
    to: phraseLink(p),
    item: { level_id: p.level_id, lesson_id: p.lesson_id, phrase_id: p.phrase_id },
  });

export interface FindingKindDef {
  kind: FindingKind;
  title: string;
  /** What it means for learners, and how to fix it. */
  hint: string;
  /** The kind's rows in the answer, in catalogue order. */
  rows: (c: Coverage) => FindingRow[];
  /** What its selected rows can have done at once. */
  bulk?: readonly BulkDef[];
}

/** The kinds in the order the screen shows them; the first four mean something is missing (MISSING_KINDS). */
export const FINDING_KINDS: readonly FindingKindDef[] = [
  {
    kind: 'empty_levels',
    title: 'Levels without lessons',
    hint: 'Learners find nothing in these levels. Add lessons, lock the level until it is ready, or delete it.',
    rows: (c) => c.empty_levels.items.map(levelRow('Add lessons', (v) => `/admin/lessons${queryString({ language: v.language_id, level: v.level_id })}`)),
    bulk: [LOCK, DELETE],
  },
  {
    kind: 'empty_lessons',
    title: 'Lessons without phrases',
    hint: 'These lessons open empty. Add their phrases, lock them until they are ready, or delete them.',
    rows: (c) => c.empty_lessons.items.map(lessonRow('Add phrases', (l) => lessonPhrases(l))),
    bulk: [LOCK, DELETE],
  },
  {
    kind: 'phrases_without_audio',
    title: 'Phrases without audio',
    hint: 'Learners cannot hear these phrases. Select them to generate their audio, or edit their group to add a recording.',
    rows: (c) => c.phrases_without_audio.items.map(phraseRow('Add audio')),
    bulk: [GENERATE_AUDIO],
  },
  {
    kind: 'phrases_without_translation',
    title: 'Phrases without translation',
    hint: 'These phrases show no translation. Edit their group to add it.',
    rows: (c) => c.phrases_without_translation.items.map(phraseRow('Add translation')),
  },
  {
    kind: 'locked_levels',
    title: 'Locked levels',
    hint: 'For information: visitors are sent to the locked-content page, which points them to the app.',
    rows: (c) => c.locked_levels.items.map(levelRow('Open in Levels', (v) => `/admin/levels${queryString({ language: v.language_id, locked: 'locked' })}`)),
    bulk: [UNLOCK],
  },
  {
    kind: 'locked_lessons',
    title: 'Locked lessons',
    hint: 'For information: visitors are sent to the locked-content page, which points them to the app.',
    rows: (c) =>
      c.locked_lessons.items.map(
        lessonRow('Open in Lessons', (l) => `/admin/lessons${queryString({ language: l.language_id, level: l.level_id, locked: 'locked' })}`),
      ),
    bulk: [UNLOCK],
  },
  {
    kind: 'draft_levels',
    title: 'Draft levels',
    hint: 'Drafts waiting: not public until published (Publishing menu), with the draft lessons in them.',
    rows: (c) => c.draft_levels.items.map(levelRow('Open in Levels', (v) => `/admin/levels${queryString({ language: v.language_id })}`)),
    bulk: [PUBLISH, DELETE],
  },
  {
    kind: 'draft_lessons',
    title: 'Draft lessons',
    hint: 'Drafts waiting: not public until published (Publishing menu), or until their level is.',
    rows: (c) => c.draft_lessons.items.map(lessonRow('Open in Lessons', (l) => `/admin/lessons${queryString({ language: l.language_id, level: l.level_id })}`)),
    bulk: [PUBLISH, DELETE],
  },
];
