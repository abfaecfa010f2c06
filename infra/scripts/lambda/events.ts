/**
 * The events each trigger of the stack sends a function, as AWS sends them, with the fields the
 * product reads filled in: `npm run event -- <kind>` prints one, `npm run invoke` builds its requests
 * with the same code. HTTP API and function URL events come from functions/lib/events.ts (the one
 * payload 2.0 builder, which the twin's gateway uses too); the others are written here from the
 * documentation each cites. A new trigger is one entry of EVENT_KINDS.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { CloudFormationCustomResourceEvent, ScheduledEvent, SecretsManagerRotationEvent } from 'aws-lambda';
import { apiEvent } from '../../../functions/lib/events.js';
import { decodePath, MALFORMED_PATH, matchRoute, type RouteDef } from '../../../functions/routes.js';

/** A made-up account, region and stack for the ARNs an event carries (no function reads them). */
const ACCOUNT = '123456789012';
const REGION = 'us-east-1';
const STACK = 'ParrotPhrases-dev';

/** A request that cannot become an event (no route, a bad option): its message is for the engineer. */
export class EventError extends Error {}

export interface Request {
  method: string;
  /** Still percent-encoded, as API Gateway matches it. */
  path: string;
  query: string;
}

/** `GET /api/blog?limit=5` (or `/api/blog`: a GET). */
export function parseRequest(text: string): Request {
  const m = /^(?:([A-Za-z]+)\s+)?(\/\S*)$/.exec(text.trim());
  if (!m) throw new EventError(`"${text}" is not a request: give a method and a path, e.g. GET /api/languages`);
  const [path, query = ''] = m[2].split(/\?(.*)/s);
  const method = m[1] as string | undefined;
  return { method: method ? method.toUpperCase() : 'GET', path, query };
}

/** The route of functions/routes.ts API Gateway would match, with its path parameters. */
export function routeOf(req: Request): { route: RouteDef; params: Record<string, string> } {
  if (decodePath(req.path) === undefined) throw new EventError(MALFORMED_PATH);
  const match = matchRoute(req.method, req.path);
  if (!match) throw new EventError(`No route of functions/routes.ts matches ${req.method} ${req.path}: API Gateway answers 404 without calling a function.`);
  return match;
}

/**
 * The JWT authorizer's claims as the HTTP API hands them to the function: every value a string, a
 * list as `[a b]` (functions/lib/auth.ts reads both forms; the twin's gateway passes the token's own
 * types). https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-develop-integrations-lambda.html
 */
export const authorizerClaims = (payload: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, Array.isArray(v) ? `[${v.join(' ')}]` : typeof v === 'string' ? v : JSON.stringify(v)]));

export interface HttpInput {
  request: Request;
  body?: string;
  /** Sent as given, over the defaults below. */
  headers?: Record<string, string>;
  /** The verified token's payload; only a protected route's event carries it (API Gateway adds none to a public route's). */
  claims?: Record<string, unknown>;
}

/** What a client's request carries through CloudFront to the API, and the body's type and length. */
function requestHeaders(input: HttpInput): Record<string, string> {
  const body: Record<string, string> =
    input.body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(input.body)) };
  return {
    accept: 'application/json',
    host: 'localhost',
    'user-agent': 'npm-run-invoke',
    'x-forwarded-for': '127.0.0.1',
    'x-forwarded-proto': 'https',
    ...body,
    ...input.headers,
  };
}

/** An HTTP API (payload 2.0) event of the route the request matches. */
export function httpEvent(input: HttpInput) {
  const { route, params } = routeOf(input.request);
  const claims = route.access === 'public' || !input.claims ? undefined : authorizerClaims(input.claims);
  return apiEvent({ ...input.request, route, params, headers: requestHeaders(input), body: input.body, claims, sourceIp: '127.0.0.1' });
}

/**
 * A function URL's event (the render function): CloudFront forwards neither cookies nor
 * Authorization to it, and a form's body arrives base64-encoded, as the twin's gateway sends them.
 * https://docs.aws.amazon.com/lambda/latest/dg/urls-invocation.html#urls-payloads
 */
export function urlEvent(input: Omit<HttpInput, 'claims'>) {
  const headers = requestHeaders(input);
  delete headers.cookie;
  delete headers.authorization;
  headers.accept = input.headers?.accept ?? 'text/html';
  if (input.body !== undefined) headers['content-type'] = input.headers?.['content-type'] ?? 'application/x-www-form-urlencoded';
  const event = apiEvent({ ...input.request, params: {}, headers, sourceIp: '127.0.0.1' });
  return input.body === undefined ? event : { ...event, body: Buffer.from(input.body).toString('base64'), isBase64Encoded: true };
}

/** What each kind reads from the command line (`npm run event -- <kind> --<option> value`). */
export type EventValues = Partial<Record<Exclude<OptionName, 'header'>, string>> & { header?: string[] };

/** The options of `npm run event`: [flags, meaning]. Each kind names those it takes. */
export const EVENT_OPTIONS = {
  path: ['--path <method> <path>', 'http, url: the request, e.g. GET /api/languages (the path may carry a ?query)'],
  body: ['--body <file>', "http, url: the request's body (JSON for the API, a form for a page)"],
  header: ['--header "<name>: <value>"', 'http, url: a request header (repeatable)'],
  sub: ['--sub <id>', "http: the caller's sub; adds the JWT authorizer's claims (made up: npm run invoke -- --as signs in for real)"],
  groups: ['--groups <a,b>', "http: the caller's Cognito groups, e.g. admins, or editors,editors#es"],
  email: ['--email <address>', "http: the caller's e-mail claim"],
  release: ['--release <id>', 'schedule: the release to publish (required)'],
  time: ['--time <iso>', "scheduled-event: the event's time, the run's now (default: now), e.g. 2026-03-29T07:00:00Z for the reminders"],
  step: ['--step <step>', 'rotation: createSecret (default), setSecret, testSecret or finishSecret'],
  'secret-id': ['--secret-id <arn>', 'rotation: the secret (default: a made-up ARN)'],
  token: ['--token <id>', "rotation: the version's ClientRequestToken (default: a new one)"],
  'deployment-id': ['--deployment-id <id>', 'codedeploy-hook: the deployment (default: a new one)'],
  'execution-id': ['--execution-id <id>', 'codedeploy-hook: the hook execution (default: a new one)'],
  'request-type': ['--request-type <type>', 'custom-resource: Create (default), Update or Delete'],
  'resource-type': ['--resource-type <type>', 'custom-resource: its type (default Custom::Resource)'],
  properties: ['--properties <file>', 'custom-resource: its ResourceProperties (JSON; ServiceToken is added)'],
  'physical-id': ['--physical-id <id>', 'custom-resource: PhysicalResourceId of an Update or Delete'],
} as const satisfies Record<string, readonly [string, string]>;
export type OptionName = keyof typeof EVENT_OPTIONS;

/** `--time`, or now; anything Date cannot read is a usage error. */
function scheduledTime(text?: string): Date {
  const at = text === undefined ? new Date() : new Date(text);
  if (Number.isNaN(at.getTime())) fail(`--time must be an ISO date and time, e.g. 2026-03-29T07:00:00Z: not ${text}`);
  return at;
}

const readText = (file: string, what: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new EventError(`Cannot read ${what} ${file}: ${(e as Error).message}`);
  }
};
const required = (value: string | undefined, flag: string, kind: string) => value ?? fail(`${kind} needs ${flag}`);
const fail = (message: string): never => {
  throw new EventError(message);
};

/** `--header "name: value"`, lower-cased as API Gateway v2 delivers header names. */
function headersOf(values: EventValues): Record<string, string> {
  return Object.fromEntries(
    (values.header ?? []).map((h) => {
      const m = /^([^:\s]+):\s*(.*)$/.exec(h) ?? fail(`--header "${h}" is not "name: value"`);
      return [m[1].toLowerCase(), m[2]];
    }),
  );
}
const httpInput = (values: EventValues, kind: string): HttpInput => ({
  request: parseRequest(required(values.path, '--path <method> <path>', kind)),
  body: values.body === undefined ? undefined : readText(values.body, 'the body'),
  headers: headersOf(values),
});

/** A made-up caller's access token payload (what callerOf reads, and the rest a Cognito access token has). */
function madeUpClaims(values: EventValues) {
  if (!values.sub) return undefined;
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: values.sub,
    'cognito:groups': values.groups ? values.groups.split(',').filter(Boolean) : [],
    ...(values.email ? { email: values.email } : {}),
    iss: `https://cognito-idp.${REGION}.amazonaws.com/${REGION}_example`,
    client_id: 'example',
    token_use: 'access',
    scope: 'aws.cognito.signin.user.admin',
    auth_time: now,
    iat: now,
    exp: now + 900,
    username: values.sub,
  };
}

const REQUEST_TYPES = ['Create', 'Update', 'Delete'] as const;

export interface EventKindDef {
  about: string;
  options: readonly OptionName[];
  build(values: EventValues): unknown;
}

export const EVENT_KINDS = {
  http: {
    about: 'an HTTP API (payload 2.0) request to one route of functions/routes.ts',
    options: ['path', 'body', 'header', 'sub', 'groups', 'email'],
    build: (values) => httpEvent({ ...httpInput(values, 'http'), claims: madeUpClaims(values) }),
  },
  url: {
    about: "a function URL request (the render function, as CloudFront's origin of a page)",
    options: ['path', 'body', 'header'],
    build: (values) => urlEvent(httpInput(values, 'url')),
  },
  schedule: {
    // A schedule's target gets its Input as the event, as it is: https://docs.aws.amazon.com/scheduler/latest/UserGuide/managing-targets-templated.html
    about: "EventBridge Scheduler's input to the release function: { release_id } (functions/lib/scheduler.ts)",
    options: ['release'],
    build: (values) => ({ release_id: required(values.release, '--release <id>', 'schedule') }),
  },
  'scheduled-event': {
    about: "an EventBridge rule's Scheduled Event (the media sweep's daily run, the reminders' hourly one)",
    options: ['time'],
    // https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-run-lambda-schedule.html
    build: (values): ScheduledEvent<Record<string, never>> => ({
      version: '0',
      id: randomUUID(),
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      account: ACCOUNT,
      time: `${scheduledTime(values.time).toISOString().slice(0, 19)}Z`,
      region: REGION,
      resources: [`arn:aws:events:${REGION}:${ACCOUNT}:rule/${STACK}-MediaSweepDaily`],
      detail: {},
    }),
  },
  rotation: {
    about: "one step of a Secrets Manager rotation (the origin secret's)",
    options: ['step', 'secret-id', 'token'],
    // https://docs.aws.amazon.com/secretsmanager/latest/userguide/rotate-secrets_lambda-functions.html
    build: async (values): Promise<SecretsManagerRotationEvent> => {
      // The steps the function knows (imported late: its module reads the functions' environment when loaded).
      const { ROTATION_STEPS } = await import('../../../functions/jobs/rotate-origin-secret.js');
      const step = (values.step ?? 'createSecret') as SecretsManagerRotationEvent['Step'];
      if (!ROTATION_STEPS.includes(step)) fail(`--step must be one of ${ROTATION_STEPS.join(', ')}`);
      return {
        Step: step,
        SecretId: values['secret-id'] ?? `arn:aws:secretsmanager:${REGION}:${ACCOUNT}:secret:OriginSecret-AbCdEf`,
        ClientRequestToken: values.token ?? randomUUID(),
      };
    },
  },
  'codedeploy-hook': {
    about: "a CodeDeploy lifecycle hook's call (BeforeAllowTraffic, AfterAllowTraffic)",
    options: ['deployment-id', 'execution-id'],
    // https://docs.aws.amazon.com/codedeploy/latest/userguide/reference-appspec-file-structure-hooks.html#reference-appspec-file-structure-hooks-section-structure-lambda-sample-function
    build: (values) => ({
      DeploymentId: values['deployment-id'] ?? `d-${randomBytes(6).toString('hex').toUpperCase().slice(0, 9)}`,
      LifecycleEventHookExecutionId: values['execution-id'] ?? randomBytes(48).toString('base64'),
    }),
  },
  'custom-resource': {
    about: "a CloudFormation custom resource's request",
    options: ['request-type', 'resource-type', 'properties', 'physical-id'],
    // https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/crpg-ref-requests.html
    build: (values): CloudFormationCustomResourceEvent => {
      const type = (values['request-type'] ?? 'Create') as (typeof REQUEST_TYPES)[number];
      if (!REQUEST_TYPES.includes(type)) fail(`--request-type must be one of ${REQUEST_TYPES.join(', ')}`);
      const ServiceToken = `arn:aws:lambda:${REGION}:${ACCOUNT}:function:${STACK}-CustomResource`;
      const props = values.properties ? (JSON.parse(readText(values.properties, 'the properties')) as Record<string, unknown>) : {};
      const RequestId = randomUUID();
      const common = {
        ServiceToken,
        ResponseURL: `https://cloudformation-custom-resource-response-${REGION.replace(/-/g, '')}.s3.amazonaws.com/example?X-Amz-Signature=example`,
        StackId: `arn:aws:cloudformation:${REGION}:${ACCOUNT}:stack/${STACK}/${randomUUID()}`,
        RequestId,
        LogicalResourceId: 'Resource',
        ResourceType: values['resource-type'] ?? 'Custom::Resource',
        ResourceProperties: { ServiceToken, ...props },
      };
      if (type === 'Create') return { ...common, RequestType: type };
      const PhysicalResourceId = values['physical-id'] ?? `${STACK}-Resource-${RequestId.slice(0, 8)}`;
      return type === 'Update'
        ? { ...common, RequestType: type, PhysicalResourceId, OldResourceProperties: { ServiceToken, ...props } }
        : { ...common, RequestType: type, PhysicalResourceId };
    },
  },
} as const satisfies Record<string, EventKindDef>;
export type EventKind = keyof typeof EVENT_KINDS;

export const isEventKind = (kind: string): kind is EventKind => Object.hasOwn(EVENT_KINDS, kind);

/** Builds a kind's event, refusing an option the kind does not take. */
export async function buildEvent(kind: EventKind, values: EventValues): Promise<unknown> {
  const def: EventKindDef = EVENT_KINDS[kind];
  const stray = (Object.keys(values) as OptionName[]).filter((o) => values[o] !== undefined && !def.options.includes(o));
  if (stray.length)
    fail(`${kind} takes ${def.options.length ? def.options.map((o) => `--${o}`).join(', ') : 'no options'}, not ${stray.map((o) => `--${o}`).join(', ')}`);
  return await def.build(values);
}

/**
 * `--path GET /api/x` is two words: joined into one value (`--path "GET /api/x"`) before parseArgs
 * reads the line. A lone path (`--path /api/x`) is a GET.
 */
export function joinPathArgs(args: string[]): string[] {
  const out = [...args];
  const i = out.indexOf('--path');
  if (i >= 0 && /^[A-Za-z]+$/.test(out[i + 1] ?? '') && out[i + 2]?.startsWith('/')) out.splice(i + 1, 2, `${out[i + 1]} ${out[i + 2]}`);
  return out;
}
