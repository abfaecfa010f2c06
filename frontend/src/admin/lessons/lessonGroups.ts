/**
 * The Manage Lessons list as groups, one per level, and the page of them on screen (pure, so a unit
 * test checks the filters and the paging without a browser).
 */
import type { Language } from '@shared/contracts/languages';
import type { Lesson } from '@shared/contracts/lessons';
import type { Level } from '@shared/contracts/levels';
import { byOrder } from '@shared/order';
import { lockMatches } from '../components/LockConfirm';
import { inDraftOrder } from '../components/sortable';
import { matches } from '../components/useListParams';

export interface LessonFilters {
  q: string;
  language: string;
  level: string;
  locked: string;
}

export interface LessonGroupRows {
  /** `{language}/{level}` (slugs never hold a '/'). */
  key: string;
  title: string;
  /** The level's lessons in order (a drag not yet saved included). */
  list: Lesson[];
  /** Those the search and the lock filter keep. */
  shown: Lesson[];
}

/** A search or the lock filter narrows the lessons (the language and level filters pick groups). */
export const isFiltered = (f: LessonFilters) => !!(f.q.trim() || f.locked);

/**
 * One group per level, languages in their listed order, levels in catalogue order (a level without
 * lessons shows its empty state, so a new level is there to add to); the language and level filters
 * pick groups before any lesson is looked at, a search keeps the groups it found in.
 */
export function groupLessons(
  data: { languages: Language[]; levels: Level[]; lessons: Lesson[] },
  f: LessonFilters,
  draft: Record<string, string[]>,
): LessonGroupRows[] {
  const byLevel = new Map<string, Lesson[]>();
  for (const l of data.lessons) {
    const k = `${l.language_id}/${l.level_id}`;
    const list = byLevel.get(k);
    if (list) list.push(l);
    else byLevel.set(k, [l]);
  }
  const filtered = isFiltered(f);
  return data.languages
    .filter((lang) => !f.language || lang.id === f.language)
    .flatMap((lang) =>
      data.levels
        .filter((lv) => lv.language_id === lang.id && (!f.level || lv.id === f.level))
        .sort(byOrder)
        .map((lv) => {
          const key = `${lang.id}/${lv.id}`;
          const list = inDraftOrder((byLevel.get(key) ?? []).sort(byOrder), draft[key]);
          const shown = list.filter((l) => lockMatches(f.locked, l.is_locked) && matches(f.q, l.title, l.translated_title, l.id));
          return { key, title: `${lang.name} - ${lv.title}`, list, shown };
        }),
    )
    .filter((g) => g.shown.length || (!filtered && !g.list.length));
}

/** The groups on screen: whole groups, added until at least `budget` lessons are shown. */
export function pageOfGroups<G extends { shown: readonly unknown[] }>(groups: readonly G[], budget: number): G[] {
  const page: G[] = [];
  for (let room = budget, i = 0; room > 0 && i < groups.length; room -= groups[i].shown.length, i++) page.push(groups[i]);
  return page;
}

/** How many lessons the groups show. */
export const shownCount = (groups: readonly { shown: readonly unknown[] }[]) => groups.reduce((n, g) => n + g.shown.length, 0);
