/** GET /api/openapi.json: the API described by its own route table (functions/lib/openapi.ts). */
import { json, router } from '../lib/http.js';
import { openApiDocument } from '../lib/openapi.js';

// The document only changes with a deployment: built once per container, on the first request.
let doc: ReturnType<typeof openApiDocument> | undefined;

export const handler = router({
  'GET /api/openapi.json': () => Promise.resolve(json(200, (doc ??= openApiDocument()), { 'cache-control': 'public, max-age=300' })),
});
