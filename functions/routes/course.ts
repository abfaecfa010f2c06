/** The course: languages, levels, lessons and phrases (public pages, admin lists and writes), their coverage, media and the offline course. */
import * as z from 'zod';
import { courseFilterSchema, lockSchema, moveSchema } from '../../shared/contracts/common.js';
import { coverageSchema, HARDEST_DAYS, hardestQuerySchema, hardestSchema } from '../../shared/contracts/coverage.js';
import { LANGUAGE_MISSING, languageCreateSchema, languageSchema, languageUpdateSchema } from '../../shared/contracts/languages.js';
import {
  lessonCreateSchema,
  lessonReorderSchema,
  lessonSchema,
  lessonUpdateSchema,
  nextOrderQuerySchema,
  nextOrderSchema,
} from '../../shared/contracts/lessons.js';
import { levelCreateSchema, levelReorderSchema, levelSchema, levelUpdateSchema, levelWithCountSchema } from '../../shared/contracts/levels.js';
import { presignedUploadSchema, speechSchema, ttsSchema, uploadRequestSchema } from '../../shared/contracts/media.js';
import {
  catalogueSchema,
  languagePageSchema,
  LESSON_MISSING,
  lessonPageSchema,
  LEVEL_MISSING,
  levelPageSchema,
  lockedItemSchema,
  lockedQuerySchema,
} from '../../shared/contracts/pages.js';
import { pageSchema } from '../../shared/contracts/paging.js';
import {
  phraseCountsSchema,
  phraseDraftSchema,
  phraseGroupUpdateSchema,
  phraseListQuerySchema,
  phraseSchema,
  phrasesCreateSchema,
} from '../../shared/contracts/phrases.js';
import {
  lexiconSchema,
  lexiconUpdateSchema,
  previewSchema,
  REGENERATE_BATCH,
  regenerateResultSchema,
  speechSettingsSchema,
  speechSettingsUpdateSchema,
  voiceSampleSchema,
} from '../../shared/contracts/speech.js';
import { searchAnswerSchema, searchIndexSchema, searchQuerySchema } from '../../shared/contracts/search.js';
import { r, languagePath, languageIdPath, levelPath, lessonPath, phrasePath, levelPagePath, lessonRefPath } from './define.js';

export const courseRoutes = [
  // Languages
  r('GET', '/api/languages', 'languages', 'public', { response: z.array(languageSchema), summary: 'List the public languages (drafts are not public)' }),
  r('GET', '/api/languages/{id}', 'languages', 'public', { response: languageSchema, summary: 'Read a language', params: languageIdPath }),
  r('GET', '/api/admin/languages', 'languages', 'editor', { response: z.array(languageSchema), summary: 'List the languages, drafts included' }),
  r('POST', '/api/languages', 'languages', 'admin', {
    changes: ['language'],
    response: languageSchema,
    summary: 'Create a language',
    body: languageCreateSchema,
    status: 201,
    errors: [409],
  }),
  r('PUT', '/api/languages/{id}', 'languages', 'editor', {
    changes: ['language'],
    response: languageSchema,
    summary: 'Update a language (optimistic: `version`)',
    params: languageIdPath,
    body: languageUpdateSchema,
    errors: [409],
  }),
  r('DELETE', '/api/languages/{id}', 'languages', 'admin', {
    changes: ['language'],
    summary: 'Delete a language with its levels, lessons and phrases',
    params: languageIdPath,
  }),
  // What is missing in a language's course (the back office's Coverage screen), from one read of its partition
  r('GET', '/api/coverage/{language}', 'languages', 'editor', {
    response: coverageSchema,
    summary: 'What is missing in a language: empty levels and lessons, phrases without audio or translation, locked items',
    params: languagePath,
    paramsNotFound: LANGUAGE_MISSING,
  }),
  // The phrases learners forget most (practice grades of visitors with consent 'all', counted per day and phrase)
  r('GET', '/api/coverage/{language}/hardest', 'analytics', 'editor', {
    response: hardestSchema,
    summary: `A language's hardest phrases over the last ${HARDEST_DAYS} days: 'Again' answers over reviews per phrase; \`level\` and \`lesson\` narrow it`,
    params: languagePath,
    paramsNotFound: LANGUAGE_MISSING,
    query: hardestQuerySchema,
  }),

  // Public course pages: each page of the site is ONE request.
  r('GET', '/api/pages/language/{language}', 'pages', 'public', {
    response: languagePageSchema,
    summary: "A language's page: the language and its levels",
    params: languagePath,
    paramsNotFound: LANGUAGE_MISSING,
  }),
  r('GET', '/api/pages/level/{language}/{level}', 'pages', 'public', {
    response: levelPageSchema,
    summary: "A level's page: language, level and its lessons (none if locked)",
    params: levelPagePath,
    paramsNotFound: LEVEL_MISSING,
  }),
  r('GET', '/api/pages/lesson/{language}/{level}/{lesson}', 'pages', 'public', {
    response: lessonPageSchema,
    summary: "A lesson's page: its phrase groups and the lessons around it",
    params: lessonRefPath,
    paramsNotFound: LESSON_MISSING,
  }),
  r('GET', '/api/pages/locked', 'pages', 'public', {
    response: lockedItemSchema,
    summary: 'The locked-content card of a level or lesson',
    query: lockedQuerySchema,
    errors: [404],
  }),
  // A language's whole published course for offline use (the companion app), with ETag/304.
  r('GET', '/api/catalogue/{language}', 'pages', 'public', {
    response: catalogueSchema,
    summary: "A language's whole unlocked course, for offline use",
    params: languagePath,
    paramsNotFound: LANGUAGE_MISSING,
  }),
  // The public search: one language's index (static, on the CDN), and the /search page's answer.
  r('GET', '/api/search-index/{language}', 'pages', 'public', {
    response: searchIndexSchema,
    summary: "A language's public search index: lesson titles and the phrases of unlocked lessons",
    params: languagePath,
    paramsNotFound: LANGUAGE_MISSING,
  }),
  r('GET', '/api/search', 'pages', 'public', {
    response: searchAnswerSchema,
    summary: 'Search the public phrases and lesson titles, accents and case ignored (`q` at most 100 characters)',
    query: searchQuerySchema,
  }),

  // Levels (admin lists include counts; ?language_id= filters)
  r('GET', '/api/levels', 'levels', 'editor', {
    response: z.array(levelWithCountSchema),
    summary: 'List levels (optionally of one language)',
    query: courseFilterSchema,
  }),
  r('POST', '/api/levels', 'levels', 'editor', {
    changes: ['level'],
    response: levelSchema,
    summary: 'Create a level',
    body: levelCreateSchema,
    status: 201,
    errors: [404, 409],
  }),
  r('POST', '/api/levels/reorder', 'levels', 'editor', {
    changes: ['level'],
    response: z.array(levelSchema),
    summary: "Reorder all of a language's levels (409 if the list is stale)",
    body: levelReorderSchema,
    errors: [409],
  }),
  r('PUT', '/api/levels/{language}/{id}', 'levels', 'editor', {
    changes: ['level'],
    response: levelSchema,
    summary: 'Update a level (optimistic: `version`)',
    params: levelPath,
    body: levelUpdateSchema,
    errors: [409],
  }),
  r('DELETE', '/api/levels/{language}/{id}', 'levels', 'editor', {
    changes: ['level'],
    summary: 'Delete a level with its lessons and phrases',
    params: levelPath,
  }),
  r('POST', '/api/levels/{language}/{id}/move', 'levels', 'editor', {
    changes: ['level'],
    response: z.array(levelSchema),
    summary: 'Move a level up or down',
    params: levelPath,
    body: moveSchema,
    errors: [409],
  }),
  r('POST', '/api/levels/{language}/{id}/lock', 'levels', 'editor', {
    changes: ['level'],
    response: levelSchema,
    summary: 'Lock or unlock a level',
    params: levelPath,
    body: lockSchema,
    errors: [409],
  }),

  // Lessons (?language_id=&level_id= filters)
  r('GET', '/api/lessons', 'lessons', 'editor', {
    response: z.array(lessonSchema),
    summary: 'List lessons (optionally of one language or level)',
    query: courseFilterSchema,
  }),
  r('GET', '/api/lessons/next-order', 'lessons', 'editor', {
    response: nextOrderSchema,
    summary: 'The order a new lesson of a level gets',
    query: nextOrderQuerySchema,
  }),
  r('POST', '/api/lessons', 'lessons', 'editor', {
    changes: ['lesson'],
    response: lessonSchema,
    summary: 'Create a lesson',
    body: lessonCreateSchema,
    status: 201,
    errors: [404, 409],
  }),
  r('POST', '/api/lessons/reorder', 'lessons', 'editor', {
    changes: ['lesson'],
    response: z.array(lessonSchema),
    summary: "Reorder all of a level's lessons",
    body: lessonReorderSchema,
    errors: [409],
  }),
  r('PUT', '/api/lessons/{language}/{level}/{id}', 'lessons', 'editor', {
    changes: ['lesson'],
    response: lessonSchema,
    summary: 'Update a lesson (optimistic: `version`)',
    params: lessonPath,
    body: lessonUpdateSchema,
    errors: [409],
  }),
  r('DELETE', '/api/lessons/{language}/{level}/{id}', 'lessons', 'editor', {
    changes: ['lesson'],
    summary: 'Delete a lesson with its phrases',
    params: lessonPath,
  }),
  r('POST', '/api/lessons/{language}/{level}/{id}/move', 'lessons', 'editor', {
    changes: ['lesson'],
    response: z.array(lessonSchema),
    summary: 'Move a lesson up or down',
    params: lessonPath,
    body: moveSchema,
    errors: [409],
  }),
  r('POST', '/api/lessons/{language}/{level}/{id}/lock', 'lessons', 'editor', {
    changes: ['lesson'],
    response: lessonSchema,
    summary: 'Lock or unlock a lesson',
    params: lessonPath,
    body: lockSchema,
    errors: [409],
  }),

  // Phrases (?language_id=&level_id=&lesson_id= filters; groups are edited as a whole)
  r('GET', '/api/phrases', 'phrases', 'editor', {
    response: pageSchema(phraseSchema),
    summary: 'A page of phrases: filters, search `q`, `limit`, `cursor` (answers {items, cursor})',
    query: phraseListQuerySchema,
  }),
  r('GET', '/api/phrases/counts', 'phrases', 'editor', {
    response: phraseCountsSchema,
    summary: 'How many phrases each lesson has, and in all (optionally of one language)',
    query: courseFilterSchema,
  }),
  r('POST', '/api/phrases', 'phrases', 'editor', {
    changes: ['phrases'],
    response: z.array(phraseSchema),
    summary: 'Add a group of phrases sharing one audio file to a lesson',
    body: phrasesCreateSchema,
    status: 201,
    errors: [404, 409],
  }),
  r('PUT', '/api/phrases/group', 'phrases', 'editor', {
    changes: ['phrases'],
    response: z.array(phraseSchema),
    summary: 'Replace a phrase group as a whole (409 if it changed meanwhile)',
    body: phraseGroupUpdateSchema,
    errors: [404, 409],
  }),
  r('DELETE', '/api/phrases/{language}/{level}/{lesson}/{id}', 'phrases', 'editor', { changes: ['phrases'], summary: 'Delete one phrase', params: phrasePath }),
  r('GET', '/api/phrases/draft/{language}/{level}/{lesson}', 'phrases', 'editor', {
    response: phraseDraftSchema,
    summary: "A public lesson's phrases as its draft has them (`phrases: null` when the draft leaves them alone)",
    params: lessonRefPath,
    errors: [404],
  }),
  r('POST', '/api/phrases/draft', 'phrases', 'editor', {
    changes: 'nothing',
    response: z.array(phraseSchema),
    summary: "Add a group of phrases to a public lesson's draft; the public lesson stays as it is until Publish",
    body: phrasesCreateSchema,
    status: 201,
    errors: [404, 409],
  }),
  r('PUT', '/api/phrases/draft', 'phrases', 'editor', {
    changes: 'nothing',
    response: z.array(phraseSchema),
    summary: "Replace a phrase group as a whole in a public lesson's draft (409 if the draft changed meanwhile)",
    body: phraseGroupUpdateSchema,
    errors: [404, 409],
  }),

  // Media: presigned POST uploads and text-to-speech
  r('POST', '/api/media/uploads', 'media', 'editor', {
    changes: 'nothing',
    response: presignedUploadSchema,
    summary: 'A presigned POST for uploading one media file',
    body: uploadRequestSchema,
    status: 201,
  }),
  r('POST', '/api/media/tts', 'media', 'editor', {
    changes: 'nothing',
    response: speechSchema,
    summary: "Generate and store MP3 audio from text, in the language's voice A or B (`speaker`); an editor, in one of their languages",
    body: ttsSchema,
    languageField: 'language',
    status: 201,
    errors: [502],
  }),

  // A language's voices (docs/back-office.md "Voices"): chosen, sampled, and the audio a change makes stale regenerated
  r('GET', '/api/speech/{language}', 'media', 'editor', {
    response: speechSettingsSchema,
    summary: "A language's voices A and B, the Polly voices it may use, and how many generated files the current voices would change",
    params: languagePath,
    paramsNotFound: LANGUAGE_MISSING,
  }),
  r('PUT', '/api/speech/{language}', 'media', 'editor', {
    changes: 'nothing',
    response: speechSettingsSchema,
    summary: "Choose a language's voices for new audio (optimistic: `version`, 0 the first time); existing audio changes only by regenerate",
    params: languagePath,
    paramsNotFound: LANGUAGE_MISSING,
    body: speechSettingsUpdateSchema,
    errors: [409],
  }),
  r('POST', '/api/speech/{language}/sample', 'media', 'editor', {
    changes: 'nothing',
    response: speechSchema,
    summary: "'Listen': the language's sample sentence in one of its voices (stored once, content-addressed)",
    params: languagePath,
    paramsNotFound: LANGUAGE_MISSING,
    body: voiceSampleSchema,
    status: 201,
    errors: [502],
  }),
  r('GET', '/api/speech/{language}/pronunciations', 'media', 'editor', {
    response: lexiconSchema,
    summary: "A language's pronunciations (its Polly lexicon), its size against Polly's limits, and the generated files they would change",
    params: languagePath,
    paramsNotFound: LANGUAGE_MISSING,
  }),
  r('PUT', '/api/speech/{language}/pronunciations', 'media', 'editor', {
    changes: 'nothing',
    response: lexiconSchema,
    summary: "Replace a language's pronunciations (optimistic: `version`): pushed to Polly as its lexicon, then stored; new audio uses them",
    params: languagePath,
    paramsNotFound: LANGUAGE_MISSING,
    body: lexiconUpdateSchema,
    errors: [409, 502],
  }),
  r('POST', '/api/speech/{language}/preview', 'media', 'editor', {
    changes: 'nothing',
    response: speechSchema,
    summary: "'Listen': a text as it will sound (the language's voice and pronunciations), before any phrase is saved",
    params: languagePath,
    paramsNotFound: LANGUAGE_MISSING,
    body: previewSchema,
    status: 201,
    errors: [502],
  }),
  r('POST', '/api/speech/{language}/regenerate', 'media', 'editor', {
    changes: ['phrases'],
    response: regenerateResultSchema,
    summary: `Regenerate up to ${REGENERATE_BATCH} phrase groups whose generated audio the current voices would change; call again while \`remaining\` > 0`,
    params: languagePath,
    paramsNotFound: LANGUAGE_MISSING,
    errors: [409, 502],
  }),
] as const;
