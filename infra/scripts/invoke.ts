/**
 * `npm run invoke -- <function> ...`: one Lambda function of the stack, run in this process against
 * the running twin's services with the event AWS would send it (sam local invoke's loop, on the
 * twin). The functions and their triggers: ./lambda/functions.ts; the events: ./lambda/events.ts.
 */
import { fileURLToPath } from 'node:url';
import { parseCli, usageError, type Help } from './cli.js';
import { functionList, functionNamed, STACK_FUNCTIONS, type StackFunction } from './lambda/functions.js';
import { EventError, httpEvent, joinPathArgs, parseRequest, routeOf, urlEvent } from './lambda/events.js';
import { findTwin, NoTwinError, parseCaller, tokenFor, useTwinEnv, verifiedClaims, type RunningTwin } from './lambda/twin-session.js';

const HELP: Help = {
  usage: [
    'npm run invoke -- <function> --path <method> <path> [--body <file>] [--as <caller>] [options]',
    'npm run invoke -- <function> [--event <file>] [options]',
    'npm run invoke -- --list',
  ],
  about: `Runs one Lambda function of the stack in this process, against the running local twin's services
(npm start: same PORT and DATA_DIR), with the event AWS would send it, and prints its answer
(status, headers and body, or what a job returns) and the logs it wrote. --path turns a request into
the HTTP API's event for the route it matches (the render function's: a function URL event); --as
signs in through the twin's Cognito and adds the JWT authorizer's claims, and a protected route
without a caller is answered 401 before the handler, as the authorizer does. --event takes an event
file (npm run event -- <kind> writes one; - reads standard input); a job whose event needs nothing
(the media sweep) runs without one. The release function publishes the release it is given now.
The rotation function does not run on the twin (it has no Secrets Manager: its calls would go to AWS).
Exit code: 0 when the function answered; 1 when it threw (or, with --fail-on-5xx, answered 5xx) or
for a bad command line; 2 when it could not be called (no twin, a bad event file).`,
  options: [
    ['--list', 'List the functions of the stack with their trigger and event kind.'],
    ['--path <method> <path>', 'The request, e.g. GET /api/languages (a ?query may follow the path).'],
    ['--body <file>', "The request's body (JSON for the API)."],
    ['--header "<name>: <value>"', 'A request header (repeatable).'],
    ['--as <caller>', 'admin, editor:<language> (a user made an editor of it), learner (the demo learner) or anonymous.'],
    ['--event <file>', 'The event, as JSON (- for standard input).'],
    ['--watch', 'Invoke again whenever a source file of the function (or the event or body file) changes.'],
    ['--fail-on-5xx', 'Exit 1 when the answer is a 5xx.'],
    ['--show-event', 'Print the event before the answer.'],
    ['--full', 'Print a long HTML or text body whole.'],
  ],
  env: [
    ['PORT', "The running twin's port (default 3000), as for npm start."],
    ['DATA_DIR', "The running twin's data folder (default .data), as for npm start."],
  ],
  examples: [
    'npm run invoke -- --list',
    'npm run invoke -- languages --path GET /api/languages',
    'npm run invoke -- languages --path POST /api/languages --body lang.json --as admin',
    'npm run invoke -- levels --path GET /api/levels --as editor:es --watch',
    'npm run invoke -- render --path GET /es',
    'npm run event -- schedule --release 01JABC... | npm run invoke -- publish-release --event -',
    'npm run invoke -- media-sweep',
  ],
};

const { values, positionals } = parseCli(
  HELP,
  {
    list: { type: 'boolean' },
    path: { type: 'string' },
    body: { type: 'string' },
    header: { type: 'string', multiple: true },
    as: { type: 'string' },
    event: { type: 'string' },
    watch: { type: 'boolean' },
    'fail-on-5xx': { type: 'boolean' },
    'show-event': { type: 'boolean' },
    full: { type: 'boolean' },
  },
  { positionals: true, args: joinPathArgs(process.argv.slice(2)) },
);

if (values.list) {
  process.stdout.write(functionList());
  process.exit(0);
}

const names = STACK_FUNCTIONS.map((f) => f.name).join(', ');
if (positionals.length !== 1) usageError(HELP, positionals.length ? `Give one function, not ${positionals.join(' ')}.` : `Give a function: ${names}.`);
const fn = functionNamed(positionals[0]) ?? usageError(HELP, `No function ${positionals[0]} in the stack: ${names}.`);
checkOptions(fn);

if (values.watch) {
  const { watchAndRerun } = await import('./lambda/watch.js');
  const args = process.argv.slice(2).filter((a) => a !== '--watch');
  await watchAndRerun(
    fileURLToPath(import.meta.url),
    args,
    fn.entry,
    [values.event, values.body].filter((f): f is string => !!f && f !== '-'),
  );
}

/** What the command line may ask of this function; anything else ends here, before the twin is looked for. */
function checkOptions(f: StackFunction) {
  if (f.notOnTwin) {
    console.error(`${f.name} does not run on the twin: ${f.notOnTwin}\nnpm run event -- ${f.event} writes its event.`);
    process.exit(2);
  }
  if (values.event !== undefined && values.path !== undefined) usageError(HELP, 'Give --event or --path, not both.');
  const request = values.path !== undefined;
  if (request && f.event !== 'http' && f.event !== 'url') usageError(HELP, `${f.name} is not called with a request (its trigger: ${f.trigger}): give --event.`);
  if (!request && (values.body !== undefined || values.header || values.as !== undefined)) usageError(HELP, '--body, --header and --as go with --path.');
  if (values.as !== undefined && f.event !== 'http') usageError(HELP, `--as is for the API's functions: ${f.name} gets no caller's claims.`);
  if (values.as !== undefined && !parseCaller(values.as)) usageError(HELP, `--as ${values.as}: give admin, editor:<language>, learner or anonymous.`);
  if (!request && values.event === undefined && f.event !== 'scheduled-event') {
    usageError(
      HELP,
      f.event === 'http' || f.event === 'url'
        ? `${f.name} needs --path <method> <path> (or --event).`
        : `${f.name} needs --event (npm run event -- ${f.event} writes one).`,
    );
  }
}

const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};

async function readEvent(file: string): Promise<unknown> {
  const { readFile } = await import('node:fs/promises');
  let text: string;
  try {
    text = file === '-' ? await new Response(process.stdin as unknown as ReadableStream).text() : await readFile(file, 'utf8');
  } catch (e) {
    return fail(`Cannot read the event ${file}: ${(e as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    return fail(`The event ${file} is not JSON: ${(e as Error).message}`);
  }
}

/** The event of `--path`: what the twin's gateway would hand the function (or answer itself: 401, 413). */
async function requestEvent(twin: RunningTwin, f: StackFunction): Promise<{ event?: unknown; refused?: { status: number; message: string } }> {
  const { readFile } = await import('node:fs/promises');
  const request = parseRequest(values.path ?? '');
  const body =
    values.body === undefined
      ? undefined
      : await readFile(values.body, 'utf8').catch((e: unknown) => fail(`Cannot read the body ${values.body}: ${(e as Error).message}`));
  const headers: Record<string, string> = { host: `localhost:${twin.port}` };
  for (const h of values.header ?? []) {
    const m = /^([^:\s]+):\s*(.*)$/.exec(h) ?? usageError(HELP, `--header "${h}" is not "name: value"`);
    headers[m[1].toLowerCase()] = m[2];
  }
  if (f.event === 'url') return { event: urlEvent({ request, body, headers }) };

  const { route } = routeOf(request);
  if (route.fn !== f.name) usageError(HELP, `${route.method} ${route.path} is served by ${route.fn}, not ${f.name}.`);
  const token = await tokenFor(twin, parseCaller(values.as ?? 'anonymous') ?? { kind: 'anonymous' });
  if (token) headers.authorization = `Bearer ${token}`;
  // As the HTTP API: a protected route needs a valid token before any code runs.
  if (route.access !== 'public' && !token) return { refused: { status: 401, message: 'Unauthorized' } };
  const { bodyLimit, tooLargeText } = await import('../../functions/lib/http-input.js');
  if (body !== undefined && Buffer.byteLength(body) > bodyLimit(route)) return { refused: { status: 413, message: tooLargeText(bodyLimit(route)) } };
  const claims = token && route.access !== 'public' ? await verifiedClaims(twin, token) : undefined;
  return { event: httpEvent({ request, body, headers, claims }) };
}

const twin = await findTwin().catch((e: unknown) => {
  if (e instanceof NoTwinError) return fail(e.message);
  throw e;
});
useTwinEnv(twin);
const title = values.path
  ? `${fn.name} · ${values.path}${values.as ? ` as ${values.as}` : ''}`
  : `${fn.name} · ${values.event === '-' ? 'event from stdin' : values.event ? `event ${values.event}` : `its ${fn.event} event`}`;
try {
  const { formatInvocation, formatHttpAnswer, statusOf } = await import('./lambda/output.js');
  let event: unknown;
  if (values.path !== undefined) {
    const made = await requestEvent(twin, fn);
    if (made.refused) {
      const { status, message } = made.refused;
      const answer = formatHttpAnswer({ statusCode: status, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message }) }, false);
      console.log(`── ${title} · refused by API Gateway before the handler\n\n${answer}`);
      process.exit(values['fail-on-5xx'] && status >= 500 ? 1 : 0);
    }
    event = made.event;
  } else if (values.event !== undefined) event = await readEvent(values.event);
  else {
    const { buildEvent } = await import('./lambda/events.js');
    event = await buildEvent(fn.event, {});
  }
  if (values['show-event']) console.log(`── event\n${JSON.stringify(event, null, 2)}\n`);
  const { invokeHandler } = await import('./lambda/run.js');
  const inv = await invokeHandler(fn.entry, fn.name, event);
  process.stdout.write(formatInvocation(title, inv, values.full === true));
  const status = statusOf(inv);
  // Open sockets (SDK clients' keep-alive) would hold the process: the invocation is over.
  process.exit(inv.error !== undefined || (values['fail-on-5xx'] && status !== undefined && status >= 500) ? 1 : 0);
} catch (e) {
  if (e instanceof EventError || e instanceof NoTwinError) fail(e.message);
  throw e;
}
