/** Real sign-ins against cognito-local and HTTP calls through the local gateway. */
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';
import { ensureUser } from '../../infra/local/bootstrap.js';

export const twin = () => inject('twin');

const cognito = () =>
  new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${twin().ports.cognito}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

export async function signIn(email: string, password: string) {
  const r = await cognito().send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: twin().userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  return r.AuthenticationResult!.AccessToken!;
}

export const adminToken = () => signIn(twin().admin.email, twin().admin.password);

/** A confirmed user outside the admins group. */
export async function userToken(email = 'learner@parrotphrases.test') {
  const password = 'Learner-Passw0rd!';
  await ensureUser(cognito(), twin().userPoolId, email, password, false);
  return signIn(email, password);
}

export async function api(method: string, path: string, opts: { token?: string; body?: unknown; raw?: string } = {}) {
  const res = await fetch(twin().url + path, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body !== undefined || opts.raw ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** A Cognito call as Amplify makes it, through the gateway's /cognito endpoint: its status and JSON body. */
export async function cognitoCall(target: string, body: unknown) {
  const res = await fetch(`${twin().url}/cognito`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}
