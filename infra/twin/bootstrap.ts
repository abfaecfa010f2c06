/**
 * First-start bootstrap of the local twin, idempotent on every start: the table, the buckets, the
 * user pool with its app client and `admins` group, and the admin user. What must survive restarts
 * (pool and client ids) is kept in {dataDir}/twin.json.
 */
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { GSI1, GSI1_KEY, TABLE_KEY, TTL_ATTRIBUTE } from '../../functions/lib/keys.js';
import { ADMIN_GROUP } from '../../shared/product.js';
import { EDITOR_GROUP, EDITOR_POSTS_GROUP } from '../../shared/roles.js';
import type { Ports } from './services.js';

export interface TwinState {
  userPoolId: string;
  userPoolClientId: string;
  seeded?: boolean;
  /** The twin's administrator and demo learner (passwords generated once per data folder). */
  adminEmail?: string;
  adminPassword?: string;
  learnerPassword?: string;
  /** The review reminders' VAPID key pair, made at the first start (functions/jobs/reminders.ts). */
  vapid?: { publicKey: string; privateKey: string };
}

export const TABLE = 'parrot-phrases';
export const BUCKETS = { content: 'content', assets: 'assets' };
export const REGION = 'us-east-1';
const creds = (k: string) => ({ accessKeyId: k, secretAccessKey: k });

export const localClients = (ports: Ports) => ({
  dynamodb: new DynamoDBClient({ region: REGION, endpoint: `http://127.0.0.1:${ports.dynamodb}`, credentials: creds('local') }),
  s3: new S3Client({
    region: REGION,
    endpoint: `http://127.0.0.1:${ports.s3}`,
    credentials: creds('S3RVER'),
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  }),
  cognito: new CognitoIdentityProviderClient({ region: REGION, endpoint: `http://127.0.0.1:${ports.cognito}`, credentials: creds('local') }),
});

export async function ensureTable(ddb: DynamoDBClient) {
  try {
    await ddb.send(new DescribeTableCommand({ TableName: TABLE }));
    return;
  } catch (e) {
    if ((e as Error).name !== 'ResourceNotFoundException') throw e;
  }
  const S = 'S' as const;
  await ddb.send(
    new CreateTableCommand({
      TableName: TABLE,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [TABLE_KEY.partition, TABLE_KEY.sort, GSI1_KEY.partition, GSI1_KEY.sort].map((AttributeName) => ({
        AttributeName,
        AttributeType: S,
      })),
      KeySchema: [
        { AttributeName: TABLE_KEY.partition, KeyType: 'HASH' },
        { AttributeName: TABLE_KEY.sort, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: GSI1,
          KeySchema: [
            { AttributeName: GSI1_KEY.partition, KeyType: 'HASH' },
            { AttributeName: GSI1_KEY.sort, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    }),
  );
  await ddb.send(new UpdateTimeToLiveCommand({ TableName: TABLE, TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true } }));
}

export async function ensureBuckets(s3: S3Client) {
  for (const Bucket of Object.values(BUCKETS)) {
    try {
      await s3.send(new HeadBucketCommand({ Bucket }));
    } catch {
      await s3.send(new CreateBucketCommand({ Bucket }));
    }
    // Browser uploads (presigned POST) come through the gateway's /s3 proxy, same origin; CORS kept for `npm run dev`.
    await s3.send(
      new PutBucketCorsCommand({
        Bucket,
        CORSConfiguration: { CORSRules: [{ AllowedMethods: ['GET', 'HEAD', 'POST', 'PUT'], AllowedOrigins: ['*'], AllowedHeaders: ['*'] }] },
      }),
    );
  }
}

async function ensurePool(cognito: CognitoIdentityProviderClient, state: TwinState | undefined): Promise<TwinState> {
  if (state) {
    try {
      await cognito.send(new DescribeUserPoolCommand({ UserPoolId: state.userPoolId }));
      return state;
    } catch {
      /* the cognito data was wiped: create anew */
    }
  }
  const pool = await cognito.send(
    new CreateUserPoolCommand({
      PoolName: 'parrot-phrases-local',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      // As the dev stage: users who enrolled an authenticator app are asked for its code.
      MfaConfiguration: 'OPTIONAL',
    }),
  );
  const userPoolId = required(pool.UserPool?.Id, 'CreateUserPool: the pool id');
  const client = await cognito.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      // As the CDK stack's client (infra/cdk/constructs/auth.ts): tokens live 15 minutes, refreshed silently.
      AccessTokenValidity: 15,
      IdTokenValidity: 15,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes' },
    }),
  );
  await cognito.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: ADMIN_GROUP, Description: 'Site administrators' }));
  // As the CDK stack's groups (infra/cdk/constructs/auth.ts); each language's editor group is made when first given.
  for (const group of [EDITOR_GROUP, EDITOR_POSTS_GROUP]) await cognito.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group }));
  return { userPoolId, userPoolClientId: required(client.UserPoolClient?.ClientId, 'CreateUserPoolClient: the client id') };
}

/** A field the Cognito API always returns for a success, though its SDK types every field optional. */
function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is missing from cognito-local's answer`);
  return value;
}

/** Creates (or resets the password of) a confirmed user; adds it to `admins` when asked. Returns its sub. */
export async function ensureUser(cognito: CognitoIdentityProviderClient, userPoolId: string, email: string, password: string, admin: boolean) {
  let sub: string | undefined;
  try {
    const u = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    sub = u.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? u.Username;
  } catch {
    const u = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'name', Value: email.split('@')[0] },
        ],
      }),
    );
    sub = u.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? u.User?.Username;
  }
  const username = required(sub, `The user ${email}: its sub`);
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: username, Password: password, Permanent: true }));
  if (admin) await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: ADMIN_GROUP }));
  return username;
}

export function readState(dataDir: string): TwinState | undefined {
  const file = path.join(dataDir, 'twin.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as TwinState) : undefined;
}
export function writeState(dataDir: string, state: TwinState) {
  writeFileSync(path.join(dataDir, 'twin.json'), JSON.stringify(state, null, 2));
}

export async function bootstrap(ports: Ports, dataDir: string, admin: { email: string; password: string }, learner: { email: string; password: string }) {
  const c = localClients(ports);
  await ensureTable(c.dynamodb);
  await ensureBuckets(c.s3);
  const state = await ensurePool(c.cognito, readState(dataDir));
  await ensureUser(c.cognito, state.userPoolId, admin.email, admin.password, true);
  const learnerSub = await ensureUser(c.cognito, state.userPoolId, learner.email, learner.password, false);
  writeState(dataDir, state);
  return { state, clients: c, learnerSub };
}
