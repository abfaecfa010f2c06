/**
 * The operations constructs (monitoring, WAF, per-route throttles), each built on a bare stack with
 * small real resources (inline-code Lambdas, no bundling), and cdk-nag over them: they must add no
 * finding to what the same resources have without them.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, CfnElement, Stack, Validations, type Environment } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { HttpApi, HttpMethod, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { AttributeType, BillingMode, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Code, Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { Construct } from 'constructs';
import { afterAll, describe, expect, it } from 'vitest';
import { routeKey, routes } from '../../functions/routes.js';
import { NODE_RUNTIME } from '../../infra/cdk/constructs/function.js';
import { MAIL_DIMENSION } from '../../infra/cdk/constructs/mail.js';
import { FAILURE_METRICS, METRICS_NAMESPACE, METRICS_SERVICE, STAGE_DIMENSION } from '../../functions/lib/failure-metrics.js';
import {
  ALARM_THRESHOLDS,
  BUDGET_ACTUAL_PERCENT,
  BUDGET_FORECAST_PERCENT,
  DYNAMO_OPERATIONS,
  METRICS_PER_ALARM,
  Monitoring,
} from '../../infra/cdk/constructs/monitoring/monitoring.js';
import { DEFAULT_CONCURRENCY_QUOTA } from '../../infra/cdk/context.js';
import { applyRouteThrottles, ROUTE_THROTTLES } from '../../infra/cdk/constructs/throttles.js';
import { COUNT_ONLY_RULES, MANAGED_RULE_GROUPS, Waf } from '../../infra/cdk/constructs/waf.js';

const MAIL_SET = 'parrot-support-mail';
const US_EAST_1: Environment = { account: '123456789012', region: 'us-east-1' };
const outdirs: string[] = [];
const newApp = () => {
  const outdir = mkdtempSync(join(tmpdir(), 'parrot-ops-'));
  outdirs.push(outdir);
  return new App({ outdir });
};
afterAll(() => outdirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The resources the constructs watch, shaped like the real stack's (AppFunction's `Fn-{module}/Function`). */
function fixtures(stack: Stack, opts: { allRoutes?: boolean; webAclArn?: string; functions?: number } = {}) {
  const table = new Table(stack, 'Table', {
    partitionKey: { name: 'PK', type: AttributeType.STRING },
    sortKey: { name: 'SK', type: AttributeType.STRING },
    billingMode: BillingMode.PAY_PER_REQUEST,
  });
  const fn = (module: string) =>
    new LambdaFunction(new Construct(stack, `Fn-${module}`), 'Function', {
      runtime: NODE_RUNTIME,
      handler: 'index.handler',
      code: Code.fromInline('exports.handler = async () => ({ statusCode: 200 });'),
    });
  // languages and render, and as many more as asked (the real stack has about 20).
  const functions = [fn('languages'), fn('render'), ...Array.from({ length: Math.max(0, (opts.functions ?? 2) - 2) }, (_, i) => fn(`extra${i}`))];
  const httpApi = new HttpApi(stack, 'HttpApi', { createDefaultStage: false });
  // As in api.ts: the $default stage with the stage-wide limits.
  const stage = new HttpStage(stack, 'DefaultStage', { httpApi, stageName: '$default', autoDeploy: true, throttle: { rateLimit: 100, burstLimit: 200 } });
  const integration = new HttpLambdaIntegration('Integration', functions[0]);
  for (const route of opts.allRoutes ? routes : routes.slice(0, 1)) {
    httpApi.addRoutes({ path: route.path, methods: [HttpMethod[route.method]], integration });
  }
  const distribution = new Distribution(stack, 'Cdn', {
    defaultBehavior: { origin: S3BucketOrigin.withOriginAccessControl(new Bucket(stack, 'SiteBucket')) },
    webAclId: opts.webAclArn,
  });
  return { table, functions, httpApi, stage, distribution };
}

/** What Monitoring watches, from the fixtures. */
const monitored = (f: ReturnType<typeof fixtures>) => ({
  httpApi: f.httpApi,
  functions: f.functions,
  table: f.table,
  distribution: f.distribution,
  renderFunction: f.functions[1],
  mailConfigurationSet: MAIL_SET,
});

const monitoringStack = (props: { alarmEmail?: string; region?: string; functions?: number; concurrencyQuota?: number } = {}) => {
  const stack = new Stack(newApp(), 'ParrotPhrases-dev', { env: { ...US_EAST_1, region: props.region ?? 'us-east-1' } });
  const f = fixtures(stack, { functions: props.functions });
  const monitoring = new Monitoring(stack, 'Monitoring', {
    stage: 'dev',
    alarmEmail: props.alarmEmail,
    monthlyBudgetUsd: 25,
    ...monitored(f),
    concurrencyQuota: props.concurrencyQuota,
    webAclMetricName: 'ParrotPhrases-dev-web-acl',
  });
  const id = (c: Construct) => {
    const cfn = c.node.defaultChild ?? c;
    if (!CfnElement.isCfnElement(cfn)) throw new Error(`${c.node.path} is not a CloudFormation resource, nor has one as its default child`);
    return stack.getLogicalId(cfn);
  };
  return { stack, f, monitoring, template: Template.fromStack(stack), id };
};

type Alarm = { Properties: Record<string, any> };
/** The metric stats an alarm reads, whether it has one metric or a metric-math expression. */
const statsOf = (alarm: Alarm) =>
  alarm.Properties.Metrics
    ? (alarm.Properties.Metrics as any[]).filter((m) => m.MetricStat).map((m) => m.MetricStat.Metric)
    : [{ MetricName: alarm.Properties.MetricName, Namespace: alarm.Properties.Namespace, Dimensions: alarm.Properties.Dimensions }];
const expressionOf = (alarm: Alarm) => (alarm.Properties.Metrics as any[] | undefined)?.find((m) => m.Expression)?.Expression as string | undefined;

describe('Monitoring', () => {
  const { template, f, id, monitoring } = monitoringStack({ alarmEmail: 'ops@example.org' });
  const topic = template.findResources('AWS::SNS::Topic');
  const topicId = Object.keys(topic)[0];
  const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')) as Alarm[];
  const alarmOn = (namespace: string, metricName: string) =>
    alarms.filter((a) => statsOf(a).some((m) => m.Namespace === namespace && m.MetricName === metricName));

  it('has one topic, KMS-encrypted with a rotating key, that refuses non-TLS publishing', () => {
    expect(Object.keys(topic)).toHaveLength(1);
    const keyId = Object.keys(template.findResources('AWS::KMS::Key'))[0];
    expect(topic[topicId].Properties.KmsMasterKeyId).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
    template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [{ Ref: topicId }],
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Action: 'sns:Publish', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      },
    });
  });

  it('lets CloudWatch and Budgets publish to the topic and use its key, for this account only', () => {
    for (const service of ['cloudwatch.amazonaws.com', 'budgets.amazonaws.com']) {
      template.hasResourceProperties('AWS::SNS::TopicPolicy', {
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Allow',
              Action: 'sns:Publish',
              Principal: { Service: service },
              Condition: Match.objectLike({ StringEquals: { 'aws:SourceAccount': US_EAST_1.account } }),
            }),
          ]),
        },
      });
      template.hasResourceProperties('AWS::KMS::Key', {
        KeyPolicy: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Allow',
              Principal: { Service: service },
              Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
            }),
          ]),
        },
      });
    }
  });

  it('subscribes alarmEmail to the topic', () => {
    template.resourceCountIs('AWS::SNS::Subscription', 1);
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.org', TopicArn: { Ref: topicId } });
  });

  it('has no subscription without alarmEmail, and says so at synth', () => {
    const bare = monitoringStack();
    bare.template.resourceCountIs('AWS::SNS::Subscription', 0);
    Annotations.fromStack(bare.stack).hasWarning('/ParrotPhrases-dev/Monitoring', Match.stringLikeRegexp('No alarmEmail'));
  });

  it('notifies the topic from every alarm, on alarm and on recovery', () => {
    // API 5xx and 4xx rates, errors per function, throttles of up to 10 functions together, DynamoDB
    // throttles, CloudFront 5xx rate, and the on-call set: DynamoDB system errors, render failures,
    // concurrency and p99, API p99, four counted failures and origin refusals, mail bounce and
    // complaint rates, WAF blocks.
    expect(alarms).toHaveLength(2 + f.functions.length + 1 + 1 + 1 + 13);
    for (const alarm of alarms) {
      expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(alarm.Properties.OKActions).toEqual([{ Ref: topicId }]);
      expect(alarm.Properties.TreatMissingData).toBe('notBreaching');
      expect(alarm.Properties.ComparisonOperator).toBe('GreaterThanOrEqualToThreshold');
      expect(alarm.Properties.AlarmName).toMatch(/^ParrotPhrases-dev-/);
    }
  });

  it('alarms on the API 5xx rate, not the 5xx count, and only with enough requests', () => {
    const [alarm] = alarmOn('AWS/ApiGateway', '5xx');
    expect(alarm).toBeDefined();
    expect(alarm.Properties.Threshold).toBe(ALARM_THRESHOLDS.api5xxRatePercent);
    expect(expressionOf(alarm)).toBe(`IF(requests >= ${ALARM_THRESHOLDS.apiMinRequests}, 100 * errors / requests, 0)`);
    const apiDim = [{ Name: 'ApiId', Value: { Ref: id(f.httpApi) } }];
    expect(statsOf(alarm)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ MetricName: 'Count', Dimensions: apiDim }),
        expect.objectContaining({ MetricName: '5xx', Dimensions: apiDim }),
      ]),
    );
    expect((alarm.Properties.Metrics as any[]).filter((m) => m.MetricStat).every((m) => m.MetricStat.Period === 300 && m.MetricStat.Stat === 'Sum')).toBe(true);
  });

  it('alarms on the API 4xx rate, only with enough requests (an API-wide 403 or 429 is an outage)', () => {
    const [alarm] = alarmOn('AWS/ApiGateway', '4xx');
    expect(alarm.Properties.AlarmName).toBe('ParrotPhrases-dev-Api4xxRate');
    expect(alarm.Properties.Threshold).toBe(ALARM_THRESHOLDS.api4xxRatePercent);
    expect(expressionOf(alarm)).toBe(`IF(requests >= ${ALARM_THRESHOLDS.api4xxMinRequests}, 100 * errors / requests, 0)`);
    expect(statsOf(alarm).map((m) => m.MetricName)).toEqual(expect.arrayContaining(['Count', '4xx']));
  });

  it('alarms on Errors of each function, and exposes each as its functionErrorAlarms entry', () => {
    const found = alarmOn('AWS/Lambda', 'Errors');
    expect(found.map((a) => statsOf(a)[0].Dimensions)).toEqual(
      expect.arrayContaining(f.functions.map((fn) => [{ Name: 'FunctionName', Value: { Ref: id(fn) } }])),
    );
    expect(found).toHaveLength(f.functions.length);
    expect(found.map((a) => a.Properties.AlarmName).sort()).toEqual(['ParrotPhrases-dev-Errors-languages', 'ParrotPhrases-dev-Errors-render']);
    expect([...monitoring.functionErrorAlarms.keys()]).toEqual(f.functions);
    for (const [fn, alarm] of monitoring.functionErrorAlarms) expect(alarm.node.id).toBe(fn === f.functions[0] ? 'Errors-languages' : 'Errors-render');
  });

  it('sums the throttles of every function in alarms of at most 10 metrics, one alarm per 10 functions', () => {
    const many = monitoringStack({ functions: 23 });
    const throttles = (Object.values(many.template.findResources('AWS::CloudWatch::Alarm')) as Alarm[]).filter((a) =>
      statsOf(a).some((m) => m.MetricName === 'Throttles'),
    );
    expect(throttles.map((a) => a.Properties.AlarmName)).toEqual([1, 2, 3].map((n) => `ParrotPhrases-dev-Throttles-${n}`));
    const watched = throttles.flatMap((a) => {
      expect(statsOf(a).length).toBeLessThanOrEqual(METRICS_PER_ALARM);
      expect(expressionOf(a)).toBe('SUM(FILL(METRICS(), 0))');
      expect(a.Properties.Threshold).toBe(ALARM_THRESHOLDS.functionThrottles);
      expect(a.Properties.AlarmDescription).toMatch(/the dev stage/);
      return statsOf(a).map((m) => m.Dimensions[0].Value.Ref as string);
    });
    expect(watched.sort()).toEqual(many.f.functions.map((fn) => many.id(fn)).sort());
    // No per-function throttle alarm is left.
    expect(throttles).toHaveLength(3);
  });

  it("alarms on the render function's concurrency at 80% of the account's quota", () => {
    const [alarm] = alarmOn('AWS/Lambda', 'ConcurrentExecutions');
    expect(alarm.Properties).toMatchObject({ Statistic: 'Maximum', Threshold: (DEFAULT_CONCURRENCY_QUOTA * ALARM_THRESHOLDS.renderConcurrencyPercent) / 100 });
    expect(statsOf(alarm)[0].Dimensions).toEqual([{ Name: 'FunctionName', Value: { Ref: id(f.functions[1]) } }]);
    // A new account's quota of 10: it fires at 8.
    const small = monitoringStack({ concurrencyQuota: 10 });
    const [smallAlarm] = (Object.values(small.template.findResources('AWS::CloudWatch::Alarm')) as Alarm[]).filter(
      (a) => a.Properties.MetricName === 'ConcurrentExecutions',
    );
    expect(smallAlarm.Properties.Threshold).toBe(8);
  });

  it('alarms on the failures the code counts, each by its metric in this stage only (functions/lib/failure-metrics.ts)', () => {
    const thresholds: Record<string, number> = { RenderFailures: ALARM_THRESHOLDS.renderFailures, OriginRefusals: ALARM_THRESHOLDS.originRefusals };
    for (const name of Object.keys(FAILURE_METRICS)) {
      const [alarm] = alarmOn(METRICS_NAMESPACE, name);
      expect(alarm, name).toBeDefined();
      expect(statsOf(alarm)[0].Dimensions).toEqual([
        { Name: 'service', Value: METRICS_SERVICE },
        { Name: STAGE_DIMENSION, Value: 'dev' },
      ]);
      expect(alarm.Properties.Threshold).toBe(thresholds[name] ?? ALARM_THRESHOLDS.countedFailures);
    }
  });

  it("alarms on the render function's p99 duration and the API's p99 latency (with enough requests)", () => {
    const [render] = alarmOn('AWS/Lambda', 'Duration');
    expect(render.Properties).toMatchObject({ ExtendedStatistic: 'p99', Threshold: ALARM_THRESHOLDS.renderP99Ms });
    expect(statsOf(render)[0].Dimensions).toEqual([{ Name: 'FunctionName', Value: { Ref: id(f.functions[1]) } }]);
    const [api] = alarmOn('AWS/ApiGateway', 'Latency');
    expect(expressionOf(api)).toBe(`IF(requests >= ${ALARM_THRESHOLDS.apiMinRequests}, p99, 0)`);
    expect(api.Properties.Threshold).toBe(ALARM_THRESHOLDS.apiP99Ms);
  });

  it("alarms on DynamoDB's SystemErrors of every operation the data layer uses", () => {
    const [alarm] = alarmOn('AWS/DynamoDB', 'SystemErrors');
    expect(
      statsOf(alarm)
        .map((m) => m.Dimensions.find((d: any) => d.Name === 'Operation').Value)
        .sort(),
    ).toEqual([...DYNAMO_OPERATIONS].sort());
  });

  it("alarms on the support mail's bounce and complaint rates, from SES's counts of the stage's configuration set", () => {
    for (const [event, threshold] of [
      ['Bounce', ALARM_THRESHOLDS.mailBounceRatePercent],
      ['Complaint', ALARM_THRESHOLDS.mailComplaintRatePercent],
    ] as const) {
      const [alarm] = alarmOn('AWS/SES', event);
      expect(alarm.Properties.Threshold).toBe(threshold);
      expect(expressionOf(alarm)).toBe('IF(sends > 0, 100 * events / sends, 0)');
      expect(
        statsOf(alarm)
          .map((m) => m.MetricName)
          .sort(),
      ).toEqual([event, 'Send'].sort());
      expect(statsOf(alarm).every((m) => m.Dimensions[0].Name === MAIL_DIMENSION && m.Dimensions[0].Value === MAIL_SET)).toBe(true);
    }
  });

  it('alarms on requests the WAF blocked, all rules together', () => {
    const [alarm] = alarmOn('AWS/WAFV2', 'BlockedRequests');
    expect(statsOf(alarm)[0].Dimensions).toEqual([
      { Name: 'Rule', Value: 'ALL' },
      { Name: 'WebACL', Value: 'ParrotPhrases-dev-web-acl' },
    ]);
    expect(alarm.Properties.Threshold).toBe(ALARM_THRESHOLDS.wafBlockedRequests);
  });

  it('alarms on DynamoDB throttled requests of every operation the data layer uses', () => {
    const [alarm] = alarmOn('AWS/DynamoDB', 'ThrottledRequests');
    expect(alarm.Properties.Threshold).toBe(ALARM_THRESHOLDS.dynamoThrottledRequests);
    const stats = statsOf(alarm);
    expect(stats.length).toBeLessThanOrEqual(10); // CloudWatch's limit per alarm
    expect(stats.map((m) => m.Dimensions.find((d: any) => d.Name === 'Operation').Value).sort()).toEqual([...DYNAMO_OPERATIONS].sort());
    expect(stats.every((m) => m.Dimensions.some((d: any) => d.Name === 'TableName' && d.Value.Ref === id(f.table)))).toBe(true);
  });

  it('alarms on the CloudFront 5xx rate (Region=Global) with a minimum of requests', () => {
    const [alarm] = alarmOn('AWS/CloudFront', '5xxErrorRate');
    expect(alarm.Properties.Threshold).toBe(ALARM_THRESHOLDS.cdn5xxRatePercent);
    expect(expressionOf(alarm)).toBe(`IF(requests >= ${ALARM_THRESHOLDS.cdnMinRequests}, rate, 0)`);
    for (const m of statsOf(alarm)) {
      expect(m.Dimensions).toEqual([
        { Name: 'DistributionId', Value: { Ref: id(f.distribution) } },
        { Name: 'Region', Value: 'Global' },
      ]);
    }
  });

  it('skips the CloudFront alarm outside us-east-1, where its metrics do not exist, and warns', () => {
    const elsewhere = monitoringStack({ region: 'eu-west-1', alarmEmail: 'ops@example.org' });
    const found = Object.values(elsewhere.template.findResources('AWS::CloudWatch::Alarm')) as Alarm[];
    expect(found.some((a) => statsOf(a).some((m) => m.Namespace === 'AWS/CloudFront'))).toBe(false);
    expect(found).toHaveLength(alarms.length - 2); // and no WAF alarm: its metrics live in us-east-1 too
    Annotations.fromStack(elsewhere.stack).hasWarning('/ParrotPhrases-dev/Monitoring', Match.stringLikeRegexp('us-east-1'));
  });

  it('has a monthly USD cost budget that notifies the topic at 80% actual and 100% forecasted', () => {
    template.resourceCountIs('AWS::Budgets::Budget', 1);
    template.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: { BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: 25, Unit: 'USD' }, BudgetName: 'ParrotPhrases-dev-monthly' },
      NotificationsWithSubscribers: [
        {
          Notification: { NotificationType: 'ACTUAL', ComparisonOperator: 'GREATER_THAN', Threshold: BUDGET_ACTUAL_PERCENT, ThresholdType: 'PERCENTAGE' },
          Subscribers: [{ SubscriptionType: 'SNS', Address: { Ref: topicId } }],
        },
        {
          Notification: { NotificationType: 'FORECASTED', ComparisonOperator: 'GREATER_THAN', Threshold: BUDGET_FORECAST_PERCENT, ThresholdType: 'PERCENTAGE' },
          Subscribers: [{ SubscriptionType: 'SNS', Address: { Ref: topicId } }],
        },
      ],
    });
    expect(BUDGET_ACTUAL_PERCENT).toBe(80);
    expect(BUDGET_FORECAST_PERCENT).toBe(100);
  });

  it('refuses a budget that is not a positive amount', () => {
    const stack = new Stack(newApp(), 'S', { env: US_EAST_1 });
    const f = fixtures(stack);
    expect(
      () =>
        new Monitoring(stack, 'M', {
          stage: 'dev',
          monthlyBudgetUsd: 0,
          ...monitored(f),
        }),
    ).toThrow(/monthlyBudgetUsd/);
  });

  it('has one dashboard with API, function, DynamoDB and CloudFront graphs', () => {
    const dashboards = Object.values(template.findResources('AWS::CloudWatch::Dashboard'));
    expect(dashboards).toHaveLength(1);
    expect(dashboards[0].Properties.DashboardName).toBe('ParrotPhrases-dev-operations');
    // The body is a Fn::Join around JSON; references become their logical ids so it parses.
    const parts = dashboards[0].Properties.DashboardBody['Fn::Join'][1] as unknown[];
    const text = parts.map((p: any) => (typeof p === 'string' ? p : (p.Ref ?? p['Fn::GetAtt']?.join('.')))).join('');
    const widgets = JSON.parse(text).widgets as { type: string; properties: { title?: string; metrics?: unknown[][]; alarms?: string[] } }[];
    const graphs = new Map(widgets.filter((w) => w.type === 'metric').map((w) => [w.properties.title!, w.properties.metrics!]));
    /** [namespace, metric name, stat or region] of each line; math lines have no namespace. */
    const lines = (title: string) => {
      expect(graphs.has(title)).toBe(true);
      return graphs
        .get(title)!
        .filter((m) => typeof m[0] === 'string')
        .map((m) => {
          const opts = m.at(-1) as { stat?: string; region?: string };
          return { namespace: m[0], name: m[1], dims: m.slice(2, -1), stat: opts.stat, region: opts.region };
        });
    };
    const api = id(f.httpApi);
    expect(lines('API requests')).toEqual([expect.objectContaining({ namespace: 'AWS/ApiGateway', name: 'Count', dims: ['ApiId', api] })]);
    expect(lines('API 4xx / 5xx').map((l) => l.name)).toEqual(['4xx', '5xx']);
    expect(
      lines('API latency (ms)')
        .filter((l) => l.name === 'Latency')
        .map((l) => l.stat),
    ).toEqual(['p50', 'p99']);
    for (const [title, name] of [
      ['Lambda invocations', 'Invocations'],
      ['Lambda duration p99 (ms)', 'Duration'],
    ]) {
      expect(lines(title).map((l) => [l.name, l.dims[1]])).toEqual(f.functions.map((fn) => [name, id(fn)]));
    }
    expect(
      lines('Lambda errors (left) / throttles (right)')
        .map((l) => l.name)
        .sort(),
    ).toEqual(['Errors', 'Errors', 'Throttles', 'Throttles']);
    expect(lines('DynamoDB consumed capacity').map((l) => l.name)).toEqual(['ConsumedReadCapacityUnits', 'ConsumedWriteCapacityUnits']);
    expect(new Set(lines('DynamoDB throttles').map((l) => l.name))).toEqual(new Set(['ThrottledRequests', 'ReadThrottleEvents', 'WriteThrottleEvents']));
    const cdn = lines('CloudFront requests and error rates (%)');
    expect(cdn.map((l) => l.name)).toEqual(['Requests', '4xxErrorRate', '5xxErrorRate', 'TotalErrorRate']);
    for (const l of cdn) expect(l).toMatchObject({ region: 'us-east-1', dims: ['DistributionId', id(f.distribution), 'Region', 'Global'] });
    // Every alarm on one status widget.
    const status = widgets.find((w) => w.type === 'alarm')!;
    expect(status.properties.alarms).toHaveLength(alarms.length);
  });
});

describe('Waf', () => {
  const wafStack = (props?: { ratePer5Minutes?: number }) => {
    const stack = new Stack(newApp(), 'ParrotPhrases-prod', { env: US_EAST_1 });
    const waf = new Waf(stack, 'Waf', props);
    return { stack, waf, template: Template.fromStack(stack) };
  };

  it('is a CLOUDFRONT web ACL that allows by default and blocks an IP over the rate limit', () => {
    const { template } = wafStack({ ratePer5Minutes: 500 });
    template.resourceCountIs('AWS::WAFv2::WebACL', 1);
    template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      VisibilityConfig: { CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true, MetricName: Match.anyValue() },
      Rules: Match.arrayWith([
        Match.objectLike({
          Action: { Block: Match.anyValue() },
          Statement: { RateBasedStatement: { Limit: 500, AggregateKeyType: 'IP', EvaluationWindowSec: 300 } },
          VisibilityConfig: Match.objectLike({ CloudWatchMetricsEnabled: true }),
        }),
      ]),
    });
  });

  it('rate-limits 2000 requests per 5 minutes by default', () => {
    wafStack().template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Rules: Match.arrayWith([Match.objectLike({ Statement: { RateBasedStatement: Match.objectLike({ Limit: 2000 }) } })]),
    });
  });

  it('runs the common and known-bad-inputs rule groups, with only the body size rule counting', () => {
    const { template } = wafStack();
    const [acl] = Object.values(template.findResources('AWS::WAFv2::WebACL'));
    const rules = acl.Properties.Rules as any[];
    expect(new Set(rules.map((r) => r.Priority)).size).toBe(rules.length);
    const managed = rules.filter((r) => r.Statement.ManagedRuleGroupStatement);
    expect(managed.map((r) => r.Statement.ManagedRuleGroupStatement.Name)).toEqual([...MANAGED_RULE_GROUPS]);
    for (const rule of managed) {
      expect(rule.Statement.ManagedRuleGroupStatement.VendorName).toBe('AWS');
      expect(rule.OverrideAction).toEqual({ None: {} });
      expect(rule.VisibilityConfig.CloudWatchMetricsEnabled).toBe(true);
    }
    const common = managed.find((r) => r.Name === 'AWSManagedRulesCommonRuleSet');
    expect(common.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual(
      COUNT_ONLY_RULES.map((name) => ({ Name: name, ActionToUse: { Count: {} } })),
    );
    expect(COUNT_ONLY_RULES).toEqual(['SizeRestrictions_BODY']);
  });

  it('exposes the ACL ARN for the distribution', () => {
    const { stack, waf } = wafStack();
    expect(stack.resolve(waf.webAclArn)).toEqual({ 'Fn::GetAtt': [stack.getLogicalId(waf.webAcl), 'Arn'] });
  });

  it('refuses a region other than us-east-1, and a limit WAF would reject', () => {
    const stack = new Stack(newApp(), 'Elsewhere', { env: { ...US_EAST_1, region: 'eu-west-1' } });
    expect(() => new Waf(stack, 'Waf')).toThrow(/us-east-1.*eu-west-1/);
    expect(() => wafStack({ ratePer5Minutes: 5 })).toThrow(/ratePer5Minutes/);
    // An environment-agnostic stack cannot be checked at synth; it is allowed.
    expect(() => new Waf(new Stack(newApp(), 'Agnostic'), 'Waf')).not.toThrow();
  });
});

describe('Route throttles', () => {
  const throttled = () => {
    const stack = new Stack(newApp(), 'S', { env: US_EAST_1 });
    const f = fixtures(stack, { allRoutes: true });
    return { stack, f };
  };

  it('names routes of the table, each below the stage default', () => {
    const keys = new Set(routes.map(routeKey));
    for (const [key, limit] of Object.entries(ROUTE_THROTTLES)) {
      expect(keys.has(key)).toBe(true);
      expect(limit.rateLimit).toBeLessThan(100);
      expect(limit.burstLimit).toBeLessThan(200);
    }
    expect(Object.keys(ROUTE_THROTTLES).sort()).toEqual(['POST /api/analytics', 'POST /api/media/tts', 'POST /api/reminders', 'POST /api/support']);
  });

  it('sets RouteSettings of the $default stage for exactly those routes, after the routes exist', () => {
    const { stack, f } = throttled();
    applyRouteThrottles(f.stage, routes);
    const template = Template.fromStack(stack);
    const stages = template.findResources('AWS::ApiGatewayV2::Stage');
    const [stageId, stage] = Object.entries(stages)[0];
    expect(stage.Properties.StageName).toBe('$default');
    expect(stage.Properties.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 });
    expect(stage.Properties.RouteSettings).toEqual(
      Object.fromEntries(Object.entries(ROUTE_THROTTLES).map(([key, t]) => [key, { ThrottlingRateLimit: t.rateLimit, ThrottlingBurstLimit: t.burstLimit }])),
    );
    // API Gateway rejects settings for a route that does not exist yet: the stage waits for those routes.
    const apiRoutes = template.findResources('AWS::ApiGatewayV2::Route');
    const throttledRouteIds = Object.entries(apiRoutes)
      .filter(([, r]) => r.Properties.RouteKey in ROUTE_THROTTLES)
      .map(([rid]) => rid);
    expect(throttledRouteIds).toHaveLength(Object.keys(ROUTE_THROTTLES).length);
    expect(stages[stageId].DependsOn).toEqual(expect.arrayContaining(throttledRouteIds));
  });

  it('throws when a key names no route of the table', () => {
    const { f } = throttled();
    expect(() => applyRouteThrottles(f.stage, routes, { ...ROUTE_THROTTLES, 'POST /api/contact': { rateLimit: 1, burstLimit: 1 } })).toThrow(
      /POST \/api\/contact.*names no route/,
    );
    // A renamed route: the table no longer has the key.
    const renamed = routes.map((r) => (routeKey(r) === 'POST /api/support' ? { ...r, path: '/api/contact' } : r));
    expect(() => applyRouteThrottles(f.stage, renamed)).toThrow(/POST \/api\/support.*names no route/);
  });

  it('throws when the API lacks a route of the table', () => {
    const stack = new Stack(newApp(), 'S', { env: US_EAST_1 });
    const f = fixtures(stack); // one route only
    expect(() => applyRouteThrottles(f.stage, routes)).toThrow(/not on this stage's API/);
  });
});

describe('cdk-nag AwsSolutions on the operations constructs', () => {
  /** [rule, construct path] of every open finding, from the report a nag-enabled synth writes. */
  const findings = (build: (stack: Stack) => void) => {
    const app = newApp();
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    build(new Stack(app, 'Ops', { env: US_EAST_1 }));
    // The synth throws when any finding is open (the fixtures have some); the report is written first.
    try {
      app.synth();
    } catch {
      /* read below */
    }
    const report = JSON.parse(readFileSync(join(app.outdir, 'validation-report.json'), 'utf8'));
    return (report.pluginReports as any[])
      .filter((p) => p.pluginName === 'AwsSolutions')
      .flatMap((p) => p.violations.flatMap((v: any) => v.violatingConstructs.map((c: any) => `${v.ruleName} ${c.constructPath}`)))
      .sort() as string[];
  };

  it('adds no finding to those of the resources they watch', { timeout: 120_000 }, () => {
    const baseline = findings((stack) => fixtures(stack, { allRoutes: true }));
    // The check is live: the bare fixtures do have open findings (e.g. the bucket's access logs).
    expect(baseline.some((f) => f.startsWith('AwsSolutions-S1 '))).toBe(true);

    const withOps = findings((stack) => {
      const waf = new Waf(stack, 'Waf');
      const f = fixtures(stack, { allRoutes: true, webAclArn: waf.webAclArn });
      applyRouteThrottles(f.stage, routes);
      new Monitoring(stack, 'Monitoring', {
        stage: 'prod',
        alarmEmail: 'ops@example.org',
        monthlyBudgetUsd: 50,
        ...monitored(f),
        webAclMetricName: 'ParrotPhrases-prod-web-acl',
      });
    });
    expect(withOps.filter((f) => / Ops\/(Monitoring|Waf)\//.test(f))).toEqual([]);
    expect(withOps.filter((f) => !baseline.includes(f))).toEqual([]);
    // The WAF closes the distribution's CFR2 finding.
    expect(baseline.some((f) => f.startsWith('AwsSolutions-CFR2 '))).toBe(true);
    expect(withOps.some((f) => f.startsWith('AwsSolutions-CFR2 '))).toBe(false);
  });
});
