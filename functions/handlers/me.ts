/**
 * /api/me/*: a signed-in user's own profile, progress and favourites (the /profile page, the lesson
 * page's learner controls and the companion app). Every route acts on the caller's `sub` only; a
 * lesson or phrase the caller has nothing stored for is simply not found, as is a path id that
 * cannot exist (the route table's `paramsNotFound`).
 */
import { addFavorite, getProfile, languageProgress, listFavorites, myLesson, progressSummary, removeFavorite, setProgress, updateProfile } from '../data/me.js';
import { json, requireCaller, router } from '../lib/http.js';
import { PERSONAL } from '../lib/caching.js';
import type { Caller } from '../lib/auth.js';

/** The lesson a path names (its ids parsed by the router: `lessonRefPath` in the route table). */
const ref = (p: { language: string; level: string; lesson: string }) => ({ language_id: p.language, level_id: p.level, lesson_id: p.lesson });
const phraseRef = (p: { language: string; level: string; lesson: string; phrase: string }) => ({ ...ref(p), phrase_id: p.phrase });
const mine = (body: unknown) => json(200, body, PERSONAL);
/** The caller's id: every route here is for signed-in users (the router answers 401 to anyone else). */
const subOf = (caller: Caller | undefined) => requireCaller(caller).sub;

export const handler = router({
  'GET /api/me/profile': async ({ caller }) => mine(await getProfile(subOf(caller))),
  'PUT /api/me/profile': async ({ caller, body }) => updateProfile(subOf(caller), body.username),

  'GET /api/me/progress': async ({ caller }) => mine(await progressSummary(subOf(caller))),
  'GET /api/me/progress/{language}': async ({ caller, params }) => mine(await languageProgress(subOf(caller), params.language)),
  'PUT /api/me/progress/{language}/{level}/{lesson}': async ({ caller, params, body }) => setProgress(subOf(caller), ref(params), body.completed),

  'GET /api/me/lessons/{language}/{level}/{lesson}': async ({ caller, params }) => mine(await myLesson(subOf(caller), ref(params))),

  'GET /api/me/favorites': async ({ caller }) => mine(await listFavorites(subOf(caller))),
  'PUT /api/me/favorites/{language}/{level}/{lesson}/{phrase}': async ({ caller, params }) => addFavorite(subOf(caller), phraseRef(params)),
  'DELETE /api/me/favorites/{language}/{level}/{lesson}/{phrase}': async ({ caller, params }) => {
    await removeFavorite(subOf(caller), phraseRef(params));
    return json(204, undefined);
  },
});
