/**
 * `npm run event -- <kind> [options]`: writes to stdout the event one trigger of the stack sends a
 * function, as AWS sends it (sam local generate-event's counterpart), for `npm run invoke -- <function>
 * --event <file>` or for editing by hand. The kinds and their options: ./lambda/events.ts.
 */
import { parseCli, usageError, type Help } from './cli.js';
import { buildEvent, EVENT_KINDS, EVENT_OPTIONS, EventError, isEventKind, joinPathArgs } from './lambda/events.js';

const kinds = Object.entries(EVENT_KINDS).map(([kind, def]): [string, string] => [kind, def.about]);
const HELP: Help = {
  usage: ['npm run event -- <kind> [options]'],
  about: `Writes to stdout the event a trigger of the stack sends a Lambda function, as AWS sends it, with
the fields the product reads filled in (ids and times new, ARNs made up), for npm run invoke -- <function>
--event <file> (npm run invoke -- --list names each function's kind). No twin or AWS account is needed.
An http event's claims are a made-up caller's (--sub): npm run invoke -- --as signs in for real.

Kinds:
${kinds.map(([k, about]) => `  ${k.padEnd(17)}${about}`).join('\n')}`,
  options: Object.values(EVENT_OPTIONS).map(([flags, meaning]): [string, string] => [flags, meaning]),
  examples: [
    'npm run event -- http --path GET /api/languages > languages.json',
    'npm run event -- http --path PUT /api/settings --body settings.json --sub 1234 --groups admins',
    'npm run event -- url --path GET /es/a1',
    'npm run event -- schedule --release 01JABCDEFGHJKMNPQRSTVWXYZ0 > release.json',
    'npm run event -- scheduled-event',
    'npm run event -- rotation --step setSecret',
    'npm run event -- custom-resource --request-type Update --properties props.json',
  ],
};

const options = Object.fromEntries(
  Object.keys(EVENT_OPTIONS).map((name) => [name, name === 'header' ? { type: 'string' as const, multiple: true } : { type: 'string' as const }]),
);
const { values, positionals } = parseCli(HELP, options, { positionals: true, args: joinPathArgs(process.argv.slice(2)) });
const [kind, ...rest] = positionals;
if (!kind || rest.length) usageError(HELP, kind ? `Give one kind, not ${positionals.join(' ')}.` : `Give a kind: ${Object.keys(EVENT_KINDS).join(', ')}.`);
if (!isEventKind(kind)) usageError(HELP, `No event kind ${kind}: ${Object.keys(EVENT_KINDS).join(', ')}.`);
try {
  process.stdout.write(`${JSON.stringify(await buildEvent(kind, values), null, 2)}\n`);
} catch (e) {
  if (!(e instanceof EventError)) throw e;
  usageError(HELP, e.message);
}
