/**
 * The media handler's answer when Polly fails: a fault no local server can produce, so Polly is
 * mocked (aws-sdk-client-mock); the handler, router and error mapping are the real ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { PollyClient, SynthesizeSpeechCommand } from '@aws-sdk/client-polly';
import { S3Client } from '@aws-sdk/client-s3';
import { AdminListGroupsForUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { config } from '../../functions/lib/config.js';
import { handler } from '../../functions/handlers/media.js';
import type { Event } from '../../functions/lib/http.js';
import { ADMIN_GROUP } from '../../shared/product.js';
import { MARKS_TEXT } from '../../shared/speech-marks.js';

const event = (body: unknown, groups = [ADMIN_GROUP]) =>
  ({
    routeKey: 'POST /api/media/tts',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    isBase64Encoded: false,
    requestContext: { authorizer: { jwt: { claims: { sub: 'u1', token_use: 'access', 'cognito:groups': `[${groups.join(' ')}]` }, scopes: [] } } },
  }) as unknown as Event;
const call = async (e: Event) => {
  const r = await handler(e, {} as Context);
  return { status: r.statusCode, body: JSON.parse(r.body as string) };
};

describe('POST /api/media/tts with Polly', () => {
  const polly = mockClient(PollyClient);
  const s3 = mockClient(S3Client);
  // The admin's current membership (functions/lib/membership.ts) and the per-admin limit
  // (functions/data/limits.ts) are not what this file tests: both answer "go ahead".
  const cognito = mockClient(CognitoIdentityProviderClient);
  cognito.on(AdminListGroupsForUserCommand).resolves({ Groups: [{ GroupName: ADMIN_GROUP }] });
  const ddb = mockClient(DynamoDBDocumentClient);
  ddb.on(UpdateCommand).resolves({ Attributes: { count: 1 } });
  // The language has chosen no voice nor pronunciations: its default voice.
  ddb.on(GetCommand).resolves({});
  let previous: typeof config.speechEngine;
  beforeAll(() => {
    previous = config.speechEngine;
    config.speechEngine = 'polly';
  });
  afterAll(() => {
    config.speechEngine = previous;
    polly.restore();
    s3.restore();
    cognito.restore();
    ddb.restore();
  });

  it('answers 502 with the engine message and stores nothing when Polly fails', async () => {
    polly.on(SynthesizeSpeechCommand).rejects(Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }));
    const r = await call(event({ text: 'Hola', language: 'es' }));
    expect(r).toEqual({ status: 502, body: { message: 'Rate exceeded' } });
    expect(s3.calls()).toHaveLength(0);
  });

  it('answers 400 on the text when Polly refuses a phrase\'s marks (docs/back-office.md "Marks"), and stores nothing', async () => {
    polly.resetHistory();
    s3.resetHistory();
    polly.on(SynthesizeSpeechCommand).rejects(Object.assign(new Error('Unsupported phoneme'), { name: 'InvalidSsmlException' }));
    const r = await call(event({ text: 'Un {ipa ʘ}clic{/ipa}.', language: 'es' }));
    const message = `${MARKS_TEXT.refused} (Unsupported phoneme)`;
    expect(r).toEqual({ status: 400, body: { message, fields: { text: message } } });
    expect(polly.commandCalls(SynthesizeSpeechCommand)[0].args[0].input).toMatchObject({ TextType: 'ssml' });
    expect(s3.calls()).toHaveLength(0);
  });

  it('refuses a non-admin before calling Polly', async () => {
    polly.resetHistory();
    const r = await call(event({ text: 'Hola' }, []));
    expect(r.status).toBe(403);
    expect(polly.calls()).toHaveLength(0);
  });
});
