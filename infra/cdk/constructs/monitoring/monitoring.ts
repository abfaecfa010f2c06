/**
 * Operations: one encrypted SNS topic that every alarm and the monthly budget notify (with an e-mail
 * subscription when `alarmEmail` is set), the alarms themselves, and one CloudWatch dashboard.
 * Every alarm treats missing data as OK: an idle site sends no datapoints and must stay quiet.
 */
import { Annotations, Stack, type Duration } from 'aws-cdk-lib';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData, type Dashboard, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { FailureMetric } from '../../../../functions/lib/failure-metrics.js';
import { DEFAULT_CONCURRENCY_QUOTA } from '../../context.js';
import { operationsDashboard } from './dashboard.js';
import { countedMetric, watchedMetrics, type Watched } from './metrics.js';
import { checkedProps, type MonitoringProps } from './props.js';
import { alarmTopic } from './topic.js';
import {
  ALARM_PERIOD,
  ALARM_THRESHOLDS,
  BUDGET_ACTUAL_PERCENT,
  BUDGET_FORECAST_PERCENT,
  MAIL_ALARM_PERIOD,
  METRICS_PER_ALARM,
  DYNAMO_OPERATIONS,
} from './thresholds.js';

export * from './thresholds.js';
export type { MonitoringProps } from './props.js';

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

    this.topic = alarmTopic(this, this.prefix);
    this.action = new SnsAction(this.topic);
    if (email) this.topic.addSubscription(new EmailSubscription(email));
    else Annotations.of(this).addWarningV2('parrot:noAlarmEmail', 'No alarmEmail: alarms and budget notifications reach a topic nobody is subscribed to.');

    const watched = watchedMetrics(this, props);
    // The order of the alarms is the order of the dashboard's alarm list.
    this.serviceAlarms(watched);
    this.mailAlarms(watched);
    this.edgeAlarms(watched);
    this.createBudget(props);
    this.dashboard = operationsDashboard(this, this.prefix, this.alarms, (name) => this.counted(name, ALARM_PERIOD), watched);
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
      [
        'ReviewMailFailures',
        "A review step (request, approve, request changes) was stored but its mail was not sent. The step shows on the 'Reviews' screen; check SES sending.",
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

  /** A failure the code counts, in this stage. */
  private counted(name: FailureMetric, period: Duration): Metric {
    return countedMetric(this.stage, name, period);
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
}
