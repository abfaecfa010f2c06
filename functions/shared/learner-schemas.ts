/**
 * What a signed-in user may send about themself (profile, progress): shared by the `me` handler, the
 * /profile form and the OpenAPI document. Pure zod: safe in the browser.
 */
import * as z from 'zod';

export const USERNAME_SHORT_TEXT = 'Username must be at least 2 characters';
export const USERNAME_LONG_TEXT = 'Username must be at most 40 characters';

export const profileUpdateSchema = z.object({
  username: z.string({ error: USERNAME_SHORT_TEXT }).trim().min(2, USERNAME_SHORT_TEXT).max(40, USERNAME_LONG_TEXT),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** PUT of a lesson's progress: the whole state, so sending it twice changes nothing. */
export const progressUpdateSchema = z.object({
  completed: z.boolean({ error: 'Completed must be true or false' }),
});
export type ProgressUpdate = z.input<typeof progressUpdateSchema>;
