/**
 * `npm run export -- [--out file]` and `npm run import -- <file> [--dry-run] [--yes]`: the back
 * office's Export Course / Import Course from a terminal, through the same API (docs/backup.md).
 *
 * Where: the running local twin by default (its URL from PORT, its admin from DATA_DIR/twin.json, as
 * `npm start` wrote them); `--stage dev|prod` a deployed stage (site URL and app client from the
 * stack's outputs; needs AWS credentials); `--url https://...` any site (from its /config.json).
 * Who: outside the twin, an administrator's e-mail and password from --email/--password, or
 * BACKUP_EMAIL/BACKUP_PASSWORD, else asked for; --mfa-code when their sign-in asks for one.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { MAX_BACKUP_BYTES, type ImportResult } from '../../shared/contracts/backup.js';
import { parseCli, usageError, type Help } from './cli.js';

interface Target {
  url: string;
  clientId: string;
  /** Cognito's JSON endpoint (the twin's /cognito, else the region's). */
  cognito: string;
  email?: string;
  password?: string;
}

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const HELP: Help = {
  usage: [
    'npm run export -- [--out <file>] [--stage <dev|prod> | --url <site>]',
    'npm run import -- <file> [--dry-run] [--yes] [--stage <dev|prod> | --url <site>]',
  ],
  about: `Export: writes the whole course, the blog and the settings to one JSON file (the back office's
Export Course). Import: replaces them with a file's content, after showing what it would change
and asking to go on (the back office's Import Course). Both go through the site's API as an
administrator: the running local twin by default, a deployed stage with --stage, any site with --url.
Outside the twin, the administrator's e-mail and password are asked for unless given.`,
  options: [
    ['--out <file>', 'Export: the file to write (default: the name the API suggests, in this folder).'],
    ['--dry-run', 'Import: only show what the import would change.'],
    ['--yes', 'Import: go on without asking.'],
    ['--stage <dev|prod>', 'A deployed stage (its URL and app client from the stack outputs; needs AWS credentials).'],
    ['--url <site>', 'Any site, e.g. https://example.com (its app client from /config.json).'],
    ['--region <region>', "With --stage: the stack's region (default AWS_REGION, else us-east-1)."],
    ['--email <e-mail>', 'The administrator to sign in as (outside the twin).'],
    ['--password <password>', 'Their password.'],
    ['--mfa-code <code>', 'A current authenticator code, when their sign-in asks for one.'],
  ],
  env: [
    ['BACKUP_EMAIL, BACKUP_PASSWORD', 'The administrator, instead of --email/--password.'],
    ['PORT, DATA_DIR', 'The local twin (default 3000 and .data, as for npm start).'],
    ['AWS_PROFILE, AWS_REGION', 'With --stage: the AWS credentials and region.'],
  ],
  examples: [
    'npm run export -- --out course.json',
    'npm run import -- course.json --dry-run',
    'npm run import -- course.json --stage dev --email you@example.com',
  ],
};
const str = { type: 'string' } as const;
const { values: opt, positionals } = parseCli(
  HELP,
  {
    stage: str,
    url: str,
    region: str,
    out: str,
    email: str,
    password: str,
    'mfa-code': str,
    'dry-run': { type: 'boolean' },
    yes: { type: 'boolean' },
  },
  { positionals: true },
);
const [command, file] = positionals;

async function twinTarget(): Promise<Target> {
  const { readState } = await import('../twin/bootstrap.js');
  const { ROOT } = await import('../twin/twin.js');
  const dataDir = process.env.DATA_DIR ?? path.join(ROOT, '.data');
  const state = readState(dataDir) ?? fail(`No local twin in ${dataDir}: run npm start first (or give --stage or --url).`);
  const url = `http://localhost:${process.env.PORT ?? 3000}`;
  return { url, clientId: state.userPoolClientId, cognito: `${url}/cognito`, email: state.adminEmail, password: state.adminPassword };
}

/** A deployed stage, from its CloudFormation outputs. */
async function stageTarget(stage: string): Promise<Target> {
  const { CloudFormationClient, DescribeStacksCommand } = await import('@aws-sdk/client-cloudformation');
  const { STAGES } = await import('../cdk/context.js');
  const { stackNameOf } = await import('../cdk/stack.js');
  if (!STAGES.includes(stage as never)) fail(`--stage must be one of ${STAGES.join(', ')}`);
  const name = stackNameOf(stage as (typeof STAGES)[number]);
  const region = opt.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1';
  const outputs = (await new CloudFormationClient({ region }).send(new DescribeStacksCommand({ StackName: name }))).Stacks?.[0]?.Outputs ?? [];
  const out = (key: string) => outputs.find((o) => o.OutputKey === key)?.OutputValue ?? fail(`${name} has no ${key} output: is it deployed?`);
  const poolRegion = out('UserPoolId').split('_')[0];
  return { url: out('SiteUrl'), clientId: out('UserPoolClientId'), cognito: `https://cognito-idp.${poolRegion}.amazonaws.com/` };
}

/** Any site, from the runtime config it serves. */
async function urlTarget(site: string): Promise<Target> {
  const url = site.replace(/\/+$/, '');
  const cfg = (await (await fetch(`${url}/config.json`)).json()) as { userPoolClientId: string; userPoolEndpoint?: string; region: string };
  return { url, clientId: cfg.userPoolClientId, cognito: cfg.userPoolEndpoint ?? `https://cognito-idp.${cfg.region}.amazonaws.com/` };
}

async function ask(question: string, hidden = false): Promise<string> {
  if (!process.stdin.isTTY) return fail(`${question.trim()} is needed, and there is no terminal to ask on.`);
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  // Typed passwords are not echoed.
  if (hidden) (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s) => s.startsWith(question) && process.stdout.write(question);
  const answer = await rl.question(question);
  rl.close();
  if (hidden) process.stdout.write('\n');
  return answer.trim();
}

/** An access token of an administrator (USER_PASSWORD_AUTH, as the back office signs in). */
async function signIn(t: Target): Promise<string> {
  const email = opt.email ?? process.env.BACKUP_EMAIL ?? t.email ?? (await ask('Admin e-mail: '));
  const password = opt.password ?? process.env.BACKUP_PASSWORD ?? t.password ?? (await ask('Password: ', true));
  const call = async (action: string, body: object) => {
    const r = await fetch(t.cognito, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
      body: JSON.stringify(body),
    });
    const json = (await r.json()) as { message?: string; ChallengeName?: string; Session?: string; AuthenticationResult?: { AccessToken?: string } };
    return r.ok ? json : fail(`Cannot sign in as ${email}: ${json.message ?? r.status}`);
  };
  let auth = await call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: t.clientId, AuthParameters: { USERNAME: email, PASSWORD: password } });
  if (auth.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
    const code = opt['mfa-code'] ?? (await ask('Authenticator code: '));
    auth = await call('RespondToAuthChallenge', {
      ChallengeName: auth.ChallengeName,
      ClientId: t.clientId,
      Session: auth.Session,
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code },
    });
  }
  return auth.AuthenticationResult?.AccessToken ?? fail(`Signed in, but Cognito asks for ${auth.ChallengeName}: sign in once at ${t.url}/auth first.`);
}

/** One API call; a refused one ends the script with the API's message (and a 400's problems). */
async function call(t: Target, token: string, method: string, p: string, body?: string): Promise<{ data: unknown; headers: Headers }> {
  const r = await fetch(`${t.url}/api${p}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body,
  });
  const text = await r.text();
  const data = (text ? JSON.parse(text) : undefined) as { message?: string; fields?: Record<string, string> } | undefined;
  if (r.ok) return { data, headers: r.headers };
  const problems = Object.entries(data?.fields ?? {}).map(([where, message]) => `  ${where}: ${message}`);
  return fail(
    `${method} /api${p} answered ${r.status}: ${data?.message ?? text}${problems.length ? `\n${problems.length} problem(s):\n${problems.join('\n')}` : ''}`,
  );
}

const changesText = (r: ImportResult) =>
  Object.entries(r.changes)
    .map(([kind, c]) => `  ${kind.padEnd(10)} create ${c.create}, update ${c.update}, delete ${c.delete}, unchanged ${c.unchanged}`)
    .join('\n');

async function runExport(t: Target, token: string) {
  const { data, headers } = await call(t, token, 'GET', '/admin/export');
  const name = opt.out ?? /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '')?.[1] ?? 'parrot-phrases.json';
  const text = JSON.stringify(data);
  writeFileSync(name, text);
  const doc = data as Partial<Record<string, unknown[]>>;
  const counts = ['languages', 'levels', 'lessons', 'phrases', 'posts'].map((k) => `${doc[k]?.length ?? 0} ${k}`).join(', ');
  console.log(`Exported ${t.url} to ${name} (${(Buffer.byteLength(text) / 1024).toFixed(0)} KB): ${counts}, settings.`);
  if (Buffer.byteLength(text) > MAX_BACKUP_BYTES)
    console.warn(`Warning: larger than ${MAX_BACKUP_BYTES / 1024 / 1024} MB, the most an import takes (see docs/backup.md).`);
}

async function runImport(t: Target, token: string) {
  if (!file) return usageError(HELP, 'Give the file to import.');
  const text = readFileSync(file, 'utf8');
  if (Buffer.byteLength(text) > MAX_BACKUP_BYTES) fail(`${file} is larger than ${MAX_BACKUP_BYTES / 1024 / 1024} MB, the most an import takes.`);
  const plan = (await call(t, token, 'POST', '/admin/import?dry_run=true', text)).data as ImportResult;
  console.log(`Importing ${file} into ${t.url} would:\n${changesText(plan)}\n  (${plan.remaining} writes)`);
  if (opt['dry-run']) return;
  if (!plan.remaining) return console.log('Nothing to do: the site already holds this file.');
  if (!opt.yes && (await ask('This replaces the whole course, the blog and the settings. Type "yes" to go on: ')) !== 'yes')
    return console.log('Nothing was changed.');
  let written = 0;
  for (;;) {
    const data = (await call(t, token, 'POST', '/admin/import', text)).data as ImportResult;
    written += data.applied;
    if (data.status !== 'partial') break;
    console.log(`  ${written} writes so far, ${data.remaining} to go...`);
  }
  console.log(`Imported: ${written} writes. The site now holds what ${file} holds.`);
}

if (command !== 'export' && command !== 'import') usageError(HELP, 'Run it as npm run export or npm run import.');
if (command === 'import' && !file) usageError(HELP, 'Give the file to import.');
try {
  const target = opt.url ? await urlTarget(opt.url) : opt.stage ? await stageTarget(opt.stage) : await twinTarget();
  const token = await signIn(target);
  await (command === 'export' ? runExport(target, token) : runImport(target, token));
} catch (e) {
  // fetch says why in its cause (ECONNREFUSED: the twin is not running).
  const { message, cause } = e as Error & { cause?: { code?: string } };
  fail(`The ${command} failed: ${message}${cause?.code ? ` (${cause.code})` : ''}`);
}
