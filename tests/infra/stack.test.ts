/**
 * Infra assertions on the synthesized ParrotPhrases template, and cdk-nag (AwsSolutions) as a
 * validation plugin on a separate App: nag is never attached to the App the Template tests use.
 */
import { FORM_PATHS, PUBLIC_API_PATTERNS, STATIC_PATTERNS } from '../../infra/cdk/cdn-rules.js';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { runInNewContext } from 'node:vm';
import { App, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlerModules, routeKey, routes } from '../../functions/routes.js';
import { NODE_RUNTIME, sdkClientsUsedBy } from '../../infra/cdk/constructs/function.js';
import { TABLE_ACCESS, tableWritesOf, writesAudit } from '../../infra/cdk/constructs/table-access.js';
import { MANAGES_LEXICONS, READS_REVIEWERS } from '../../infra/cdk/constructs/api.js';
import { Auth } from '../../infra/cdk/constructs/auth.js';
import { Domain } from '../../infra/cdk/constructs/domain.js';
import { isPlaceholderEmail } from '../../infra/cdk/context.js';
import { buildStack, readContext, type ParrotPhrasesStack } from '../../infra/cdk/stack.js';
import { SECURITY_HEADERS } from '../../infra/cdk/csp.js';
// noBundling: for syntheses that look at the template only (the first synth below bundles for real).
import { cdkContext, noBundling, SYNTH_TIMEOUT } from './synth.js';

const outdirs: string[] = [];
const newApp = (context: Record<string, unknown> = {}) => {
  const outdir = mkdtempSync(join(tmpdir(), 'parrot-cdk-'));
  outdirs.push(outdir);
  return new App({ context: { ...cdkContext, ...context }, outdir });
};
afterAll(() => outdirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string; UpdateReplacePolicy?: string };

describe('ParrotPhrases stack', () => {
  let stack: ParrotPhrasesStack;
  let template: Template;
  const logicalId = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnElement);
  const ofType = (type: string) => Object.entries(template.findResources(type)) as [string, Resource][];

  beforeAll(() => {
    // prod: the stage whose data must survive; cdk.json's placeholder addresses, and maybe no build yet (CI runs this before npm run build).
    stack = buildStack(newApp({ stage: 'prod' }), { allowPlaceholders: true });
    template = Template.fromStack(stack);
  }, SYNTH_TIMEOUT);

  it('keeps data in one retained table with PITR, GSI1 and TTL', () => {
    const tables = ofType('AWS::DynamoDB::Table');
    expect(tables).toHaveLength(1);
    const [, table] = tables[0];
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.UpdateReplacePolicy).toBe('Retain');
    expect(table.Properties).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
      SSESpecification: { SSEEnabled: true },
      DeletionProtectionEnabled: true,
    });
    expect(table.Properties.GlobalSecondaryIndexes).toEqual([
      expect.objectContaining({
        IndexName: 'GSI1',
        KeySchema: [
          { AttributeName: 'GSI1PK', KeyType: 'HASH' },
          { AttributeName: 'GSI1SK', KeyType: 'RANGE' },
        ],
      }),
    ]);
  });

  it('creates exactly the routes of functions/routes.ts, JWT-protected unless public, each on its handler, and the form pages', () => {
    const apiRoutes = ofType('AWS::ApiGatewayV2::Route');
    const formRoutes = FORM_PATHS.map((p) => `ANY ${p}`);
    expect(apiRoutes.map(([, r]) => r.Properties.RouteKey).sort()).toEqual([...routes.map(routeKey), ...formRoutes].sort());

    const integrations = template.findResources('AWS::ApiGatewayV2::Integration');
    // A form page (constructs/forms.ts): public, on the render function, which refuses what lacks the origin secret.
    for (const key of formRoutes) {
      const [, apiRoute] = apiRoutes.find(([, r]) => r.Properties.RouteKey === key)!;
      expect(apiRoute.Properties.AuthorizationType ?? 'NONE', key).toBe('NONE');
      expect(apiRoute.Properties.AuthorizerId, key).toBeUndefined();
      const integrationId = apiRoute.Properties.Target['Fn::Join'][1][1].Ref;
      expect(integrations[integrationId].Properties).toMatchObject({
        IntegrationType: 'AWS_PROXY',
        PayloadFormatVersion: '2.0',
        // The render function's live alias, as its URL is: a release shifts the form with the pages.
        IntegrationUri: { Ref: logicalId(stack.render.alias) },
      });
    }
    for (const route of routes) {
      const [, apiRoute] = apiRoutes.find(([, r]) => r.Properties.RouteKey === routeKey(route))!;
      if (route.access === 'public') expect(apiRoute.Properties.AuthorizationType ?? 'NONE').toBe('NONE');
      else {
        expect(apiRoute.Properties.AuthorizationType).toBe('JWT');
        expect(apiRoute.Properties.AuthorizerId).toBeDefined();
      }
      // Target is "integrations/{Ref}"; that integration must invoke this route's handler module, through its live alias.
      const integrationId = apiRoute.Properties.Target['Fn::Join'][1][1].Ref;
      const aliasId = logicalId(stack.api.aliases.get(route.fn)!);
      expect(integrations[integrationId].Properties).toMatchObject({
        IntegrationType: 'AWS_PROXY',
        PayloadFormatVersion: '2.0',
        IntegrationUri: { Ref: aliasId },
      });
    }
  });

  it('verifies Cognito tokens of the SPA client in the JWT authorizer', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: logicalId(stack.auth.client) }],
        Issuer: { 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp('^https://cognito-idp\\.'), { Ref: logicalId(stack.auth.userPool) }])] },
      },
    });
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
    });
  });

  it('bundles one arm64 Node.js ESM Lambda per handler module with the config environment', () => {
    const nodeFns = ofType('AWS::Lambda::Function').filter(([, f]) => String(f.Properties.Runtime).startsWith('nodejs'));
    // + the render function, the daily media sweep, the hourly reminders, the origin secret's rotation, the release function, the release check and the deploy's invalidation
    expect(nodeFns).toHaveLength(new Set(handlerModules).size + 7);
    // One runtime for all of them, the one the twin and the tests run on (tests/infra/node-version.test.ts).
    expect(new Set(nodeFns.map(([, f]) => f.Properties.Runtime))).toEqual(new Set([NODE_RUNTIME.name]));
    for (const fn of handlerModules) {
      const id = logicalId(stack.api.functions.get(fn)!);
      const [, resource] = nodeFns.find(([logical]) => logical === id)!;
      expect(resource.Properties).toMatchObject({
        Architectures: ['arm64'],
        Runtime: NODE_RUNTIME.name,
        Handler: 'index.handler',
        MemorySize: 512,
        TracingConfig: { Mode: 'Active' },
      });
      expect(Object.keys(resource.Properties.Environment.Variables)).toEqual(
        expect.arrayContaining([
          'TABLE_NAME',
          'CONTENT_BUCKET',
          'ASSETS_BUCKET',
          'MEDIA_BASE_URL',
          'USER_POOL_ID',
          'SPEECH_ENGINE',
          'SUPPORT_FROM_EMAIL',
          'SUPPORT_TO_EMAIL',
          'PRODUCT_NAME',
        ]),
      );
      expect(resource.Properties.Environment.Variables.SPEECH_ENGINE).toBe('polly');
    }
  });

  it('sends the API a value only CloudFront knows, and every API function checks it (no way around CloudFront and its WAF)', () => {
    const [distribution] = ofType('AWS::CloudFront::Distribution');
    const apiOrigin = distribution[1].Properties.DistributionConfig.Origins.find((o: any) => JSON.stringify(o.DomainName).includes('execute-api'));
    const header = apiOrigin.OriginCustomHeaders.find((h: any) => h.HeaderName === 'x-origin-verify');
    // The origin secret's current value, resolved by CloudFormation at deploy time (tests/infra/origin-secret.test.ts).
    expect(JSON.stringify(header.HeaderValue)).toMatch(/^\{"Fn::Join":\["",\["\{\{resolve:secretsmanager:"/);
    for (const fn of new Set(handlerModules)) {
      const [, resource] = ofType('AWS::Lambda::Function').find(
        ([id]) => id === stack.getLogicalId(stack.api.functions.get(fn)!.node.defaultChild as CfnElement),
      )!;
      expect(resource.Properties.Environment.Variables.ORIGIN_SECRET_ARN, fn).toEqual({ Ref: logicalId(stack.originSecret.secret) });
    }
  });

  it('grants each function exactly what it uses: its reads, writes of its own item kinds only, S3 only where media is stored, no Scan', () => {
    const policies = ofType('AWS::IAM::Policy');
    for (const fn of new Set(handlerModules)) {
      const roleId = stack.getLogicalId(stack.api.functions.get(fn)!.role!.node.defaultChild as CfnElement);
      const statements = policies
        .filter(([, p]) => p.Properties.Roles.some((r: any) => r.Ref === roleId))
        .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
      const actions = statements.flatMap((st: any) => [st.Action].flat());
      const access = TABLE_ACCESS[fn];
      expect(actions).not.toContain('dynamodb:Scan');
      expect(actions.includes('dynamodb:Query'), fn).toBe(!!access.lists?.length || !!access.readActions?.includes('Query'));
      // Every write is conditioned on the partition key's prefix: the item kinds the function owns (reads too: tests/infra/table-access.test.ts).
      const writes = statements.filter((st: any) => [st.Action].flat().some((a: string) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a)));
      expect(writes.flatMap((st: any) => st.Condition['ForAllValues:StringLike']['dynamodb:LeadingKeys']).sort(), fn).toEqual(
        [...tableWritesOf(fn, routes)].sort(),
      );
      // Functions with admin writes also write the audit log and read their callers' e-mail; no other function does.
      expect(tableWritesOf(fn, routes).includes('AUDIT#*'), fn).toBe(writesAudit(fn, routes));
      expect(actions.includes('cognito-idp:AdminGetUser'), fn).toBe(writesAudit(fn, routes));
      // Object access only where the bundle uses S3, and never deletion.
      const clients = sdkClientsUsedBy(fn);
      expect(actions.includes('s3:PutObject'), fn).toBe(clients.has('client-s3'));
      expect(
        actions.some((a: string) => /^s3:Delete/.test(a)),
        fn,
      ).toBe(false);
      // Backup uses Polly for the lexicons of the pronunciations it restores, never to synthesize.
      expect(actions.includes('polly:SynthesizeSpeech'), fn).toBe(clients.has('client-polly') && fn !== 'backup');
      // Only media (pronunciations) and backup (after an import) manage lexicons, and only those named `pp…`.
      const lexiconGrants = statements.filter((st: any) => [st.Action].flat().some((a: string) => /^polly:(Put|Get|Delete)Lexicon$/.test(a)));
      expect(
        lexiconGrants.map((st: any) => [[st.Action].flat().sort(), JSON.stringify(st.Resource).includes(':lexicon/pp*')]),
        fn,
      ).toEqual(MANAGES_LEXICONS.includes(fn) ? [[['polly:DeleteLexicon', 'polly:GetLexicon', 'polly:PutLexicon'], true]] : []);
      if (fn === 'backup') expect(clients.has('client-polly')).toBe(true);
      expect(actions.includes('ses:SendEmail')).toBe(clients.has('client-sesv2') || clients.has('client-ses'));
      // Admin routes re-check the group (read only); only the users function changes users and rights.
      expect(actions.includes('cognito-idp:AdminListGroupsForUser')).toBe(clients.has('client-cognito-identity-provider'));
      expect(actions.includes('cognito-idp:AdminAddUserToGroup')).toBe(fn === 'users');
      expect(actions.includes('cognito-idp:AdminUserGlobalSignOut')).toBe(fn === 'users');
      // A language's editor group is made the first time it is given (functions/data/users.ts setEditor).
      expect(actions.includes('cognito-idp:CreateGroup')).toBe(fn === 'users');
      // A handler that asks whether a language has reviewers (the review steps, the gate on direct
      // writes: functions/services/review-gate.ts) reads its group; users manages the groups.
      const readsReviewers = /from '\.\.\/services\/(review-gate|approvals)\.js'/.test(readFileSync(`functions/handlers/${fn}.ts`, 'utf8'));
      expect(actions.includes('cognito-idp:ListUsersInGroup'), fn).toBe(fn === 'users' || readsReviewers);
      expect(READS_REVIEWERS.includes(fn), fn).toBe(readsReviewers);
      // Only the users function invites (and takes an invitation back), and only in this pool.
      for (const action of ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminDeleteUser']) {
        const granting = statements.filter((st: any) => [st.Action].flat().includes(action));
        expect(
          granting.map((st: any) => st.Resource),
          `${fn} ${action}`,
        ).toEqual(fn === 'users' ? [{ 'Fn::GetAtt': [logicalId(stack.auth.userPool), 'Arn'] }] : []);
      }
    }
    // The import scan sees through the handler into the data layer; only media signs uploads, and
    // only media and publishing (bulk 'Generate audio') store speech; phrases reads its word timings;
    // backup uses Polly for the lexicons of the pronunciations it restores (no speech, no S3).
    expect(sdkClientsUsedBy('languages')).toContain('client-dynamodb');
    expect([...new Set(handlerModules)].filter((fn) => sdkClientsUsedBy(fn).has('client-s3'))).toEqual(['phrases', 'media', 'publishing']);
    expect([...new Set(handlerModules)].filter((fn) => sdkClientsUsedBy(fn).has('client-polly'))).toEqual(['media', 'backup', 'publishing']);
    expect(TABLE_ACCESS.pages).toEqual({ reads: ['LANG#*'], readActions: ['GetItem', 'Query'] });
    expect(tableWritesOf('audit', routes)).toEqual([]);
    expect(tableWritesOf('levels', routes)).toEqual(['LANG#*', 'TRASH#*', 'VERSION#*', 'AUDIT#*']);
    expect(tableWritesOf('users', routes)).toEqual(['ADMINS', 'AUDIT#*']);
  });

  it('deploys the SPA with a generated config.json naming this pool and client', () => {
    const shell = Object.values(template.findResources('Custom::CDKBucketDeployment') as Record<string, Resource>).find(
      (d) => !d.Properties.DestinationBucketKeyPrefix,
    )!;
    expect(shell.Properties.DestinationBucketName).toEqual({ Ref: logicalId(stack.site.bucket) });
    expect(Object.values(shell.Properties.SourceMarkers.at(-1))).toEqual(
      expect.arrayContaining([{ Ref: logicalId(stack.auth.userPool) }, { Ref: logicalId(stack.auth.client) }]),
    );
  });

  it('has an admin-only user pool with the admins and editors groups and a secretless SPA client', () => {
    const [[, pool]] = ofType('AWS::Cognito::UserPool');
    expect(pool.DeletionPolicy).toBe('Retain');
    expect(pool.Properties.AdminCreateUserConfig.AllowAdminCreateUserOnly).toBe(true);
    expect(pool.Properties.UsernameAttributes).toEqual(['email']);
    expect(pool.Properties.Policies.PasswordPolicy).toMatchObject({ MinimumLength: 12, RequireSymbols: true });
    for (const GroupName of ['admins', 'editors', 'editors+posts']) template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName });
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
    });
  });

  it('lets learners register themselves only when the learnerSignUp context flag is on', () => {
    const poolOf = (learnerSignUp?: boolean) => {
      const scope = new Stack(new App(), 'AuthOnly');
      new Auth(scope, 'Auth', { learnerSignUp });
      return Object.values(Template.fromStack(scope).findResources('AWS::Cognito::UserPool'))[0] as Resource;
    };
    expect(poolOf().Properties.AdminCreateUserConfig.AllowAdminCreateUserOnly).toBe(true);
    const open = poolOf(true);
    expect(open.Properties.AdminCreateUserConfig.AllowAdminCreateUserOnly).toBe(false);
    expect(open.Properties.AutoVerifiedAttributes).toEqual(['email']);
    expect(readContext(new App({ context: { learnerSignUp: 'true' } })).learnerSignUp).toBe(true);
    expect(readContext(new App({ context: cdkContext })).learnerSignUp).toBe(false);
  });

  it("sends invitations with Cognito's own mail, naming the product and linking /auth on a custom domain", () => {
    const template = (props: ConstructorParameters<typeof Auth>[2]) => {
      const scope = new Stack(new App(), 'AuthOnly');
      new Auth(scope, 'Auth', props);
      const pool = Object.values(Template.fromStack(scope).findResources('AWS::Cognito::UserPool'))[0] as Resource;
      return pool.Properties.AdminCreateUserConfig.InviteMessageTemplate;
    };
    const linked = template({ productName: 'Loro', siteUrl: 'https://loro.example' });
    expect(linked.EmailSubject).toBe('You are invited to the Loro back office');
    expect(linked.EmailMessage).toContain('<a href="https://loro.example/auth">');
    expect(linked.EmailMessage).toContain('{####}'); // without it Cognito sends no invitation
    // The stack's own pool (no custom domain in cdk.json): the product's name, and /auth named.
    const [[, pool]] = ofType('AWS::Cognito::UserPool');
    expect(pool.Properties.AdminCreateUserConfig.InviteMessageTemplate.EmailMessage).toMatch(/the \/auth page of the Parrot Phrases site.*\{####\}/s);
    expect(pool.Properties.Policies.PasswordPolicy.TemporaryPasswordValidityDays).toBe(3);
  });

  it('retains, versions, encrypts and closes every bucket', () => {
    const buckets = ofType('AWS::S3::Bucket');
    expect(buckets.length).toBeGreaterThanOrEqual(4); // content, assets, site, logs
    for (const [, bucket] of buckets) {
      expect(bucket.DeletionPolicy).toBe('Retain');
      expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('AES256');
    }
    for (const b of [stack.data.contentBucket, stack.data.assetsBucket]) {
      const props = template.toJSON().Resources[logicalId(b)].Properties;
      expect(props.CorsConfiguration.CorsRules[0].AllowedMethods).toContain('POST');
      expect(props.LoggingConfiguration.DestinationBucketName).toEqual({ Ref: logicalId(stack.data.logsBucket) });
    }
  });

  describe('CloudFront', () => {
    const distribution = () => ofType('AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig;
    const functionCode = (comment: string) => {
      const [, fn] = ofType('AWS::CloudFront::Function').find(([, f]) => f.Properties.FunctionConfig.Comment === comment)!;
      // CloudFront Functions are plain JS with a global `handler`; run it on sample events, in a context
      // of its own (CloudFront's runtime has no Node globals either).
      const handler = runInNewContext(`${fn.Properties.FunctionCode}; handler;`);
      return (uri: string) => handler({ request: { uri } }).uri as string;
    };

    it('reaches every S3 origin through Origin Access Control', () => {
      template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
        OriginAccessControlConfig: { OriginAccessControlOriginType: 's3', SigningBehavior: 'always', SigningProtocol: 'sigv4' },
      });
      const s3Origins = distribution().Origins.filter((o: any) => o.S3OriginConfig);
      expect(s3Origins).toHaveLength(3); // site, content, assets
      for (const origin of s3Origins) expect(origin.OriginAccessControlId).toBeDefined();
    });

    it('routes pages to the render function, /api, /media and the build files, with HTTPS only and logging, and no error-page rewrites', () => {
      const config = distribution();
      const behaviors = Object.fromEntries(config.CacheBehaviors.map((b: any) => [b.PathPattern, b]));
      expect(Object.keys(behaviors).sort()).toEqual(
        ['/api/*', ...PUBLIC_API_PATTERNS, ...STATIC_PATTERNS, ...FORM_PATHS, '/media/assets/*', '/media/content/*'].sort(),
      );
      // A form page is the page (same cache and headers) that also takes its form's POST, with its origin and type,
      // from the API origin: origin access control refuses an unsigned body at the function URL (constructs/forms.ts).
      for (const p of FORM_PATHS) {
        expect(behaviors[p]).toMatchObject({
          TargetOriginId: behaviors['/api/*'].TargetOriginId,
          CachePolicyId: config.DefaultCacheBehavior.CachePolicyId,
          ResponseHeadersPolicyId: config.DefaultCacheBehavior.ResponseHeadersPolicyId,
          FunctionAssociations: config.DefaultCacheBehavior.FunctionAssociations,
        });
        expect(behaviors[p].AllowedMethods).toHaveLength(7);
        expect(behaviors[p].OriginRequestPolicyId).not.toBe(config.DefaultCacheBehavior.OriginRequestPolicyId);
      }
      // No behaviour that takes a body (POST, PUT) goes to the render function's URL.
      for (const b of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
        if (b.TargetOriginId === config.DefaultCacheBehavior.TargetOriginId) expect(b.AllowedMethods, b.PathPattern).toEqual(['GET', 'HEAD']);
      }
      template.hasResourceProperties('AWS::CloudFront::OriginRequestPolicy', {
        OriginRequestPolicyConfig: Match.objectLike({
          HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['x-forwarded-host', 'origin', 'content-type'] },
          CookiesConfig: { CookieBehavior: 'none' },
        }),
      });
      // CloudFront takes the first matching behaviour in order: the public reads before /api/*.
      const order = config.CacheBehaviors.map((b: any) => b.PathPattern);
      for (const p of PUBLIC_API_PATTERNS) expect(order.indexOf(p)).toBeLessThan(order.indexOf('/api/*'));
      expect(behaviors['/api/*'].AllowedMethods).toHaveLength(7);
      expect(behaviors['/api/*'].OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac'); // AllViewerExceptHostHeader
      // 5xx kept seconds (tests/infra/deploy.test.ts); no error page of CloudFront's own replaces the origin's.
      expect(config.CustomErrorResponses.every((e: any) => e.ResponsePagePath === undefined)).toBe(true);
      expect(config.Logging.Bucket).toBeDefined();
      for (const b of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) expect(b.ViewerProtocolPolicy).toBe('redirect-to-https');
      const apiOrigin = config.Origins.find((o: any) => o.Id === behaviors['/api/*'].TargetOriginId);
      expect(apiOrigin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
    });

    it('sends pages to the render function through origin access control, keyed on the path only', () => {
      const config = distribution();
      const renderOrigin = config.Origins.find((o: any) => o.Id === config.DefaultCacheBehavior.TargetOriginId);
      expect(renderOrigin.OriginAccessControlId).toBeDefined();
      template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
        OriginAccessControlConfig: { OriginAccessControlOriginType: 'lambda', SigningBehavior: 'always' },
      });
      template.hasResourceProperties('AWS::Lambda::Url', { AuthType: 'AWS_IAM' });
      expect(config.DefaultCacheBehavior.AllowedMethods).toEqual(['GET', 'HEAD']);
      // No cookie, header or Authorization in the key or sent to the render function: one page for everyone.
      const [, pagesCache] = ofType('AWS::CloudFront::CachePolicy').find(([, p]) =>
        p.Properties.CachePolicyConfig.Comment.startsWith('Server-rendered pages'),
      )!;
      const key = pagesCache.Properties.CachePolicyConfig.ParametersInCacheKeyAndForwardedToOrigin;
      expect(key).toMatchObject({
        CookiesConfig: { CookieBehavior: 'none' },
        HeadersConfig: { HeaderBehavior: 'none' },
        QueryStringsConfig: { QueryStringBehavior: 'none' },
      });
      expect(key.EnableAcceptEncodingBrotli).toBe(true);
      const [, pagesRequest] = ofType('AWS::CloudFront::OriginRequestPolicy').find(([, p]) =>
        p.Properties.OriginRequestPolicyConfig.Comment.startsWith('Pages'),
      )!;
      expect(pagesRequest.Properties.OriginRequestPolicyConfig).toMatchObject({
        CookiesConfig: { CookieBehavior: 'none' },
        HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['x-forwarded-host'] },
        QueryStringsConfig: { QueryStringBehavior: 'all' },
      });
    });

    it('tells browsers to revalidate pages and public reads, never the private API answers', () => {
      const config = distribution();
      const policies = Object.fromEntries(ofType('AWS::CloudFront::ResponseHeadersPolicy').map(([id, p]) => [id, p.Properties.ResponseHeadersPolicyConfig]));
      const headersOf = (b: any) => policies[b.ResponseHeadersPolicyId.Ref]?.CustomHeadersConfig?.Items ?? [];
      const revalidate = [{ Header: 'Cache-Control', Value: 'no-cache', Override: true }];
      const behaviors = Object.fromEntries(config.CacheBehaviors.map((b: any) => [b.PathPattern, b]));
      expect(headersOf(config.DefaultCacheBehavior)).toEqual(revalidate);
      for (const p of PUBLIC_API_PATTERNS) expect(headersOf(behaviors[p])).toEqual(revalidate);
      expect(headersOf(behaviors['/api/*'])).toEqual([]);
    });

    it("sends the same security headers as the twin's gateway (SECURITY_HEADERS): CSP, HSTS, nosniff, frame and referrer policies", () => {
      const policy = ofType('AWS::CloudFront::ResponseHeadersPolicy')
        .map(([, p]) => p.Properties.ResponseHeadersPolicyConfig)
        .find((c: any) => c.SecurityHeadersConfig?.StrictTransportSecurity)!.SecurityHeadersConfig;
      expect(policy.ContentSecurityPolicy.ContentSecurityPolicy).toBe(SECURITY_HEADERS['content-security-policy']);
      expect(`max-age=${policy.StrictTransportSecurity.AccessControlMaxAgeSec}; includeSubDomains`).toBe(SECURITY_HEADERS['strict-transport-security']);
      expect(policy.StrictTransportSecurity.IncludeSubdomains).toBe(true);
      expect(policy.ContentTypeOptions.Override).toBe(true);
      expect(policy.FrameOptions.FrameOption).toBe(SECURITY_HEADERS['x-frame-options']);
      expect(policy.ReferrerPolicy.ReferrerPolicy).toBe(SECURITY_HEADERS['referrer-policy']);
    });

    it('serves stored media sandboxed, without type sniffing, to any origin', () => {
      const config = distribution();
      const policies = Object.fromEntries(ofType('AWS::CloudFront::ResponseHeadersPolicy').map(([id, p]) => [id, p.Properties.ResponseHeadersPolicyConfig]));
      for (const pattern of ['/media/content/*', '/media/assets/*']) {
        const behavior = config.CacheBehaviors.find((b: any) => b.PathPattern === pattern);
        const policy = policies[behavior.ResponseHeadersPolicyId.Ref];
        expect(policy.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy).toMatch(/(^|; )sandbox(;|$)/);
        expect(policy.SecurityHeadersConfig.ContentTypeOptions.Override).toBe(true);
        expect(policy.CorsConfig.AccessControlAllowOrigins.Items).toEqual(['*']);
      }
    });

    it('passes the viewer host to the render function for canonical URLs', () => {
      const [, fn] = ofType('AWS::CloudFront::Function').find(([, f]) => f.Properties.FunctionConfig.Comment.startsWith('Pass the viewer Host'))!;
      const handler = runInNewContext(`${fn.Properties.FunctionCode}; handler;`);
      const out = handler({ request: { uri: '/fr', headers: { host: { value: 'phrases.example' } } } });
      expect(out.headers['x-forwarded-host']).toEqual({ value: 'phrases.example' });
    });

    it('lets only the content writers invalidate the distribution, and the render function read, and write only what the support form writes', () => {
      const policies = ofType('AWS::IAM::Policy');
      const statementsOf = (fn: { role?: unknown }) => {
        const roleId = stack.getLogicalId((fn.role as any).node.defaultChild as CfnElement);
        return policies.filter(([, p]) => p.Properties.Roles.some((r: any) => r.Ref === roleId)).flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
      };
      const actions = (fn: { role?: unknown }) => statementsOf(fn).flatMap((st: any) => [st.Action].flat());
      for (const fn of ['languages', 'levels', 'lessons', 'phrases', 'blog', 'settings', 'backup'] as const)
        expect(actions(stack.api.functions.get(fn)!), fn).toContain('cloudfront:CreateInvalidation');
      for (const fn of ['support', 'analytics', 'users', 'pages'] as const)
        expect(actions(stack.api.functions.get(fn)!), fn).not.toContain('cloudfront:CreateInvalidation');
      const render = actions(stack.render.function);
      const reads = ['dynamodb:GetItem', 'dynamodb:Query'];
      expect([...new Set(render.filter((a: string) => a.startsWith('dynamodb:')))].sort()).toEqual(
        [...reads, 'dynamodb:PutItem', 'dynamodb:UpdateItem'].sort(),
      );
      // Its writes: the support form's item kinds only (the message and the sender's limit), as the support function's.
      const writes = statementsOf(stack.render.function).filter((st: any) => [st.Action].flat().includes('dynamodb:PutItem'));
      expect(writes).toHaveLength(1);
      expect(writes[0].Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': TABLE_ACCESS.support.writes } });
      expect(render.some((a: string) => /^(s3|cloudfront|cognito-idp|polly):/.test(a))).toBe(false);
      // The form pages reach it through the API: it reads the origin secret (by ARN, under a name of its own) to check them.
      const secret = { Ref: logicalId(stack.originSecret.secret) };
      const [, fn] = ofType('AWS::Lambda::Function').find(([id]) => id === logicalId(stack.render.function))!;
      expect(fn.Properties.Environment.Variables.FORM_ORIGIN_SECRET_ARN).toEqual(secret);
      expect(fn.Properties.Environment.Variables.ORIGIN_SECRET_ARN).toBeUndefined();
      const secretReads = statementsOf(stack.render.function).filter((st: any) => JSON.stringify(st.Action).includes('secretsmanager:'));
      expect(secretReads).toEqual([expect.objectContaining({ Action: 'secretsmanager:GetSecretValue', Resource: secret })]);
    });

    it('maps /media/{bucket}/{key} to the stored key', () => {
      const strip = functionCode('Map /media/{content|assets}/{key} to the bucket key');
      expect(strip('/media/content/audio/123_x.mp3')).toBe('/audio/123_x.mp3');
      expect(strip('/media/assets/settings/logo.png')).toBe('/settings/logo.png');
    });
  });
});

describe('cdk-nag AwsSolutions', () => {
  // cdk-nag reads the template: the bundles' code is not its concern (the first synth above bundles).
  const nagApp = () => {
    const app = newApp(noBundling);
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    return app;
  };
  const nagViolations = (outdir: string) => {
    const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8'));
    return (report.pluginReports as { pluginName: string; violations: { ruleName: string }[] }[])
      .filter((p) => p.pluginName === 'AwsSolutions')
      .flatMap((p) => p.violations.map((v) => v.ruleName));
  };

  it('passes with every finding fixed or acknowledged', { timeout: SYNTH_TIMEOUT }, () => {
    const app = nagApp();
    buildStack(app, { allowPlaceholders: true }); // the dev stage (cdk.json), with its auto-delete custom resources
    // In-memory synth throws a ValidationFailed error carrying the report when any finding is open.
    expect(() => app.synth()).not.toThrow();
    expect(nagViolations(app.outdir)).toEqual([]);
  });

  it('fails synth on an unacknowledged finding (the check above can fail)', { timeout: SYNTH_TIMEOUT }, () => {
    const app = nagApp();
    new Bucket(new Stack(app, 'Careless'), 'OpenBucket');
    expect(() => app.synth()).toThrow(/AwsSolutions-S1/);
  });
});

describe('Deployment settings, guards and stages', () => {
  const env = { account: '123456789012', region: 'us-east-1' };
  const realMail = { supportFromEmail: 'no-reply@mail.parrot-phrases.org', supportToEmail: 'team@parrot-phrases.org' };
  const domain = { domainName: 'phrases.parrot-phrases.org', hostedZoneId: 'Z0123456789ABCDEFGHIJ' };
  // Asset hashes stand in for the Lambda bundles: these tests look at the template and the site's files, not at the code.
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'parrot-dist-'));
    outdirs.push(dir);
    return dir;
  };
  /** What `npm run build` writes, source maps included (Vite emits them next to every script). */
  const fakeBuild = () => {
    const dist = tempDir();
    const files = [
      'index.html',
      '.ssr/entry-server.mjs',
      '.ssr/entry-server.mjs.map',
      'static/app-abc123.js',
      'static/app-abc123.js.map',
      'embed/banner.js',
      'embed/banner.js.map',
      'favicon.svg',
    ];
    for (const file of files) {
      mkdirSync(dirname(join(dist, file)), { recursive: true });
      writeFileSync(join(dist, file), `/* ${file} */`);
    }
    return dist;
  };
  const failure = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('expected a failure');
  };

  // dev: strict (real addresses, a build), with a custom domain. prod: cdk.json's placeholders and no build,
  // tolerated through the context key as `npm run synth` passes it, and checked by cdk-nag.
  let dev: ParrotPhrasesStack;
  let devTemplate: Template;
  let devOutdir: string;
  let prod: ParrotPhrasesStack;
  let prodTemplate: Template;
  let prodWarnings: string[];
  let prodOutdir: string;
  beforeAll(() => {
    const devApp = newApp({ ...noBundling, stage: 'dev', ...realMail, ...domain });
    devOutdir = devApp.outdir;
    dev = buildStack(devApp, { env, frontendDist: fakeBuild() });
    devTemplate = Template.fromStack(dev);

    const prodApp = newApp({ ...noBundling, stage: 'prod', allowPlaceholders: 'true' });
    prodOutdir = prodApp.outdir;
    Validations.of(prodApp).addPlugins(new AwsSolutionsChecks(prodApp));
    prod = buildStack(prodApp, { env, frontendDist: tempDir() });
    const assembly = prodApp.synth(); // throws on any open cdk-nag finding
    const artifact = assembly.getStackArtifact(prod.artifactId);
    prodTemplate = Template.fromJSON(artifact.template);
    // The level's enum is deprecated in aws-cdk-lib (it moved to a package we do not install): compare its value.
    prodWarnings = artifact.messages
      .filter((m) => (m.level as string) === 'warning')
      .map((m) => (typeof m.entry.data === 'string' ? m.entry.data : JSON.stringify(m.entry.data)));
  }, SYNTH_TIMEOUT);

  const resources = (template: Template, type: string) => Object.values(template.findResources(type)) as Resource[];
  const resourceOf = (s: ParrotPhrasesStack, template: Template, c: { node: { defaultChild?: unknown } }) =>
    template.toJSON().Resources[s.getLogicalId(c.node.defaultChild as CfnElement)] as Resource;

  it('wires operations per stage: WAF in prod, MFA required in prod, route throttles, alarms to one topic', () => {
    // prod: a web ACL of its own on the distribution; dev: none unless asked for.
    expect(resources(prodTemplate, 'AWS::WAFv2::WebACL')).toHaveLength(1);
    expect(resources(devTemplate, 'AWS::WAFv2::WebACL')).toHaveLength(0);
    const [prodDistribution] = resources(prodTemplate, 'AWS::CloudFront::Distribution');
    expect(prodDistribution.Properties.DistributionConfig.WebACLId).toEqual({ 'Fn::GetAtt': [expect.any(String), 'Arn'] });
    // TOTP MFA: required in prod, optional in dev, never SMS.
    const [prodPool] = resources(prodTemplate, 'AWS::Cognito::UserPool');
    const [devPool] = resources(devTemplate, 'AWS::Cognito::UserPool');
    expect(prodPool.Properties).toMatchObject({ MfaConfiguration: 'ON', EnabledMfas: ['SOFTWARE_TOKEN_MFA'] });
    expect(devPool.Properties.MfaConfiguration).toBe('OPTIONAL');
    expect(readContext(new App({ context: { stage: 'prod', learnerSignUp: 'true' } })).mfa).toBe('optional');
    // Lower limits on support, analytics and text-to-speech than the stage's default.
    const [stage] = resources(prodTemplate, 'AWS::ApiGatewayV2::Stage');
    expect(Object.keys(stage.Properties.RouteSettings).sort()).toEqual([
      'POST /api/analytics',
      'POST /api/media/tts',
      'POST /api/reminders',
      'POST /api/support',
    ]);
    // Every alarm notifies the one topic; the budget too.
    const alarms = resources(prodTemplate, 'AWS::CloudWatch::Alarm');
    expect(alarms.length).toBeGreaterThan(20);
    const [topic] = Object.keys(prodTemplate.findResources('AWS::SNS::Topic'));
    for (const alarm of alarms) expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topic }]);
    expect(resources(prodTemplate, 'AWS::Budgets::Budget')).toHaveLength(1);
    expect(resources(prodTemplate, 'AWS::CloudWatch::Dashboard')).toHaveLength(1);
  });

  // Who makes the support mail's SES identities, and who may send with them: tests/infra/stages.test.ts.

  it('validates the context with messages that name the key, and coerces -c strings', () => {
    const read = (context: Record<string, unknown>) => readContext(new App({ context }));
    expect(failure(() => read({ stage: 'qa' }))).toMatch(/stage: .*"dev"\|"prod".*\(got "qa"\)/);
    expect(failure(() => read({ domainName: domain.domainName }))).toMatch(/hostedZoneId: is required with domainName/);
    expect(failure(() => read({ hostedZoneId: domain.hostedZoneId }))).toMatch(/domainName: is required with hostedZoneId/);
    expect(failure(() => read({ monthlyBudgetUsd: 'lots' }))).toMatch(/monthlyBudgetUsd: .*number/);
    expect(failure(() => read({ waf: 'yes' }))).toMatch(/waf: .*boolean/);
    expect(failure(() => read({ supportToEmail: 'support' }))).toMatch(/supportToEmail: .*email/i);
    expect(failure(() => read({ certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/x' }))).toMatch(/certificateArn: is no longer read/);
    // Every mistake at once, not one per attempt.
    expect(failure(() => read({ stage: 'qa', waf: 'yes', domainName: domain.domainName }))).toMatch(/stage:[\s\S]*waf:[\s\S]*hostedZoneId:/);

    expect(read({ stage: 'prod', waf: 'false', monthlyBudgetUsd: '120', learnerSignUp: 'true', allowPlaceholders: 'true' })).toMatchObject({
      stage: 'prod',
      waf: false,
      monthlyBudgetUsd: 120,
      learnerSignUp: true,
      allowPlaceholders: true,
    });
    expect(read(cdkContext)).toMatchObject({
      stage: 'dev',
      waf: false,
      monthlyBudgetUsd: 50,
      learnerSignUp: false,
      allowPlaceholders: false,
      domainName: undefined,
    });
    expect(read({ stage: 'prod' }).waf).toBe(true);
  });

  it('refuses placeholder addresses and a missing SPA build unless allowPlaceholders is given', () => {
    expect(['a@parrotphrases.example', 'a@x.test', 'a@x.invalid', 'a@example.com', 'a@mail.example.org'].filter(isPlaceholderEmail)).toHaveLength(5);
    expect(['a@parrot-phrases.org', 'a@examples.com', 'a@example.company'].filter(isPlaceholderEmail)).toEqual([]);

    // The guards run before any construct: these throw without bundling anything.
    const build = fakeBuild();
    const placeholders = failure(() => buildStack(newApp(), { env, frontendDist: build }));
    expect(placeholders).toMatch(/supportFromEmail is still a placeholder \(no-reply@parrotphrases\.example\)/);
    expect(placeholders).toMatch(/supportToEmail is still a placeholder/);
    expect(placeholders).toMatch(/allowPlaceholders=true/);
    expect(failure(() => buildStack(newApp({ ...realMail, alarmEmail: 'ops@example.com' }), { env, frontendDist: build }))).toMatch(
      /alarmEmail is still a placeholder/,
    );
    const unbuilt = failure(() => buildStack(newApp(realMail), { env, frontendDist: tempDir() }));
    expect(unbuilt).toMatch(/index\.html is missing: run npm run build/);
    expect(unbuilt).toMatch(/\.ssr\/entry-server\.mjs is missing/);

    // Allowed: the prod stack was built from exactly those placeholders and no build, and says so.
    expect(prod.context.supportFromEmail).toBe(cdkContext.supportFromEmail);
    expect(prodWarnings).toContainEqual(expect.stringMatching(/allowPlaceholders; do not deploy.*supportFromEmail.*index\.html is missing/));
    expect(dev.node.metadata.filter((m) => m.type === 'aws:cdk:warning')).toEqual([]);
  });

  it('keeps prod data when the stack is deleted, and lets a dev stack go completely', () => {
    const [devTable] = resources(devTemplate, 'AWS::DynamoDB::Table');
    const [prodTable] = resources(prodTemplate, 'AWS::DynamoDB::Table');
    expect([devTable.DeletionPolicy, devTable.Properties.DeletionProtectionEnabled]).toEqual(['Delete', false]);
    expect([prodTable.DeletionPolicy, prodTable.Properties.DeletionProtectionEnabled]).toEqual(['Retain', true]);

    const [devPool] = resources(devTemplate, 'AWS::Cognito::UserPool');
    const [prodPool] = resources(prodTemplate, 'AWS::Cognito::UserPool');
    expect([devPool.DeletionPolicy, devPool.Properties.DeletionProtection]).toEqual(['Delete', 'INACTIVE']);
    expect([prodPool.DeletionPolicy, prodPool.Properties.DeletionProtection]).toEqual(['Retain', 'ACTIVE']);

    // content, assets, site, logs: each emptied before deletion in dev (versioned buckets cannot be deleted otherwise).
    const devBuckets = devTemplate.findResources('AWS::S3::Bucket');
    expect(Object.keys(devBuckets)).toHaveLength(4);
    expect(Object.values(devBuckets).map((b) => b.DeletionPolicy)).toEqual(['Delete', 'Delete', 'Delete', 'Delete']);
    const emptied = resources(devTemplate, 'Custom::S3AutoDeleteObjects').map((r) => r.Properties.BucketName.Ref);
    expect(emptied.sort()).toEqual(Object.keys(devBuckets).sort());
    const prodBuckets = resources(prodTemplate, 'AWS::S3::Bucket');
    expect(prodBuckets.map((b) => b.DeletionPolicy)).toEqual(['Retain', 'Retain', 'Retain', 'Retain']);
    expect(resources(prodTemplate, 'Custom::S3AutoDeleteObjects')).toEqual([]);
  });

  it('names each stage its own stack', () => {
    // That the two stages share no physical name, SES identity, domain or record: tests/infra/stages.test.ts.
    expect([dev.stackName, prod.stackName]).toEqual(['ParrotPhrases-dev', 'ParrotPhrases-prod']);
  });

  it('makes a DNS-validated certificate and A/AAAA alias records for a custom domain, only in us-east-1', () => {
    const [certificate] = resources(devTemplate, 'AWS::CertificateManager::Certificate');
    expect(certificate.Properties).toMatchObject({
      DomainName: domain.domainName,
      ValidationMethod: 'DNS',
      // The API's own name for CloudFront (docs/infra.md "Only CloudFront reaches the API") is on it too.
      DomainValidationOptions: [
        { DomainName: domain.domainName, HostedZoneId: domain.hostedZoneId },
        { DomainName: `api-origin.${domain.domainName}`, HostedZoneId: domain.hostedZoneId },
      ],
    });
    const distributionId = dev.getLogicalId(dev.site.distribution.node.defaultChild as CfnElement);
    const records = resources(devTemplate, 'AWS::Route53::RecordSet').filter((r) => r.Properties.Name === `${domain.domainName}.`);
    expect(records.map((r) => r.Properties.Type).sort()).toEqual(['A', 'AAAA']);
    for (const record of records) {
      expect(record.Properties).toMatchObject({
        Name: `${domain.domainName}.`,
        HostedZoneId: domain.hostedZoneId,
        AliasTarget: { DNSName: { 'Fn::GetAtt': [distributionId, 'DomainName'] } },
      });
    }
    const config = resourceOf(dev, devTemplate, dev.site.distribution).Properties.DistributionConfig;
    expect(config.Aliases).toEqual([domain.domainName]);
    expect(config.ViewerCertificate).toMatchObject({
      AcmCertificateArn: { Ref: dev.getLogicalId(dev.domain!.certificate.node.defaultChild as CfnElement) },
      MinimumProtocolVersion: 'TLSv1.2_2021',
    });
    // Without a domain: none of it.
    expect(resources(prodTemplate, 'AWS::CertificateManager::Certificate')).toEqual([]);
    expect(resources(prodTemplate, 'AWS::Route53::RecordSet')).toEqual([]);

    const elsewhere = new Stack(new App(), 'Elsewhere', { env: { ...env, region: 'eu-west-1' } });
    expect(failure(() => new Domain(elsewhere, 'Domain', domain))).toMatch(/only accepts ACM certificates from us-east-1.*\(eu-west-1\)/);
  });

  it('uploads the build without source maps, the server build or index.html; without a build only config.json', () => {
    const siteFiles = (s: ParrotPhrasesStack, template: Template, outdir: string) => {
      const bucketId = s.getLogicalId(s.site.bucket.node.defaultChild as CfnElement);
      const deployments = resources(template, 'Custom::CDKBucketDeployment').filter((d) => d.Properties.DestinationBucketName.Ref === bucketId);
      const files: string[] = [];
      for (const d of deployments) {
        for (const key of d.Properties.SourceObjectKeys as string[]) {
          // Each source is staged in the cloud assembly as asset.{hash}; that folder is what gets zipped and uploaded.
          const staged = join(outdir, `asset.${key.replace(/\.zip$/, '')}`);
          const prefix: string = d.Properties.DestinationBucketKeyPrefix ?? '';
          files.push(
            ...readdirSync(staged, { recursive: true, withFileTypes: true })
              .filter((f) => f.isFile())
              .map((f) => prefix + relative(staged, join(f.parentPath, f.name))),
          );
        }
      }
      return files.sort();
    };
    expect(siteFiles(dev, devTemplate, devOutdir)).toEqual(['config.json', 'embed/banner.js', 'favicon.svg', 'static/app-abc123.js']);
    expect(siteFiles(prod, prodTemplate, prodOutdir)).toEqual(['config.json']);
  });

  it('expires replaced versions of the site files after 30 days', () => {
    for (const [s, template] of [
      [dev, devTemplate],
      [prod, prodTemplate],
    ] as const) {
      const rules = resourceOf(s, template, s.site.bucket).Properties.LifecycleConfiguration.Rules;
      expect(rules).toEqual([expect.objectContaining({ Status: 'Enabled', NoncurrentVersionExpiration: { NoncurrentDays: 30 } })]);
    }
  });
});
