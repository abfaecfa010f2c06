/**
 * /api/me/reviews: a signed-in user's spaced-review cards (the practice island's sync and the
 * companion app): the cards (or those due), a batch of reviews, the log. Every route acts on the
 * caller's `sub` only. The data layer checks and schedules each review (data/reviews.ts).
 * /api/reminders: any device's review reminder (data/reminders.ts), named by its id alone and
 * counted per client address as the other public writes are.
 */
import { spend } from '../data/limits.js';
import { createReminder, deleteReminder, updateReminder } from '../data/reminders.js';
import { listCards, listLog, recordReviews } from '../data/reviews.js';
import type { Caller } from '../lib/auth.js';
import { json, requireCaller, router } from '../lib/http.js';
import { PERSONAL } from '../lib/caching.js';
import { clientIp } from '../lib/http-input.js';

const mine = (body: unknown) => json(200, body, PERSONAL);
const subOf = (caller: Caller | undefined) => requireCaller(caller).sub;

export const handler = router({
  'GET /api/me/reviews': async ({ caller, query }) => mine({ cards: await listCards(subOf(caller), query.due_before) }),
  'POST /api/me/reviews': async ({ caller, body }) => mine(await recordReviews(subOf(caller), body.reviews)),
  'GET /api/me/reviews/log': async ({ caller }) => mine(await listLog(subOf(caller))),
  'POST /api/reminders': async ({ body, event }) => {
    await spend('reminders', clientIp(event));
    return json(201, { id: await createReminder(body) }, PERSONAL);
  },
  'PUT /api/reminders/{id}': async ({ params, body, event }) => {
    await spend('reminders', clientIp(event));
    return json(200, await updateReminder(params.id, body), PERSONAL);
  },
  'DELETE /api/reminders/{id}': async ({ params, event }) => {
    await spend('reminders', clientIp(event));
    await deleteReminder(params.id);
    return json(204, undefined);
  },
});
