/**
 * Operations: one encrypted SNS topic that every alarm and the monthly budget notify (with an e-mail
 * subscription when `alarmEmail` is set), the alarms themselves, and one CloudWatch dashboard.
 * Every alarm treats missing data as OK: an idle site sends no datapoints and must stay quiet.
 */
import { Annotations, Duration, RemovalPolicy, Stack, Token } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Operation, type ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { FAILURE_METRICS, METRICS_NAMESPACE, METRICS_SERVICE, STAGE_DIMENSION, type FailureMetric } from '../../../functions/lib/failure-metrics.js';
import { DEFAULT_CONCURRENCY_QUOTA } from '../context.js';
import { MAIL_DIMENSION } from './mail.js';

/** Every alarm looks at 5-minute windows and fires on the first bad one (docs/infra.md explains each value). */
export const ALARM_PERIOD = Duration.minutes(5);
export const ALARM_THRESHOLDS = {
  /** % of API requests answered 4xx (an origin secret CloudFront no longer matches: all 403; a throttle storm: 429)... */
  api4xxRatePercent: 25,
  /** ...once the window has at least this many requests (a few 401s of expired tokens and 404s are normal). */
  api4xxMinRequests: 50,
  /** % of API requests answered 5xx... */
  api5xxRatePercent: 5,
  /** ...once the window has at least this many requests (3 failures out of 10 is noise, not an outage). */
  apiMinRequests: 20,
  /** Uncaught Lambda errors: middy turns handler exceptions into a logged 500, so these are timeouts, out-of-memory and init crashes. */
  functionErrors: 1,
  /** No function has reserved concurrency: any throttle means the account's concurrency quota is exhausted. */
  functionThrottles: 1,
  /** The render function's concurrent executions, in % of the account's quota (context `concurrencyQuota`): past it, page views start to get 429. */
  renderConcurrencyPercent: 80,
  /** The SDK retries a throttled request; several in one window mean a hot partition or the on-demand ceiling. */
  dynamoThrottledRequests: 5,
  /** % of CloudFront requests answered 5xx (render function, API or bucket origin failing)... */
  cdn5xxRatePercent: 5,
  /** ...once the window has at least this many viewer requests. */
  cdnMinRequests: 50,
  /** Pages the render function could not make (5xx, never cached): visitors without a cached copy saw the failure page. */
  renderFailures: 3,
  /** The render function's p99 duration (ms): pages that slow are a missed cache, a slow read or a cold start storm. */
  renderP99Ms: 3000,
  /** The API's p99 latency (ms), once the window has apiMinRequests requests. */
  apiP99Ms: 2000,
  /** DynamoDB's own 500s: not ours to fix, but the site is failing while they last. */
  dynamoSystemErrors: 1,
  /** Failures the code counts (functions/lib/failure-metrics.ts): each one is a page left stale, a mail or an audit entry lost. */
  countedFailures: 1,
  /** API requests refused for lacking the origin secret: scanners of the execute-api URL send a few; CloudFront with a value the functions refuse sends every request. */
  originRefusals: 10,
  /** % of support mails that bounced (the team's own address: any bounce is a misconfiguration), in an hour with a send. */
  mailBounceRatePercent: 5,
  /** % of support mails reported as spam; SES reviews an account from 0.1%. */
  mailComplaintRatePercent: 0.1,
  /** Requests the WAF blocked in 5 minutes: an attack, or a rule blocking real visitors (look at the sampled requests). */
  wafBlockedRequests: 100,
} as const;

/**
 * CloudWatch's limit of metrics in one alarm: the per-function throttle counts are summed in alarms of
 * at most this many functions each.
 */
export const METRICS_PER_ALARM = 10;

/** Mail events arrive minutes after the send: their rates are looked at per hour. */
export const MAIL_ALARM_PERIOD = Duration.hours(1);

/** Budget notifications, in % of `monthlyBudgetUsd`. */
export const BUDGET_ACTUAL_PERCENT = 80;
export const BUDGET_FORECAST_PERCENT = 100;

/**
 * The DynamoDB operations functions/data issues (via lib-dynamodb). ThrottledRequests counts a request
 * once whether the table or GSI1 throttled it; an alarm may combine at most 10 metrics, so the list
 * is explicit rather than CDK's default of every operation.
 */
export const DYNAMO_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
];

export interface MonitoringProps {
  /** dev, prod...: part of the alarm, budget and dashboard names, so two stages can share an account. */
  readonly stage: string;
  /** Subscribed to the topic (SNS sends a confirmation mail first). Without it the topic has no subscriber. */
  readonly alarmEmail?: string;
  /** Monthly cost budget in USD (the whole account's cost, see docs/infra.md). */
  readonly monthlyBudgetUsd: number;
  readonly httpApi: HttpApi;
  /** The API functions and the render function: each has its own `Errors-{label}` alarm (a release of it rolls back on it). */
  readonly functions: readonly IFunction[];
  /**
   * The functions no release shifts (scheduled jobs, the deploy's own hook and invalidation): their
   * errors share `JobErrors-{n}` alarms, which name them (one resource per ten, not one each). @default none
   */
  readonly jobs?: readonly IFunction[];
  readonly table: ITable;
  readonly distribution: IDistribution;
  /** The render function (also in `functions`): its p99 duration and its concurrency are alarmed. */
  readonly renderFunction: IFunction;
  /** The account's Lambda concurrent executions quota in this region (context `concurrencyQuota`). @default DEFAULT_CONCURRENCY_QUOTA */
  readonly concurrencyQuota?: number;
  /** The SES configuration set the support mail is sent with (infra/cdk/constructs/mail.ts). */
  readonly mailConfigurationSet: string;
  /** The web ACL's CloudWatch metric name, when the stack has its own WAF. */
  readonly webAclMetricName?: string;
}

/** The metrics both the alarms and the dashboard show, made once. */
interface Watched {
  props: MonitoringProps;
  /** Every watched function: the released ones, then the jobs. */
  functions: [string, IFunction][];
  jobs: [string, IFunction][];
  apiRequests: Metric;
  api5xx: Metric;
  api4xx: Metric;
  dynamoThrottles: IMetric;
  /** One of SES's counts of the stage's configuration set, per hour. */
  mail: (metricName: string) => Metric;
  /** One of the distribution's metrics (us-east-1 only, Region=Global). */
  cdn: (metricName: string, statistic: string) => Metric;
  cdnRequests: Metric;
  cdn5xxRate: Metric;
  /** Whether the stack is where CloudFront's (and a CLOUDFRONT-scope WAF's) metrics are, so an alarm on them can live here. */
  inUsEast1: boolean;
}

export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  /** Each function's `Errors-{label}` alarm (a deployment's rollback can watch the function's own). */
  readonly functionErrorAlarms = new Map<IFunction, Alarm>();
  readonly dashboard: Dashboard;
  private readonly prefix: string;
  private readonly stage: string;
  private readonly action: SnsAction;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const email = checkedProps(props);
    this.stage = props.stage;
    // Stack names like ParrotPhrases-prod already carry the stage.
    this.prefix = stack.stackName.toLowerCase().includes(props.stage.toLowerCase()) ? stack.stackName : `${stack.stackName}-${props.stage}`;

    this.topic = this.createTopic();
    this.action = new SnsAction(this.topic);
    if (email) this.topic.addSubscription(new EmailSubscription(email));
    else Annotations.of(this).addWarningV2('parrot:noAlarmEmail', 'No alarmEmail: alarms and budget notifications reach a topic nobody is subscribed to.');

    const watched = this.watched(props);
    // The order of the alarms is the order of the dashboard's alarm list.
    this.serviceAlarms(watched);
    this.mailAlarms(watched);
    this.edgeAlarms(watched);
    this.createBudget(props);
    this.dashboard = this.createDashboard(watched);
  }

  private watched(props: MonitoringProps): Watched {
    const { httpApi, table, distribution } = props;
    const period = ALARM_PERIOD;
    const mail = (metricName: string) =>
      new Metric({
        namespace: 'AWS/SES',
        metricName,
        dimensionsMap: { [MAIL_DIMENSION]: props.mailConfigurationSet },
        statistic: 'Sum',
        period: MAIL_ALARM_PERIOD,
      });
    // CloudFront publishes its metrics in us-east-1 only, with Region=Global. An alarm must live in its
    // metric's region; the site stack is deployed there (the CLOUDFRONT-scope WAF requires it).
    const cdn = (metricName: string, statistic: string) =>
      new Metric({
        namespace: 'AWS/CloudFront',
        metricName,
        dimensionsMap: { DistributionId: distribution.distributionId, Region: 'Global' },
        region: 'us-east-1',
        statistic,
        period,
      });
    const { region } = Stack.of(this);
    return {
      props,
      functions: labelled([...props.functions, ...(props.jobs ?? [])]),
      jobs: labelled(props.jobs ?? []),
      apiRequests: httpApi.metricCount({ statistic: 'Sum', period }),
      api5xx: httpApi.metricServerError({ statistic: 'Sum', period }),
      api4xx: httpApi.metricClientError({ statistic: 'Sum', period }),
      dynamoThrottles: table.metricThrottledRequestsForOperations({ operations: DYNAMO_OPERATIONS, period }),
      mail,
      cdn,
      cdnRequests: cdn('Requests', 'Sum'),
      cdn5xxRate: cdn('5xxErrorRate', 'Average'),
      inUsEast1: Token.isUnresolved(region) || region === 'us-east-1',
    };
  }

  /** The API, the functions, the table, the render function and the failures the code counts. */
  private serviceAlarms({ props, functions, jobs, apiRequests, api4xx, api5xx, dynamoThrottles }: Watched) {
    const period = ALARM_PERIOD;
    const t = ALARM_THRESHOLDS;
    // API: 5xx as a share of requests, and only when there are enough requests to mean something.
    // 4xx the same way: an API-wide 403 (origin secret) or 429 (throttle) is an outage that answers 4xx.
    const apiRate = (kind: '4xx' | '5xx', errors: IMetric, minRequests: number, percent: number, what: string) =>
      this.addAlarm(`Api${kind}Rate`, {
        metric: new MathExpression({
          expression: `IF(requests >= ${minRequests}, 100 * errors / requests, 0)`,
          usingMetrics: { requests: apiRequests, errors },
          period,
          label: `API ${kind} (% of requests)`,
        }),
        threshold: percent,
        description: `${percent}% or more of HTTP API requests answered ${kind} in 5 minutes (at least ${minRequests} requests). ${what}`,
      });
    apiRate('5xx', api5xx, t.apiMinRequests, t.api5xxRatePercent, "Look at the API access logs and the functions' logs.");
    apiRate(
      '4xx',
      api4xx,
      t.api4xxMinRequests,
      t.api4xxRatePercent,
      "The access logs' status says which: 403 everywhere (origin secret, see OriginRefusals), 429 (throttles), or a broken client.",
    );

    const isJob = new Set(jobs.map(([, fn]) => fn));
    for (const [label, fn] of functions.filter(([, f]) => !isJob.has(f))) {
      const alarm = this.addAlarm(`Errors-${label}`, {
        metric: fn.metricErrors({ statistic: 'Sum', period }),
        threshold: t.functionErrors,
        description: `Lambda ${label}: uncaught errors (timeout, out of memory or a crash during init). Its log group has the stack trace.`,
      });
      this.functionErrorAlarms.set(fn, alarm);
    }
    this.summedAlarms(
      'JobErrors',
      jobs,
      (fn) => fn.metricErrors({ statistic: 'Sum', period }),
      t.functionErrors,
      (labels) =>
        `Lambda errors in the ${this.stage} stage, one of the jobs: ${labels}. The function's log group has the stack trace (a release run's failure also shows in the back office; see docs/infra.md).`,
    );
    this.summedAlarms(
      'Throttles',
      functions,
      (fn) => fn.metricThrottles({ statistic: 'Sum', period }),
      t.functionThrottles,
      (labels) =>
        `Lambda invocations throttled in the ${this.stage} stage, one of: ${labels}. The account's concurrent executions quota is exhausted: find the function on the dashboard's throttles graph, then request a higher quota.`,
    );

    this.addAlarm('DynamoThrottles', {
      metric: dynamoThrottles,
      threshold: t.dynamoThrottledRequests,
      description: `DynamoDB throttled at least ${t.dynamoThrottledRequests} requests in 5 minutes (hot partition or on-demand throughput limit).`,
    });

    this.addAlarm('DynamoSystemErrors', {
      metric: props.table.metricSystemErrorsForOperations({ operations: DYNAMO_OPERATIONS, period }),
      threshold: t.dynamoSystemErrors,
      description:
        'DynamoDB answered requests with its own 500 errors (SystemErrors). Check the AWS Health Dashboard; pages the CDN holds keep being served, others answer 503.',
    });

    // The render function: its failures (counted by the code) and how slow it is.
    this.addAlarm('RenderFailures', {
      metric: this.counted('RenderFailures', period),
      threshold: t.renderFailures,
      description: `The render function could not make ${t.renderFailures} or more pages in 5 minutes (503 when a read failed, 500 for a defect). Its log group says which path and why.`,
    });
    const quota = props.concurrencyQuota ?? DEFAULT_CONCURRENCY_QUOTA;
    const concurrency = Math.max(1, Math.floor((quota * t.renderConcurrencyPercent) / 100));
    this.addAlarm('RenderConcurrency', {
      // Lambda publishes it for every function (https://docs.aws.amazon.com/lambda/latest/dg/monitoring-concurrency.html); read as MAX.
      metric: props.renderFunction.metric('ConcurrentExecutions', { statistic: 'Maximum', period }),
      threshold: concurrency,
      description: `The render function ran ${concurrency} or more instances at once (${t.renderConcurrencyPercent}% of the account's quota of ${quota}, context concurrencyQuota). Past the quota its URL answers 429, which stale-if-error does not cover: request a higher quota.`,
    });
    this.addAlarm('RenderLatencyP99', {
      metric: props.renderFunction.metricDuration({ statistic: 'p99', period }),
      threshold: t.renderP99Ms,
      description: `The render function's p99 duration reached ${t.renderP99Ms} ms. Look at its duration graph and X-Ray traces: slow reads, cold starts, or a page too large.`,
    });
    this.addAlarm('ApiLatencyP99', {
      metric: new MathExpression({
        expression: `IF(requests >= ${t.apiMinRequests}, p99, 0)`,
        usingMetrics: { requests: apiRequests, p99: props.httpApi.metricLatency({ statistic: 'p99', period }) },
        period,
        label: 'API p99 latency (ms)',
      }),
      threshold: t.apiP99Ms,
      description: `The HTTP API's p99 latency reached ${t.apiP99Ms} ms (at least ${t.apiMinRequests} requests). Compare with integration latency on the dashboard: the functions, or the gateway.`,
    });
    for (const [name, what] of [
      [
        'InvalidationFailures',
        'A CDN invalidation failed after its retries: the pages a write changed may stay stale up to a day. Invalidate the paths in the log line (or /*) by hand.',
      ],
      [
        'SupportMailFailures',
        'A support message was stored but not mailed to the team (status mail_failed). Read it in the table (SUPPORT# items) and check SES sending.',
      ],
      ['AuditWriteFailures', "An admin write was made but not recorded in the audit log. The function's log has the write; check the table's health."],
    ] as const) {
      this.addAlarm(name, { metric: this.counted(name, period), threshold: t.countedFailures, description: what });
    }
    this.addAlarm('OriginRefusals', {
      metric: this.counted('OriginRefusals', period),
      threshold: t.originRefusals,
      description: `${t.originRefusals} or more API requests were refused in 5 minutes for lacking the origin secret. With Api4xxRate: CloudFront sends a value the functions refuse (a rotation went wrong); alone: someone calls the execute-api URL.`,
    });
  }

  /**
   * Throttles of every function, summed in groups of METRICS_PER_ALARM (one alarm per function would
   * cost a resource and an alarm metric each). Any throttle means the account's quota is exhausted.
   */
  /**
   * One alarm (`{id}-{n}`) per METRICS_PER_ALARM functions on the sum of a metric of each: a resource
   * per group, not per function.
   */
  private summedAlarms(
    id: string,
    functions: [string, IFunction][],
    metric: (fn: IFunction) => IMetric,
    threshold: number,
    describe: (labels: string) => string,
  ) {
    const groups = Array.from({ length: Math.ceil(functions.length / METRICS_PER_ALARM) }, (_, i) =>
      functions.slice(i * METRICS_PER_ALARM, (i + 1) * METRICS_PER_ALARM),
    );
    groups.forEach((group, i) => {
      const labels = group.map(([label]) => label).join(', ');
      this.addAlarm(`${id}-${i + 1}`, {
        metric: new MathExpression({
          // FILL: a function without datapoints in the window counts 0 instead of dropping the sum.
          expression: 'SUM(FILL(METRICS(), 0))',
          usingMetrics: Object.fromEntries(group.map(([, fn], j) => [`m${j}`, metric(fn)])),
          period: ALARM_PERIOD,
          label: `${id} (${labels})`,
        }),
        threshold,
        description: describe(labels),
      });
    });
  }

  /** The support mail: SES's counts of the stage's configuration set, as rates of the sends. */
  private mailAlarms({ mail }: Watched) {
    const t = ALARM_THRESHOLDS;
    const mailRate = (event: string, label: string) =>
      new MathExpression({
        expression: `IF(sends > 0, 100 * events / sends, 0)`,
        usingMetrics: { sends: mail('Send'), events: mail(event) },
        period: MAIL_ALARM_PERIOD,
        label,
      });
    this.addAlarm('MailBounceRate', {
      metric: mailRate('Bounce', 'Support mail bounces (% of sends)'),
      threshold: t.mailBounceRatePercent,
      description: `${t.mailBounceRatePercent}% or more of support mails bounced in an hour: SUPPORT_TO_EMAIL is wrong or its mailbox refuses mail. SES pauses accounts with high bounce rates.`,
    });
    this.addAlarm('MailComplaintRate', {
      metric: mailRate('Complaint', 'Support mail complaints (% of sends)'),
      threshold: t.mailComplaintRatePercent,
      description: `${t.mailComplaintRatePercent}% or more of support mails were reported as spam in an hour. Check the team mailbox's filters; SES reviews accounts from 0.1%.`,
    });
  }

  /** The WAF and CloudFront, whose metrics live in us-east-1 only: alarmed when the stack is there. */
  private edgeAlarms({ props, cdnRequests, cdn5xxRate, inUsEast1 }: Watched) {
    const period = ALARM_PERIOD;
    const t = ALARM_THRESHOLDS;
    if (props.webAclMetricName && inUsEast1) {
      this.addAlarm('WafBlocked', {
        metric: new Metric({
          namespace: 'AWS/WAFV2',
          metricName: 'BlockedRequests',
          dimensionsMap: { WebACL: props.webAclMetricName, Rule: 'ALL' },
          region: 'us-east-1',
          statistic: 'Sum',
          period,
        }),
        threshold: t.wafBlockedRequests,
        description: `The WAF blocked ${t.wafBlockedRequests} or more requests in 5 minutes. Look at its sampled requests: an attack (nothing to do), or a rule blocking real visitors (scope it down).`,
      });
    }
    if (inUsEast1) {
      this.addAlarm('Cdn5xxRate', {
        metric: new MathExpression({
          expression: `IF(requests >= ${t.cdnMinRequests}, rate, 0)`,
          usingMetrics: { requests: cdnRequests, rate: cdn5xxRate },
          period,
          label: 'CloudFront 5xx (% of requests)',
        }),
        threshold: t.cdn5xxRatePercent,
        description: `${t.cdn5xxRatePercent}% or more of CloudFront requests answered 5xx in 5 minutes (at least ${t.cdnMinRequests} requests): an origin (render function, API, bucket) is failing.`,
      });
    } else {
      Annotations.of(this).addWarningV2(
        'parrot:cdnAlarmRegion',
        `No CloudFront 5xx alarm: CloudFront metrics exist only in us-east-1 and this stack is in ${Stack.of(this).region} (the dashboard still shows them).`,
      );
    }
  }

  /** The month's cost (the whole account's), notified to the topic when spent and when forecast. */
  private createBudget(props: MonitoringProps) {
    new CfnBudget(this, 'MonthlyBudget', {
      budget: {
        budgetName: `${this.prefix}-monthly`,
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: props.monthlyBudgetUsd, unit: 'USD' },
      },
      notificationsWithSubscribers: [
        { type: 'ACTUAL', threshold: BUDGET_ACTUAL_PERCENT },
        { type: 'FORECASTED', threshold: BUDGET_FORECAST_PERCENT },
      ].map(({ type, threshold }) => ({
        notification: { notificationType: type, comparisonOperator: 'GREATER_THAN', threshold, thresholdType: 'PERCENTAGE' },
        subscribers: [{ subscriptionType: 'SNS', address: this.topic.topicArn }],
      })),
    });
  }

  /** One dashboard: the alarms, then the API, the functions, the table and CloudFront, then what the code counts. */
  private createDashboard({ props, functions, apiRequests, api4xx, api5xx, dynamoThrottles, mail, cdn, cdnRequests, cdn5xxRate }: Watched) {
    const { httpApi, table } = props;
    const period = ALARM_PERIOD;
    // Region-less metrics render in the dashboard's region; the CloudFront ones carry us-east-1.
    const perFunction = (metric: (fn: IFunction, label: string) => IMetric) => functions.map(([label, fn]) => metric(fn, label));
    const graph = (title: string, left: IMetric[], right: IMetric[] = []) => new GraphWidget({ title, left, right, width: 8, height: 6 });
    return new Dashboard(this, 'Dashboard', {
      dashboardName: `${this.prefix}-operations`,
      defaultInterval: Duration.days(1),
      widgets: [
        [
          new TextWidget({
            markdown: `# ${this.prefix}\nHTTP API, Lambda, DynamoDB and CloudFront. Alarms notify the SNS topic of this stack.`,
            width: 16,
            height: 3,
          }),
          new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 8, height: 3 }),
        ],
        [
          graph('API requests', [apiRequests.with({ label: 'Requests' })]),
          graph('API 4xx / 5xx', [api4xx.with({ label: '4xx' }), api5xx.with({ label: '5xx' })]),
          graph('API latency (ms)', [
            httpApi.metricLatency({ statistic: 'p50', period, label: 'p50' }),
            httpApi.metricLatency({ statistic: 'p99', period, label: 'p99' }),
            httpApi.metricIntegrationLatency({ statistic: 'p99', period, label: 'integration p99' }),
          ]),
        ],
        [
          graph(
            'Lambda invocations',
            perFunction((fn, label) => fn.metricInvocations({ statistic: 'Sum', period, label })),
          ),
          graph(
            'Lambda errors (left) / throttles (right)',
            perFunction((fn, label) => fn.metricErrors({ statistic: 'Sum', period, label: `${label} errors` })),
            perFunction((fn, label) => fn.metricThrottles({ statistic: 'Sum', period, label: `${label} throttles` })),
          ),
          graph(
            'Lambda duration p99 (ms)',
            perFunction((fn, label) => fn.metricDuration({ statistic: 'p99', period, label })),
          ),
        ],
        [
          graph('DynamoDB consumed capacity', [
            table.metricConsumedReadCapacityUnits({ statistic: 'Sum', period, label: 'Read units' }),
            table.metricConsumedWriteCapacityUnits({ statistic: 'Sum', period, label: 'Write units' }),
          ]),
          graph('DynamoDB throttles', [
            dynamoThrottles,
            table.metric('ReadThrottleEvents', { statistic: 'Sum', period, label: 'Read throttle events' }),
            table.metric('WriteThrottleEvents', { statistic: 'Sum', period, label: 'Write throttle events' }),
          ]),
          graph(
            'CloudFront requests and error rates (%)',
            [cdnRequests.with({ label: 'Requests' })],
            [
              cdn('4xxErrorRate', 'Average').with({ label: '4xx %' }),
              cdn5xxRate.with({ label: '5xx %' }),
              cdn('TotalErrorRate', 'Average').with({ label: 'All errors %' }),
            ],
          ),
        ],
        [
          graph(
            'Failures the code counts',
            (Object.keys(FAILURE_METRICS) as FailureMetric[]).map((name) => this.counted(name, period).with({ label: name })),
          ),
          graph('Support mail (SES)', [mail('Send'), mail('Delivery'), mail('Bounce'), mail('Complaint'), mail('Reject')]),
        ],
      ],
    });
  }

  /** A failure the code counts (functions/lib/failure-metrics.ts), with Powertools' service dimension and this stage's. */
  private counted(name: FailureMetric, period: Duration): Metric {
    return new Metric({
      namespace: METRICS_NAMESPACE,
      metricName: FAILURE_METRICS[name],
      dimensionsMap: { service: METRICS_SERVICE, [STAGE_DIMENSION]: this.stage },
      statistic: 'Sum',
      period,
    });
  }

  /** An alarm of this stage (named `{stack}-{id}`) that notifies the topic when it fires and when it recovers. */
  addAlarm(id: string, opts: { metric: IMetric; threshold: number; description: string }): Alarm {
    const alarm = new Alarm(this, id, {
      alarmName: `${this.prefix}-${id}`,
      alarmDescription: opts.description,
      metric: opts.metric,
      threshold: opts.threshold,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(this.action);
    // Recovery mails too, so nobody has to check whether it is over.
    alarm.addOkAction(this.action);
    this.alarms.push(alarm);
    return alarm;
  }

  /**
   * SSE with a customer-managed key: CloudWatch and Budgets cannot publish to a topic encrypted with the
   * AWS-managed aws/sns key (its policy cannot grant them), so the key policy grants both services.
   */
  private createTopic(): Topic {
    const { account, region, partition } = Stack.of(this);
    const key = new Key(this, 'TopicKey', {
      description: `Encrypts the ${this.prefix} alarm topic`,
      enableKeyRotation: true,
      // Only in-flight notifications are encrypted with it; nothing to keep after the stack is gone.
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    key.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudWatchAlarmsUseKey',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': account } },
      }),
    );
    // No condition: it is not documented that Budgets passes aws:SourceAccount to KMS, and the topic
    // policy below already limits publishing to this account's budgets.
    key.addToResourcePolicy(
      new PolicyStatement({
        sid: 'BudgetsUseKey',
        principals: [new ServicePrincipal('budgets.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );

    const topic = new Topic(this, 'Topic', {
      displayName: `${this.prefix} alarms`.slice(0, 100),
      masterKey: key,
      enforceSSL: true,
    });
    // A topic policy replaces SNS's default one, so CloudWatch needs its own statement as well.
    topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudWatchAlarmsPublish',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': account },
          ArnLike: { 'aws:SourceArn': `arn:${partition}:cloudwatch:${region}:${account}:alarm:*` },
        },
      }),
    );
    // aws:SourceAccount only: an ArnLike on aws:SourceArn is known to stop Budgets from publishing.
    topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'BudgetsPublish',
        principals: [new ServicePrincipal('budgets.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': account } },
      }),
    );
    return topic;
  }
}

/** Refuses props no deploy could use (a stage that cannot name resources, no budget, a malformed address); the alarm address, trimmed. */
function checkedProps(props: MonitoringProps) {
  if (!/^[A-Za-z0-9-]+$/.test(props.stage)) throw new Error(`Monitoring: stage "${props.stage}" must be letters, digits and hyphens`);
  if (!(Number.isFinite(props.monthlyBudgetUsd) && props.monthlyBudgetUsd > 0)) {
    throw new Error(`Monitoring: monthlyBudgetUsd must be a positive number of USD, got ${props.monthlyBudgetUsd}`);
  }
  if (props.concurrencyQuota !== undefined && !(Number.isInteger(props.concurrencyQuota) && props.concurrencyQuota > 0)) {
    throw new Error(`Monitoring: concurrencyQuota must be a positive whole number of concurrent executions, got ${props.concurrencyQuota}`);
  }
  const email = props.alarmEmail?.trim();
  if (email && !Token.isUnresolved(email) && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    throw new Error(`Monitoring: alarmEmail "${email}" is not an e-mail address`);
  }
  return email;
}

/**
 * Readable, unique names for the functions: AppFunction builds `Fn-{module}/Function`, so its
 * parent's id names the handler module; any other function keeps its own id.
 */
function labelled(functions: readonly IFunction[]): [string, IFunction][] {
  const seen = new Map<string, IFunction>();
  for (const fn of functions) {
    const own = fn.node.id;
    const label = (own === 'Function' && fn.node.scope ? fn.node.scope.node.id : own).replace(/^Fn-/, '');
    if (seen.has(label)) throw new Error(`Monitoring: two functions are both named "${label}"`);
    seen.set(label, fn);
  }
  return [...seen];
}
