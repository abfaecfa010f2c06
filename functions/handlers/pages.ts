/**
 * /api/pages/*: the public course pages, each ONE request with everything its screen shows.
 * Locked levels and lessons reveal their own card data but none of their content. Drafts are not
 * public: a draft, or anything under one, is not found (publicView; inside a preview it shows).
 */
import { courseSequence, getLesson, getLevel, groupByAudio, languageTree, listLessons, listLevels, listPhrases } from '../data/course.js';
import { getLanguage } from '../data/languages.js';
import { publicView, shown } from '../data/visibility.js';
import { publishedLanguages, searchIndexOf } from '../data/search.js';
import { json, router } from '../lib/http.js';
import { PUBLIC_CACHE, REVALIDATE } from '../lib/caching.js';
import { invalid, notFound } from '../lib/errors.js';
import { SEARCH_LANGUAGE_MISSING, type SearchAnswer } from '../../shared/contracts/search.js';
import { searchIndexes } from '../../shared/search.js';
import { LANGUAGE_MISSING, type Language } from '../../shared/contracts/languages.js';
import type { Lesson } from '../../shared/contracts/lessons.js';
import type { Level } from '../../shared/contracts/levels.js';
import {
  LESSON_MISSING,
  LEVEL_MISSING,
  type Catalogue,
  type LanguagePage,
  type LessonPage,
  type LevelPage,
  type LockedItem,
} from '../../shared/contracts/pages.js';
import { lessonSequence, neighbourLinks } from '../../shared/course-sequence.js';

const levelDescription = (lang: Language, level: Level) =>
  `The ${level.title} (${level.cefr_label}) level of our ${lang.name} course is available for free in our mobile app.`;
const lessonDescription = (lang: Language, level: Level, lesson: Lesson) =>
  `${lesson.translated_title || lesson.title}: a lesson of the ${level.title} (${level.cefr_label}) level of our ${lang.name} course, available for free in our mobile app.`;

export const handler = router({
  // A path segment that cannot be an id names nothing: the visitor sees the page's not-found text
  // (the router answers it: `paramsNotFound` in the route table).
  'GET /api/pages/language/{language}': async ({ params: { language: languageId } }) => {
    const [view, found, all] = await Promise.all([publicView(languageId), getLanguage(languageId), listLevels(languageId, { publicCount: true })]);
    const language = view.language(found);
    if (!language) throw notFound(LANGUAGE_MISSING);
    const levels = all.flatMap((v) => (view.level(v) as typeof v | undefined) ?? []);
    return json(200, { language, levels } satisfies LanguagePage, PUBLIC_CACHE);
  },

  'GET /api/pages/level/{language}/{level}': async ({ params: { language: languageId, level: levelId } }) => {
    const reads = await Promise.all([publicView(languageId), getLanguage(languageId), getLevel(languageId, levelId), listLessons(languageId, levelId)]);
    const [view, language, level] = [reads[0], reads[0].language(reads[1]), reads[0].level(reads[2])];
    if (!language || !level) throw notFound(LEVEL_MISSING);
    return json(200, { language, level, lessons: level.is_locked ? [] : shown(view.lesson, reads[3]) } satisfies LevelPage, PUBLIC_CACHE);
  },

  'GET /api/pages/lesson/{language}/{level}/{lesson}': async ({ params: { language: languageId, level: levelId, lesson: lessonId } }) => {
    // The whole language's levels and lessons (two Queries): the page links to the lessons around it.
    // courseSequence shows what the public sees (drafts left out).
    const [view, found, { levels, lessons }, phrases] = await Promise.all([
      publicView(languageId),
      getLanguage(languageId),
      courseSequence(languageId),
      listPhrases(languageId, levelId, lessonId),
    ]);
    const language = view.language(found);
    const level = levels.find((v) => v.id === levelId);
    const lesson = lessons.find((l) => l.level_id === levelId && l.id === lessonId);
    if (!language || !level || !lesson) throw notFound(LESSON_MISSING);
    const locked = level.is_locked || lesson.is_locked;
    const around = locked ? undefined : neighbourLinks(levels, lessons).get(`${levelId}/${lessonId}`);
    const page: LessonPage = {
      language,
      level,
      lesson,
      groups: locked ? [] : groupByAudio(view.phrases(lesson, phrases)),
      previous: around?.previous ?? null,
      next: around?.next ?? null,
    };
    return json(200, page, PUBLIC_CACHE);
  },

  /**
   * One Query of the language's partition gives everything; locked levels and lessons are left out
   * whole (the app shows them from its own bundle). Media URLs are as stored: `/media/...` ones are
   * relative to the site's origin. ETag and If-None-Match (304) come with every public read.
   */
  'GET /api/catalogue/{language}': async ({ params: { language: languageId } }) => {
    const [view, found, tree] = await Promise.all([publicView(languageId), getLanguage(languageId), languageTree(languageId)]);
    const language = view.language(found);
    if (!language) throw notFound(LANGUAGE_MISSING);
    const levels: Catalogue['levels'] = [];
    for (const { level, lesson } of lessonSequence(shown(view.level, tree.levels), shown(view.lesson, tree.lessons))) {
      let entry = levels.at(-1);
      if (entry?.id !== level.id) levels.push((entry = { ...(level as Level), lessons: [] }));
      const phrases = tree.phrases.filter((p) => p.level_id === lesson.level_id && p.lesson_id === lesson.id);
      entry.lessons.push({ ...lesson, groups: groupByAudio(view.phrases(lesson, phrases)) });
    }
    return json(200, { language, levels } satisfies Catalogue, PUBLIC_CACHE);
  },

  /** A language's public search index: static, kept by the CDN and invalidated with the lessons it covers. */
  'GET /api/search-index/{language}': async ({ params: { language } }) => {
    const index = await searchIndexOf(language);
    if (!index) throw notFound(LANGUAGE_MISSING);
    return json(200, index, PUBLIC_CACHE);
  },

  /**
   * The /search page's answer (the page without script): the same indexes and matching as the
   * island's. Any query is a new URL, so the CDN does not keep it (a write could not name it).
   */
  'GET /api/search': async ({ query: { q, language } }) => {
    const all = await publishedLanguages();
    if (language && !all.some((l) => l.id === language)) throw invalid(SEARCH_LANGUAGE_MISSING, 'language');
    const wanted = q ? all.filter((l) => !language || l.id === language) : [];
    const indexes = (await Promise.all(wanted.map((l) => searchIndexOf(l.id)))).flatMap((i) => i ?? []);
    const { hits, total } = searchIndexes(indexes, q);
    const languages = all.map(({ id, name }) => ({ id, name }));
    return json(200, { q, language: language ?? null, languages, hits, total } satisfies SearchAnswer, REVALIDATE);
  },

  'GET /api/pages/locked': async ({ query: q }) => {
    const [view, foundLanguage, foundLevel] = await Promise.all([
      publicView(q.languageId),
      getLanguage(q.languageId),
      getLevel(q.languageId, q.type === 'level' ? q.id : q.levelId),
    ]);
    const [language, level] = [view.language(foundLanguage), view.level(foundLevel)];
    if (!language || !level) throw notFound('Not found');
    let item: LockedItem;
    if (q.type === 'level') {
      item = { type: 'level', title: level.title, icon_url: level.icon_url, description: levelDescription(language, level) };
    } else {
      const lesson = view.lesson(await getLesson(q.languageId, q.levelId, q.id));
      if (!lesson) throw notFound('Not found');
      item = { type: 'lesson', title: lesson.title, icon_url: lesson.icon_url, description: lessonDescription(language, level, lesson) };
    }
    return json(200, item, REVALIDATE);
  },
});
