/**
 * The one config module: every endpoint, name and credential the functions use comes from the
 * environment here. In AWS the CDK stack sets the names; the local twin also sets the endpoints of
 * its stand-in servers. Nothing else reads process.env.
 */
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../shared/product.js';

const env = process.env;

export const config = {
  productName: env.PRODUCT_NAME ?? PRODUCT_NAME,
  /** The deployed stage (dev, prod): the `stage` dimension of every metric the code counts. `local` in the twin and tests. */
  stage: env.STAGE || 'local',
  region: env.AWS_REGION ?? 'us-east-1',
  tableName: env.TABLE_NAME ?? 'parrot-phrases',
  contentBucket: env.CONTENT_BUCKET ?? 'content',
  assetsBucket: env.ASSETS_BUCKET ?? 'assets',
  /** Public base URL of stored media: `${mediaBaseUrl}/content/{key}` or `/assets/{key}` (logical names, never bucket names). */
  mediaBaseUrl: (env.MEDIA_BASE_URL ?? '/media').replace(/\/$/, ''),
  supportFromEmail: env.SUPPORT_FROM_EMAIL ?? 'no-reply@parrotphrases.example',
  supportToEmail: env.SUPPORT_TO_EMAIL ?? SUPPORT_EMAIL,
  /** The SES configuration set the support mail is sent with (its bounce and complaint metrics); unset locally. */
  mailConfigurationSet: env.MAIL_CONFIGURATION_SET || undefined,
  userPoolId: env.USER_POOL_ID ?? '',
  /** Local twin only: endpoints of the stand-in servers. Unset in AWS, so the SDK uses the real ones. */
  endpoints: {
    dynamodb: env.DYNAMODB_ENDPOINT,
    s3: env.S3_ENDPOINT,
    ses: env.SES_ENDPOINT,
    cognito: env.COGNITO_ENDPOINT,
    cloudfront: env.CLOUDFRONT_ENDPOINT,
  },
  /** The distribution whose cached pages writes invalidate; unset where there is none (scripts, unit tests). */
  cdn: { distributionId: env.CDN_DISTRIBUTION_ID },
  /**
   * Where browsers POST presigned uploads: `${uploadBaseUrl}/{bucket}`. Unset in AWS (the bucket's
   * regional S3 URL); the local twin sets '/s3', its gateway's same-origin proxy to s3rver.
   */
  uploadBaseUrl: env.UPLOAD_BASE_URL?.replace(/\/$/, '') || undefined,
  /** Local twin only: which speech engine answers text-to-speech ('polly' in AWS). */
  speechEngine: (env.SPEECH_ENGINE ?? 'polly') as 'polly' | 'offline',
  /** The render function: the server renderer built by `vite build --ssr` (absolute path). */
  ssrEntry: env.SSR_ENTRY ?? '',
  /** `https://example.com` when the site has one canonical name (a custom domain); else from the request. */
  siteUrl: env.SITE_URL?.replace(/\/$/, '') || undefined,
  /**
   * The Secrets Manager secret whose value CloudFront adds as ORIGIN_VERIFY_HEADER to every /api/*
   * request (lib/origin-secret.ts): a request without it came to the execute-api URL directly, around
   * CloudFront and its WAF. Only its ARN is in the environment, never the value. Unset: no check (the
   * twin, the render function's in-process reads, scripts, tests).
   */
  originSecretArn: env.ORIGIN_SECRET_ARN || undefined,
  /**
   * The render function's copy of that ARN: the pages that reach it through the HTTP API (FORM_PATHS of
   * infra/cdk/cdn-rules.ts) must carry the secret; those of its function URL are signed by CloudFront
   * instead. A name of its own: under ORIGIN_SECRET_ARN, the API handlers it calls in-process for a
   * page's reads would demand the secret too. Unset: no check (the twin).
   */
  formOriginSecretArn: env.FORM_ORIGIN_SECRET_ARN || undefined,
  /**
   * Scheduled releases (lib/scheduler.ts): the EventBridge Scheduler group each release's one-time
   * schedule goes in, the release function it invokes, the role it invokes it with and the queue
   * an invocation it could not make goes to. Unset in the twin, which runs the same function on its
   * own timer.
   */
  releases: {
    scheduleGroup: env.RELEASE_SCHEDULE_GROUP || undefined,
    targetArn: env.RELEASE_TARGET_ARN || undefined,
    roleArn: env.RELEASE_ROLE_ARN || undefined,
    deadLetterArn: env.RELEASE_DLQ_ARN || undefined,
  },
  /**
   * The review reminders' VAPID key pair (functions/jobs/reminders.ts). In AWS the private key is in
   * the Secrets Manager secret VAPID_SECRET_ID names (made once by `npm run vapid-keys`, never in
   * the repository or the environment); the twin makes a pair at its first start, keeps it in its
   * data folder and sets both keys here. The subject is how a push service reaches us.
   */
  vapid: {
    secretId: env.VAPID_SECRET_ID || undefined,
    publicKey: env.VAPID_PUBLIC_KEY || undefined,
    privateKey: env.VAPID_PRIVATE_KEY || undefined,
    subject: `mailto:${env.SUPPORT_TO_EMAIL ?? SUPPORT_EMAIL}`,
  },
  /**
   * Local twin and tests only: the router checks every success against its route's `response`
   * schema (functions/routes.ts) and answers 500 when a handler strays from its contract. Off in AWS.
   */
  checkAnswers: env.CHECK_ANSWERS === 'true',
  /** The SPA's runtime config, inlined into every page the render function serves (JSON). */
  publicConfig: env.PUBLIC_CONFIG ?? '',
};
export type Config = typeof config;
