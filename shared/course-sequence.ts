/**
 * The order a learner goes through a language: unlocked levels in catalogue order, each with its
 * unlocked lessons in catalogue order. The lesson page's Previous/Next links, the catalogue and the
 * CDN's invalidation of those links (lib/cdn-paths.ts) all use this one definition.
 */
import { byOrder } from './order.js';
import type { LessonLink } from './contracts/pages.js';

type LevelLike = { id: string; title: string; order_index: number | null; is_locked: boolean };
type LessonLike = {
  id: string;
  level_id: string;
  language_id: string;
  title: string;
  translated_title: string;
  order_index: number | null;
  is_locked: boolean;
};

export function lessonSequence<L extends LessonLike>(levels: LevelLike[], lessons: L[]): { lesson: L; level: LevelLike }[] {
  return [...levels]
    .filter((v) => !v.is_locked)
    .sort(byOrder)
    .flatMap((level) =>
      lessons
        .filter((l) => l.level_id === level.id && !l.is_locked)
        .sort(byOrder)
        .map((lesson) => ({ lesson, level })),
    );
}

const link = ({ lesson, level }: { lesson: LessonLike; level: LevelLike }): LessonLink => ({
  language_id: lesson.language_id,
  level_id: lesson.level_id,
  id: lesson.id,
  title: lesson.translated_title || lesson.title,
  level_title: level.title,
});

/** Every reachable lesson's neighbours, keyed `level/lesson` (locked lessons have none: they redirect). */
export function neighbourLinks(levels: LevelLike[], lessons: LessonLike[]): Map<string, { previous: LessonLink | null; next: LessonLink | null }> {
  const seq = lessonSequence(levels, lessons);
  return new Map(
    seq.map((s, i) => [
      `${s.lesson.level_id}/${s.lesson.id}`,
      { previous: i > 0 ? link(seq[i - 1]) : null, next: i < seq.length - 1 ? link(seq[i + 1]) : null },
    ]),
  );
}
