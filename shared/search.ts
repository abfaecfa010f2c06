/**
 * The public search (docs/learners.md "Search"), as pure functions the API, the search index and the
 * header's island all use, so a query finds the same phrases wherever it runs: the one folding rule
 * (accents and case), the index of one language, and the matching of a query against indexes.
 * No zod and no browser API: the island takes these bytes and nothing more.
 */
import { pages } from './urls.js';

/**
 * Case- and accent-insensitive form of a text: compatibility decomposition, combining marks removed,
 * lower-cased, spaces collapsed ('Café  Olé' → 'cafe ole'). Also the phrases' stored `search` attribute.
 */
export const foldSearch = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** The longest query the search takes (the API answers a longer one with a 400 on `q`). */
export const MAX_QUERY = 100;
/** The most results one answer lists (the rest are counted). */
export const MAX_RESULTS = 50;

/** A phrase row's anchor on its lesson page: stable as long as the phrase exists (its id is a ULID). */
export const phraseAnchor = (phraseId: string) => `p-${phraseId}`;

/** A lesson as the index lists it. `locked`: listed by its title only, leading where locked content leads. */
export interface IndexLesson {
  level_id: string;
  level_title: string;
  id: string;
  title: string;
  translated_title: string;
  locked: boolean;
}
/** A phrase: [its lesson's position in `lessons`, its id, original, translation]. Tuples keep the file small. */
export type IndexPhrase = [lesson: number, id: string, original: string, translation: string];
/** One language's public index (GET /api/search-index/{language}): what a visitor can find there. */
export interface SearchIndex {
  language: { id: string; name: string };
  lessons: IndexLesson[];
  phrases: IndexPhrase[];
}

/** What the index is built from: the language's published items only (drafts are the caller's to leave out). */
export interface IndexSource {
  language: { id: string; name: string };
  /** In course order. */
  levels: { id: string; title: string; is_locked: boolean }[];
  /** In course order. */
  lessons: { level_id: string; id: string; title: string; translated_title: string; is_locked: boolean }[];
  /** The phrases a lesson page shows, by `level/lesson` (only unlocked lessons' are read). */
  phrases: (levelId: string, lessonId: string) => { id: string; original_text: string; translated_text: string }[];
}

/**
 * A language's index: the lessons of its unlocked levels (a locked lesson by its titles, none of its
 * phrases) and the phrases of the unlocked ones. A locked level shows nothing of itself but its card
 * on the language page, so its lessons are left out.
 */
export function buildSearchIndex(src: IndexSource): SearchIndex {
  const lessons: IndexLesson[] = [];
  const phrases: IndexPhrase[] = [];
  for (const level of src.levels.filter((v) => !v.is_locked)) {
    for (const l of src.lessons.filter((x) => x.level_id === level.id)) {
      const n = lessons.push({
        level_id: level.id,
        level_title: level.title,
        id: l.id,
        title: l.title,
        translated_title: l.translated_title,
        locked: l.is_locked,
      });
      if (!l.is_locked) for (const p of src.phrases(level.id, l.id)) phrases.push([n - 1, p.id, p.original_text, p.translated_text]);
    }
  }
  return { language: src.language, lessons, phrases };
}

/** One result: a lesson (by its title) or a phrase, with the lesson it is in and where it leads. */
export interface SearchHit {
  kind: 'lesson' | 'phrase';
  language_id: string;
  language_name: string;
  level_title: string;
  /** The lesson's title as the lesson page heads it (its translated title when it has one). */
  lesson_title: string;
  locked: boolean;
  /** A phrase's texts (a lesson hit has none). */
  original?: string;
  translation?: string;
  /** The phrase on its lesson page (its anchor), the lesson page, or where a locked lesson leads. */
  href: string;
}
export interface SearchResult {
  hits: SearchHit[];
  /** Every match, of which `hits` are the first MAX_RESULTS. */
  total: number;
}

/** The query's words, folded ('' and spaces: none). */
export const queryWords = (q: string) => foldSearch(q).split(' ').filter(Boolean);
/** Every word is in the text (folded): 'cafe' finds 'Un café, por favor'. */
const matches = (words: string[], text: string) => words.every((w) => text.includes(w));

/**
 * The matches of `q` in `indexes` (languages in the order given, each in course order): lessons by
 * their titles first, then phrases by original or translation. Folded texts are computed once per
 * index and kept (`folded`), so typing re-folds nothing.
 */
export function searchIndexes(indexes: SearchIndex[], q: string, limit = MAX_RESULTS): SearchResult {
  const words = queryWords(q);
  const hits: SearchHit[] = [];
  let total = 0;
  if (!words.length) return { hits, total };
  const add = (hit: () => SearchHit) => {
    total++;
    if (hits.length < limit) hits.push(hit());
  };
  for (const index of indexes) {
    const f = folded(index);
    const { id: language, name } = index.language;
    const lessonHit = (i: number, extra: Partial<SearchHit> = {}): SearchHit => {
      const l = index.lessons[i];
      const href = l.locked ? pages.lockedLesson(language, l.level_id, l.id) : pages.lesson(language, l.level_id, l.id);
      const title = l.translated_title || l.title;
      return { kind: 'lesson', language_id: language, language_name: name, level_title: l.level_title, lesson_title: title, locked: l.locked, href, ...extra };
    };
    f.lessons.forEach((text, i) => matches(words, text) && add(() => lessonHit(i)));
    f.phrases.forEach((text, i) => {
      if (!matches(words, text)) return;
      const [lesson, id, original, translation] = index.phrases[i];
      add(() => {
        const hit = lessonHit(lesson, { kind: 'phrase', original, translation });
        return { ...hit, href: `${hit.href}#${phraseAnchor(id)}` };
      });
    });
  }
  return { hits, total };
}

const foldedCache = new WeakMap<SearchIndex, { lessons: string[]; phrases: string[] }>();
/** An index's texts, folded once: a lesson's titles, a phrase's original and translation (on two lines, so no word spans both). */
function folded(index: SearchIndex) {
  let f = foldedCache.get(index);
  if (!f) {
    f = {
      lessons: index.lessons.map((l) => `${foldSearch(l.title)}\n${foldSearch(l.translated_title)}`),
      phrases: index.phrases.map(([, , o, t]) => `${foldSearch(o)}\n${foldSearch(t)}`),
    };
    foldedCache.set(index, f);
  }
  return f;
}
