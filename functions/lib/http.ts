/**
 * HTTP plumbing for every handler module: a middy stack (JSON body, admin guard, error mapping) and
 * a tiny router that dispatches on the API Gateway v2 routeKey. Access rules and input schemas come
 * from the route table, so a route's protection and what it takes are declared once: the router
 * parses the path, query and body with them and hands each handler its typed input.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import * as z from 'zod';
import { isAudited, pathParams, routes, routeKey, type BodyOf, type ParamsOf, type QueryOf, type RouteDef, type RouteKey } from '../routes.js';
import { fieldErrors } from '../../shared/contracts/common.js';
import { actionOf, type AuditNote, type AuditRecorder } from './audit.js';
import { callerOf, type Caller } from './auth.js';
import { withChange } from './change.js';
import { config } from './config.js';
import { ORIGIN_VERIFY_HEADER, verifyOrigin } from './origin-secret.js';
import { DomainError, forbidden, isOutage, notFound, STALE_TEXT, unavailable, type ErrorKind } from './errors.js';
import { ADMIN_ONLY_TEXT } from '../../shared/product.js';
import { mayEditLanguage, OTHER_LANGUAGE_TEXT, roleOf, type Role } from '../../shared/roles.js';
import { countFailure, logger, metrics } from './powertools.js';
import { checkAnswer } from './answer-check.js';
import { bodyLimit, parseBody } from './http-input.js';
import { conditional, NO_STORE } from './caching.js';

type GatewayEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
/**
 * An HTTP API event as the router reads it. aws-lambda's type says every part is there, but a public
 * route has no authorizer and an event built by hand (tests, scripts) may lack headers or parts of
 * the request context, so those are read as optional.
 */
export type Event = Omit<GatewayEvent, 'headers' | 'requestContext'> & {
  headers?: GatewayEvent['headers'];
  requestContext?: Partial<GatewayEvent['requestContext']>;
};
export type Result = APIGatewayProxyStructuredResultV2;

/** Each domain error's HTTP status: the one place where what went wrong becomes a status code. */
export const STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  unsupported: 415,
  'too-many': 429,
  upstream: 502,
  unavailable: 503,
};
/** The header CloudFront's /api/* origin adds (infra/cdk/constructs/site.ts), with the origin secret's value. */
export { ORIGIN_VERIFY_HEADER };

/** What a request is before the route's schemas read it: as the role check sees it. */
interface RawInput {
  params: Record<string, string>;
  query: Record<string, string>;
  /** The JSON body as sent (undefined without one). */
  body: unknown;
}

interface RequestBase {
  event: Event;
  caller?: Caller;
  /**
   * What the caller may do, read from their current groups on admin and editor routes; 'learner'
   * elsewhere (never the token's claim alone). An editor route's handler narrows lists to
   * `role.languages` and checks the languages it finds behind an id (functions/lib/access.ts).
   */
  role: Role;
  /**
   * Tells the audit log about this write (docs/audit.md): e.g. `audit({ before })` with the item read
   * before changing it; `audit(false)` when the write changed nothing. Recorded only on success.
   */
  audit: (note: AuditNote | false) => void;
}
/**
 * What the handler of route K gets: its path parameters, query and body as the route table's
 * schemas output them (parsed by the router: a handler never parses its input), typed by its key.
 */
export interface Request<K extends RouteKey> extends RequestBase {
  params: ParamsOf<K>;
  query: QueryOf<K>;
  body: BodyOf<K>;
}
/** A handler answers a Result (sent as it is), undefined (204) or any other value (200 with it as JSON). */
export type RouteHandler<K extends RouteKey> = (req: Request<K>) => Promise<unknown>;
/** A handler module's table: routeKey -> its handler, each typed by its own key. */
export type RouteTable = { [K in RouteKey]?: RouteHandler<K> };
/**
 * A handler as the router calls it, with the input it parsed. Method syntax: its parameter is
 * bivariant, so each route's handler (which takes its own, narrower input) is one.
 */
type ParsedHandler = { call(req: RequestBase & { params: unknown; query: unknown; body: unknown }): Promise<unknown> }['call'];

/**
 * A request's caller (`req.caller`), required. The router answers 401 to a request without one on
 * a route that is not public, so in a handler this throws only if a public route asks for one.
 */
export function requireCaller(caller: Caller | undefined): Caller {
  if (!caller) throw new DomainError('unauthorized', 'Unauthorized');
  return caller;
}

export const json = (statusCode: number, body: unknown, headers: Record<string, string> = {}): Result => ({
  statusCode,
  headers: { 'content-type': 'application/json', ...headers },
  body: body === undefined ? '' : JSON.stringify(body),
});

/**
 * Parses input with a shared schema; failures become 400 with the contract's texts per field (`fields`:
 * the first problem of each field, unless the route gives its own way, e.g. every problem of a file).
 */
function parse<S extends z.ZodType>(schema: S, input: unknown, problems: (e: z.ZodError) => Record<string, string> = fieldErrors): z.output<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw invalidInput(r.error, problems);
  return r.data;
}
function invalidInput(error: z.ZodError, problems: (e: z.ZodError) => Record<string, string> = fieldErrors) {
  const fields = problems(error);
  return new DomainError('invalid', Object.values(fields)[0] ?? 'Invalid input', fields);
}

/**
 * The path parameters by the route's `params` schema. One that fails is a 400, or a 404 with the
 * route's text where it says such a parameter names nothing (`paramsNotFound`: the first failing
 * parameter in path order decides).
 */
function parseParams(route: RouteDef, raw: Record<string, string>): Record<string, string> {
  if (!route.params) return raw;
  const r = route.params.safeParse(raw);
  if (r.success) return r.data;
  const nf = route.paramsNotFound;
  const failed = pathParams(route.path).find((name) => r.error.issues.some((i) => i.path[0] === name));
  const text = typeof nf === 'string' ? nf : failed === undefined ? undefined : nf?.[failed];
  throw text === undefined ? invalidInput(r.error) : notFound(text);
}

/** The request's input as the route table's schemas output it, parsed in order: path, query, body. */
function parseInput(route: RouteDef, raw: RawInput) {
  const params = parseParams(route, raw.params);
  const query: unknown = route.query ? parse(route.query, raw.query) : raw.query;
  const body: unknown = route.body ? parse(route.body, raw.body, route.problems) : raw.body;
  return { params, query, body };
}

const routeOf = new Map<string, RouteDef>(routes.map((r) => [routeKey(r), r]));

export interface RouterOptions {
  /**
   * The groups a caller whose token says admin or editor is in right now (./membership.ts). Required
   * when the table has admin or editor routes; injected rather than imported here, so that functions
   * without them neither bundle the Cognito client nor get its IAM grant.
   */
  currentGroups?: (sub: string) => Promise<string[]>;
  /**
   * Records each successful admin or editor write in the audit log (./audit.ts). Required when the
   * table has such writes; injected for the same reason as currentGroups.
   */
  audit?: AuditRecorder;
}

const LEARNER: Role = { role: 'learner' };
const isGuarded = (r: RouteDef) => r.access === 'admin' || r.access === 'editor';

/**
 * The caller's role from their groups now, if it may ask for `route` at all: admin routes take
 * admins, editor routes admins and editors (403 otherwise). A token that claims neither role is
 * refused without a Cognito read. Needs nothing of the request, so it runs before the body is read.
 */
async function confirmRole(route: RouteDef, caller: Caller, currentGroups: RouterOptions['currentGroups']): Promise<Role> {
  if (roleOf(caller.groups).role === 'learner' || !currentGroups) throw forbidden(ADMIN_ONLY_TEXT);
  const role = roleOf(await currentGroups(caller.sub));
  if (role.role === 'learner' || (role.role !== 'admin' && route.access === 'admin')) throw forbidden(ADMIN_ONLY_TEXT);
  return role;
}

/** An editor is admitted only if they edit every language the request names (403 otherwise). */
function confirmLanguages(role: Role, languages: unknown[]) {
  if (role.role !== 'editor') return;
  // Fails closed: a language named in a shape the check cannot read (a number, a list) is refused too.
  for (const named of languages) if (typeof named !== 'string' || !mayEditLanguage(role, named)) throw forbidden(OTHER_LANGUAGE_TEXT);
}

/**
 * Every language a request names, wherever the route table's paths and the contracts put one: the
 * path (`{language}`, a language's `{id}`), the query's filter, the body's target, a moved item's
 * old place, a publishing request's item and the route's own `languageField`. An empty filter names
 * none (it means "all"; the handler then narrows the list to the editor's languages).
 */
function languagesNamed(route: RouteDef, req: RawInput): unknown[] {
  const body = asRecord(req.body);
  return [
    req.params.language,
    route.path.startsWith('/api/languages/') ? req.params.id : undefined,
    req.query.language_id,
    body.language_id,
    body.old_language_id,
    asRecord(body.item).language_id,
    route.languageField === undefined ? undefined : body[route.languageField],
  ].filter((v) => v !== undefined && v !== '');
}
const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/**
 * Builds a Lambda handler from `routeKey -> handler` entries of the route table. Each handler gets
 * its input parsed with its route's schemas (after the access check, which reads the raw request).
 */
export function router(table: RouteTable, { currentGroups, audit }: RouterOptions = {}) {
  // Each handler with its route; a key the route table does not have is a defect, found at cold start.
  const handlers: [string, ParsedHandler | undefined][] = Object.entries(table);
  const served = new Map(
    handlers.flatMap(([key, fn]) => {
      const route = routeOf.get(key);
      if (!route) throw new Error(`${key} is not in the route table`);
      return fn ? [[key, { route, fn }] as const] : [];
    }),
  );
  const servedRoutes = [...served.values()].map((s) => s.route);
  if (!currentGroups && servedRoutes.some(isGuarded)) throw new Error('A router with admin or editor routes needs currentGroups');
  if (!audit && servedRoutes.some(isAudited)) throw new Error('A router with admin or editor writes needs audit (functions/services/audit.ts)');

  const base = async (event: Event): Promise<Result> => {
    // Only through CloudFront (and its WAF): the raw execute-api URL answers nothing. Counted: many
    // at once mean CloudFront sends a value the functions refuse (the OriginRefusals alarm).
    if (config.originSecretArn && !(await verifyOrigin(event.headers?.[ORIGIN_VERIFY_HEADER]))) {
      countFailure('OriginRefusals');
      throw forbidden('Forbidden');
    }
    const own = served.get(event.routeKey);
    if (!own) throw notFound();
    const { route, fn } = own;
    // What the handler told the audit log, through req.audit (in an object: a local `let` would stay narrowed to `{}`).
    const told: { note: AuditNote | false } = { note: {} };
    // Who may ask is settled first (401/403), before the body is read: a caller without the route's
    // group never makes the function read or parse a body (up to the route's limit) of its choosing.
    const caller = callerOf(event);
    let role = LEARNER;
    if (route.access !== 'public') {
      const who = requireCaller(caller);
      // currentGroups is there whenever the table has a guarded route (checked above); without it, no one is admitted.
      if (isGuarded(route)) role = await confirmRole(route, who, currentGroups);
    }
    const params = (event.pathParameters ?? {}) as Record<string, string>;
    const query = (event.queryStringParameters ?? {}) as Record<string, string>;
    // An editor's languages: those of the path and query before the body is read, the body's after.
    confirmLanguages(role, languagesNamed(route, { params, query, body: undefined }));
    const raw: RawInput = { params, query, body: parseBody(event, bodyLimit(route)) };
    confirmLanguages(role, languagesNamed(route, raw));
    // Then what was sent is parsed (400, or 404 for a path that names nothing).
    const input = parseInput(route, raw);
    // A route's own language field once more as parsed: a default (text to speech's 'en') names a language too.
    if (route.languageField !== undefined)
      confirmLanguages(
        role,
        [asRecord(input.body)[route.languageField]].filter((v) => v !== undefined),
      );
    const tell = (n: AuditNote | false) => void (told.note = n === false || told.note === false ? false : { ...told.note, ...n });
    // The versions a write keeps (History) name who made it and how (./change.ts).
    const work = () => fn({ event, caller, role, audit: tell, ...input });
    const out = caller ? await withChange({ sub: caller.sub, name: caller.email, how: actionOf(route, input.body) }, work) : await work();
    const result = out && typeof out === 'object' && 'statusCode' in out ? (out as Result) : out === undefined ? json(204, undefined) : json(200, out);
    const status = result.statusCode ?? 200;
    const { note } = told;
    const audited = audit && note && isAudited(route) && status < 400;
    // The answer as data (a Result's body parsed back), once, for the contract check and the audit log.
    const answer = config.checkAnswers || audited ? answerOf(out, result) : undefined;
    if (config.checkAnswers) checkAnswer(route, answer, status);
    // Audited routes are never public, so the caller was required above. The log keeps the input as parsed (trimmed, unknown keys dropped).
    if (audited) await record(audit, { route, params: input.params, body: input.body, caller: requireCaller(caller), answer, note });
    return event.requestContext?.http?.method === 'GET' ? conditional(result, event.headers?.['if-none-match']) : result;
  };

  return middy<Event, Result>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(logMetrics(metrics, { captureColdStartMetric: true }))
    .use(correlation())
    .use(errorMapper())
    .handler(base);
}

/** The handler's answer as data: its object, or a JSON Result's body parsed back. */
function answerOf(out: unknown, result: Result): unknown {
  if (out !== result) return out;
  try {
    return typeof result.body === 'string' && result.body ? JSON.parse(result.body) : undefined;
  } catch {
    return undefined;
  }
}

/** The change is made: a failed audit write is logged as an error, never turned into a failed answer. */
async function record(audit: AuditRecorder, write: Parameters<AuditRecorder>[0]) {
  try {
    await audit(write);
  } catch (e) {
    logger.error('audit write failed', { routeKey: routeKey(write.route), sub: write.caller.sub, error: e as Error });
    countFailure('AuditWriteFailures');
  }
}

/**
 * Every log line of a request carries its correlation id: the caller's X-Correlation-Id when it
 * sends one (bounded), else API Gateway's request id. Answers echo it, so a report can be traced.
 */
function correlation(): middy.MiddlewareObj<Event, Result> {
  const idOf = (event: Event) => {
    const given = event.headers?.['x-correlation-id'];
    return given && /^[\w.-]{1,100}$/.test(given) ? given : (event.requestContext?.requestId ?? 'local');
  };
  // Each returns undefined: a middleware that returns a value makes middy answer with it at once.
  return {
    before: (request) => {
      logger.setCorrelationId(idOf(request.event));
    },
    after: tag,
    // After errorMapper's onError (middy runs them in reverse), so error answers carry it too.
    onError: tag,
  };
  function tag(request: middy.Request<Event, Result>) {
    if (!request.response) return;
    request.response.headers = { ...request.response.headers, 'x-correlation-id': idOf(request.event) };
    // One count per answer by class: a rise of 4xx is abuse or a broken client, of 5xx a defect.
    const status = request.response.statusCode ?? 200;
    metrics.addMetric(status >= 500 ? 'ServerErrors' : status >= 400 ? 'ClientErrors' : 'Successes', MetricUnit.Count, 1);
  }
}

/**
 * middy onError: client errors keep their status and text; a service that is down (isOutage) is a
 * 503 with Retry-After; anything else is a logged 500. No failure may be cached (NO_STORE).
 */
function errorMapper(): middy.MiddlewareObj<Event, Result> {
  return {
    onError: (request) => {
      request.response = errorAnswer(request.error, request.event.routeKey);
    },
  };
}

function errorAnswer(thrown: unknown, routeKey: string): Result {
  // A conditional write that lost a race (the data layer did not name it): a stale version.
  if ((thrown as { name?: string } | null)?.name === 'ConditionalCheckFailedException') return json(STATUS_OF.conflict, { message: STALE_TEXT });
  if (!(thrown instanceof DomainError) && !isOutage(thrown)) {
    logger.error('unhandled error', { routeKey, error: thrown as Error });
    return json(500, { message: 'Internal server error' }, NO_STORE);
  }
  const err = thrown instanceof DomainError ? thrown : unavailable();
  if (err.kind === 'unavailable') logger.error('a service we depend on is unavailable', { routeKey, error: thrown as Error });
  const status = STATUS_OF[err.kind];
  const headers: Record<string, string> = {
    ...(err.retryAfter !== undefined ? { 'retry-after': String(err.retryAfter) } : {}),
    ...(status >= 500 ? NO_STORE : {}),
  };
  return json(status, { message: err.message, ...(err.fields ? { fields: err.fields } : {}) }, headers);
}
