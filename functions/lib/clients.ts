/**
 * AWS SDK clients, created once per Lambda container at module scope (reused across invocations).
 * Locally the config points them at the twin's servers with dummy credentials.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from './config.js';

const local = (endpoint: string | undefined, key = 'local') => (endpoint ? { endpoint, credentials: { accessKeyId: key, secretAccessKey: key } } : {});

export const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({ region: config.region, ...local(config.endpoints.dynamodb) }), {
  marshallOptions: { removeUndefinedValues: true },
});

// S3, SES, Cognito, CloudFront, Scheduler, Secrets Manager, Polly, CodeDeploy and Lambda are loaded lazily (memoised, still one per container): a static import here would
// pull these SDKs, and their IAM grants (infra/cdk/constructs/api.ts reads each bundle's imports), into
// every function. Only the functions that call these getters bundle them.
let s3Client: import('@aws-sdk/client-s3').S3Client | undefined;
export const s3 = async () =>
  (s3Client ??= new (await import('@aws-sdk/client-s3')).S3Client({
    region: config.region,
    ...local(config.endpoints.s3, 'S3RVER'),
    // s3rver needs path-style URLs and stores aws-chunked framing unless checksums are opt-in.
    ...(config.endpoints.s3 ? { forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' as const } : {}),
  }));

let sesClient: import('@aws-sdk/client-sesv2').SESv2Client | undefined;
export const ses = async () =>
  (sesClient ??= new (await import('@aws-sdk/client-sesv2')).SESv2Client({ region: config.region, ...local(config.endpoints.ses) }));

let idpClient: import('@aws-sdk/client-cognito-identity-provider').CognitoIdentityProviderClient | undefined;
export const cognitoIdp = async () =>
  (idpClient ??= new (await import('@aws-sdk/client-cognito-identity-provider')).CognitoIdentityProviderClient({
    region: config.region,
    ...local(config.endpoints.cognito),
  }));

// CloudFront's API is global (us-east-1); the twin's gateway stands in for it.
let cfClient: import('@aws-sdk/client-cloudfront').CloudFrontClient | undefined;
export const cloudFront = async () =>
  (cfClient ??= new (await import('@aws-sdk/client-cloudfront')).CloudFrontClient({ region: 'us-east-1', ...local(config.endpoints.cloudfront) }));

// EventBridge Scheduler: one schedule per scheduled release (./scheduler.ts).
let schedulerClient: import('@aws-sdk/client-scheduler').SchedulerClient | undefined;
export const scheduler = async () => (schedulerClient ??= new (await import('@aws-sdk/client-scheduler')).SchedulerClient({ region: config.region }));

// Bundled by the functions that use the router (it checks CloudFront's origin secret: ./origin-secret.ts) and by the secret's rotation job.
let smClient: import('@aws-sdk/client-secrets-manager').SecretsManagerClient | undefined;
export const secretsManager = async () => (smClient ??= new (await import('@aws-sdk/client-secrets-manager')).SecretsManagerClient({ region: config.region }));

// Text to speech in AWS (./speech/polly.ts): bundled by the functions that synthesise speech only.
let pollyClient: import('@aws-sdk/client-polly').PollyClient | undefined;
export const polly = async () => (pollyClient ??= new (await import('@aws-sdk/client-polly')).PollyClient({ region: config.region }));

// The pre-traffic check of a release (functions/jobs/pre-traffic.ts): which version a deployment
// releases, its answer to CodeDeploy, and the calls to the new version.
let codeDeployClient: import('@aws-sdk/client-codedeploy').CodeDeployClient | undefined;
export const codeDeploy = async () => (codeDeployClient ??= new (await import('@aws-sdk/client-codedeploy')).CodeDeployClient({ region: config.region }));
let lambdaClient: import('@aws-sdk/client-lambda').LambdaClient | undefined;
export const lambda = async () => (lambdaClient ??= new (await import('@aws-sdk/client-lambda')).LambdaClient({ region: config.region }));
