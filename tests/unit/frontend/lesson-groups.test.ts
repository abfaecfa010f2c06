/** The Manage Lessons groups and their paging (admin/lessons/lessonGroups.ts). */
import { describe, expect, it } from 'vitest';
import type { Language } from '@shared/contracts/languages';
import type { Lesson } from '@shared/contracts/lessons';
import type { Level } from '@shared/contracts/levels';
import { groupLessons, isFiltered, pageOfGroups, shownCount, type LessonFilters } from '../../../frontend/src/admin/lessons/lessonGroups';

const language = (id: string, name: string) => ({ id, name }) as Language;
const level = (language_id: string, id: string, order_index: number) => ({ language_id, id, title: id, order_index }) as Level;
const lesson = (language_id: string, level_id: string, id: string, order_index: number, is_locked = false) =>
  ({ language_id, level_id, id, title: id, translated_title: `${id} (tr)`, order_index, is_locked }) as Lesson;

const data = {
  languages: [language('es', 'Spanish'), language('fr', 'French')],
  levels: [level('es', 'a', 2), level('es', 'b', 1), level('fr', 'a', 1)],
  lessons: [lesson('es', 'a', 'one', 2, true), lesson('es', 'a', 'two', 1), lesson('es', 'b', 'three', 1)],
};
const none: LessonFilters = { q: '', language: '', level: '', locked: '' };
const keys = (groups: { key: string }[]) => groups.map((g) => g.key);

describe('groupLessons', () => {
  it('makes one group per level in order, its lessons in order, an empty level kept while nothing narrows', () => {
    const groups = groupLessons(data, none, {});
    expect(keys(groups)).toEqual(['es/b', 'es/a', 'fr/a']);
    expect(groups[1].title).toBe('Spanish - a');
    expect(groups[1].shown.map((l) => l.id)).toEqual(['two', 'one']);
    expect(groups[2].list).toEqual([]);
  });

  it('keeps only the groups a search or the lock filter found lessons in', () => {
    expect(keys(groupLessons(data, { ...none, q: 'three' }, {}))).toEqual(['es/b']);
    expect(keys(groupLessons(data, { ...none, q: 'TWO (TR)' }, {}))).toEqual(['es/a']);
    const locked = groupLessons(data, { ...none, locked: 'locked' }, {});
    expect(locked.map((g) => g.shown.map((l) => l.id))).toEqual([['one']]);
    expect(isFiltered({ ...none, q: '  ' })).toBe(false);
  });

  it('picks groups by language and level, and shows a drag not yet saved in its order', () => {
    expect(keys(groupLessons(data, { ...none, language: 'es', level: 'b' }, {}))).toEqual(['es/b']);
    expect(groupLessons(data, { ...none, language: 'es', level: 'a' }, { 'es/a': ['one', 'two'] })[0].list.map((l) => l.id)).toEqual(['one', 'two']);
  });
});

describe('pageOfGroups', () => {
  const g = (n: number) => ({ shown: Array.from({ length: n }) });
  it('adds whole groups until the budget of lessons is reached', () => {
    expect(pageOfGroups([g(3), g(3), g(3)], 4)).toHaveLength(2);
    expect(pageOfGroups([g(3), g(3)], 3)).toHaveLength(1);
    expect(pageOfGroups([g(50)], 40)).toHaveLength(1);
    expect(pageOfGroups([], 40)).toEqual([]);
    expect(shownCount([g(3), g(2)])).toBe(5);
  });
});
