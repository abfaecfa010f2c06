/**
 * The gateway's /cognito: cognito-local, for Amplify in the browser and for the functions' SDK
 * clients, with what it lacks or allows that Cognito does not done here as Cognito does it:
 *  - calls that Cognito authorizes with IAM credentials only must be signed (cognito-local checks none);
 *  - a body that is not a JSON object is Cognito's 400 error, not a crash;
 *  - AdminUserGlobalSignOut: the user's refresh tokens issued until then stop working (access tokens
 *    live out their 15 minutes, as in AWS, where admin routes re-check the group anyway);
 *  - GetTokensFromRefreshToken becomes InitiateAuth REFRESH_TOKEN_AUTH;
 *  - CreateGroup of a group that exists is GroupExistsException (cognito-local replaces the group,
 *    dropping its members: a second editor made would take the first one's rights away);
 *  - user lists page as Cognito's do (./cognito-paging.ts);
 *  - invitations: temporary passwords, the mail and its resending, the new-password step (./cognito-invites.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cognitoInvitations, type InvitationOptions } from './cognito-invites.js';
import { emulateCognito } from './cognito-paging.js';

const AMZ_JSON = { 'content-type': 'application/x-amz-json-1.1' };
const SERVICE = 'AWSCognitoIdentityProviderService.';

interface Reply {
  status: number;
  body: unknown;
}
const cognitoError = (type: string, message: string, status = 400): Reply => ({ status, body: { __type: type, message } });

/**
 * The calls Cognito authorizes with IAM credentials, which must come SigV4-signed: every Admin* call
 * and the pool's user and group management (the "IAM-authenticated" operations of
 * https://docs.aws.amazon.com/cognito/latest/developerguide/user-pools-API-operations.html). Amplify
 * in the browser never makes them; the functions' SDK clients sign theirs (with the twin's dummy keys).
 */
const IAM_ONLY = new Set(['ListUsers', 'ListUsersInGroup', 'ListGroups', 'DescribeUserPool', 'CreateGroup', 'GetGroup', 'UpdateGroup', 'DeleteGroup']);
export const needsIamAuth = (target: string) => target.startsWith('Admin') || IAM_ONLY.has(target);
/** The Authorization header of a SigV4-signed Cognito call (its form: the twin has no real keys to check it with). */
const SIGNED = /^AWS4-HMAC-SHA256 Credential=[^/\s]+\/\d{8}\/[a-z0-9-]+\/cognito-idp\/aws4_request, ?SignedHeaders=[a-z0-9;-]+, ?Signature=[0-9a-f]{64}$/;
/**
 * What AWS answers a call without credentials (MissingAuthenticationToken, 403:
 * https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/CommonErrors.html).
 */
const UNSIGNED = cognitoError('MissingAuthenticationTokenException', 'Missing Authentication Token', 403);

/** The request's JSON object, or undefined when the body is not one (Cognito answers 400 SerializationException). */
function jsonObject(body: Buffer): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The claims of cognito-local's refresh token (a JWT naming the user and its issue time), or {} for anything else. */
function refreshClaims(token: string): Record<string, unknown> {
  return jsonObject(Buffer.from(token.split('.')[1] ?? '', 'base64url')) ?? {};
}

export function cognitoStandIn(cognitoUrl: string, invitationOptions: InvitationOptions) {
  const signedOutAt = new Map<string, number>();
  const call = async (target: string, body: unknown) =>
    fetch(`${cognitoUrl}/`, { method: 'POST', headers: { ...AMZ_JSON, 'x-amz-target': `${SERVICE}${target}` }, body: JSON.stringify(body) });
  const callJson = async (t: string, b: unknown) => {
    const r = await call(t, b);
    return { ok: r.ok, status: r.status, json: (await r.json()) as unknown };
  };
  const invitations = cognitoInvitations(callJson, invitationOptions);

  async function globalSignOut({ UserPoolId, Username }: Record<string, unknown>): Promise<Reply> {
    const found = await call('AdminGetUser', { UserPoolId, Username });
    if (!found.ok) return cognitoError('UserNotFoundException', 'User does not exist.');
    const user = (await found.json()) as { Username: string };
    signedOutAt.set(user.Username, Math.floor(Date.now() / 1000));
    return { status: 200, body: {} };
  }

  /** Whether this InitiateAuth refreshes with a token issued before its user's global sign-out. */
  function revoked(target: string, input: Record<string, unknown>) {
    const refreshToken = (input.AuthParameters as { REFRESH_TOKEN?: unknown } | undefined)?.REFRESH_TOKEN;
    if (target !== 'InitiateAuth' || typeof refreshToken !== 'string' || !refreshToken) return false;
    const claims = refreshClaims(refreshToken);
    const user = claims['cognito:username'];
    const cutoff = typeof user === 'string' ? signedOutAt.get(user) : undefined;
    return cutoff !== undefined && typeof claims.iat === 'number' && claims.iat <= cutoff;
  }

  /** Cognito's answer to one call, or the call (target, input) whose answer cognito-local gives right. */
  async function answer(req: IncomingMessage, target: string, body: Buffer): Promise<Reply | [string, Record<string, unknown>]> {
    if (needsIamAuth(target) && !SIGNED.test(req.headers.authorization ?? '')) return UNSIGNED;
    let input = jsonObject(body);
    if (!input) return cognitoError('SerializationException', 'The request body is not a JSON object.');
    if (target === 'AdminUserGlobalSignOut') return globalSignOut(input);
    // https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_CreateGroup.html#API_CreateGroup_Errors
    if (target === 'CreateGroup' && (await call('GetGroup', { UserPoolId: input.UserPoolId, GroupName: input.GroupName })).ok) {
      return cognitoError('GroupExistsException', 'A group with the name already exists.');
    }
    if (target === 'GetTokensFromRefreshToken') {
      target = 'InitiateAuth';
      input = { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: input.ClientId, AuthParameters: { REFRESH_TOKEN: input.RefreshToken } };
    }
    const emulated = (await invitations(target, input)) ?? (await emulateCognito(target, Buffer.from(JSON.stringify(input)), callJson));
    if (emulated) return emulated;
    if (revoked(target, input)) return cognitoError('NotAuthorizedException', 'Refresh Token has been revoked');
    return [target, input];
  }

  return async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'POST, OPTIONS' });
      return void res.end();
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const target = String(req.headers['x-amz-target'] ?? '').replace(SERVICE, '');
    const out = await answer(req, target, Buffer.concat(chunks));
    if (!Array.isArray(out)) return void res.writeHead(out.status, AMZ_JSON).end(JSON.stringify(out.body));
    // cognito-local's own answer, as it gives it.
    const r = await call(...out);
    res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? AMZ_JSON['content-type'] }).end(Buffer.from(await r.arrayBuffer()));
  };
}
