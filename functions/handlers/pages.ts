/** Placeholder: the routes of 'pages' in functions/routes.ts answer 404 until implemented here. */
import { router } from '../lib/http.js';

export const handler = router({});
