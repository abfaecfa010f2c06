/**
 * The running twin `npm run invoke` calls a function against: found as `npm start` left it (PORT,
 * DATA_DIR and {DATA_DIR}/twin.json), the environment the twin gives its functions (twin.ts's
 * functionEnv and stateEnv), and callers for `--as`, signed in through the twin's Cognito with
 * the claims its JWT authorizer verifies (infra/twin/gateway.ts).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { AdminListGroupsForUserCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { EDITOR_GROUP, editorLanguageGroup } from '../../../shared/roles.js';
import { ensureUser, localClients, readState, type TwinState } from '../../twin/bootstrap.js';
import { portsFor, type Ports } from '../../twin/services.js';
import { functionEnv, LEARNER_EMAIL, ROOT, stateEnv } from '../../twin/twin.js';

export interface RunningTwin {
  port: number;
  ports: Ports;
  dataDir: string;
  state: TwinState;
}

/** No twin answers where PORT and DATA_DIR say: the message says how to start one. */
export class NoTwinError extends Error {}

/** The twin on PORT (default 3000) whose data folder is DATA_DIR (default .data), as `npm start` reads them. */
export async function findTwin(): Promise<RunningTwin> {
  const port = Number(process.env.PORT ?? 3000);
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(ROOT, '.data'));
  const env = `${process.env.PORT ? `PORT=${port} ` : ''}${process.env.DATA_DIR ? `DATA_DIR=${dataDir} ` : ''}`;
  const start = `start one in another terminal with \`${env}npm start\`, then run this again`;
  const state = readState(dataDir);
  if (!state) throw new NoTwinError(`No twin has run with the data folder ${dataDir}: ${start}.`);
  let served: { userPoolId?: unknown };
  try {
    served = (await (await fetch(`http://127.0.0.1:${port}/config.json`, { signal: AbortSignal.timeout(5000) })).json()) as typeof served;
  } catch {
    throw new NoTwinError(`No twin is running on port ${port}: ${start}.`);
  }
  if (served.userPoolId !== state.userPoolId) {
    throw new NoTwinError(`The twin on port ${port} does not use the data folder ${dataDir}: set PORT and DATA_DIR as for its npm start.`);
  }
  return { port, ports: portsFor(port), dataDir, state };
}

/** Gives this process the environment the twin gives its functions (before any function module loads). */
export function useTwinEnv(twin: RunningTwin): void {
  Object.assign(process.env, functionEnv(twin.ports), stateEnv(twin.ports, twin.state));
}

/** Who calls with `--as`: the twin's admin, its demo learner, an editor of one language, or nobody. */
export type Caller = { kind: 'admin' } | { kind: 'learner' } | { kind: 'editor'; language: string } | { kind: 'anonymous' };

export function parseCaller(text: string): Caller | undefined {
  if (text === 'admin' || text === 'learner' || text === 'anonymous') return { kind: text };
  const m = /^editor:([a-z0-9-]+)$/.exec(text);
  return m ? { kind: 'editor', language: m[1] } : undefined;
}

/** The editor `--as editor:<lang>` signs in as: one user per language, made (and given it) on first use. */
export const editorEmail = (language: string) => `editor-${language}@parrotphrases.test`;

const signIn = async (twin: RunningTwin, email: string, password: string) => {
  const r = await localClients(twin.ports).cognito.send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: twin.state.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  const token = r.AuthenticationResult?.AccessToken;
  if (!token) throw new Error(`The twin's Cognito gave ${email} no access token (${r.ChallengeName ?? 'no challenge'})`);
  return token;
};

/**
 * An editor of `language`: the user is created (or its password reset) in the twin's pool, then,
 * if it lacks the language's groups, made its editor through the API as the admin would be.
 */
async function editorToken(twin: RunningTwin, language: string, adminToken: string) {
  const email = editorEmail(language);
  const password = `Editor-${randomBytes(6).toString('hex')}-5c`;
  const { cognito } = localClients(twin.ports);
  const sub = await ensureUser(cognito, twin.state.userPoolId, email, password, false);
  const groups = await cognito.send(new AdminListGroupsForUserCommand({ UserPoolId: twin.state.userPoolId, Username: sub }));
  const names = new Set((groups.Groups ?? []).map((g) => g.GroupName));
  if (!names.has(EDITOR_GROUP) || !names.has(editorLanguageGroup(language))) {
    const res = await fetch(`http://127.0.0.1:${twin.port}/api/admin/users/${encodeURIComponent(sub)}/editor`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ languages: [language], publish_posts: false }),
    });
    if (!res.ok) throw new Error(`Could not make ${email} an editor of ${language}: ${res.status} ${await res.text()}`);
  }
  return signIn(twin, email, password);
}

/** An access token for the caller (none for anonymous), from the twin's Cognito. */
export async function tokenFor(twin: RunningTwin, caller: Caller): Promise<string | undefined> {
  const { state } = twin;
  if (caller.kind === 'anonymous') return undefined;
  if (!state.adminEmail || !state.adminPassword || !state.learnerPassword) {
    throw new NoTwinError(`${path.join(twin.dataDir, 'twin.json')} lacks the twin's sign-ins: restart the twin (npm start) to record them.`);
  }
  if (caller.kind === 'learner') return signIn(twin, LEARNER_EMAIL, state.learnerPassword);
  const admin = await signIn(twin, state.adminEmail, state.adminPassword);
  return caller.kind === 'admin' ? admin : editorToken(twin, caller.language, admin);
}

/** The claims the HTTP API's JWT authorizer would pass for this token (the twin's own authorizer verifies it). */
export async function verifiedClaims(twin: RunningTwin, token: string): Promise<Record<string, unknown>> {
  // Imported late: the gateway loads function modules, which read the environment useTwinEnv sets.
  const { authorizer } = await import('../../twin/gateway.js');
  const verifier = await authorizer(`http://127.0.0.1:${twin.ports.cognito}`, twin.state);
  return await verifier.verify(token);
}
