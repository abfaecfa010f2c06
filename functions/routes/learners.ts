/** A signed-in learner's own data (profile, progress, favourites, review cards) and this API's OpenAPI document. */
import * as z from 'zod';
import {
  favoriteSchema,
  languageProgressSchema,
  lessonProgressSchema,
  myLessonSchema,
  profileSchema,
  profileUpdateSchema,
  progressUpdateSchema,
} from '../../shared/contracts/me.js';
import { reviewBatchSchema, reviewCardsSchema, reviewLogSchema, reviewQuerySchema, reviewResultSchema } from '../../shared/contracts/reviews.js';
import {
  reminderCreateSchema,
  reminderCreatedSchema,
  reminderIdParam,
  reminderSchema,
  reminderTimingSchema,
  REMINDER_NOT_FOUND,
} from '../../shared/contracts/reminders.js';
import { r, languagePath, lessonRefPath, favoritePath, LESSON_NOT_FOUND, favoriteNotFound } from './define.js';

const reminderPath = z.object({ id: reminderIdParam });
/** A subscription and its timing are well under 2 KB (REMINDER_LIMITS); more is no browser's. */
const REMINDER_MAX_BODY_BYTES = 4096;

export const learnersRoutes = [
  // A signed-in user's own profile, progress and favourites (any user, on their own `sub` only)
  r('GET', '/api/me/profile', 'me', 'user', { response: profileSchema, summary: 'Your profile' }),
  r('PUT', '/api/me/profile', 'me', 'user', { changes: 'nothing', response: profileSchema, summary: 'Change your username', body: profileUpdateSchema }),
  r('GET', '/api/me/progress', 'me', 'user', { response: z.array(languageProgressSchema), summary: 'Your progress in every language' }),
  r('GET', '/api/me/progress/{language}', 'me', 'user', {
    response: z.array(lessonProgressSchema),
    summary: 'Your progress in one language',
    params: languagePath,
    paramsNotFound: 'Language not found',
  }),
  r('PUT', '/api/me/progress/{language}/{level}/{lesson}', 'me', 'user', {
    changes: 'nothing',
    response: lessonProgressSchema,
    summary: 'Mark a lesson completed or not',
    params: lessonRefPath,
    paramsNotFound: LESSON_NOT_FOUND,
    body: progressUpdateSchema,
  }),
  r('GET', '/api/me/lessons/{language}/{level}/{lesson}', 'me', 'user', {
    response: myLessonSchema,
    summary: 'Your progress and favourites in one lesson',
    params: lessonRefPath,
    paramsNotFound: LESSON_NOT_FOUND,
  }),
  r('GET', '/api/me/favorites', 'me', 'user', { response: z.array(favoriteSchema), summary: 'Your favourite phrases' }),
  r('PUT', '/api/me/favorites/{language}/{level}/{lesson}/{phrase}', 'me', 'user', {
    changes: 'nothing',
    response: favoriteSchema,
    summary: 'Add a phrase to your favourites',
    params: favoritePath,
    paramsNotFound: favoriteNotFound,
  }),
  r('DELETE', '/api/me/favorites/{language}/{level}/{lesson}/{phrase}', 'me', 'user', {
    changes: 'nothing',
    summary: 'Remove a phrase from your favourites',
    params: favoritePath,
    paramsNotFound: favoriteNotFound,
  }),

  // A signed-in user's spaced-review cards (docs/learners.md "Practice"): the device store's sync, and the companion app's
  r('GET', '/api/me/reviews', 'reviews', 'user', {
    response: reviewCardsSchema,
    summary: 'Your review cards, soonest due first (`due_before`: only those due by then)',
    query: reviewQuerySchema,
  }),
  r('POST', '/api/me/reviews', 'reviews', 'user', {
    changes: 'nothing',
    response: reviewResultSchema,
    summary: 'Record reviews (each with the card it was made on); the later review of a card wins, logs are appended',
    body: reviewBatchSchema,
  }),
  r('GET', '/api/me/reviews/log', 'reviews', 'user', { response: reviewLogSchema, summary: 'Your review log, newest first' }),

  // Review reminders (docs/learners.md "Reminders"): anyone's device, no identity; the id answered once is the row's only handle
  r('POST', '/api/reminders', 'reviews', 'public', {
    changes: 'nothing',
    response: reminderCreatedSchema,
    summary: 'Remind this device by Web Push at `hour` (0–23, in `time_zone`) on days a card is due; answers the id (rate-limited per client)',
    body: reminderCreateSchema,
    status: 201,
    maxBodyBytes: REMINDER_MAX_BODY_BYTES,
  }),
  r('PUT', '/api/reminders/{id}', 'reviews', 'public', {
    changes: 'nothing',
    response: reminderSchema,
    summary: "Change a reminder's hour, time zone or next due date (rate-limited per client)",
    params: reminderPath,
    paramsNotFound: REMINDER_NOT_FOUND,
    body: reminderTimingSchema,
    maxBodyBytes: REMINDER_MAX_BODY_BYTES,
  }),
  r('DELETE', '/api/reminders/{id}', 'reviews', 'public', {
    changes: 'nothing',
    summary: 'Stop reminders: delete the row (rate-limited per client)',
    params: reminderPath,
    paramsNotFound: REMINDER_NOT_FOUND,
  }),

  // This table as an OpenAPI 3.1 document, with the shared zod schemas of each request
  r('GET', '/api/openapi.json', 'openapi', 'public', { summary: 'This API as an OpenAPI 3.1 document', response: z.record(z.string(), z.unknown()) }),
] as const;
