/**
 * AWS SDK clients, created once per Lambda container at module scope (reused across invocations).
 * Locally the config points them at the twin's servers with dummy credentials.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { config } from './config.js';

const local = (endpoint: string | undefined, key = 'local') =>
  endpoint ? { endpoint, credentials: { accessKeyId: key, secretAccessKey: key } } : {};

export const ddb = DynamoDBDocumentClient.from(
  new DynamoDBClient({ region: config.region, ...local(config.endpoints.dynamodb) }),
  { marshallOptions: { removeUndefinedValues: true } },
);

export const s3 = new S3Client({
  region: config.region,
  ...local(config.endpoints.s3, 'S3RVER'),
  // s3rver needs path-style URLs and stores aws-chunked framing unless checksums are opt-in.
  ...(config.endpoints.s3 ? { forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' as const } : {}),
});
