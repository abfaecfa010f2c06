/**
 * The ParrotPhrases stack: composes one construct per concern. Routes and functions come from
 * functions/routes.ts; the function environment uses the names functions/lib/config.ts reads.
 */
import { CfnOutput, Stack, type App, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { handlerModules, routes } from '../functions/routes.js';
import { Api } from './constructs/api.js';
import { Auth } from './constructs/auth.js';
import { Data } from './constructs/data.js';
import { Render } from './constructs/render.js';
import { Site } from './constructs/site.js';

export const STACK_NAME = 'ParrotPhrases';

/** Deployment settings, from `cdk.json` context or `-c key=value`. */
export interface ParrotContext {
  productName: string;
  supportFromEmail: string;
  supportToEmail: string;
  domainName?: string;
  certificateArn?: string;
  webAclArn?: string;
  /** Learners may register themselves (the companion app's sign-up); the web's /auth stays administrators-only. */
  learnerSignUp: boolean;
}

export function readContext(scope: Construct): ParrotContext {
  const get = (key: string) => {
    const v = scope.node.tryGetContext(key);
    return typeof v === 'string' && v.trim() ? v.trim() : undefined;
  };
  return {
    productName: get('productName') ?? 'Parrot Phrases',
    supportFromEmail: get('supportFromEmail') ?? 'no-reply@parrotphrases.example',
    supportToEmail: get('supportToEmail') ?? 'support@parrotphrases.example',
    domainName: get('domainName'),
    certificateArn: get('certificateArn'),
    webAclArn: get('webAclArn'),
    learnerSignUp: String(scope.node.tryGetContext('learnerSignUp') ?? 'false').trim() === 'true',
  };
}

export class ParrotPhrasesStack extends Stack {
  readonly data: Data;
  readonly auth: Auth;
  readonly api: Api;
  readonly render: Render;
  readonly site: Site;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    const ctx = readContext(this);
    if (Boolean(ctx.domainName) !== Boolean(ctx.certificateArn)) {
      throw new Error('Context values domainName and certificateArn go together (ACM certificate in us-east-1)');
    }

    this.data = new Data(this, 'Data', {
      // The real distribution domain would be a dependency cycle (see DataProps); a custom domain is known up front.
      uploadOrigins: ctx.domainName ? [`https://${ctx.domainName}`] : ['https://*.cloudfront.net'],
    });
    this.auth = new Auth(this, 'Auth', { learnerSignUp: ctx.learnerSignUp });

    const readEnvironment = { PRODUCT_NAME: ctx.productName, TABLE_NAME: this.data.table.tableName };
    this.api = new Api(this, 'Api', {
      routes,
      handlerModules,
      table: this.data.table,
      buckets: [this.data.contentBucket, this.data.assetsBucket],
      userPool: this.auth.userPool,
      userPoolClient: this.auth.client,
      issuer: this.auth.issuer,
      supportFromEmail: ctx.supportFromEmail,
      environment: {
        ...readEnvironment,
        CONTENT_BUCKET: this.data.contentBucket.bucketName,
        ASSETS_BUCKET: this.data.assetsBucket.bucketName,
        USER_POOL_ID: this.auth.userPool.userPoolId,
        SPEECH_ENGINE: 'polly',
        SUPPORT_FROM_EMAIL: ctx.supportFromEmail,
        SUPPORT_TO_EMAIL: ctx.supportToEmail,
      },
    });

    const siteConfig = {
      productName: ctx.productName,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.client.userPoolClientId,
    };
    this.render = new Render(this, 'Render', {
      table: this.data.table,
      environment: readEnvironment,
      publicConfig: { ...siteConfig, apiBase: '/api', region: this.region, mediaBaseUrl: '/media' },
      siteUrl: ctx.domainName ? `https://${ctx.domainName}` : undefined,
    });

    this.site = new Site(this, 'Site', {
      httpApi: this.api.httpApi,
      renderUrl: this.render.url,
      contentBucket: this.data.contentBucket,
      assetsBucket: this.data.assetsBucket,
      logsBucket: this.data.logsBucket,
      domainName: ctx.domainName,
      certificateArn: ctx.certificateArn,
      webAclArn: ctx.webAclArn,
      config: siteConfig,
    });

    // Absolute media URLs (also usable by the embed banner on other sites). No cycle: the functions
    // depend on the distribution, which depends only on the HttpApi resource, not on its routes.
    this.api.addEnvironment('MEDIA_BASE_URL', `${this.site.url}/media`);
    // Writes invalidate the pages and reads they change (functions/lib/cdn.ts).
    this.api.allowInvalidation(this.site.distribution);

    const out = (id: string, value: string, description: string) => new CfnOutput(this, id, { value, description });
    out('SiteUrl', this.site.url, 'Public site (SPA, /api, /media)');
    out('DistributionId', this.site.distribution.distributionId, 'CloudFront distribution');
    out('ApiEndpoint', this.api.httpApi.apiEndpoint, 'HTTP API (normally reached through CloudFront /api/*)');
    out('UserPoolId', this.auth.userPool.userPoolId, 'Cognito user pool (create admins here, add them to the admins group)');
    out('UserPoolClientId', this.auth.client.userPoolClientId, 'SPA app client');
    out('TableName', this.data.table.tableName, 'Single DynamoDB table');
    out('ContentBucketName', this.data.contentBucket.bucketName, 'Phrase audio and blog images (/media/content/)');
    out('AssetsBucketName', this.data.assetsBucket.bucketName, 'Site settings images (/media/assets/)');
  }
}

/**
 * Adds the stack to an app. Kept separate from app.ts so tests can build it on a plain App:
 * the cdk-nag plugin is added only by app.ts (and by the nag test), never to Template tests.
 */
export function buildStack(app: App, props: StackProps = {}): ParrotPhrasesStack {
  return new ParrotPhrasesStack(app, STACK_NAME, {
    description: 'Parrot Phrases: phrases with audio, blog and admin back office (CloudFront, HTTP API, Lambda, DynamoDB, Cognito)',
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION ?? 'us-east-1' },
    ...props,
  });
}
