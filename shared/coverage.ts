/**
 * What is missing in one language's course (the Coverage screen, GET /api/coverage/{language}): a
 * pure function of the language's tree as one Query of its partition gives it (data/course.ts
 * `languageTree`). Levels come in catalogue order, lessons in their level's catalogue order, phrases
 * in their lesson's order then creation order, so every list reads like the course.
 */
import {
  MAX_COVERAGE_ITEMS,
  MISSING_KINDS,
  type MissingKind,
  type Coverage,
  type CoverageLesson,
  type CoverageLevel,
  type CoveragePhrase,
} from './contracts/coverage.js';
import type { Language } from './contracts/languages.js';
import type { Lesson } from './contracts/lessons.js';
import type { Level } from './contracts/levels.js';
import type { Phrase } from './contracts/phrases.js';
import { byOrder } from './order.js';

export interface CourseTree {
  levels: Level[];
  lessons: Lesson[];
  phrases: Phrase[];
}

/** Blank (nothing but spaces) counts as missing. */
const blank = (text: string | null | undefined) => !text?.trim();

/** A lesson's key (lesson ids are unique per level only), and the key of a phrase's lesson. */
export const lessonKey = (l: Lesson) => `${l.level_id}/${l.id}`;
export const lessonOfPhrase = (p: Pick<Phrase, 'level_id' | 'lesson_id'>) => `${p.level_id}/${p.lesson_id}`;

function list<T>(all: T[]) {
  return { count: all.length, items: all.slice(0, MAX_COVERAGE_ITEMS) };
}

/**
 * The tree in catalogue order, and how its lessons and phrases are shown as findings (with their
 * level's and lesson's titles): what the Coverage screen's lists and its hardest phrases share.
 */
export function catalogue(language: Pick<Language, 'id'>, tree: CourseTree) {
  const levels = [...tree.levels].sort(byOrder);
  const levelRank = new Map(levels.map((v, i) => [v.id, i]));
  const levelOf = new Map(levels.map((v) => [v.id, v]));
  // Lessons by their level's place, then their own; a lesson whose level is gone comes last.
  const rank = (l: Lesson) => levelRank.get(l.level_id) ?? levels.length;
  const lessons = [...tree.lessons].sort((a, b) => rank(a) - rank(b) || a.level_id.localeCompare(b.level_id) || byOrder(a, b));
  const lessonRank = new Map(lessons.map((l, i) => [lessonKey(l), i]));
  const lessonOf = new Map(lessons.map((l) => [lessonKey(l), l]));
  const phrases = [...tree.phrases].sort(
    (a, b) => (lessonRank.get(lessonOfPhrase(a)) ?? lessons.length) - (lessonRank.get(lessonOfPhrase(b)) ?? lessons.length) || a.id.localeCompare(b.id),
  );

  const lesson = (l: Lesson): CoverageLesson => ({
    language_id: language.id,
    level_id: l.level_id,
    lesson_id: l.id,
    title: l.title,
    level_title: levelOf.get(l.level_id)?.title ?? l.level_id,
  });
  const phrase = (p: Phrase): CoveragePhrase => ({
    language_id: language.id,
    level_id: p.level_id,
    lesson_id: p.lesson_id,
    phrase_id: p.id,
    original_text: p.original_text,
    translated_text: p.translated_text,
    level_title: levelOf.get(p.level_id)?.title ?? p.level_id,
    lesson_title: lessonOf.get(lessonOfPhrase(p))?.title ?? p.lesson_id,
  });
  return { levels, lessons, phrases, lesson, phrase };
}

export function courseCoverage(language: Pick<Language, 'id' | 'name'>, tree: CourseTree): Coverage {
  const { levels, lessons, phrases, lesson, phrase } = catalogue(language, tree);

  const lessonsPerLevel = new Map<string, number>();
  for (const l of lessons) lessonsPerLevel.set(l.level_id, (lessonsPerLevel.get(l.level_id) ?? 0) + 1);
  const phrasesPerLesson = new Map<string, number>();
  for (const p of phrases) phrasesPerLesson.set(lessonOfPhrase(p), (phrasesPerLesson.get(lessonOfPhrase(p)) ?? 0) + 1);

  const level = (v: Level): CoverageLevel => ({ language_id: language.id, level_id: v.id, title: v.title, cefr_label: v.cefr_label });

  return {
    language: { id: language.id, name: language.name },
    totals: { levels: levels.length, lessons: lessons.length, phrases: phrases.length },
    empty_levels: list(levels.filter((v) => !lessonsPerLevel.get(v.id)).map(level)),
    empty_lessons: list(lessons.filter((l) => !phrasesPerLesson.get(lessonKey(l))).map(lesson)),
    phrases_without_audio: list(phrases.filter((p) => blank(p.audio_url)).map(phrase)),
    phrases_without_translation: list(phrases.filter((p) => blank(p.translated_text)).map(phrase)),
    locked_levels: list(levels.filter((v) => v.is_locked).map(level)),
    locked_lessons: list(lessons.filter((l) => l.is_locked).map(lesson)),
    draft_levels: list(levels.filter((v) => v.is_draft).map(level)),
    draft_lessons: list(lessons.filter((l) => l.is_draft).map(lesson)),
  };
}

/** How many findings say something is missing (not the locked ones, which are informational). */
export const missingCount = (c: Pick<Coverage, MissingKind>) => MISSING_KINDS.reduce((n, kind) => n + c[kind].count, 0);
