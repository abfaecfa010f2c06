/** Placeholder: the routes of 'lessons' in functions/routes.ts answer 404 until implemented here. */
import { router } from '../lib/http.js';

export const handler = router({});
