/** Real sign-ins against cognito-local and HTTP calls through the local gateway. */
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { expect, inject } from 'vitest';
import { ensureUser } from '../../infra/twin/bootstrap.js';

export const twin = () => inject('twin');

/**
 * Points the product code this process imports afterwards at the twin's table and user pool (whose
 * groups say which languages have reviewers), and with `cdn` its CDN, as a function's environment
 * does on AWS: for tests that call a service or job directly.
 */
export function pointAtTwin(opts: { cdn?: boolean } = {}) {
  Object.assign(process.env, {
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${twin().ports.dynamodb}`,
    TABLE_NAME: 'parrot-phrases',
    USER_POOL_ID: twin().userPoolId,
    COGNITO_ENDPOINT: `http://127.0.0.1:${twin().ports.gateway}/cognito`,
    ...(opts.cdn ? { CDN_DISTRIBUTION_ID: 'LOCAL', CLOUDFRONT_ENDPOINT: `http://127.0.0.1:${twin().ports.gateway}` } : {}),
  });
}

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

/** A call that must succeed (2xx, else the test fails showing the body): its response, for what the test reads next. */
export async function ok<R extends { status: number; body?: unknown }>(call: Promise<R>) {
  const r = await call;
  expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
  return r;
}

/** A call the API must refuse as invalid input (400): the messages it answers with, by field. */
export async function invalidFields(method: string, path: string, opts: Parameters<typeof api>[2]) {
  const r = await api(method, path, opts);
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  return r.body.fields as Record<string, string>;
}

/** A token's claims (its payload, unverified: the twin made it). */
export const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
/** A user's `sub`, read from their token. */
export const subOf = (token: string) => claimsOf(token).sub as string;

/**
 * `email` made an editor of `languages` (with the blog right if `publish_posts`) by `admin`, as User
 * Management does, and signed in for a token that carries the groups.
 */
export async function editorToken(admin: string, email: string, languages: string[], publish_posts = false) {
  await ok(api('PUT', `/api/admin/users/${subOf(await userToken(email))}/editor`, { token: admin, body: { languages, publish_posts } }));
  return signIn(email, 'Learner-Passw0rd!');
}

/** Phrases ([original, translation]) added to a lesson as one audio group, as an admin would. */
export const addPhrases = (
  token: string,
  lesson: { language_id: string; level_id: string; lesson_id: string },
  audio_url: string,
  phrases: [string, string][],
) =>
  ok(
    api('POST', '/api/phrases', {
      token,
      body: { ...lesson, audio_url, phrases: phrases.map(([original_text, translated_text]) => ({ original_text, translated_text })) },
    }),
  );

/** A Cognito call as Amplify makes it, through the gateway's /cognito endpoint: its status and JSON body. */
export async function cognitoCall(target: string, body: unknown) {
  const res = await fetch(`${twin().url}/cognito`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}
