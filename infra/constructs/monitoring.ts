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

/** Every alarm looks at 5-minute windows and fires on the first bad one (docs/infra.md explains each value). */
export const ALARM_PERIOD = Duration.minutes(5);
export const ALARM_THRESHOLDS = {
  /** % of API requests answered 5xx... */
  api5xxRatePercent: 5,
  /** ...once the window has at least this many requests (3 failures out of 10 is noise, not an outage). */
  apiMinRequests: 20,
  /** Uncaught Lambda errors: middy turns handler exceptions into a logged 500, so these are timeouts, out-of-memory and init crashes. */
  functionErrors: 1,
  /** No function has reserved concurrency: any throttle means the account's concurrency quota is exhausted. */
  functionThrottles: 1,
  /** The SDK retries a throttled request; several in one window mean a hot partition or the on-demand ceiling. */
  dynamoThrottledRequests: 5,
  /** % of CloudFront requests answered 5xx (render function, API or bucket origin failing)... */
  cdn5xxRatePercent: 5,
  /** ...once the window has at least this many viewer requests. */
  cdnMinRequests: 50,
} as const;

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
  /** The API functions and the render function. */
  readonly functions: readonly IFunction[];
  readonly table: ITable;
  readonly distribution: IDistribution;
}

export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  readonly dashboard: Dashboard;
  private readonly prefix: string;
  private readonly action: SnsAction;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const stack = Stack.of(this);
    if (!/^[A-Za-z0-9-]+$/.test(props.stage)) throw new Error(`Monitoring: stage "${props.stage}" must be letters, digits and hyphens`);
    if (!(Number.isFinite(props.monthlyBudgetUsd) && props.monthlyBudgetUsd > 0)) {
      throw new Error(`Monitoring: monthlyBudgetUsd must be a positive number of USD, got ${props.monthlyBudgetUsd}`);
    }
    const email = props.alarmEmail?.trim();
    if (email && !Token.isUnresolved(email) && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
      throw new Error(`Monitoring: alarmEmail "${email}" is not an e-mail address`);
    }
    // Stack names like ParrotPhrases-prod already carry the stage.
    this.prefix = stack.stackName.toLowerCase().includes(props.stage.toLowerCase()) ? stack.stackName : `${stack.stackName}-${props.stage}`;

    this.topic = this.createTopic();
    this.action = new SnsAction(this.topic);
    if (email) this.topic.addSubscription(new EmailSubscription(email));
    else Annotations.of(this).addWarningV2('parrot:noAlarmEmail', 'No alarmEmail: alarms and budget notifications reach a topic nobody is subscribed to.');

    const { httpApi, table, distribution } = props;
    const period = ALARM_PERIOD;
    const t = ALARM_THRESHOLDS;

    // API: 5xx as a share of requests, and only when there are enough requests to mean something.
    const apiRequests = httpApi.metricCount({ statistic: 'Sum', period });
    const api5xx = httpApi.metricServerError({ statistic: 'Sum', period });
    const api4xx = httpApi.metricClientError({ statistic: 'Sum', period });
    this.alarm('Api5xxRate', {
      metric: new MathExpression({
        expression: `IF(requests >= ${t.apiMinRequests}, 100 * errors / requests, 0)`,
        usingMetrics: { requests: apiRequests, errors: api5xx },
        period,
        label: 'API 5xx (% of requests)',
      }),
      threshold: t.api5xxRatePercent,
      description: `${t.api5xxRatePercent}% or more of HTTP API requests answered 5xx in 5 minutes (at least ${t.apiMinRequests} requests). Look at the API access logs and the functions' logs.`,
    });

    const functions = labelled(props.functions);
    for (const [label, fn] of functions) {
      this.alarm(`Errors-${label}`, {
        metric: fn.metricErrors({ statistic: 'Sum', period }),
        threshold: t.functionErrors,
        description: `Lambda ${label}: uncaught errors (timeout, out of memory or a crash during init). Its log group has the stack trace.`,
      });
      this.alarm(`Throttles-${label}`, {
        metric: fn.metricThrottles({ statistic: 'Sum', period }),
        threshold: t.functionThrottles,
        description: `Lambda ${label}: invocations throttled: the account's concurrent executions quota is exhausted (request a higher quota).`,
      });
    }

    const dynamoThrottles = table.metricThrottledRequestsForOperations({ operations: DYNAMO_OPERATIONS, period });
    this.alarm('DynamoThrottles', {
      metric: dynamoThrottles,
      threshold: t.dynamoThrottledRequests,
      description: `DynamoDB throttled at least ${t.dynamoThrottledRequests} requests in 5 minutes (hot partition or on-demand throughput limit).`,
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
    const cdnRequests = cdn('Requests', 'Sum');
    const cdn5xxRate = cdn('5xxErrorRate', 'Average');
    if (Token.isUnresolved(stack.region) || stack.region === 'us-east-1') {
      this.alarm('Cdn5xxRate', {
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
        `No CloudFront 5xx alarm: CloudFront metrics exist only in us-east-1 and this stack is in ${stack.region} (the dashboard still shows them).`,
      );
    }

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

    // Region-less metrics render in the dashboard's region; the CloudFront ones carry us-east-1.
    const perFunction = (metric: (fn: IFunction, label: string) => IMetric) => functions.map(([label, fn]) => metric(fn, label));
    const graph = (title: string, left: IMetric[], right: IMetric[] = []) => new GraphWidget({ title, left, right, width: 8, height: 6 });
    this.dashboard = new Dashboard(this, 'Dashboard', {
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
      ],
    });
  }

  private alarm(id: string, opts: { metric: IMetric; threshold: number; description: string }): Alarm {
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
