/**
 * /api/pages/*: the public course pages, each ONE request with everything its screen shows.
 * Locked levels and lessons reveal their own card data but none of their content.
 */
import * as z from 'zod';
import { getLesson, getLevel, groupByAudio, listLessons, listLevels, listPhrases } from '../data/course.js';
import { getLanguage } from '../data/languages.js';
import { json, notFound, parse, PUBLIC_CACHE, REVALIDATE, router } from '../lib/http.js';
import { idParam } from '../shared/schemas.js';
import type { LanguagePage, Language, Lesson, LessonPage, Level, LevelPage, LockedItem } from '../shared/types.js';


export const LANGUAGE_MISSING = "The language you're looking for doesn't exist.";
export const LEVEL_MISSING = "The language or level you're looking for doesn't exist.";
export const LESSON_MISSING = "The lesson you're looking for doesn't exist.";

/** A path segment that cannot be an id names nothing: the visitor sees the page's not-found text. */
function ids(params: Record<string, string>, names: string[], missing: string) {
  return names.map((n) => {
    const r = idParam.safeParse(params[n]);
    if (!r.success) throw notFound(missing);
    return r.data;
  });
}

const lockedQuery = z.discriminatedUnion('type', [
  z.object({ type: z.literal('level'), id: idParam, languageId: idParam }),
  z.object({ type: z.literal('lesson'), id: idParam, languageId: idParam, levelId: idParam }),
]);

const levelDescription = (lang: Language, level: Level) =>
  `The ${level.title} (${level.cefr_label}) level of our ${lang.name} course is available for free in our mobile app.`;
const lessonDescription = (lang: Language, level: Level, lesson: Lesson) =>
  `${lesson.translated_title || lesson.title}: a lesson of the ${level.title} (${level.cefr_label}) level of our ${lang.name} course, available for free in our mobile app.`;

export const handler = router({
  'GET /api/pages/language/{language}': async ({ params }) => {
    const [languageId] = ids(params, ['language'], LANGUAGE_MISSING);
    const [language, levels] = await Promise.all([getLanguage(languageId), listLevels(languageId)]);
    if (!language) throw notFound(LANGUAGE_MISSING);
    return json(200, { language, levels } satisfies LanguagePage, PUBLIC_CACHE);
  },

  'GET /api/pages/level/{language}/{level}': async ({ params }) => {
    const [languageId, levelId] = ids(params, ['language', 'level'], LEVEL_MISSING);
    const [language, level, lessons] = await Promise.all([getLanguage(languageId), getLevel(languageId, levelId), listLessons(languageId, levelId)]);
    if (!language || !level) throw notFound(LEVEL_MISSING);
    return json(200, { language, level, lessons: level.is_locked ? [] : lessons } satisfies LevelPage, PUBLIC_CACHE);
  },

  'GET /api/pages/lesson/{language}/{level}/{lesson}': async ({ params }) => {
    const [languageId, levelId, lessonId] = ids(params, ['language', 'level', 'lesson'], LESSON_MISSING);
    const [language, level, lesson, phrases] = await Promise.all([
      getLanguage(languageId),
      getLevel(languageId, levelId),
      getLesson(languageId, levelId, lessonId),
      listPhrases(languageId, levelId, lessonId),
    ]);
    if (!language || !level || !lesson) throw notFound(LESSON_MISSING);
    const locked = level.is_locked || lesson.is_locked;
    return json(200, { language, level, lesson, groups: locked ? [] : groupByAudio(phrases) } satisfies LessonPage, PUBLIC_CACHE);
  },

  'GET /api/pages/locked': async ({ query }) => {
    const q = parse(lockedQuery, query);
    const [language, level] = await Promise.all([getLanguage(q.languageId), getLevel(q.languageId, q.type === 'level' ? q.id : q.levelId)]);
    if (!language || !level) throw notFound('Not found');
    let item: LockedItem;
    if (q.type === 'level') {
      item = { type: 'level', title: level.title, icon_url: level.icon_url ?? '', description: levelDescription(language, level) };
    } else {
      const lesson = await getLesson(q.languageId, q.levelId, q.id);
      if (!lesson) throw notFound('Not found');
      item = { type: 'lesson', title: lesson.title, icon_url: lesson.icon_url ?? '', description: lessonDescription(language, level, lesson) };
    }
    return json(200, item, REVALIDATE);
  },
});

