/**
 * The ParrotPhrases-{stage} stack: composes one construct per concern. Routes and functions come
 * from functions/routes.ts; the function environment uses the names functions/lib/config.ts reads.
 */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Annotations, CfnOutput, Stack, Token, type App, type CfnResource, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { handlerModules, routes } from '../../functions/routes.js';
import { Api } from './constructs/api.js';
import { Auth } from './constructs/auth.js';
import { Data } from './constructs/data.js';
import { DeadLetters } from './constructs/dead-letters.js';
import { SafeReleases } from './constructs/deployment.js';
import { Domain } from './constructs/domain.js';
import { addFormPages } from './constructs/forms.js';
import { repoRoot } from './constructs/function.js';
import { SupportMail } from './constructs/mail.js';
import { Render, ssrBundleOf } from './constructs/render.js';
import { MediaSweep } from './constructs/media-sweep.js';
import { Reminders } from './constructs/reminders.js';
import { Releases } from './constructs/releases.js';
import { Monitoring } from './constructs/monitoring/monitoring.js';
import { OriginSecret } from './constructs/origin-secret.js';
import { buildIdOf, FRONTEND_DIST } from './constructs/site-files.js';
import { Site, type SiteProps } from './constructs/site.js';
import { aliasResources, SiteInvalidation } from './constructs/site-invalidation.js';
import type { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { applyRouteThrottles } from './constructs/throttles.js';
import { CLOUDFRONT_WAF_REGION, Waf } from './constructs/waf.js';
import { FORM_PATHS } from './cdn-rules.js';
import { ContextError, placeholderEmails, readContext, type ParrotContext, type Stage } from './context.js';

export { readContext, type ParrotContext } from './context.js';

/** One stack per stage, so dev and prod can live side by side in one account. */
export const STACK_NAME = 'ParrotPhrases';
export const stackNameOf = (stage: Stage) => `${STACK_NAME}-${stage}`;

export interface ParrotPhrasesStackProps extends StackProps {
  /**
   * Synthesize even with placeholder e-mail addresses or without the SPA build (infra tests,
   * `npm run synth`). Such a template must never be deployed. Also the context key of the same name.
   * @default false: synth fails naming what is missing
   */
  readonly allowPlaceholders?: boolean;
  /** The `npm run build` output. @default frontend/dist (tests pass a fixture) */
  readonly frontendDist?: string;
}

/** The files of `npm run build` that a deployable stack needs, when they are missing. */
export function missingBuildFiles(dist: string): string[] {
  return [join(dist, 'index.html'), ssrBundleOf(dist)].filter((f) => !existsSync(f)).map((f) => (f.startsWith(repoRoot) ? relative(repoRoot, f) : f));
}

export class ParrotPhrasesStack extends Stack {
  readonly context: ParrotContext;
  readonly data: Data;
  readonly auth: Auth;
  readonly api: Api;
  readonly render: Render;
  readonly site: Site;
  readonly domain?: Domain;
  readonly mail: SupportMail;
  readonly waf?: Waf;
  readonly mediaSweep: MediaSweep;
  readonly reminders: Reminders;
  readonly releases: Releases;
  readonly deadLetters: DeadLetters;
  readonly originSecret: OriginSecret;
  readonly safeReleases: SafeReleases;
  readonly siteInvalidation: SiteInvalidation;
  readonly monitoring: Monitoring;

  /**
   * The constructs in the order they depend on one another: data and sign-in, the API and the
   * render function, the site in front of them, then what runs beside the site (releases, the
   * media sweep, the origin secret's rotation) and the monitoring of all of it.
   */
  constructor(scope: Construct, id: string, props: ParrotPhrasesStackProps = {}) {
    const { allowPlaceholders, frontendDist = FRONTEND_DIST, ...stackProps } = props;
    super(scope, id, stackProps);
    const ctx = readContext(this);
    this.context = ctx;
    const dist = this.deployableBuild(id, ctx, frontendDist, allowPlaceholders);
    // prod keeps its data when the stack is deleted; a dev stack can be destroyed completely.
    const retain = ctx.stage === 'prod';

    // First: these fail fast when the stack's region cannot hold CloudFront's certificate or web ACL.
    this.domain = ctx.domainName && ctx.hostedZoneId ? new Domain(this, 'Domain', { domainName: ctx.domainName, hostedZoneId: ctx.hostedZoneId }) : undefined;
    const needsWaf = this.needsOwnWaf(id, ctx);

    this.data = new Data(this, 'Data', {
      // The real distribution domain would be a dependency cycle (see DataProps); a custom domain is known up front.
      uploadOrigins: ctx.domainName ? [`https://${ctx.domainName}`] : ['https://*.cloudfront.net'],
      retain,
    });
    this.auth = new Auth(this, 'Auth', {
      learnerSignUp: ctx.learnerSignUp,
      retain,
      mfa: ctx.mfa,
      productName: ctx.productName,
      siteUrl: ctx.domainName ? `https://${ctx.domainName}` : undefined,
    });

    const readEnvironment = { PRODUCT_NAME: ctx.productName, TABLE_NAME: this.data.table.tableName };
    // The support mail's SES identities: made by one stage of the account and region (sesIdentities),
    // sent with by every stage (docs/infra.md "Two stages in one account").
    this.mail = new SupportMail(this, 'SupportMail', {
      from: ctx.supportFromEmail,
      to: ctx.supportToEmail,
      zone: this.domain?.zone,
      createIdentities: ctx.sesIdentities === 'create',
    });
    // CloudFront sends it to the API, and the functions refuse requests without it, so the raw
    // execute-api URL cannot be used to go around CloudFront and its WAF (docs/security.md "Origin secret").
    this.originSecret = new OriginSecret(this, 'OriginSecret');
    this.api = this.createApi(ctx, readEnvironment);
    // With a custom domain, CloudFront reaches the API under its own name and execute-api is off.
    this.domain?.serveApi(this.api.httpApi, this.api.stage);
    // Lower limits on the routes that send mail, count events or bill per character.
    applyRouteThrottles(this.api.stage, routes);

    const siteConfig = {
      productName: ctx.productName,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.client.userPoolClientId,
      vapidPublicKey: ctx.vapidPublicKey ?? '',
    };
    this.render = new Render(this, 'Render', {
      table: this.data.table,
      environment: { ...readEnvironment, SUPPORT_FROM_EMAIL: ctx.supportFromEmail, SUPPORT_TO_EMAIL: ctx.supportToEmail },
      publicConfig: { ...siteConfig, apiBase: '/api', region: this.region, mediaBaseUrl: '/media' },
      siteUrl: ctx.domainName ? `https://${ctx.domainName}` : undefined,
      ssrBundle: dist ? ssrBundleOf(dist) : undefined,
      mail: this.mail,
    });
    // The support form posted without script reaches the render function through the API (origin access
    // control would refuse its unsigned body at the function URL): constructs/forms.ts.
    addFormPages(this.api.httpApi, FORM_PATHS, this.render, this.originSecret.secret);

    // A web ACL of our own unless one is given (CloudFront's scope: us-east-1 only).
    this.waf = needsWaf ? new Waf(this, 'Waf') : undefined;
    this.site = this.createSite(ctx, siteConfig, dist, retain);
    const originSecretRotation = this.wireSite(ctx);

    // Where every asynchronous call that failed for good is kept: releases, the sweeps (docs/infra.md).
    this.deadLetters = new DeadLetters(this, 'DeadLetters');
    // Scheduled releases: one EventBridge Scheduler schedule each, invoking the release function (docs/back-office.md).
    const publishing = this.api.functions.get('publishing');
    if (!publishing) throw new Error('The route table has no publishing handler module');
    this.releases = new Releases(this, 'Releases', {
      table: this.data.table,
      environment: readEnvironment,
      distribution: this.site.distribution,
      publishing,
      deadLetters: this.deadLetters.queue,
      userPool: this.auth.userPool,
    });

    // Once a day, media that no item references any more is deleted (docs/security.md "Stored media").
    this.mediaSweep = new MediaSweep(this, 'MediaSweep', {
      table: this.data.table,
      contentBucket: this.data.contentBucket,
      assetsBucket: this.data.assetsBucket,
      environment: readEnvironment,
      deadLetters: this.deadLetters.queue,
    });

    // Every hour, a Web Push to the learners whose chosen hour it is and who have cards due (docs/learners.md "Reminders").
    this.reminders = new Reminders(this, 'Reminders', {
      table: this.data.table,
      environment: readEnvironment,
      stackName: this.stackName,
      deadLetters: this.deadLetters.queue,
    });

    // Releases that roll themselves back, then the deploy's invalidation once they serve (docs/infra.md).
    this.safeReleases = new SafeReleases(this, 'SafeReleases', {
      stage: ctx.stage,
      aliases: new Map([['render' as const, this.render.alias], ...this.api.aliases]),
      environment: { PRODUCT_NAME: ctx.productName },
      originSecret: this.originSecret.secret,
    });
    this.siteInvalidation = new SiteInvalidation(this, 'SiteInvalidation', {
      distribution: this.site.distribution,
      buildId: buildIdOf(dist, this.render.function),
      after: [this.site.shellDeployment, ...aliasResources([this.render.alias, ...this.api.aliases.values()])],
      environment: { PRODUCT_NAME: ctx.productName },
    });

    this.monitoring = this.createMonitoring(ctx, originSecretRotation.function);
    this.alarmAsyncFailures();
    // The alarms that roll a release back are monitoring's own (it is built last).
    this.safeReleases.watch(this.monitoring);
    this.addOutputs();
  }

  /**
   * Refuses a template that would deploy a broken product: mail that can never be delivered, pages
   * without their renderer, a site without its files (unless placeholders are allowed: then a
   * warning). The build to upload, when it is complete.
   */
  private deployableBuild(id: string, ctx: ParrotContext, frontendDist: string, allowPlaceholders?: boolean) {
    const missingBuild = missingBuildFiles(frontendDist);
    const problems = [...placeholderEmails(ctx), ...missingBuild.map((f) => `${f} is missing: run npm run build first (npm run deploy does)`)];
    if (problems.length) {
      if (!(allowPlaceholders ?? ctx.allowPlaceholders)) {
        throw new ContextError(
          `${id} cannot be deployed as configured:\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
            'For an offline synth that will not be deployed, pass -c allowPlaceholders=true (npm run synth does).',
        );
      }
      Annotations.of(this).addWarningV2('parrot:placeholders', `Synthesized with allowPlaceholders; do not deploy this template: ${problems.join('; ')}`);
    }
    return missingBuild.length ? undefined : frontendDist;
  }

  /** Whether the stack makes its own web ACL; refused where CloudFront's web ACLs cannot be made. */
  private needsOwnWaf(id: string, ctx: ParrotContext) {
    const needsWaf = ctx.waf && !ctx.webAclArn;
    if (needsWaf && !Token.isUnresolved(this.region) && this.region !== CLOUDFRONT_WAF_REGION) {
      throw new ContextError(
        `${id} would deploy to ${this.region}, but its WAF web ACL (context waf: ${ctx.stage === 'prod' ? 'on by default in prod' : 'on'}) protects CloudFront, ` +
          `and CloudFront's web ACLs can only be made in ${CLOUDFRONT_WAF_REGION}. Either deploy to ${CLOUDFRONT_WAF_REGION} ` +
          `(AWS_REGION=${CLOUDFRONT_WAF_REGION} npm run deploy -- ..., or a profile whose region is ${CLOUDFRONT_WAF_REGION}), ` +
          `or attach a web ACL made there (-c webAclArn=arn:aws:wafv2:${CLOUDFRONT_WAF_REGION}:...), or go without one (-c waf=false).`,
      );
    }
    return needsWaf;
  }

  private createApi(ctx: ParrotContext, readEnvironment: Record<string, string>) {
    return new Api(this, 'Api', {
      routes,
      handlerModules,
      table: this.data.table,
      buckets: [this.data.contentBucket, this.data.assetsBucket],
      userPool: this.auth.userPool,
      userPoolClient: this.auth.client,
      issuer: this.auth.issuer,
      mail: this.mail,
      originSecret: this.originSecret.secret,
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
  }

  private createSite(ctx: ParrotContext, config: SiteProps['config'], dist: string | undefined, retain: boolean) {
    return new Site(this, 'Site', {
      httpApi: this.api.httpApi,
      originVerify: this.originSecret.headerValue,
      renderUrl: this.render.url,
      apiOriginName: this.domain?.apiOriginName,
      contentBucket: this.data.contentBucket,
      assetsBucket: this.data.assetsBucket,
      logsBucket: this.data.logsBucket,
      domainName: this.domain?.domainName,
      certificate: this.domain?.certificate,
      webAclArn: ctx.webAclArn ?? this.waf?.webAclArn,
      config,
      dist,
      retain,
    });
  }

  /** What depends on the distribution: the domain's records, the deploy order, the API's media URLs and invalidations, the origin secret's rotation. */
  private wireSite(ctx: ParrotContext) {
    this.domain?.aliasTo(this.site.distribution);
    // The new renderer's pages name the new chunks: it is updated only once they are uploaded (and the
    // deploy's `/*` invalidation waits for its alias: constructs/site-invalidation.ts).
    if (this.site.assetsDeployment) (this.render.function.node.defaultChild as CfnResource).node.addDependency(this.site.assetsDeployment);

    // Absolute media URLs (also usable by the embed banner on other sites). No cycle: the functions
    // depend on the distribution, which depends only on the HttpApi resource, not on its routes.
    this.api.addEnvironment('MEDIA_BASE_URL', `${this.site.url}/media`);
    // Writes invalidate the pages and reads they change (functions/lib/cdn.ts).
    this.api.allowInvalidation(this.site.distribution);
    // Every 30 days a new origin secret, put in the distribution's configuration before it becomes current.
    return this.originSecret.rotateWith({ distribution: this.site.distribution, webAclArn: ctx.webAclArn ?? this.waf?.webAclArn });
  }

  private createMonitoring(ctx: ParrotContext, rotation: IFunction) {
    return new Monitoring(this, 'Monitoring', {
      stage: ctx.stage,
      alarmEmail: ctx.alarmEmail,
      monthlyBudgetUsd: ctx.monthlyBudgetUsd,
      httpApi: this.api.httpApi,
      functions: [...this.api.functions.values(), this.render.function],
      jobs: [
        this.mediaSweep.function,
        this.reminders.function,
        this.releases.function,
        rotation,
        this.safeReleases.preTraffic.function,
        this.siteInvalidation.function,
      ],
      table: this.data.table,
      distribution: this.site.distribution,
      renderFunction: this.render.function,
      concurrencyQuota: ctx.concurrencyQuota,
      mailConfigurationSet: this.mail.configurationSet.configurationSetName,
      webAclMetricName: this.waf ? (this.waf.webAcl.visibilityConfig as CfnWebACL.VisibilityConfigProperty).metricName : undefined,
    });
  }

  /**
   * Asynchronous work that failed for good (docs/infra.md "Nothing asynchronous is lost"): a message in
   * the dead-letter queue, and release invocations the scheduler could not make or dropped. (The
   * origin secret's rotation is invoked synchronously by Secrets Manager: its failures are the
   * rotation function's errors, alarmed with every function's: constructs/origin-secret.ts.)
   */
  private alarmAsyncFailures() {
    const stage = this.context.stage;
    this.monitoring.addAlarm('DeadLetters', {
      metric: this.deadLetters.metricWaiting(),
      threshold: 1,
      description: `${stage}: an asynchronous call failed for good and its event is in the dead-letter queue (a release, a sweep, the media sweep). docs/infra.md has the runbook: read the message, fix the cause, re-run, delete it.`,
    });
    this.monitoring.addAlarm('ReleaseInvocations', {
      metric: this.releases.metricFailedInvocations(),
      threshold: 1,
      description: `${stage}: EventBridge Scheduler could not invoke the release function, or dropped an invocation (group ${this.releases.groupName}). Due releases show in the back office as overdue, with 'Retry'.`,
    });
  }

  private addOutputs() {
    const out = (id: string, value: string, description: string) => new CfnOutput(this, id, { value, description });
    out('SiteUrl', this.site.url, 'Public site (SPA, /api, /media)');
    out('DistributionId', this.site.distribution.distributionId, 'CloudFront distribution');
    out(
      'ApiEndpoint',
      this.domain ? `https://${this.domain.apiOriginName}` : this.api.httpApi.apiEndpoint,
      'HTTP API (reached through CloudFront /api/*; with a custom domain, only CloudFront reaches it)',
    );
    out('UserPoolId', this.auth.userPool.userPoolId, 'Cognito user pool (create admins here, add them to the admins group)');
    out('UserPoolClientId', this.auth.client.userPoolClientId, 'SPA app client');
    out('TableName', this.data.table.tableName, 'Single DynamoDB table');
    out('ContentBucketName', this.data.contentBucket.bucketName, 'Phrase audio and blog images (/media/content/)');
    out('AssetsBucketName', this.data.assetsBucket.bucketName, 'Site settings images (/media/assets/)');
  }
}

/**
 * Adds the stage's stack (ParrotPhrases-{stage}) to an app. Kept separate from app.ts so tests can
 * build it on a plain App: the cdk-nag plugin is added only by app.ts (and by the nag tests), never
 * to Template tests.
 */
export function buildStack(app: App, props: ParrotPhrasesStackProps = {}): ParrotPhrasesStack {
  const { stage } = readContext(app);
  return new ParrotPhrasesStack(app, stackNameOf(stage), {
    description: `Parrot Phrases (${stage}): phrases with audio, blog and admin back office (CloudFront, HTTP API, Lambda, DynamoDB, Cognito)`,
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION ?? 'us-east-1' },
    ...props,
  });
}
