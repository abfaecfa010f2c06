/**
 * /api/me/*: a signed-in user's own profile, progress and favourites (the /profile page, the lesson
 * page's learner controls and the companion app). Every route acts on the caller's `sub` only; a
 * lesson or phrase the caller has nothing stored for is simply not found.
 */
import { addFavorite, getProfile, languageProgress, listFavorites, myLesson, progressSummary, removeFavorite, setProgress, updateProfile } from '../data/me.js';
import { json, parse, PERSONAL, requireCaller, router } from '../lib/http.js';
import type { Caller } from '../lib/auth.js';
import { notFound } from '../lib/errors.js';
import { idParam, phraseIdParam } from '../shared/contracts/common.js';
import { profileUpdateSchema, progressUpdateSchema } from '../shared/contracts/me.js';

/** Path ids that cannot exist name nothing: 404, as for a lesson or phrase that does not exist. */
function ref(params: Record<string, string>) {
  const ok = ['language', 'level', 'lesson'].every((n) => idParam.safeParse(params[n]).success);
  if (!ok) throw notFound('Lesson not found');
  return { language_id: params.language, level_id: params.level, lesson_id: params.lesson };
}
function phraseRef(params: Record<string, string>) {
  if (!phraseIdParam.safeParse(params.phrase).success) throw notFound('Phrase not found');
  return { ...ref(params), phrase_id: params.phrase };
}
const mine = (body: unknown) => json(200, body, PERSONAL);
/** The caller's id: every route here is for signed-in users (the router answers 401 to anyone else). */
const subOf = (caller: Caller | undefined) => requireCaller(caller).sub;

export const handler = router({
  'GET /api/me/profile': async ({ caller }) => mine(await getProfile(subOf(caller))),
  'PUT /api/me/profile': async ({ caller, body }) => updateProfile(subOf(caller), parse(profileUpdateSchema, body).username),

  'GET /api/me/progress': async ({ caller }) => mine(await progressSummary(subOf(caller))),
  'GET /api/me/progress/{language}': async ({ caller, params }) => {
    if (!idParam.safeParse(params.language).success) throw notFound('Language not found');
    return mine(await languageProgress(subOf(caller), params.language));
  },
  'PUT /api/me/progress/{language}/{level}/{lesson}': async ({ caller, params, body }) =>
    setProgress(subOf(caller), ref(params), parse(progressUpdateSchema, body).completed),

  'GET /api/me/lessons/{language}/{level}/{lesson}': async ({ caller, params }) => mine(await myLesson(subOf(caller), ref(params))),

  'GET /api/me/favorites': async ({ caller }) => mine(await listFavorites(subOf(caller))),
  'PUT /api/me/favorites/{language}/{level}/{lesson}/{phrase}': async ({ caller, params }) => addFavorite(subOf(caller), phraseRef(params)),
  'DELETE /api/me/favorites/{language}/{level}/{lesson}/{phrase}': async ({ caller, params }) => {
    await removeFavorite(subOf(caller), phraseRef(params));
    return json(204, undefined);
  },
});
