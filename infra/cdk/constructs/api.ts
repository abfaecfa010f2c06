/**
 * The HTTP API, derived entirely from functions/routes.ts: one Lambda per handler module, one route
 * per table entry, and the Cognito JWT authorizer on every route that is not public. Adding a route
 * or a handler to the table is all it takes; nothing here names a route.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { routeKey, type HandlerName, type RouteDef } from '../../../functions/routes.js';
import { liveAlias } from './deployment.js';
import { AppFunction, acknowledge, nagRef, nagString, sdkClientsUsedBy } from './function.js';
import { grantInvalidation } from './site-invalidation.js';
import type { SupportMail } from './mail.js';
import { grantOriginCheck } from './origin-secret.js';
import { TABLE_ACCESS, tableStatements, writesAudit } from './table-access.js';

/**
 * The functions that read a language's reviewers (ListUsersInGroup): publishing (the review steps,
 * the publish gate) and the course writes that the review gate refuses in a reviewed language
 * (functions/services/review-gate.ts). The release function reads them too (./releases.ts).
 */
export const READS_REVIEWERS: readonly HandlerName[] = ['publishing', 'languages', 'levels', 'lessons', 'phrases'];

/**
 * The functions that store the languages' lexicons in Polly (functions/lib/speech/lexicons.ts):
 * media (saving pronunciations, a voice change) and backup (after an import, Polly follows the
 * pronunciations it restored). Backup uses Polly for nothing else: it never synthesizes.
 */
export const MANAGES_LEXICONS: readonly HandlerName[] = ['media', 'backup'];
const SYNTHESIZES = (name: HandlerName, clients: Set<string>) => clients.has('client-polly') && name !== 'backup';

export interface ApiProps {
  readonly routes: readonly RouteDef[];
  readonly handlerModules: readonly HandlerName[];
  /** Environment shared by every function (names read by functions/lib/config.ts). */
  readonly environment: Record<string, string>;
  readonly table: ITable;
  readonly buckets: IBucket[];
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  /** https://cognito-idp.{region}.amazonaws.com/{poolId} */
  readonly issuer: string;
  /** The support mail's SES identities: functions that send mail may send with exactly these. */
  readonly mail: SupportMail;
  /**
   * CloudFront's origin secret (constructs/origin-secret.ts). Functions whose bundle reads it (the
   * router checks every request with it) get its ARN as ORIGIN_SECRET_ARN, and may read it and
   * nothing else of Secrets Manager. Without it, no function checks where requests come from.
   */
  readonly originSecret?: ISecret;
}

export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly functions = new Map<HandlerName, NodejsFunction>();
  readonly aliases = new Map<HandlerName, ReturnType<typeof liveAlias>>();
  private readonly clients = new Map<HandlerName, Set<string>>();

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const stack = Stack.of(this);

    // No default stage: the $default stage below carries access logs and throttling, and its URL
    // has no stage prefix, so CloudFront's /api/* reaches the routes under their own /api/... paths.
    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `${stack.stackName}-api`,
      description: 'Parrot Phrases JSON API (payload v2), served to browsers through CloudFront /api/*',
      createDefaultStage: false,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.THREE_MONTHS });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 100, burstLimit: 200 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            time: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });

    // Validates signature, expiry, issuer and audience (the SPA's app client: `aud` of ID tokens,
    // `client_id` of access tokens). Group membership is checked by the handlers themselves.
    const authorizer = new HttpJwtAuthorizer('CognitoJwt', props.issuer, {
      jwtAudience: [props.userPoolClient.userPoolClientId],
    });

    const integrations = new Map<HandlerName, HttpLambdaIntegration>();
    for (const fn of new Set(props.handlerModules)) {
      const clients = sdkClientsUsedBy(fn);
      const speech = clients.has('client-polly');
      const appFn = new AppFunction(this, `Fn-${fn}`, {
        fn,
        environment: props.environment,
        // Synthesising a batch of phrases with Polly can take several seconds.
        // Importing a course writes for up to 20 s per request (functions/handlers/backup.ts).
        timeout: Duration.seconds(speech || fn === 'backup' ? 30 : 10),
      });
      this.grant(appFn, fn, clients, props);
      this.clients.set(fn, clients);
      this.functions.set(fn, appFn.function);
      const alias = liveAlias(appFn, appFn.function);
      this.aliases.set(fn, alias);
      // Routes call the `live` alias (constructs/deployment.ts); one invoke permission per function, not per route (headroom).
      integrations.set(fn, new HttpLambdaIntegration(`${fn}-integration`, alias, { scopePermissionToRoute: false }));
    }

    for (const route of props.routes) {
      const integration = integrations.get(route.fn);
      if (!integration) throw new Error(`Route ${routeKey(route)} names "${route.fn}", which is not in handlerModules`);
      const [httpRoute] = this.httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration,
        authorizer: route.access === 'public' ? undefined : authorizer,
      });
      if (route.access === 'public') {
        acknowledge(
          httpRoute,
          'AwsSolutions-APIG4',
          `${routeKey(route)} is declared access: 'public' in functions/routes.ts (a visitor-facing read or form of the public site); every admin route uses the Cognito JWT authorizer.`,
        );
      }
    }
  }

  /** Sets a variable on every function (for values only known after the API exists, e.g. the CloudFront domain). */
  addEnvironment(key: string, value: string): void {
    for (const fn of this.functions.values()) fn.addEnvironment(key, value);
  }

  /**
   * Functions that invalidate CDN paths (their bundle imports the CloudFront client) get the
   * distribution id and CreateInvalidation on that distribution only.
   */
  allowInvalidation(distribution: IDistribution): void {
    for (const [fn, lambda] of this.functions) {
      if (this.clients.get(fn)?.has('client-cloudfront')) grantInvalidation(lambda, distribution);
    }
  }

  private grant(appFn: AppFunction, name: HandlerName, clients: Set<string>, props: ApiProps): void {
    const fn = appFn.function;
    // Its own item kinds and calls only (TABLE_ACCESS), and the audit log's entries; deliberately no Scan: request paths Query.
    for (const statement of tableStatements(props.table, TABLE_ACCESS[name], { audit: writesAudit(name, props.routes) })) fn.addToRolePolicy(statement);

    // Only a function whose bundle uses S3 (media: presigned POSTs are signed with its role, so
    // PutObject also authorises browser uploads) may touch the data buckets.
    for (const bucket of clients.has('client-s3') ? props.buckets : []) {
      fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject', 's3:PutObject'], resources: [bucket.arnForObjects('*')] }));
      acknowledge(
        appFn,
        `AwsSolutions-IAM5[Resource::${nagRef(bucket)}/*]`,
        'Object keys are generated at request time (uploads, generated audio); access is limited to reading and writing the objects of this one bucket.',
      );
    }

    if (SYNTHESIZES(name, clients)) {
      fn.addToRolePolicy(new PolicyStatement({ actions: ['polly:SynthesizeSpeech'], resources: ['*'] }));
      acknowledge(
        appFn,
        'AwsSolutions-IAM5[Resource::*]',
        'polly:SynthesizeSpeech is authorised on the lexicons a request names, which are made at run time (one per language and voice locale), so it is granted on "*" (as are the X-Ray trace actions of every function).',
      );
    }
    // Only the functions that save or restore pronunciations store the languages' lexicons in Polly,
    // and only ours: their names start `pp` (functions/lib/speech/lexicons.ts).
    if (clients.has('client-polly') && MANAGES_LEXICONS.includes(name)) {
      const { partition, region, account } = Stack.of(this);
      const lexicons = `arn:${partition}:polly:${region}:${account}:lexicon/pp*`;
      fn.addToRolePolicy(new PolicyStatement({ actions: ['polly:PutLexicon', 'polly:GetLexicon', 'polly:DeleteLexicon'], resources: [lexicons] }));
      acknowledge(
        appFn,
        `AwsSolutions-IAM5[Resource::${nagString(this, lexicons)}]`,
        'Lexicon names are made at run time from the stage, language and voice locale; the grant covers only names with our `pp` prefix.',
      );
    }

    if (clients.has('client-sesv2') || clients.has('client-ses')) props.mail.grantSend(fn);

    // The origin secret's versions, by stage (functions/lib/origin-secret.ts): GetSecretValue on that one secret.
    if (clients.has('client-secrets-manager') && props.originSecret) grantOriginCheck(fn, props.originSecret);

    // Every function with admin or editor routes reads the caller's groups now (functions/lib/membership.ts),
    // those with audited writes read the caller's e-mail for the audit log (functions/services/audit.ts);
    // the functions that gate on a language's reviewers read them (READS_REVIEWERS: ListUsersInGroup);
    // only the users function manages users and rights (creating a language's editor group the first time,
    // inviting people: AdminCreateUser, and AdminDeleteUser to take back an invitation: functions/data/invites.ts).
    if (clients.has('client-cognito-identity-provider')) {
      fn.addToRolePolicy(
        new PolicyStatement({
          actions:
            name === 'users'
              ? [
                  'cognito-idp:ListUsers',
                  'cognito-idp:ListUsersInGroup',
                  'cognito-idp:AdminGetUser',
                  'cognito-idp:DescribeUserPool',
                  'cognito-idp:AdminListGroupsForUser',
                  'cognito-idp:AdminAddUserToGroup',
                  'cognito-idp:AdminRemoveUserFromGroup',
                  'cognito-idp:AdminUserGlobalSignOut',
                  'cognito-idp:CreateGroup',
                  'cognito-idp:AdminCreateUser',
                  'cognito-idp:AdminDeleteUser',
                ]
              : [
                  'cognito-idp:AdminListGroupsForUser',
                  ...(writesAudit(name, props.routes) ? ['cognito-idp:AdminGetUser'] : []),
                  // Whether a language has reviewers, and their addresses (functions/lib/membership.ts reviewersOf).
                  ...(READS_REVIEWERS.includes(name) ? ['cognito-idp:ListUsersInGroup'] : []),
                ],
          resources: [props.userPool.userPoolArn],
        }),
      );
    }
  }
}
