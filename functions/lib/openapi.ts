/**
 * The API as an OpenAPI 3.1 document, generated from the route table (functions/routes.ts) and the
 * shared zod schemas its entries name, so it cannot drift from what the handlers accept. Pure and
 * deterministic: the same table always gives the same document.
 */
import * as z from 'zod';
import { pathParams, routes, type RouteDef } from '../routes.js';
import { config } from './config.js';

type Json = Record<string, unknown>;

/** Reusable error answers: every client error the API sends is `{message, fields?}` (lib/http.ts). */
const ERRORS: Record<number, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'Invalid input: `message` is the first problem, `fields` the first message per field' },
  401: { name: 'Unauthorized', description: 'No valid access token' },
  403: { name: 'Forbidden', description: 'Not allowed (admin routes: the caller is not in the `admins` group)' },
  404: { name: 'NotFound', description: 'The item, or one it names, does not exist' },
  409: { name: 'Conflict', description: 'Changed by someone else meanwhile (stale `version`), or the id is taken' },
  502: { name: 'BadGateway', description: 'A service behind the API (mail, speech) failed' },
};

const ACCESS_TEXT: Record<RouteDef['access'], string> = {
  public: 'Public: no token needed.',
  user: 'Needs the access token of any signed-in user.',
  editor: 'Editor: needs the access token of an admin, or of an editor of every language the request names (403 otherwise).',
  admin: 'Admin: needs the access token of a member of the `admins` group (403 otherwise).',
};

/**
 * A request schema as JSON Schema, as a client must send it (`io: 'input'`: defaults make fields
 * optional, transforms are described by what they accept). Parts JSON Schema cannot express
 * (custom refinements, transforms of unknown) become `{}` instead of throwing.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
}

/** Path parameters from the path's `{x}` segments, each with its schema from the route's `params` (what a valid one looks like). */
function pathParameters(route: RouteDef): Json[] {
  const shape = route.params ? (jsonSchema(route.params).properties as Record<string, Json> | undefined) : undefined;
  return pathParams(route.path).map((name) => ({ name, in: 'path', required: true, schema: shape?.[name] ?? { type: 'string' } }));
}

/** Whether a malformed path parameter is a 400 (the route table gives no not-found text for it). */
function badParamIsInvalid(route: RouteDef) {
  const texts = route.paramsNotFound;
  if (!route.params || typeof texts === 'string') return false;
  return pathParams(route.path).some((name) => texts?.[name] === undefined);
}

/**
 * Query parameters from the query schema's object shape. A union of objects (e.g. the locked-content
 * query) gives every property of any branch, required only when every branch requires it.
 */
function queryParameters(route: RouteDef, query: NonNullable<RouteDef['query']>): Json[] {
  const schema = jsonSchema(query);
  const branches = ((schema.anyOf ?? schema.oneOf ?? [schema]) as Json[]).filter((b) => b.properties);
  if (!branches.length) throw new Error(`${route.method} ${route.path}: the query schema must be an object (or a union of objects)`);
  const names = [...new Set(branches.flatMap((b) => Object.keys(b.properties as Json)))];
  return names.map((name) => {
    const variants = [
      ...new Map(
        branches
          .filter((b) => name in (b.properties as Json))
          .map((b) => (b.properties as Record<string, Json>)[name])
          .map((s) => [JSON.stringify(s), s]),
      ).values(),
    ];
    const required = branches.every((b) => ((b.required as string[] | undefined) ?? []).includes(name));
    return { name, in: 'query', required, schema: variants.length === 1 ? variants[0] : { anyOf: variants } };
  });
}

/** `GET /api/languages/{id}` → `getLanguagesById`: stable, unique per route. */
function operationId(route: RouteDef) {
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const words = route.path
    .replace(/^\/api\//, '')
    .split('/')
    .flatMap((seg) => {
      const param = /^\{(\w+)\}$/.exec(seg);
      return param ? ['by', param[1]] : seg.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return route.method.toLowerCase() + words.map(cap).join('');
}

/** The client errors a route can answer: derived from what it takes and who may call it, plus its own. */
export function errorStatuses(route: RouteDef): number[] {
  const out = new Set<number>(route.errors ?? []);
  if (route.body || route.query || badParamIsInvalid(route)) out.add(400);
  if (route.access !== 'public') out.add(401);
  if (route.access === 'admin' || route.access === 'editor') out.add(403);
  if (pathParams(route.path).length) out.add(404);
  return [...out].sort((a, b) => a - b);
}

/** The success status: the table's, else 204 for DELETE and 200 for the rest. */
export const successStatus = (route: RouteDef) => route.status ?? (route.method === 'DELETE' ? 204 : 200);

function operation(route: RouteDef): Json {
  const ok = successStatus(route);
  const parameters = [...pathParameters(route), ...(route.query ? queryParameters(route, route.query) : [])];
  const responses: Json = {
    [ok]:
      ok === 204
        ? { description: 'Done (no content)' }
        : // What the handler answers, from the resource's contract (as it is sent: `io: 'output'`).
          {
            description: ok === 201 ? 'Created' : 'OK',
            content: { 'application/json': route.response ? { schema: jsonSchema(route.response, 'output') } : {} },
          },
  };
  for (const status of errorStatuses(route)) responses[status] = { $ref: `#/components/responses/${ERRORS[status].name}` };
  return {
    operationId: operationId(route),
    summary: route.summary,
    description: ACCESS_TEXT[route.access],
    tags: [route.fn],
    'x-access': route.access,
    ...(parameters.length ? { parameters } : {}),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body) } } } } : {}),
    responses,
    ...(route.access === 'public' ? {} : { security: [{ bearer: [] }] }),
  };
}

/** The whole document for a route table (the real one unless a test passes another). */
export function openApiDocument(table: readonly RouteDef[] = routes): Json {
  const paths: Record<string, Json> = {};
  for (const route of table) (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route);
  return {
    openapi: '3.1.0',
    info: {
      title: config.productName,
      version: '1.0.0',
      description: `The ${config.productName} API, generated from its route table. Errors are JSON \`{message, fields?}\`.`,
    },
    tags: [...new Set(table.map((r) => r.fn))].map((name) => ({ name })),
    paths,
    components: {
      schemas: {
        ApiError: {
          type: 'object',
          required: ['message'],
          properties: {
            message: { type: 'string' },
            fields: { type: 'object', additionalProperties: { type: 'string' }, description: 'First message per invalid field' },
          },
        },
      },
      responses: Object.fromEntries(
        Object.values(ERRORS).map(({ name, description }) => [
          name,
          { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } },
        ]),
      ),
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A Cognito user pool access token: `Authorization: Bearer <token>`' },
      },
    },
  };
}
